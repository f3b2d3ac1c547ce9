// Issue 11 §3 and issue 12 §4: the Servers panel. Real servers over HTTP, the
// fake OpenAI (128 tools per request at most), real Chromium.
import { afterEach, expect, inject, test } from 'vitest';
import type { McpTurnEndEvent } from '../../src/events/turn-end.js';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { fakeProvider, openPanelFromMenu, shadow, typeAndSend, serverReaches } from './chat-helpers.js';
import { axeFindings } from './axe-findings.js';

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
  const ready = () =>
    chat.serverSet.connections.length >= servers.length && chat.serverSet.connections.every((c) => c.state === 'connected');
  await expect.poll(ready, { timeout: 15_000 }).toBe(true);
  await chat.updateComplete;
  return chat;
}

const panel = (chat: McpChat) => shadow(chat).querySelector<HTMLElement>('[part="panel"]')!;

// 5,000 tools listed, ranked and 4,873 of them drawn: past the 30 s default at a load of 14 on 2 cores.
test(
  'after a request that had to choose among 5,000 tools, the Servers panel says how many were sent and names the ones left out',
  { timeout: 90_000 },
  async () => {
    const chat = await chatOn([`${inject('fixtureUrl')}/many/mcp`], { provider: true });
    await expect.poll(() => chat.serverSet.listTools().length).toBe(5000);
    await openPanelFromMenu(chat, 'Servers');
    // No request yet: nothing to say.
    expect(panel(chat).querySelector('[part="tool-selection"]')).toBeNull();

    const ended = new Promise<McpTurnEndEvent>((resolve) =>
      chat.addEventListener('mcp-turn-end', (e) => resolve(e as McpTurnEndEvent), { once: true }),
    );
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
    expect(await axeFindings(chat)).toEqual([]);
    // Keyboard: the summary opens the list, which names every tool left out.
    const { userEvent } = await import('vitest/browser');
    details.querySelector<HTMLElement>('summary')!.focus();
    await userEvent.keyboard('{Enter}');
    expect(details.open).toBe(true);
    await expect.poll(() => details.querySelectorAll('li code').length).toBe(4873);
    const names = [...details.querySelectorAll('li code')].map((c) => c.textContent);
    // The best matches of the message were sent, so not listed; others are.
    expect(names).not.toContain('payroll-0004');
    expect(names).toContain('invoice-4992');
    // What was sent and what is listed add up to the catalog.
    const sent = (chat.session.toolSelection?.tools ?? []).filter((t) => t.name !== 'search_tools').map((t) => t.name);
    expect(new Set([...sent, ...names]).size).toBe(5000);
    // The panel repaints (a streaming answer would): the open list stays as it is.
    chat.requestUpdate();
    await chat.updateComplete;
    expect(details.open).toBe(true);
    expect(details.querySelectorAll('li code')).toHaveLength(4873);
  },
);

test('a server with one invalid tool schema: the Servers panel names the invalid tools (issue 12 §8)', async () => {
  const chat = await chatOn([`${inject('fixtureUrl')}/mixed/mcp`]);
  await openPanelFromMenu(chat, 'Servers');
  const text = panel(chat).textContent!;
  expect(text).toContain('2 tools of this server cannot be used');
  expect(text).toContain('broken-schema');
  expect(text).toContain('no-schema');
});

test('a server with one tool says "1 tool", not "1 tools"', async () => {
  const chat = await chatOn([`${inject('fixtureUrl')}/text/mcp`]);
  await openPanelFromMenu(chat, 'Servers');
  const hint = panel(chat).querySelector('[part="server"] .hint')!.textContent!;
  expect(hint).toContain('1 tool, 0 prompts, 0 resources');
});

