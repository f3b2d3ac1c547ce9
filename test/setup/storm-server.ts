import type { TestProject } from 'vitest/node';
import { startStormServer } from '../servers/storm-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A 2026 server whose `storm` tool floods its caller with notifications (test/servers/storm-server.ts). */
    stormUrl: string;
  }
}

/** Starts the notification-storm server of test/servers/storm-server.ts. */
export default async function setup(project: TestProject) {
  const server = await startStormServer();
  project.provide('stormUrl', server.url);
  return () => server.close();
}
