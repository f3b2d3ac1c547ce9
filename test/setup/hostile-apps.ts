import type { TestProject } from 'vitest/node';
import { startHostileServers } from '../servers/hostile-apps.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The hostile MCP Apps server (test/servers/hostile-apps.ts), `http://127.0.0.1:PORT/mcp`. */
    hostileUrl: string;
    /** The "attacker" those apps try to reach; `GET /hits` lists what reached it. */
    attackerUrl: string;
  }
}

/** Starts the hostile app server and its attacker for the tests; stops both afterwards. */
export default async function setup(project: TestProject) {
  const { mcp, attacker } = await startHostileServers();
  project.provide('hostileUrl', mcp.url);
  project.provide('attackerUrl', attacker.url);
  return async () => {
    await Promise.allSettled([mcp.close(), attacker.close()]);
  };
}