/** Types an address into "Add a server" and presses Enter, as a person does. */
async function addServer(chat: McpChat, address: string): Promise<void> {
  const { userEvent } = await import('vitest/browser');
  const input = panel(chat).querySelector<HTMLInputElement>('[part="add-server"] input')!;
  // Pasted, as an address usually is (typed key by key, eight addresses took 25 s of a 30 s limit on a busy machine).
  await userEvent.fill(input, address);
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
  await expect
    .poll(() => chat.serverSet.connections.map((c) => [c.url, c.state]), { timeout: 15_000 })
    .toEqual([
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
  await expect
    .poll(() => fieldError(chat), { timeout: 20_000 })
    .toMatch(/^Could not connect to http:\/\/127\.0\.0\.1:9\/mcp: .+ It was not added\.$/);
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
  expect(removeButtons()[1]!.getAttribute('aria-label')).toBe(
    `Remove ${chat.serverSet.nameOf(chat.serverSet.connections[1]!)} (${everything})`,
  );
  removeButtons()[1]!.focus();
  await userEvent.keyboard('{Enter}');
  await expect.poll(() => chat.serverSet.connections.map((c) => c.url)).toEqual([demo]);
  await chat.updateComplete;
  // Focus stays in the panel.
  expect(shadow(chat).activeElement?.closest('[part="panel"]')).toBeTruthy();
  expect(panel(chat).querySelector('.removed-servers')!.textContent).toContain(everything);
  // The focused button's tooltip covers the text under it (axe would measure that); checked unfocused.
  (shadow(chat).activeElement as HTMLElement).blur();
  await new Promise((r) => setTimeout(r, 400));
  expect(await axeFindings(chat)).toEqual([]);

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
  await expect
    .poll(() => chat.serverSet.connections.map((c) => [c.url, c.state]), { timeout: 15_000 })
    .toEqual([
      [demo, 'connected'],
      [everything, 'connected'],
    ]);
  expect(localStorage.getItem(`mcp-chat:servers:${storageKey}`)).toBeNull();
});

const logOf = (chat: McpChat, index = 0) =>
  panel(chat).querySelectorAll<HTMLDetailsElement>('[part="server"]')[index]!.querySelector<HTMLDetailsElement>('[part="server-log"]');
const logRows = (log: Element) =>
  [...log.querySelectorAll('[part="log-entry"]')].map(
    (e) =>
      `${e.querySelector('[part="log-level"]')!.textContent!.trim()}: ${[...e.querySelectorAll('.log-text, .log-data')].map((x) => x.textContent!.trim()).join(' ')}`,
  );

test("a server's log messages: newest last, level badges, data shown readably, the level picker filters and is sent to the server", async () => {
  const chat = await chatOn([inject('demoUrl')]);
  const connection = chat.serverSet.connections[0]!;
  expect(connection.capabilities?.logging).toBeTruthy();
  await openPanelFromMenu(chat, 'Servers');
  const { userEvent } = await import('vitest/browser');
  const log = logOf(chat)!;
  expect(log.querySelector('summary')!.textContent).toBe('Log (0)');
  // Collapsed until opened (by keyboard).
  expect(log.open).toBe(false);
  log.querySelector<HTMLElement>('summary')!.focus();
  await userEvent.keyboard('{Enter}');
  expect(log.open).toBe(true);
  // A 2026 server sends its log only when the request names a level: nothing until one is picked.
  expect(log.textContent).toContain('This server sends log messages only once a level is picked.');
  await chat.runTool('log-demo');
  await new Promise((r) => setTimeout(r, 300));
  expect(log.querySelector('summary')!.textContent).toBe('Log (0)');

  const picker = log.querySelector<HTMLSelectElement>('select')!;
  await userEvent.selectOptions(picker, 'debug');
  await chat.runTool('log-demo');
  await expect.poll(() => log.querySelector('summary')!.textContent).toBe('Log (6)');
  const rows = logRows(log);
  expect(rows.map((r) => r.split(':')[0])).toEqual(['Debug', 'Info', 'Notice', 'Warning', 'Error', 'Critical']);
  // The demo server sends { message, level }: shown as its message (the level is the badge).
  expect(rows[0]).toBe('Debug: A debug message from log-demo');
  expect(log.querySelector('[part="log-entry"] .log-data')).toBeNull();
  expect(log.querySelector('[part="log-entry"] time')!.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
  expect(log.querySelector('.log-logger')!.textContent).toBe('log-demo');
  expect(log.textContent).toContain('The server is asked to send only this level and above.');

  // The picker: "Warning" and above filters what is shown at once...
  await userEvent.selectOptions(picker, 'warning');
  await chat.updateComplete;
  expect(logRows(log).map((r) => r.split(':')[0])).toEqual(['Warning', 'Error', 'Critical']);
  expect(log.querySelector('summary')!.textContent).toBe('Log (3/6)');
  // ...and the server is asked for warning and above only: the next run sends three messages, not six.
  await chat.runTool('log-demo');
  await expect.poll(() => log.querySelector('summary')!.textContent).toBe('Log (6/9)');
  await new Promise((r) => setTimeout(r, 300));
  expect(log.querySelector('summary')!.textContent).toBe('Log (6/9)');
  expect(logRows(log).map((r) => r.split(':')[0])).toEqual(['Warning', 'Error', 'Critical', 'Warning', 'Error', 'Critical']);
  // Clear forgets them.
  await userEvent.click(logOf(chat)!.querySelector<HTMLElement>('button')!);
  await chat.updateComplete;
  expect(logOf(chat)!.querySelector('summary')!.textContent).toBe('Log (0)');
});

test("server-everything's simulated logging shows up in the Servers panel, text as text", async () => {
  const chat = await chatOn([inject('everythingUrl')]);
  await chat.runTool('toggle-simulated-logging');
  await openPanelFromMenu(chat, 'Servers');
  await expect.poll(() => logOf(chat)?.querySelectorAll('[part="log-entry"]').length ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
  const entry = logOf(chat)!.querySelector('[part="log-entry"]')!;
  expect(entry.querySelector('[part="log-level"]')!.textContent!.trim()).toMatch(
    /^(Debug|Info|Notice|Warning|Error|Critical|Alert|Emergency)$/,
  );
  expect(entry.querySelector('.log-text, .log-data')!.textContent!.length).toBeGreaterThan(0);
  await chat.runTool('toggle-simulated-logging');
});

test('log messages are kept within a bound, and hostile text stays text', async () => {
  const chat = await chatOn([inject('demoUrl')]);
  const connection = chat.serverSet.connections[0]!;
  const { McpLogMessageEvent } = await import('../../src/mcp/connection-events.js');
  // As the connection does for each notifications/message it receives.
  connection.dispatchEvent(
    new McpLogMessageEvent({ level: 'error', logger: '<b>x</b>', data: '<img src=x onerror="window.__pwned=1">\u202Eevil' }),
  );
  connection.dispatchEvent(
    new McpLogMessageEvent({ level: 'warning', data: { message: 'disk almost full', free: 0.02, level: 'warning' } }),
  );
  connection.dispatchEvent(new McpLogMessageEvent({ level: 'info', data: [1, 'two'] }));
  chat.panel = 'servers';
  await chat.updateComplete;
  expect(logRows(logOf(chat)!)).toEqual([
    'Error: <img src=x onerror="window.__pwned=1">\u202Eevil',
    'Warning: disk almost full {\n  "free": 0.02\n}',
    'Info: [\n  1,\n  "two"\n]',
  ]);
  for (let i = 0; i < 250; i++)
    connection.dispatchEvent(new McpLogMessageEvent({ level: 'info', data: { i, nested: [null, true, { deep: 'x' }] } }));
  chat.panel = 'servers';
  await chat.updateComplete;
  const log = logOf(chat)!;
  expect(log.querySelector('summary')!.textContent).toBe('Log (200)');
  expect(log.querySelectorAll('[part="log-entry"]')).toHaveLength(200);
  expect(JSON.parse(log.querySelectorAll('[part="log-entry"] .log-data')[199]!.textContent!)).toEqual({
    i: 249,
    nested: [null, true, { deep: 'x' }],
  });
  expect(log.querySelector('img')).toBeNull();
  expect((window as { __pwned?: number }).__pwned).toBeUndefined();
});

test("the Servers panel speaks the chat's language (Arabic, right to left)", async () => {
  const section = document.createElement('section');
  section.lang = 'ar';
  document.body.append(section);
  const chat = document.createElement('mcp-chat');
  chat.servers = [inject('demoUrl')];
  chat.store = null;
  chat.storageKey = `k-${crypto.randomUUID()}`;
  section.append(chat);
  await serverReaches(chat, 'connected');
  chat.panel = 'servers';
  await chat.updateComplete;
  const text = panel(chat).textContent!;
  expect(text).toContain('متصل');
  expect(text).toContain('إضافة خادم');
  expect(text).toContain('عنوان الخادم');
  expect(text).not.toMatch(/Connected|Add a server|Server address/);
  expect(shadow(chat).querySelector('[part="base"]')!.getAttribute('dir')).toBe('rtl');
});

test('the empty state and the Servers panel give the same number of tools for the demo server (it has one its apps alone call)', async () => {
  const chat = await chatOn([inject('demoUrl')]);
  const connection = chat.serverSet.connections[0]!;
  // The control: the demo server has a tool hidden from the model (visibility: app), so the two counts differed.
  expect(connection.tools.length).toBeGreaterThan(chat.serverSet.listTools().length);
  const said = () => shadow(chat).textContent ?? '';
  const inEmptyState = await expect
    .poll(() => /with (\d+) tools\./.exec(shadow(chat).querySelector('[part~="empty"]')?.textContent ?? said())?.[1])
    .toBeDefined()
    .then(() => Number(/with (\d+) tools\./.exec(shadow(chat).querySelector('[part~="empty"]')?.textContent ?? said())![1]));
  await openPanelFromMenu(chat, 'Servers');
  await expect.poll(() => /(\d+) tools, \d+ prompts/.exec(panel(chat).textContent ?? '')?.[1]).toBeDefined();
  const inPanel = Number(/(\d+) tools, \d+ prompts/.exec(panel(chat).textContent ?? '')![1]);
  expect(inEmptyState).toBe(inPanel);
});

test('a chat with fixed-servers and none to connect says so to the visitor in plain words, not in developer terms', async () => {
  const chat = document.createElement('mcp-chat');
  chat.fixedServers = true;
  chat.store = createMemoryHistory();
  chat.storageKey = `k-${crypto.randomUUID()}`;
  document.body.append(chat);
  await chat.updateComplete;
  await openPanelFromMenu(chat, 'Servers');
  await expect.poll(() => panel(chat).querySelector('.hint')?.textContent?.trim()).toBe('This chat is not connected to any server.');
  expect(panel(chat).textContent).not.toMatch(/attribute|property/);
});
