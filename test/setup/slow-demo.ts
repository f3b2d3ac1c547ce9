import type { TestProject } from 'vitest/node';
import { startDemoServer } from '../../demo/server/server.js';
import { startSlowProxy } from '../servers/slow-proxy.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo MCP server behind a proxy that holds every request 1.5 s (a slow server), e.g. http://127.0.0.1:PORT/mcp */
    slowDemoUrl: string;
    /** The same proxy in front of a port nothing listens on: every request fails after 1.5 s (a server that fails while the chat waits). */
    slowDeadUrl: string;
  }
}

/** Starts a demo server of its own behind a 1.5 s-per-request proxy (test/servers/slow-proxy.ts); stops both afterwards. */
export default async function setup(project: TestProject) {
  const demo = await startDemoServer({ port: 0 });
  const slow = await startSlowProxy(demo.url, 1500);
  const dead = await startSlowProxy('http://127.0.0.1:9/mcp', 1500);
  project.provide('slowDemoUrl', slow.url);
  project.provide('slowDeadUrl', dead.url);
  return async () => {
    await slow.close();
    await dead.close();
    await demo.close();
  };
}
