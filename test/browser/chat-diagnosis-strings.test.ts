import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { serversShown, shadow } from './chat-helpers.js';

// The connection layer's diagnoses carry a kind and parameters; the chat says
// them through its strings table, so an Arabic chat says them in Arabic. The
// connection's own error message stays English for code that uses it.

afterEach(() => document.body.replaceChildren());

const DEAD = 'http://127.0.0.1:9/mcp';

async function mount(lang?: string): Promise<McpChat> {
  const chat = document.createElement('mcp-chat');
  if (lang) chat.setAttribute('lang', lang);
  chat.store = null;
  chat.servers = [inject('demoUrl'), DEAD];
  document.body.append(chat);
  await expect.poll(() => chat.serverSet.connections.map((c) => c.state), { timeout: 20_000 }).toEqual(['connected', 'failed']);
  await serversShown(chat);
  return chat;
}

describe('<mcp-chat>: why a server cannot be used, in the chat language', () => {
  test('an Arabic chat with an unreachable server says why in Arabic: the notice, its Retry, the Servers panel and the header', async () => {
    const chat = await mount('ar');
    const arabic = `تعذّر الوصول إلى ${DEAD}. تحقّق من أن الخادم يعمل وأن العنوان صحيح.`;
    const problem = shadow(chat).querySelector('[part~="server-problems"]')!;
    expect(problem.querySelector('.diagnosis')!.textContent).toBe(arabic);
    expect(problem.textContent).toContain('غير متاح');
    expect(problem.textContent).not.toMatch(/Cannot reach|not available|Retry/);
    const retry = problem.querySelector<HTMLButtonElement>('[part="retry-button"]')!;
    expect(retry.textContent!.trim()).toBe('إعادة المحاولة');
    expect(retry.getAttribute('aria-label')).toMatch(/^إعادة الاتصال بـ /);
    // The header's chip says it in its tooltip (in a narrow chat, the one chip of both servers); the Servers panel under the server.
    const chip = shadow(chat).querySelectorAll<HTMLButtonElement>('[part~="server-status"]')[1]!;
    expect(chip.title).toContain(arabic);
    expect(chip.title).not.toContain('Cannot reach');
    const count = shadow(chat).querySelector<HTMLButtonElement>('[part~="server-count"]')!;
    expect(count.title).toContain(arabic);
    await userEvent.click(chip.checkVisibility() ? chip : count);
    await chat.updateComplete;
    const panel = shadow(chat).querySelector('[part="panel"]')!;
    expect(panel.querySelector('.diagnosis')!.textContent).toBe(arabic);
    // For code using the connection, the message is English as before.
    expect(chat.serverSet.connections[1]!.error!.message).toBe(
      `Cannot reach ${DEAD}. Check that the server is running and the address is right.`,
    );
  });

  test('an English chat says the same English words as the connection', async () => {
    const chat = await mount();
    const english = `Cannot reach ${DEAD}. Check that the server is running and the address is right.`;
    const problem = shadow(chat).querySelector('[part~="server-problems"]')!;
    expect(problem.querySelector('.diagnosis')!.textContent).toBe(english);
    expect(problem.textContent!.replace(/\s+/g, ' ')).toContain('is not available: Cannot reach');
    expect(problem.querySelector('[part="retry-button"]')!.getAttribute('aria-label')).toMatch(/^Retry /);
  });
});
