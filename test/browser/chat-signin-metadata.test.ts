import { afterEach, beforeEach, describe, expect, inject, test } from 'vitest';
import '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { shadow, serverReaches } from './chat-helpers.js';
import { control } from './oauth-support.js';

// Issue 26 §12: a server whose sign-in server answers its metadata with a web
// page or with JSON that is not metadata: the chat says so where a person
// looks (the notice above the composer, the Servers panel, the chip's
// tooltip), in the chat's language, never "not MCP" or the validator's JSON.
const mcpUrl = inject('protectedMcpUrl');
const authHost = new URL(inject('authServerUrl')).host;
const redirectUrl = '/test/fixtures/auth-server/callback.html';

async function mount(lang?: string): Promise<McpChat> {
  const chat = document.createElement('mcp-chat');
  if (lang) chat.setAttribute('lang', lang);
  chat.store = null;
  chat.storageKey = `metadata-${Math.random()}`;
  chat.servers = [{ url: mcpUrl, name: 'Notes', auth: { redirectUrl, clientName: 'bad metadata chat test' } }];
  document.body.append(chat);
  await serverReaches(chat, 'failed');
  await chat.updateComplete;
  return chat;
}

beforeEach(async () => {
  sessionStorage.clear();
  await control('/test/reset');
});
afterEach(async () => {
  document.body.replaceChildren();
  await control('/test/reset');
  sessionStorage.clear();
});

describe('<mcp-chat>: a sign-in server with bad metadata', () => {
  for (const as of ['html', 'invalid'] as const) {
    test(`metadata that is ${as === 'html' ? 'a web page' : 'not metadata'}: the notice above the composer says it in words`, async () => {
      await control(`/test/bad-metadata?as=${as}`);
      const chat = await mount();
      const sentence = `The sign-in server of ${new URL(mcpUrl).host} (${authHost}) answered with something that is not valid sign-in metadata.`;
      const problem = shadow(chat).querySelector('[part~="server-problems"]')!;
      expect(problem).not.toBeNull();
      expect(problem.querySelector('.diagnosis')!.textContent).toBe(sentence);
      expect(problem.textContent).toContain('Notes');
      expect(problem.textContent).not.toMatch(/not MCP|invalid_type|expected|[{}[\]"]/);
      const chip = shadow(chat).querySelector<HTMLElement>('[part~="server-status"]')!;
      expect(chip.title).toContain(sentence);
    });
  }

  test('an Arabic chat says it in Arabic', async () => {
    await control('/test/bad-metadata?as=html');
    const chat = await mount('ar');
    const problem = shadow(chat).querySelector('[part~="server-problems"]')!;
    expect(problem.querySelector('.diagnosis')!.textContent).toBe(
      `ردّ خادم تسجيل الدخول الخاص بـ ${new URL(mcpUrl).host} (${authHost}) بما ليس بيانات تسجيل دخول صالحة.`,
    );
    expect(problem.textContent).not.toMatch(/sign-in|not MCP/);
  });
});
