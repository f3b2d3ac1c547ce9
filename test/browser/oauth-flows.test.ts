import { afterEach, beforeEach, expect, inject, test } from 'vitest';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { openDB } from 'idb';
import { BrowserOAuthProvider, OAuthSignInError, type BrowserOAuthProviderOptions } from '../../src/mcp/oauth/index.js';
import { authLog, clickToStart, control } from './oauth-support.js';

const mcpUrl = inject('protectedMcpUrl');
const issuer = inject('authServerUrl');
const redirectUrl = '/test/fixtures/auth-server/callback.html';

function provider(options: Partial<BrowserOAuthProviderOptions> = {}) {
  return new BrowserOAuthProvider({ serverUrl: mcpUrl, redirectUrl, clientName: 'oauth flow test', ...options });
}

async function connect(p: BrowserOAuthProvider) {
  const client = new Client({ name: 'oauth-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: p }));
  return client;
}

async function whoami(client: Client) {
  const result = await client.callTool({ name: 'whoami', arguments: {} });
  return (result.content as Array<{ text: string }>)[0]!.text;
}

/** Clicks a real button whose handler starts sign-in (popups need a user activation). */
function clickSignIn(p: BrowserOAuthProvider): Promise<void> {
  return clickToStart('Sign in', () => p.signIn());
}

async function signedIn(p: BrowserOAuthProvider) {
  await expect(connect(p)).rejects.toBeInstanceOf(UnauthorizedError);
  await clickSignIn(p);
  return connect(p);
}

beforeEach(async () => {
  sessionStorage.clear();
  await control('/test/reset');
});
afterEach(() => sessionStorage.clear());

test('an expired access token is refreshed without asking the person again', async () => {
  const p = provider();
  const client = await signedIn(p);
  const before = (await p.tokens())!.access_token;
  await control('/test/expire-access');
  expect(await whoami(client)).toMatch(/^client=client-/);
  expect((await p.tokens())!.access_token).not.toBe(before);
  const grants = (await authLog()).tokenRequests.map((t) => `${t.grant_type}:${t.ok}`);
  expect(grants).toEqual(['authorization_code:true', 'refresh_token:true']);
  expect((await authLog()).authorizations).toHaveLength(1);
  await client.close();
});

test('a 401 in mid-session that refresh cannot fix leads back to sign-in', async () => {
  const p = provider();
  const client = await signedIn(p);
  await control('/test/revoke-all');
  await expect(whoami(client)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(p.authorizationUrl?.origin).toBe(issuer);
  await clickSignIn(p);
  const again = await connect(p);
  expect(await whoami(again)).toMatch(/^client=client-/);
  await Promise.all([client.close(), again.close()]);
});

test('a response with the wrong state is rejected and its code never redeemed', async () => {
  const p = provider();
  await expect(connect(p)).rejects.toBeInstanceOf(UnauthorizedError);
  await control('/test/forge-state');
  const error = await clickSignIn(p).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OAuthSignInError);
  expect((error as OAuthSignInError).kind).toBe('state_mismatch');
  expect((await authLog()).tokenRequests).toEqual([]);
  expect(await p.tokens()).toBeUndefined();
});

test('sign-out forgets the tokens, and the server asks for sign-in again', async () => {
  const p = provider();
  const client = await signedIn(p);
  await client.close();
  expect(Object.keys(sessionStorage).some((k) => k.includes(mcpUrl))).toBe(true);
  await p.signOut();
  expect(Object.keys(sessionStorage).some((k) => k.includes(mcpUrl))).toBe(false);
  expect(await p.isSignedIn()).toBe(false);
  await expect(connect(provider())).rejects.toBeInstanceOf(UnauthorizedError);
});

test('with storage "indexeddb" the tokens live in IndexedDB, not sessionStorage, until sign-out', async () => {
  const p = provider({ storage: 'indexeddb' });
  const client = await signedIn(p);
  await client.close();
  const db = await openDB('mcp-oauth', 1);
  const record = await db.get('servers', new URL(mcpUrl).href);
  expect(record.tokens.access_token).toEqual(expect.any(String));
  expect(Object.keys(sessionStorage).some((k) => k.includes(mcpUrl))).toBe(false);
  // A new provider (a reload) finds the tokens and connects without sign-in.
  const reloaded = await connect(provider({ storage: 'indexeddb' }));
  expect(await whoami(reloaded)).toMatch(/^client=client-/);
  await reloaded.close();
  await p.signOut();
  expect(await db.get('servers', new URL(mcpUrl).href)).toBeUndefined();
  db.close();
});
