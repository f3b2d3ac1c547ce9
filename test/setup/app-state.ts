import type { TestProject } from 'vitest/node';
import { startAppStateServer } from '../servers/app-state-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A 2026 server with small MCP Apps for view state, list changes, partial input and display modes (test/servers/app-state-server.ts). */
    appStateUrl: string;
  }
}

/** Starts the server of test/servers/app-state-server.ts. */
export default async function setup(project: TestProject) {
  const server = await startAppStateServer();
  project.provide('appStateUrl', server.url);
  return () => server.close();
}
