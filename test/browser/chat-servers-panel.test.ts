// Issue 11 §3 and issue 12 §4: the Servers panel. Real servers over HTTP, the
// fake OpenAI (128 tools per request at most), real Chromium.
import { afterEach, expect, inject, test } from 'vitest';
import type { McpTurnEndEvent } from '../../src/events/turn-end.js';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { fakeProvider, openPanelFromMenu, shadow, typeAndSend } from './chat-helpers.js';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  document.body.replaceChildren();
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

/** A chat on `servers`, waiting until each is connected. */
async function chatOn(servers: string[], options: { provider?: boolean; storageKey?: string } = {}): Promise<McpChat> {
  const chat = document.createElement('mcp-chat');
  chat.servers = servers;
  chat.store = createMemoryHistory();
  if (options.provider) chat.provider = fakeProvider();
  chat.storageKey = options.storageKey ?? `k-${crypto.randomUUID()}`;
  document.body.append(chat);
  await expect.poll(() => chat.serverSet.connections.map((c) => c.state), { timeout: 15_000 }).toEqual(servers.map(() => 'connected'));
  await chat.updateComplete;
  return chat;
}

const panel = (chat: McpChat) => shadow(chat).querySelector<HTMLElement>('[part="panel"]')!;

test('after a request that had to choose among 5,000 tools, the Servers panel says how many were sent and names the ones left out', async () => {
  const chat = await chatOn([`${inject('fixtureUrl')}/many/mcp`], { provider: true });
  await expect.poll(() => chat.serverSet.listTools().length).toBe(5000);
  await openPanelFromMenu(chat, 'Servers');
  // No request yet: nothing to say.
  expect(panel(chat).querySelector('[part="tool-selection"]')).toBeNull();

  const ended = new Promise<McpTurnEndEvent>((resolve) => chat.addEventListener('mcp-turn-end', (e) => resolve(e as McpTurnEndEvent), { once: true }));
  await typeAndSend(chat, 'anything about payroll?');
  expect((await ended).reason).toBe('endTurn');
  await chat.updateComplete;

  const note = panel(chat).querySelector<HTMLElement>('[part="tool-selection"]')!;
  expect(note).toBeTruthy();
  expect(note.textContent).toContain('Sent 127 of 5,000 tools to the model');
  expect(note.textContent).toContain('the model can search the rest');
  const details = note.querySelector('details')!;
  expect(details.open).toBe(false);
  expect(details.querySelector('summary')!.textContent).toContain('Tools left out of the last request (4,873)');
  const names = [...details.querySelectorAll('li code')].map((c) => c.textContent);
  expect(names).toHaveLength(4873);
  // The best matches of the message were sent, so not listed; others are.
  expect(names).not.toContain('payroll-0004');
  expect(names).toContain('invoice-4992');
  // What was sent and what is listed add up to the catalog.
  const sent = (chat.session.toolSelection?.tools ?? []).filter((t) => t.name !== 'search_tools').map((t) => t.name);
  expect(new Set([...sent, ...names]).size).toBe(5000);
  // Keyboard: the summary opens the list.
  const { userEvent } = await import('vitest/browser');
  details.querySelector<HTMLElement>('summary')!.focus();
  await userEvent.keyboard('{Enter}');
  expect(details.open).toBe(true);
});

test('a server with one invalid tool schema: the Servers panel names the invalid tools (issue 12 §8)', async () => {
  const chat = await chatOn([`${inject('fixtureUrl')}/mixed/mcp`]);
  await openPanelFromMenu(chat, 'Servers');
  const text = panel(chat).textContent!;
  expect(text).toContain('2 tools of this server cannot be used');
  expect(text).toContain('broken-schema');
  expect(text).toContain('no-schema');
});
