import { afterEach, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import { mountChatOn500Tools } from './chat-helpers.js';

// The palette's entries are built once per tool list (not at every "/"): a
// server added, or a catalog that changed, still shows in the palette.

afterEach(() => document.body.replaceChildren());

const root = (chat: McpChat) => chat.shadowRoot!;
const names = (chat: McpChat) => [...root(chat).querySelectorAll('[part="palette-item"] strong')].map((e) => e.textContent);
const more = (chat: McpChat) => root(chat).querySelector<HTMLElement>('[part="palette-more"]')?.textContent?.trim();

test('a server added after the palette was opened: its tools are listed the next time "/" is typed', async () => {
  const chat = await mountChatOn500Tools();
  const input = root(chat).querySelector<HTMLTextAreaElement>('textarea')!;
  input.focus();

  await userEvent.keyboard('/');
  await expect.poll(() => names(chat).length).toBe(50);
  expect(more(chat)).toBe('450 more: type to narrow the list.');
  await userEvent.keyboard('echo');
  await expect.poll(() => root(chat).textContent).toContain('No tools or prompts match.');
  await userEvent.keyboard('{Escape}');
  await userEvent.clear(input);

  chat.servers = [inject('demoUrl')];
  await expect.poll(() => chat.serverSet.listTools().length, { timeout: 20_000 }).toBeGreaterThan(500);
  // Its prompts too (they come once it is connected; its tools may come first).
  await expect.poll(() => chat.serverSet.connections.every((c) => c.state === 'connected'), { timeout: 20_000 }).toBe(true);
  // And its skills (the demo server offers two): listed when "/" is typed, once they arrive.
  const skills = (await chat.serverSet.hub!.listSkills()).length;
  expect(skills).toBeGreaterThan(0);
  const total = chat.serverSet.listTools().length + chat.serverSet.listPrompts().length + skills;
  await userEvent.keyboard('/');
  await expect.poll(() => more(chat)).toBe(`${(total - 50).toLocaleString('en-US')} more: type to narrow the list.`);
  await userEvent.keyboard('echo');
  await expect.poll(() => names(chat)[0]).toBe('Echo');
  expect(root(chat).querySelector('[part="palette-item"] .desc')?.textContent).toContain('·');
});
