import { afterEach, beforeEach, describe, expect, inject, test } from 'vitest';
import '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { shadow, serverReaches } from './chat-helpers.js';
import { authLog, control } from './oauth-support.js';

// Issue 26 §12: a server whose sign-in server answers its metadata with a web
// page or with JSON that is not metadata: the chat says so where a person
// looks (the notice above the composer, the Servers panel, the chip's
// tooltip), in the chat's language, never "not MCP" or the validator's JSON.
const mcpUrl = inject('protectedMcpUrl');
const authOrigin = new URL(inject('authServerUrl')).origin;
const authHost = new URL(authOrigin).host;
const redirectUrl = '/test/fixtures/auth-server/callback.html';

async function mount(lang?: string): Promise<McpChat> {
  const chat = mountOnly(lang);
  await serverReaches(chat, 'failed');
  await painted(chat);
  return chat;
}

/** Waits for the chat's repaint after a server change (one per animation frame, chat-servers.ts). */
async function painted(chat: McpChat): Promise<void> {
  await new Promise(requestAnimationFrame);
  await chat.updateComplete;
}

/** Mounts the chat; the caller waits for its state. */
function mountOnly(lang?: string): McpChat {
  const chat = document.createElement('mcp-chat');
  if (lang) chat.setAttribute('lang', lang);
  chat.store = null;
  chat.storageKey = `metadata-${Math.random()}`;
  chat.servers = [{ url: mcpUrl, name: 'Notes', auth: { redirectUrl, clientName: 'bad metadata chat test' } }];
  document.body.append(chat);
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

  // Issue 41 §7: metadata the page may not read (no CORS headers) looks like a network failure. The chat
  // used to guess the sign-in server's /register, probe the MCP endpoint's CORS with a burst of GET /mcp,
  // and end with "Needs sign-in" naming only the MCP server.
  test('metadata without CORS: the sign-in server is named as the cause, nothing is guessed, nothing is retried', async () => {
    await control('/test/bad-metadata?as=no-cors');
    const chat = mountOnly();
    expect(await serverReaches(chat, 'failed', 'auth-required')).toBe('failed');
    await painted(chat);
    const sentence =
      `The sign-in server ${authOrigin} does not let this page read its settings (its metadata has no CORS headers). ` +
      'Ask its owner to allow this site.';
    const problem = shadow(chat).querySelector('[part~="server-problems"]')!;
    expect(problem).not.toBeNull();
    expect(problem.querySelector('.diagnosis')!.textContent).toBe(sentence);
    expect(problem.textContent).toContain('Notes');
    expect(problem.textContent).not.toMatch(/sign in\b|Failed to fetch/i);
    const chip = shadow(chat).querySelector<HTMLElement>('[part~="server-status"]')!;
    expect(chip.title).toContain(sentence);
    const { requests } = await authLog();
    // No guessed registration (nor token) endpoint: the metadata that would name them was not read.
    expect(requests.filter((r) => /^auth \w+ \/(register|token)$/.test(r))).toEqual([]);
    // The MCP endpoint is asked once (its 401 starts the sign-in), never probed for CORS it does not lack.
    expect(requests.filter((r) => /^mcp (?!OPTIONS)\w+ \/mcp$/.test(r))).toEqual(['mcp POST /mcp']);
  });

  test('a sign-in server that does not answer at all is named as unreachable, not as a CORS mistake', async () => {
    await control('/test/bad-metadata?as=gone');
    const chat = mountOnly();
    expect(await serverReaches(chat, 'failed', 'auth-required')).toBe('failed');
    await painted(chat);
    const problem = shadow(chat).querySelector('[part~="server-problems"]')!;
    expect(problem.querySelector('.diagnosis')!.textContent).toBe(
      `Cannot reach the sign-in server ${inject('goneAuthServerUrl')} of ${new URL(mcpUrl).host}. Check that it is running and that this computer is online.`,
    );
    const { requests } = await authLog();
    expect(requests.filter((r) => /^mcp (?!OPTIONS)\w+ \/mcp$/.test(r))).toEqual(['mcp POST /mcp']);
  });

  test('metadata without CORS, in an Arabic chat: said in Arabic, the address as it is', async () => {
    await control('/test/bad-metadata?as=no-cors');
    const chat = mountOnly('ar');
    expect(await serverReaches(chat, 'failed', 'auth-required')).toBe('failed');
    await painted(chat);
    const problem = shadow(chat).querySelector('[part~="server-problems"]')!;
    expect(problem.querySelector('.diagnosis')!.textContent).toBe(
      `خادم تسجيل الدخول ${authOrigin} لا يسمح لهذه الصفحة بقراءة إعداداته (بياناته الوصفية بلا ترويسات CORS). اطلب من مالكه أن يسمح لهذا الموقع.`,
    );
  });
});
