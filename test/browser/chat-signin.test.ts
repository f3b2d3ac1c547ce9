import { afterEach, beforeEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { deepAll, shadow, serverReaches } from './chat-helpers.js';

// <mcp-chat> on the MCP endpoint the local authorization server protects
// (test/setup/auth-server.ts). The chat makes the BrowserOAuthProvider from
// `auth`; the popup lands on the fixture's callback page.
const mcpUrl = inject('protectedMcpUrl');
const issuer = inject('authServerUrl');
const redirectUrl = '/test/fixtures/auth-server/callback.html';

async function control(path: string) {
  await fetch(`${issuer}${path}`, { method: 'POST' });
}

async function mountProtected(): Promise<McpChat> {
  const chat = document.createElement('mcp-chat');
  chat.store = null;
  chat.storageKey = `signin-${Math.random()}`;
  chat.servers = [{ url: mcpUrl, name: 'Notes', auth: { redirectUrl, clientName: 'mcp-chat sign-in test' } }];
  document.body.append(chat);
  await serverReaches(chat, 'auth-required');
  await chat.updateComplete;
  return chat;
}

const buttonNamed = (chat: McpChat, name: string) =>
  [...shadow(chat).querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent!.trim()) === name);

beforeEach(async () => {
  sessionStorage.clear();
  await control('/test/reset');
});
afterEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
});

describe('<mcp-chat> sign-in to a protected server', () => {
  test('"Sign in to Notes", popup, connected, its tool works; Sign out: it asks again', async () => {
    const chat = await mountProtected();
    const chip = shadow(chat).querySelector('[part~="server-status"]')!;
    expect(chip.getAttribute('aria-label')).toMatch(/^Notes \(127\.0\.0\.1:\d+\): auth-required$/);
    expect(shadow(chat).querySelector('[part~="sign-in"]')!.textContent).toContain('Notes needs you to sign in');

    await userEvent.click(buttonNamed(chat, 'Sign in to Notes')!);
    await serverReaches(chat, 'connected');
    await chat.updateComplete;
    expect(buttonNamed(chat, 'Sign in to Notes')).toBeUndefined();
    expect(shadow(chat).querySelector('[part~="server-status"]')!.getAttribute('aria-label')).toMatch(
      /^Notes \(127\.0\.0\.1:\d+\): connected$/,
    );

    await chat.runTool('whoami');
    await chat.updateComplete;
    const card = deepAll(shadow(chat), 'mcp-tool-card')[0]!;
    await expect.poll(() => card.shadowRoot!.querySelector('[part="status"]')?.textContent).toBe('Done');
    // The server answered as the signed-in client (its bearer token reached it).
    expect(JSON.stringify(chat.messages.at(-1))).toMatch(/client=client-\S+ scope=mcp:read/);

    await userEvent.click(chip);
    await chat.updateComplete;
    await userEvent.click(buttonNamed(chat, 'Sign out of Notes')!);
    await serverReaches(chat, 'auth-required');
    await chat.updateComplete;
    expect(buttonNamed(chat, 'Sign out of Notes')).toBeUndefined();
    // Both the panel and the notice above the composer offer sign-in again.
    expect([...shadow(chat).querySelectorAll('[part="sign-in-button"]')].map((b) => b.textContent!.trim())).toEqual([
      'Sign in to Notes',
      'Sign in to Notes',
    ]);
    const log = (await (await fetch(`${issuer}/test/log`)).json()) as { tokenRequests: Array<{ grant_type: string; ok: boolean }> };
    expect(log.tokenRequests).toEqual([expect.objectContaining({ grant_type: 'authorization_code', ok: true })]);
  });

  test('a refused sign-in (forged state) is reported and the server still asks for sign-in', async () => {
    const chat = await mountProtected();
    await control('/test/forge-state');
    await userEvent.click(buttonNamed(chat, 'Sign in to Notes')!);
    await expect
      .poll(() => shadow(chat).querySelector('[part="error"]')?.textContent ?? '', { timeout: 15_000 })
      .toMatch(/Sign-in to Notes did not complete/);
    expect(chat.serverSet.connections[0]!.state).toBe('auth-required');
    expect(buttonNamed(chat, 'Sign in to Notes')).toBeDefined();
  });
});
