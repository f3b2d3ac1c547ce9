import type { TestProject } from 'vitest/node';
import { startFixtureServer } from '../servers/fixture-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The fixture MCP server's base URL (`/many/mcp`: 5,000 tools; `/five-hundred/mcp`: 500 (the palette benchmark); `/mixed/mcp`: approval cases, an invalid schema, huge description and result). */
    fixtureUrl: string;
  }
}

/** Starts the fixture server (test/servers/fixture-server.ts) for the tests; stops it afterwards. */
export default async function setup(project: TestProject) {
  const server = await startFixtureServer();
  project.provide('fixtureUrl', server.url);
  return () => server.close();
}
