import { afterEach, beforeEach, expect, inject, test } from 'vitest';
import { BrowserOAuthProvider, McpConnection, McpConnectionError, type McpConnectionChangeEvent } from '../../src/mcp/index.js';
import { authLog, clickToStart, control } from './oauth-support.js';

// McpConnection with BrowserOAuthProvider against the protected endpoint of
// the local authorization-server fixture (test/setup/auth-server.ts).
const mcpUrl = inject('protectedMcpUrl');
const issuer = inject('authServerUrl');
const redirectUrl = '/test/fixtures/auth-server/callback.html';
const open: McpConnection[] = [];

function protectedConnection(): { connection: McpConnection; provider: BrowserOAuthProvider; states: string[] } {
  const provider = new BrowserOAuthProvider({ serverUrl: mcpUrl, redirectUrl, clientName: 'connection sign-in test' });
  const connection = new McpConnection({ url: mcpUrl, authProvider: provider });
  open.push(connection);
  const states: string[] = [];
  connection.addEventListener('mcp-connection-change', (e: McpConnectionChangeEvent) => states.push(e.state));
  return { connection, provider, states };
}

/** "Sign in to <server>", clicked for real: the handler calls connection.signIn() (popups need the click). */
function clickSignIn(connection: McpConnection): Promise<void> {
  return clickToStart(`Sign in to ${connection.name}`, () => connection.signIn());
}

async function whoami(connection: McpConnection): Promise<string> {
  const result = await connection.callTool('whoami');
  return (result.content as Array<{ text: string }>)[0]!.text;
}

beforeEach(async () => {
  sessionStorage.clear();
  await control('/test/reset');
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  sessionStorage.clear();
});

test('auth-required, sign in through the popup, connected, a tool call works; sign-out: auth-required again', async () => {
  const { connection, provider, states } = protectedConnection();
  const error = await connection.connect().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(McpConnectionError);
  expect(error).toMatchObject({ kind: 'auth-required' });
  expect(connection.state).toBe('auth-required');
  expect(provider.authorizationUrl?.origin).toBe(issuer);

  await clickSignIn(connection);
  expect(connection.state).toBe('connected');
  expect(connection.tools.map((t) => t.name)).toEqual(['whoami', 'write-note']);
  expect(await whoami(connection)).toMatch(/^client=client-\S+ scope=mcp:read$/);
  expect((await authLog()).tokenRequests).toEqual([expect.objectContaining({ grant_type: 'authorization_code', ok: true })]);

  await connection.signOut();
  expect(connection.state).toBe('auth-required');
  expect(await provider.isSignedIn()).toBe(false);
  await expect(connection.callTool('whoami')).rejects.toMatchObject({ kind: 'auth-required' });
  expect(states).toEqual(['connecting', 'auth-required', 'connecting', 'connected', 'auth-required', 'connecting', 'auth-required']);
});

test('a 401 in mid-session that refresh cannot fix: the call fails, the state goes to auth-required, and signing in again recovers', async () => {
  const { connection } = protectedConnection();
  await connection.connect().catch(() => undefined);
  await clickSignIn(connection);
  await control('/test/revoke-all');
  await expect(whoami(connection)).rejects.toMatchObject({ kind: 'auth-required' });
  expect(connection.state).toBe('auth-required');
  expect(connection.error?.kind).toBe('auth-required');
  await clickSignIn(connection);
  expect(connection.state).toBe('connected');
  expect(await whoami(connection)).toMatch(/^client=client-/);
  expect((await authLog()).authorizations).toHaveLength(2);
});

test('a forged state is refused by signIn: no code redeemed, still auth-required', async () => {
  const { connection } = protectedConnection();
  await connection.connect().catch(() => undefined);
  await control('/test/forge-state');
  await expect(clickSignIn(connection)).rejects.toMatchObject({ kind: 'state_mismatch' });
  expect((await authLog()).tokenRequests).toEqual([]);
  expect(connection.state).toBe('auth-required');
});

test('without a provider that can sign in, signIn() says how to finish instead', async () => {
  const connection = new McpConnection({ url: mcpUrl });
  open.push(connection);
  await expect(connection.connect()).rejects.toMatchObject({ kind: 'auth-required' });
  await expect(connection.signIn()).rejects.toThrow(/finishAuth/);
});

test('the resource moves to a new authorization server (SEP-2352): the next sign-in registers and signs in there, not at the old one', async () => {
  const secondIssuer = inject('secondAuthServerUrl');
  const { connection, provider } = protectedConnection();
  await connection.connect().catch(() => undefined);
  await clickSignIn(connection);
  expect(await whoami(connection)).toMatch(/^client=client-/);

  await control('/test/migrate');
  await expect(whoami(connection)).rejects.toMatchObject({ kind: 'auth-required' });
  expect(connection.state).toBe('auth-required');
  await clickSignIn(connection);
  expect(connection.state).toBe('connected');
  expect(await whoami(connection)).toMatch(/^client=client-/);
  // The new authorization server saw a registration, an authorization and a code redeemed.
  const second = (await (await fetch(`${secondIssuer}/test/log`)).json()) as Awaited<ReturnType<typeof authLog>>;
  expect(second.registrations).toHaveLength(1);
  expect(second.authorizations).toHaveLength(1);
  expect(second.tokenRequests).toEqual([expect.objectContaining({ grant_type: 'authorization_code', ok: true })]);
  // The old one was not asked again, and its client id was not taken to the new one.
  const first = await authLog();
  expect(first.authorizations).toHaveLength(1);
  expect(second.authorizations[0]!.client_id).not.toBe(first.registrations[0]!.client_id);
  expect((await provider.tokens())?.issuer).toBe(secondIssuer);
  await fetch(`${secondIssuer}/test/reset`, { method: 'POST' });
});

test('DPoP only when the authorization server asks for it (dpop_signing_alg_values_supported), with one key for the provider', async () => {
  const { provider } = protectedConnection();
  const metadata = {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    response_types_supported: ['code'],
  };
  await provider.saveDiscoveryState({ authorizationServerUrl: issuer, authorizationServerMetadata: metadata });
  expect(await provider.dpop()).toBeUndefined();
  await provider.saveDiscoveryState({
    authorizationServerUrl: issuer,
    authorizationServerMetadata: { ...metadata, dpop_signing_alg_values_supported: ['RS512', 'ES256'] } as typeof metadata,
  });
  const session = await provider.dpop();
  expect(session?.alg).toBe('ES256');
  expect(session?.thumbprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await provider.dpop()).toBe(session);
});
