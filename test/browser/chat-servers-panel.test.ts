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
  // At least the page's servers (the person may have added more), all connected.
  const ready = () => chat.serverSet.connections.length >= servers.length && chat.serverSet.connections.every((c) => c.state === 'connected');
  await expect.poll(ready, { timeout: 15_000 }).toBe(true);
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

/** Types an address into "Add a server" and presses Enter, as a person does. */
async function addServer(chat: McpChat, address: string): Promise<void> {
  const { userEvent } = await import('vitest/browser');
  const input = panel(chat).querySelector<HTMLInputElement>('[part="add-server"] input')!;
  await userEvent.clear(input);
  if (address) await userEvent.type(input, address);
  await userEvent.keyboard('{Enter}');
  await chat.updateComplete;
}
const fieldError = (chat: McpChat) => panel(chat).querySelector('[part="add-server"] [role="alert"]')?.textContent?.trim();
const serverUrls = (chat: McpChat) => [...panel(chat).querySelectorAll('[part="server"] .server-url')].map((e) => e.textContent!.trim());

test('a person adds a server by address; it connects, shows its full address, and comes back after a reload', async () => {
  const storageKey = `k-${crypto.randomUUID()}`;
  cleanup.push(() => localStorage.removeItem(`mcp-chat:servers:${storageKey}`));
  const demo = inject('demoUrl');
  const everything = inject('everythingUrl');
  let chat = await chatOn([demo], { storageKey });
  await openPanelFromMenu(chat, 'Servers');
  await addServer(chat, everything);
  await expect.poll(() => chat.serverSet.connections.map((c) => [c.url, c.state]), { timeout: 15_000 }).toEqual([
    [new URL(demo).href, 'connected'],
    [new URL(everything).href, 'connected'],
  ]);
  await expect.poll(() => fieldError(chat)).toBeUndefined();
  expect(serverUrls(chat)).toEqual([new URL(demo).href, new URL(everything).href]);
  expect(panel(chat).querySelector<HTMLInputElement>('[part="add-server"] input')!.value).toBe('');
  // Its tools join the catalog the model and the palette use.
  const added = chat.serverSet.connections[1]!;
  expect(added.tools.length).toBeGreaterThan(0);
  expect(chat.serverSet.listTools().filter((t) => t.server === added.name).length).toBeGreaterThan(0);
  await expect.poll(() => shadow(chat).querySelector('[role="status"][aria-live]')?.textContent).toMatch(/added\.$/);

  // Reload: a new element with the same storage key connects both again.
  chat.remove();
  chat = await chatOn([demo], { storageKey });
  await expect.poll(() => chat.serverSet.connections.map((c) => c.url)).toEqual([new URL(demo).href, new URL(everything).href]);
});

test('"Add a server" refuses what is not an http(s) address, and says why an address does not connect (nothing kept)', async () => {
  const storageKey = `k-${crypto.randomUUID()}`;
  cleanup.push(() => localStorage.removeItem(`mcp-chat:servers:${storageKey}`));
  const chat = await chatOn([inject('demoUrl')], { storageKey });
  await openPanelFromMenu(chat, 'Servers');
  const input = () => panel(chat).querySelector<HTMLInputElement>('[part="add-server"] input')!;

  await addServer(chat, '');
  expect(fieldError(chat)).toMatch(/Type the address of an MCP server/);
  await addServer(chat, 'not an address');
  expect(fieldError(chat)).toBe('“not an address” is not a web address. Type the full address, starting with https://.');
  expect(input().getAttribute('aria-invalid')).toBe('true');
  await addServer(chat, 'javascript:alert(1)');
  expect(fieldError(chat)).toBe('Only http:// and https:// addresses can be added.');
  await addServer(chat, 'ftp://example.com/mcp');
  expect(fieldError(chat)).toBe('Only http:// and https:// addresses can be added.');
  await addServer(chat, 'https://user:secret@example.com/mcp');
  expect(fieldError(chat)).toMatch(/user name or password/);
  await addServer(chat, inject('demoUrl'));
  expect(fieldError(chat)).toBe('This server is already in the list.');
  expect(chat.serverSet.connections).toHaveLength(1);

  // Nothing listens there: the connection layer's diagnosis, and the server is not kept.
  const dead = 'http://127.0.0.1:9/mcp'; // the discard port: nothing answers
  await addServer(chat, dead);
  await expect.poll(() => fieldError(chat), { timeout: 20_000 }).toMatch(/^Could not connect to http:\/\/127\.0\.0\.1:9\/mcp: .+ It was not added\.$/);
  await expect.poll(() => chat.serverSet.connections.map((c) => c.url)).toEqual([new URL(inject('demoUrl')).href]);
  expect(localStorage.getItem(`mcp-chat:servers:${storageKey}`)).toBeNull();
  // The address stays in the field to be corrected; typing clears the error.
  expect(input().value).toBe(dead);
  const { userEvent } = await import('vitest/browser');
  await userEvent.type(input(), 'x');
  await chat.updateComplete;
  expect(fieldError(chat)).toBeUndefined();
});

