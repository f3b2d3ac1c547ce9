import type { TestProject } from 'vitest/node';
import { startAuthFixture } from '../fixtures/auth-server/server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Local OAuth authorization server (issuer URL), 127.0.0.1, CORS enabled. */
    authServerUrl: string;
    /** MCP endpoint protected by that authorization server, http://127.0.0.1:PORT/mcp */
    protectedMcpUrl: string;
    /** The second authorization server the MCP endpoint moves to on `POST /test/migrate`. */
    secondAuthServerUrl: string;
    /** Where nothing listens: the sign-in server the MCP endpoint names after `POST /test/bad-metadata?as=gone`. */
    goneAuthServerUrl: string;
  }
}

/** Starts the OAuth fixture for the oauth tests; stops it afterwards. */
export default async function setup(project: TestProject) {
  const fixture = await startAuthFixture();
  project.provide('authServerUrl', fixture.issuer);
  project.provide('protectedMcpUrl', fixture.mcpUrl);
  project.provide('secondAuthServerUrl', fixture.secondIssuer);
  project.provide('goneAuthServerUrl', fixture.goneIssuer);
  return () => fixture.close();
}
