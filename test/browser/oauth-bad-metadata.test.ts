import { afterEach, beforeEach, expect, inject, test } from 'vitest';
import { BrowserOAuthProvider, McpConnection, SignInMetadataUnreadableError } from '../../src/mcp/index.js';
import { authLog, clickToStart, control } from './oauth-support.js';

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

// Issue 41 §7: metadata the page may not read (no CORS headers) is a network failure to the page. The
// connection names the sign-in server (its origin) and its kind says CORS; nothing is registered at a guess.
test('metadata without CORS: the connection names the sign-in server, registers nowhere and probes nothing', async () => {
  await control('/test/bad-metadata?as=no-cors');
  const provider = new BrowserOAuthProvider({ serverUrl: mcpUrl, redirectUrl, clientName: 'bad metadata test' });
  const connection = new McpConnection({ url: mcpUrl, authProvider: provider });
  open.push(connection);
  const error = (await connection.connect().catch((e: unknown) => e)) as Error & { kind?: string; diagnosis?: unknown };
  const origin = new URL(issuer).origin;
  expect(error.message).toBe(
    `The sign-in server ${origin} does not let this page read its settings (its metadata has no CORS headers). Ask its owner to allow this site.`,
  );
  expect(error.kind).toBe('cors');
  expect(error.diagnosis).toEqual({ kind: 'sign-in-metadata-blocked', host: new URL(mcpUrl).host, authServer: origin });
  expect(connection.state).toBe('failed');
  const { requests } = await authLog();
  expect(requests.filter((r) => /\/(register|token)$/.test(r))).toEqual([]);
  expect(requests.filter((r) => /^mcp (?!OPTIONS)\w+ \/mcp$/.test(r))).toEqual(['mcp POST /mcp']);
});

test('metadata without CORS: signIn() from a click stops before registering, with the sign-in server named', async () => {
  await control('/test/bad-metadata?as=no-cors');
  const provider = new BrowserOAuthProvider({ serverUrl: mcpUrl, redirectUrl, clientName: 'bad metadata test' });
  let error: unknown;
  // Caught where it is made: it may reject before the click helper hands its promise back.
  await clickToStart('Sign in', () => provider.signIn().catch((e: unknown) => void (error = e)));
  expect(error).toBeInstanceOf(SignInMetadataUnreadableError);
  expect((error as SignInMetadataUnreadableError).authServer).toBe(new URL(issuer).origin);
  expect((await authLog()).requests.filter((r) => /\/(register|token)$/.test(r))).toEqual([]);
});
