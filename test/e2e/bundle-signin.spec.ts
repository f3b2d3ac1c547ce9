import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { expect, test } from '@playwright/test';
import { startAuthFixture, type AuthFixture } from '../fixtures/auth-server/server.js';

// Sign-in with the single-file bundle (dist/mcp-web-elements.js, `npm run build`):
// the chat on the MCP endpoint the local authorization server protects
// (test/fixtures/auth-server). In the bundle the MCP SDK's OAuth flow (`auth()`,
// discovery, registration, tokens) is not in the `mcp` chunk but in
// `chunks/sdk-oauth-*.js`, loaded at the first 401 (vite.bundle.config.ts,
// `sdkOAuthLater`); these tests prove sign-in, the token refresh and sign-out
// work from that chunk, with the callback page of the package (dist/mcp/oauth/callback.js).
let fixture: AuthFixture;
let server: Server;
let origin = '';

test.beforeAll(async () => {
  fixture = await startAuthFixture();
  const distFile = (path: string) => {
    const file = normalize(join('dist', path));
    return file.startsWith('dist/') && /\.js$/.test(file) && existsSync(file) ? readFileSync(file) : undefined;
  };
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in</title>
<script type="module" src="/mcp-web-elements.js"></script></head>
<body><main><mcp-chat></mcp-chat></main>
<script type="module">
  await customElements.whenDefined('mcp-chat');
  const chat = document.querySelector('mcp-chat');
  chat.store = null;
  chat.servers = [{ url: ${JSON.stringify(fixture.mcpUrl)}, name: 'Notes', auth: { redirectUrl: '/callback.html', clientName: 'bundle sign-in test' } }];
</script></body></html>`;
  const callback = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in…</title></head>
<body><p id="status" role="status">Finishing sign-in…</p>
<script type="module">import { handleOAuthCallback } from '/mcp/oauth/callback.js'; handleOAuthCallback();</script></body></html>`;
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file =
      path === '/mcp-web-elements.js' || path.startsWith('/chunks/') || path === '/mcp/oauth/callback.js' ? distFile(path) : undefined;
    if (file) res.writeHead(200, { 'content-type': 'text/javascript' }).end(file);
    else if (path.endsWith('.js')) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'text/html' }).end(path === '/callback.html' ? callback : page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await fixture.close();
});

test.beforeEach(async () => {
  await fetch(`${fixture.issuer}/test/reset`, { method: 'POST' });
});

interface AuthLog {
  tokenRequests: Array<{ grant_type: string; ok: boolean }>;
}
const authLog = async () => (await (await fetch(`${fixture.issuer}/test/log`)).json()) as AuthLog;

test('the bundle signs in to a protected server from its OAuth chunk, refreshes an expired token and signs out', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}/`);
  const chat = page.locator('mcp-chat');

  // The first 401 ran the SDK's auth() from its chunk: the server asks for sign-in.
  const signIn = chat.getByRole('button', { name: 'Sign in to Notes' }).first();
  await expect(signIn).toBeVisible({ timeout: 15_000 });
  expect(requested.some((path) => /^\/chunks\/sdk-oauth-[^/]*\.js$/.test(path))).toBe(true);

  // The popup goes to the authorization server, which approves and sends it to the callback page.
  await signIn.click();
  await expect(chat.getByRole('button', { name: /^Notes \(127\.0\.0\.1:\d+\): connected$/ })).toBeVisible({ timeout: 15_000 });
  const codeGrants = (await authLog()).tokenRequests.filter((r) => r.grant_type === 'authorization_code');
  expect(codeGrants).toEqual([expect.objectContaining({ ok: true })]);

  // The server forgets the access token: the next request is refused, and the SDK
  // refreshes the token (refreshAuthorization, in the chunk) without asking the person.
  await fetch(`${fixture.issuer}/test/expire-access`, { method: 'POST' });
  await chat.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('/whoami');
  await expect(page.getByRole('option', { name: /whoami/i }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await chat.getByRole('button', { name: 'Run' }).click();
  await expect(chat.locator('mcp-tool-card [part="status"]')).toHaveText('Done', { timeout: 15_000 });
  // The server answered as the signed-in client: its bearer token, refreshed, reached it.
  await expect(chat.locator('mcp-tool-card [part="result"]').getByText(/client=client-\S+ scope=mcp:read/)).toBeVisible();
  expect((await authLog()).tokenRequests.filter((r) => r.grant_type === 'refresh_token')).toEqual([expect.objectContaining({ ok: true })]);

  // Sign out (the server's panel): it asks for sign-in again.
  await chat.getByRole('button', { name: /^Notes \(127\.0\.0\.1:\d+\): connected$/ }).click();
  await chat.getByRole('button', { name: 'Sign out of Notes' }).click();
  await expect(chat.getByRole('button', { name: 'Sign in to Notes' }).first()).toBeVisible({ timeout: 15_000 });
  expect(errors).toEqual([]);
});