test("a page's server removed by the person stays removed after a reload and can be restored; fixed-servers turns editing off", async () => {
  const storageKey = `k-${crypto.randomUUID()}`;
  cleanup.push(() => localStorage.removeItem(`mcp-chat:servers:${storageKey}`));
  const demo = new URL(inject('demoUrl')).href;
  const everything = new URL(inject('everythingUrl')).href;
  let chat = await chatOn([demo, everything], { storageKey });
  await openPanelFromMenu(chat, 'Servers');
  const { userEvent } = await import('vitest/browser');
  const removeButtons = () => [...panel(chat).querySelectorAll<HTMLButtonElement>('[part~="remove-server-button"]')];
  expect(removeButtons()).toHaveLength(2);
  expect(removeButtons()[1]!.getAttribute('aria-label')).toBe(`Remove ${chat.serverSet.nameOf(chat.serverSet.connections[1]!)} (${everything})`);
  removeButtons()[1]!.focus();
  await userEvent.keyboard('{Enter}');
  await expect.poll(() => chat.serverSet.connections.map((c) => c.url)).toEqual([demo]);
  await chat.updateComplete;
  // Focus stays in the panel.
  expect(shadow(chat).activeElement?.closest('[part="panel"]')).toBeTruthy();
  expect(panel(chat).querySelector('.removed-servers')!.textContent).toContain(everything);

  chat.remove();
  chat = await chatOn([demo], { storageKey });
  chat.servers = [demo, everything];
  await chat.updateComplete;
  await new Promise((r) => setTimeout(r, 300));
  expect(chat.serverSet.connections.map((c) => c.url)).toEqual([demo]);

  // The same stored edits are not applied with fixed-servers; no add form, no remove buttons.
  const fixed = document.createElement('mcp-chat');
  fixed.fixedServers = true;
  fixed.storageKey = storageKey;
  fixed.store = null;
  fixed.servers = [demo, everything];
  document.body.append(fixed);
  await expect.poll(() => fixed.serverSet.connections.map((c) => c.url)).toEqual([demo, everything]);
  fixed.panel = 'servers';
  await fixed.updateComplete;
  expect(panel(fixed).querySelector('[part="add-server"]')).toBeNull();
  expect(panel(fixed).querySelector('[part~="remove-server-button"]')).toBeNull();
  fixed.remove();

  // Restore brings it back (and it stays back).
  await openPanelFromMenu(chat, 'Servers');
  await userEvent.click(panel(chat).querySelector<HTMLElement>('[part~="restore-server-button"]')!);
  await expect.poll(() => chat.serverSet.connections.map((c) => [c.url, c.state]), { timeout: 15_000 }).toEqual([
    [demo, 'connected'],
    [everything, 'connected'],
  ]);
  expect(localStorage.getItem(`mcp-chat:servers:${storageKey}`)).toBeNull();
});
