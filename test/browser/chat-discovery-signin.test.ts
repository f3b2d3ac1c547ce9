// Issue 24 with sign-in: `<mcp-chat auto>` on a site whose own MCP server asks
// for sign-in (401 + WWW-Authenticate) finds it, and with `oauth-redirect` (the
// site's page that completes a sign-in) offers "Sign in"; the popup signs in and
// the server connects. Real OAuth fixture (test/setup/auth-server.ts), real Chromium.
import { afterEach, beforeEach, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import { shadow, serverReaches } from './chat-helpers.js';

const mcpUrl = inject('protectedMcpUrl');
const issuer = inject('authServerUrl');

beforeEach(async () => {
  sessionStorage.clear();
  await fetch(`${issuer}/test/reset`, { method: 'POST' });
});
afterEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
});

test('a found server that asks for sign-in offers Sign in (oauth-redirect); signing in connects it', async () => {
  const chat = document.createElement('mcp-chat');
  chat.auto = true;
  chat.discoveryOrigin = new URL(mcpUrl).origin;
  chat.setAttribute('oauth-redirect', '/test/fixtures/auth-server/callback.html');
  chat.store = createMemoryHistory();
  chat.storageKey = `discovery-signin-${Math.random()}`;
  document.body.append(chat);
  await expect.poll(() => chat.serverSet.connections[0]?.url, { timeout: 20_000 }).toBe(mcpUrl);
  await serverReaches(chat, 'auth-required');
  await chat.updateComplete;
  const button = await expect
    .poll(() => shadow(chat).querySelector<HTMLButtonElement>('[part="sign-in-button"]'))
    .toBeTruthy()
    .then(() => shadow(chat).querySelector<HTMLButtonElement>('[part="sign-in-button"]')!);
  expect(button.textContent).toMatch(/^\s*Sign in to /);
  await userEvent.click(button);
  await serverReaches(chat, 'connected');
});

test('without oauth-redirect the found server is shown as needing sign-in, with no button that cannot work', async () => {
  const chat = document.createElement('mcp-chat');
  chat.auto = true;
  chat.discoveryOrigin = new URL(mcpUrl).origin;
  chat.store = createMemoryHistory();
  chat.storageKey = `discovery-signin-${Math.random()}`;
  document.body.append(chat);
  await serverReaches(chat, 'auth-required', 'failed');
  await chat.updateComplete;
  expect(shadow(chat).querySelector('[part="sign-in-button"]')).toBeNull();
});
