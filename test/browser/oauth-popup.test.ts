import { afterEach, beforeEach, expect, inject, test } from 'vitest';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { BrowserOAuthProvider } from '../../src/mcp/oauth/index.js';
import { authLog, clickToStart, control } from './oauth-support.js';

const mcpUrl = inject('protectedMcpUrl');
const issuer = inject('authServerUrl');
const redirectUrl = '/test/fixtures/auth-server/callback.html';

function connect(provider: BrowserOAuthProvider) {
  const client = new Client({ name: 'oauth-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  return client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider })).then(() => client);
}

/** A "Sign in" button whose click (a real, trusted click) starts the provider's sign-in. */
function clickSignIn(provider: BrowserOAuthProvider): Promise<void> {
  return clickToStart('Sign in to protected-fixture', () => provider.signIn());
}

beforeEach(async () => {
  sessionStorage.clear();
  await control('/test/reset');
});
afterEach(() => sessionStorage.clear());

test('signs in through the popup and calls a protected tool', async () => {
  const provider = new BrowserOAuthProvider({ serverUrl: mcpUrl, redirectUrl, clientName: 'oauth popup test' });
  await expect(connect(provider)).rejects.toBeInstanceOf(UnauthorizedError);

  const url = provider.authorizationUrl!;
  expect(url.origin).toBe(issuer);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('resource')).toBe(mcpUrl);
  expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);

  await clickSignIn(provider).then((p) => p);
  const client = await connect(provider);
  const result = await client.callTool({ name: 'whoami', arguments: {} });
  expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(/^client=client-\S+ scope=mcp:read$/) }]);
  await client.close();

  const log = await authLog();
  expect(log.registrations).toHaveLength(1);
  expect(log.tokenRequests).toEqual([{ grant_type: 'authorization_code', resource: mcpUrl, ok: true }]);
  expect(provider.authorizationUrl).toBeUndefined();
  expect(Object.keys(sessionStorage).some((k) => k.includes(mcpUrl))).toBe(true);
});
