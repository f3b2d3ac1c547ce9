import type { TestProject } from 'vitest/node';
import { startTasksServer } from '../servers/tasks-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A 2026 official-SDK server serving the tasks extension (test/servers/tasks-server.ts). */
    tasksUrl: string;
  }
}

/** Starts the 2026 tasks server of test/servers/tasks-server.ts. */
export default async function setup(project: TestProject) {
  const server = await startTasksServer();
  project.provide('tasksUrl', server.url);
  return () => server.close();
}
