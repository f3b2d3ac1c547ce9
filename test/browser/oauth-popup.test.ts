import { afterEach, beforeEach, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { BrowserOAuthProvider } from '../../src/mcp/oauth/index.js';

const mcpUrl = inject('protectedMcpUrl');
const issuer = inject('authServerUrl');
const redirectUrl = '/test/fixtures/auth-server/callback.html';

async function control(path: string) {
  await fetch(`${issuer}${path}`, { method: 'POST' });
}
async function authLog() {
  return (await fetch(`${issuer}/test/log`)).json();
}

function connect(provider: BrowserOAuthProvider) {
  const client = new Client({ name: 'oauth-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  return client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider })).then(() => client);
}

/** A "Sign in" button whose click (a real, trusted click) starts the provider's sign-in. */
async function clickSignIn(provider: BrowserOAuthProvider): Promise<Promise<void>> {
  const button = document.createElement('button');
  button.textContent = 'Sign in to protected-fixture';
  let started!: Promise<void>;
  button.addEventListener('click', () => {
    started = provider.signIn();
  });
  document.body.append(button);
  await userEvent.click(button);
  button.remove();
  return started;
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
