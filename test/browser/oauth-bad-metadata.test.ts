import { afterEach, beforeEach, expect, inject, test } from 'vitest';
import { BrowserOAuthProvider, McpConnection } from '../../src/mcp/index.js';
import { control } from './oauth-support.js';

// Issue 26 §12: an authorization server whose metadata is a web page or JSON
// that is not metadata is named as the sign-in server, in words a person
// reads: not "sent something that is not MCP" with the validator's JSON.
const mcpUrl = inject('protectedMcpUrl');
const issuer = inject('authServerUrl');
const redirectUrl = '/test/fixtures/auth-server/callback.html';
const open: McpConnection[] = [];

beforeEach(async () => {
  sessionStorage.clear();
  await control('/test/reset');
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await control('/test/reset');
  sessionStorage.clear();
});

for (const as of ['html', 'invalid'] as const) {
  test(`metadata that is ${as === 'html' ? 'a web page' : 'not metadata'}: the sign-in server is named, in plain words`, async () => {
    await control(`/test/bad-metadata?as=${as}`);
    const provider = new BrowserOAuthProvider({ serverUrl: mcpUrl, redirectUrl, clientName: 'bad metadata test' });
    const connection = new McpConnection({ url: mcpUrl, authProvider: provider });
    open.push(connection);
    const error = (await connection.connect().catch((e: unknown) => e)) as Error & { diagnosis?: { kind: string } };
    const host = new URL(issuer).host;
    expect(error.message).toBe(
      `The sign-in server of ${new URL(mcpUrl).host} (${host}) answered with something that is not valid sign-in metadata.`,
    );
    expect(error.message).not.toMatch(/not MCP|[{}[\]"]|invalid_type|expected/);
    expect(error.diagnosis).toEqual({ kind: 'sign-in-metadata', host: new URL(mcpUrl).host, authServer: host });
    expect(connection.error?.message).toBe(error.message);
    expect(connection.state).toBe('failed');
  });
}
