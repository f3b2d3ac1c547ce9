// <mcp-chat> with page tools (issue 23): tools the page registers on WebMCP's
// real document.modelContext (Chromium with --enable-features=WebMCP) or gives
// with chat.registerTool, next to the demo server's tools, in a scripted model
// turn and in the "/" palette; and the demo server's tools offered to browser
// agents with publish-tools.
import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import type { HistoryStore } from '../../src/history/index.js';
import type { ModelContextLike, ModelContextToolInfo } from '../../src/page-tools/types.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { deepAll, fakeProvider, openPanelFromMenu, shadow, typeAndSend, serverReaches, turnEnds } from './chat-helpers.js';

const modelContext = (document as unknown as { modelContext: ModelContextLike & { getTools(): Promise<ModelContextToolInfo[]> } })
  .modelContext;
const stops: AbortController[] = [];

afterEach(() => {
  document.body.replaceChildren();
  for (const stop of stops.splice(0)) stop.abort();
});

function withdrawable(): AbortSignal {
  const stop = new AbortController();
  stops.push(stop);
  return stop.signal;
}

async function mount(
  setup: (chat: McpChat) => void,
  options: { store?: HistoryStore; storageKey?: string; provider?: boolean } = {},
): Promise<McpChat> {
  const chat = document.createElement('mcp-chat');
  chat.server = inject('demoUrl');
  chat.store = options.store ?? createMemoryHistory();
  chat.storageKey = options.storageKey ?? `pt-${Math.random()}`;
  if (options.provider !== false) chat.provider = fakeProvider();
  setup(chat);
  document.body.append(chat);
  await serverReaches(chat, 'connected');
  await chat.updateComplete;
  return chat;
}

const cards = (chat: McpChat) => deepAll(shadow(chat), 'mcp-tool-card');
const cardLine = (card: Element) => card.shadowRoot!.querySelector('.line')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const statusOf = (card: Element) => card.shadowRoot!.querySelector('[part="status"]')?.textContent;
const toolNames = (chat: McpChat) => chat.serverSet.listTools().map((t) => t.name);

describe('<mcp-chat> page tools', () => {
  test('a WebMCP tool and a registerTool tool run in a model turn; approval only for the one not read-only; saved', async () => {
    document.title = 'Test Shop';
    const ran: string[] = [];
    await modelContext.registerTool(
      {
        name: 'page_lookup',
        title: 'Look up',
        description: 'Looks a product up.',
        annotations: { readOnlyHint: true, untrustedContentHint: true },
        execute: () => (ran.push('lookup'), 'Product A1: a lamp'),
      },
      { signal: withdrawable() },
    );
    const store = createMemoryHistory();
    const storageKey = `pt-${Math.random()}`;
    const chat = await mount((c) => c.setAttribute('page-tools', ''), { store, storageKey });
    await chat.registerTool(
      {
        name: 'page_add',
        title: 'Add to cart',
        description: 'Adds a product to the cart.',
        inputSchema: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
        annotations: { readOnlyHint: false },
        execute: ({ sku }) => (ran.push(`add ${String(sku)}`), { added: sku }),
      },
      { signal: withdrawable() },
    );
    await expect.poll(() => toolNames(chat)).toEqual(expect.arrayContaining(['page_lookup', 'page_add', 'echo']));
    const ends = turnEnds(chat);
    await typeAndSend(chat, 'Add the lamp [[tool:page_lookup]] [[tool:page_add {"sku":"A1"}]]');
    await expect.poll(() => cards(chat).map(statusOf), { timeout: 15_000 }).toContain('Needs your approval');
    const waiting = cards(chat).find((c) => statusOf(c) === 'Needs your approval')!;
    expect(cardLine(waiting)).toContain('Add to cart');
    expect(cardLine(waiting)).toContain('Test Shop');
    // Only the tool that is not read-only asks; nothing of it ran yet.
    expect(cards(chat).filter((c) => statusOf(c) === 'Needs your approval')).toHaveLength(1);
    expect(ran).not.toContain('add A1');
    await userEvent.click(waiting.shadowRoot!.querySelector('[part="approve-button"]')!);
    await ends.reach(1);
    expect([...ran].sort()).toEqual(['add A1', 'lookup']);
    await expect.poll(() => cards(chat).map(statusOf)).toEqual(['Done', 'Done']);
    expect(cards(chat).every((c) => cardLine(c).includes('Test Shop'))).toBe(true);
    // The WebMCP tool said its content is untrusted: its card says so, the other's does not.
    const [lookupCard, addCard] = cards(chat);
    lookupCard!.setAttribute('open', '');
    addCard!.setAttribute('open', '');
    await expect.poll(() => lookupCard!.shadowRoot!.querySelector('[part="untrusted"]')?.textContent).toMatch(/^Untrusted content/);
    expect(addCard!.shadowRoot!.querySelector('[part="untrusted"]')).toBeNull();
    const results = chat.messages.flatMap((m) => m.content).filter((b) => b.type === 'tool_result');
    expect(
      results.map((r) => [(r._meta?.['mcp-elements/call'] as { server?: string })?.server, (r.content[0] as { text: string }).text]),
    ).toEqual([
      ['Test Shop (WebMCP)', 'Product A1: a lamp'],
      ['Test Shop', '{"added":"A1"}'],
    ]);
    await chat.session.saved();
    document.body.replaceChildren();
    // Reloaded: the calls and their results are in the history.
    const again = await mount(() => {}, { store, storageKey, provider: false });
    await expect
      .poll(() => again.messages.flatMap((m) => m.content).filter((b) => b.type === 'tool_result').length, { timeout: 10_000 })
      .toBe(2);
    expect(
      again.messages
        .flatMap((m) => m.content)
        .filter((b) => b.type === 'tool_use')
        .map((b) => (b as { name: string }).name),
    ).toEqual(['page_lookup', 'page_add']);
    await expect.poll(() => cards(again).map(cardLine).join(' | ')).toMatch(/Look up.*Test Shop.*Add to cart.*Test Shop/);
  });

  test('"Always allow" on a page tool runs its later calls without asking (its key is page:<origin>#chat:name, no connection)', async () => {
    const ran: unknown[] = [];
    const chat = await mount(() => {});
    await chat.registerTool(
      { name: 'page_note', description: 'Writes a note on the page.', execute: (input) => (ran.push(input), 'noted') },
      { signal: withdrawable() },
    );
    expect(chat.serverSet.getTool('page_note')?.key).toBe(`page:${location.origin}#chat:page_note`);
    expect(chat.serverSet.getTool('page_note')?.connection).toBeUndefined();
    const ends = turnEnds(chat);
    await typeAndSend(chat, '[[tool:page_note {"text":"one"}]]');
    await expect.poll(() => cards(chat).map(statusOf), { timeout: 15_000 }).toEqual(['Needs your approval']);
    await userEvent.click(cards(chat)[0]!.shadowRoot!.querySelector('[part="always-button"]')!);
    await ends.reach(1);
    await typeAndSend(chat, '[[tool:page_note {"text":"two"}]]');
    await ends.reach(2);
    expect(ran).toEqual([{ text: 'one' }, { text: 'two' }]);
    expect(cards(chat).map(statusOf)).toEqual(['Done', 'Done']);
  });

  test('page-tools="search_* -search_secret" takes only the tools it names; changing it re-reads them', async () => {
    for (const name of ['search_products', 'search_secret', 'checkout']) {
      await modelContext.registerTool(
        { name, description: `The ${name} tool.`, annotations: { readOnlyHint: true }, execute: () => name },
        { signal: withdrawable() },
      );
    }
    const chat = await mount((c) => c.setAttribute('page-tools', 'search_* -search_secret'), { provider: false });
    await expect.poll(() => toolNames(chat)).toContain('search_products');
    expect(toolNames(chat)).not.toContain('search_secret');
    expect(toolNames(chat)).not.toContain('checkout');
    chat.pageTools = (tool: { name: string }) => tool.name === 'checkout';
    await expect.poll(() => toolNames(chat)).toContain('checkout');
    expect(toolNames(chat)).not.toContain('search_products');
    chat.removeAttribute('page-tools');
    chat.pageTools = undefined;
    await expect.poll(() => toolNames(chat)).not.toContain('checkout');
    // Without page-tools, WebMCP tools are not taken at all.
    expect(toolNames(chat).some((n) => n.startsWith('search_'))).toBe(false);
  });

  test("auto imports no WebMCP tool the owner did not name; a WebMCP tool's card says it came from the page's WebMCP tools (issue 36 item 8)", async () => {
    document.title = 'Test Shop';
    // A third-party script on the page registers a tool.
    await modelContext.registerTool(
      {
        name: 'third_party_tool',
        description: 'Some script put me here.',
        annotations: { readOnlyHint: true },
        execute: () => 'from the script',
      },
      { signal: withdrawable() },
    );
    // Control: with page-tools written by the owner (present: all), how long the import takes here.
    const started = performance.now();
    const named = await mount((c) => c.setAttribute('page-tools', 'third_party_tool'), { provider: false });
    await expect.poll(() => toolNames(named), { timeout: 10_000 }).toContain('third_party_tool');
    const importTook = performance.now() - started;
    // Its card says where it came from: the page's WebMCP tools, not the page's own registerTool.
    await named.runTool('third_party_tool');
    await expect.poll(() => cards(named).map(statusOf)).toEqual(['Done']);
    expect(cardLine(cards(named)[0]!)).toMatch(/Test Shop \(WebMCP\)/);
    named.remove();

    // `auto` alone: nothing of the page's WebMCP registry is taken, however long one waits (three times the control).
    const auto = await mount((c) => c.setAttribute('auto', ''), { provider: false });
    await auto.registerTool(
      { name: 'own_tool', description: 'The page gave me to the chat.', annotations: { readOnlyHint: true }, execute: () => 'own' },
      { signal: withdrawable() },
    );
    await expect.poll(() => toolNames(auto)).toContain('own_tool');
    await new Promise((resolve) => setTimeout(resolve, Math.max(300, 3 * importTook)));
    expect(toolNames(auto)).not.toContain('third_party_tool');
    // A tool the page gave the chat itself is not marked WebMCP.
    expect(auto.serverSet.listTools().find((t) => t.name === 'own_tool')?.server).toBe('Test Shop');
  });

  test('publish-tools offers a server tool to browser agents; an agent call shows as a card; withdrawn with the server', async () => {
    const chat = await mount((c) => c.setAttribute('publish-tools', 'echo'), { provider: false });
    const heard: string[] = [];
    document.body.addEventListener('mcp-agent-tool-call', (e) => heard.push(`${e.call.name} ${e.call.status}`));
    await expect.poll(async () => (await modelContext.getTools()).map((t) => t.name), { timeout: 10_000 }).toContain('echo');
    const info = (await modelContext.getTools()).find((t) => t.name === 'echo')!;
    const raw = await modelContext.executeTool!(info, { message: 'from an agent' });
    expect(String(raw)).toContain('from an agent');
    const agentCard = () => shadow(chat).querySelector('[part="agent-call"]');
    await expect.poll(() => agentCard()?.querySelector('.agent-call-title')?.textContent).toMatch(/^A browser agent ran /);
    // The cards' style comes with their code (the WebMCP chunk): the line above the card is the small muted one.
    const title = agentCard()!.querySelector<HTMLElement>('.agent-call-title')!;
    expect(parseFloat(getComputedStyle(title).fontSize)).toBeCloseTo(parseFloat(getComputedStyle(agentCard()!).fontSize) * 0.8125, 1);
    await expect.poll(() => statusOf(agentCard()!.querySelector('mcp-tool-card')!)).toBe('Done');
    expect(heard).toEqual(['echo running', 'echo done']); // bubbles to the page
    // Not part of the conversation: nothing saved, nothing for the model.
    expect(chat.messages).toHaveLength(0);
    await openPanelFromMenu(chat, 'Servers');
    expect(shadow(chat).querySelector('[part="page-tools"]')?.textContent).toContain('echo');
    chat.server = undefined;
    await expect.poll(async () => (await modelContext.getTools()).map((t) => t.name), { timeout: 10_000 }).not.toContain('echo');
  });

  test('a published tool that is not read-only runs for a page script only once the person approves it in the chat; refused while the launcher is closed', async () => {
    // Any script on the page shares document.modelContext: it must not run a destructive server tool on its own.
    const chat = await mount((c) => c.setAttribute('publish-tools', 'delete-note'), { provider: false });
    await expect.poll(async () => (await modelContext.getTools()).map((t) => t.name), { timeout: 10_000 }).toContain('delete-note');
    const info = (await modelContext.getTools()).find((t) => t.name === 'delete-note')!;
    const settled: string[] = [];
    const call = (id: string) => modelContext.executeTool!(info, { id }).then((raw) => (settled.push(String(raw)), String(raw)));
    const agentCards = () => [...shadow(chat).querySelectorAll('[part="agent-call"]')];
    const last = () => agentCards().at(-1)!;
    const button = (part: string) =>
      last().querySelector('mcp-tool-card')!.shadowRoot!.querySelector<HTMLButtonElement>(`[part="${part}"]`);

    // Denied: the server tool never runs; the agent is told.
    const denied = call('agent-none-1');
    await expect.poll(() => last()?.querySelector('.agent-call-title')?.textContent).toMatch(/^A browser agent wants to run Delete note/);
    expect(statusOf(last().querySelector('mcp-tool-card')!)).toBe('Needs your approval');
    expect(button('always-button')).toBeNull(); // no "Always allow" for an agent
    expect(shadow(chat).activeElement).toBeNull(); // the question does not take focus
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toEqual([]); // waits for the person
    button('deny-button')!.click();
    expect(await denied).toContain('did not allow');
    expect(await denied).not.toContain('already gone');
    await expect.poll(() => statusOf(last().querySelector('mcp-tool-card')!)).toBe('Denied');

    // Approved: it runs on the server.
    const approved = call('agent-none-2');
    await expect.poll(() => button('approve-button')).toBeTruthy();
    button('approve-button')!.click();
    expect(await approved).toContain('Note agent-none-2 was already gone.');
    await expect.poll(() => statusOf(last().querySelector('mcp-tool-card')!)).toBe('Done');

    // A closed launcher: nobody could see the question, so the call is refused at once.
    chat.launcher = true;
    chat.open = false;
    await chat.updateComplete;
    const closed = await call('agent-none-3');
    expect(closed).toContain('the chat is closed');
    expect(closed).not.toContain('already gone');
    expect(chat.messages).toHaveLength(0);
  });

  test('the "/" palette lists page tools under the page\'s name and runs one from its form', async () => {
    document.title = 'Test Shop';
    const added: unknown[] = [];
    const chat = await mount(() => {}, { provider: false });
    await chat.registerTool(
      {
        name: 'add_to_cart',
        title: 'Add to cart',
        description: 'Adds a product to the cart.',
        inputSchema: { type: 'object', properties: { sku: { type: 'string', title: 'SKU' } }, required: ['sku'] },
        annotations: { readOnlyHint: false },
        execute: (input) => (added.push(input), `Added ${String(input.sku)}`),
      },
      { signal: withdrawable() },
    );
    const input = shadow(chat).querySelector('textarea')!;
    input.focus();
    await userEvent.keyboard('/add');
    await chat.updateComplete;
    const items = () => [...shadow(chat).querySelectorAll('[part="palette-item"]')];
    await expect
      .poll(() => items().map((i) => i.textContent!.replace(/\s+/g, ' ')))
      .toEqual(expect.arrayContaining([expect.stringContaining('Add to cart')]));
    const palette = shadow(chat).querySelector('[part="palette"]')!;
    expect(palette.textContent).toContain('Test Shop');
    await userEvent.click(items().find((i) => i.textContent!.includes('Add to cart'))!);
    const field = await expect
      .poll(() => shadow(chat).querySelector<HTMLInputElement>('.run-form input'))
      .toBeTruthy()
      .then(() => shadow(chat).querySelector<HTMLInputElement>('.run-form input')!);
    await userEvent.fill(field, 'B2');
    await userEvent.click(shadow(chat).querySelector('.run-form button[type=submit]')!);
    await expect.poll(() => added, { timeout: 10_000 }).toEqual([{ sku: 'B2' }]);
    await expect.poll(() => cards(chat).map(statusOf)).toEqual(['Done']);
    expect(cardLine(cards(chat)[0]!)).toContain('Test Shop');
  });

  test('a page tool named like a server tool: both get distinct names, each call runs its own, the server tool keeps its app view', async () => {
    document.title = 'Test Shop';
    const ran: unknown[] = [];
    const chat = await mount((c) => {
      c.sandboxUrl = inject('sandboxUrl');
      c.setAttribute('page-tools', '');
    });
    // The same name three times: the demo server's app tool, a registerTool tool and a WebMCP tool.
    await chat.registerTool(
      {
        name: 'counter-app',
        title: 'Page counter',
        description: 'The page has a counter too.',
        annotations: { readOnlyHint: true },
        execute: (input) => (ran.push(['registered', input]), 'page counter: 3'),
      },
      { signal: withdrawable() },
    );
    await modelContext.registerTool(
      {
        name: 'counter-app',
        title: 'WebMCP counter',
        description: 'Another counter.',
        annotations: { readOnlyHint: true },
        execute: () => (ran.push(['webmcp']), 'webmcp counter: 7'),
      },
      { signal: withdrawable() },
    );
    const counters = () => chat.serverSet.listTools().filter((t) => /counter-app(_\d+)?$/.test(t.name));
    await expect.poll(() => counters().length, { timeout: 10_000 }).toBe(3);
    const named = counters();
    const names = named.map((t) => t.name);
    expect(new Set(names).size).toBe(3);
    expect(names).not.toContain('counter-app');
    const serverName = named.find((t) => chat.serverSet.getTool(t.name)?.connection)!.name;
    const [registeredName, webmcpName] = named.filter((t) => !chat.serverSet.getTool(t.name)?.connection).map((t) => t.name);
    // Each page tool has its own "Always allow" key, apart from each other and from the server's.
    const keys = named.map((t) => t.key);
    expect(new Set(keys).size).toBe(3);
    const ends = turnEnds(chat);
    await typeAndSend(chat, `Counters [[tool:${serverName} {"steps":[]}]] [[tool:${registeredName} {"n":1}]] [[tool:${webmcpName}]]`);
    await ends.reach(1);
    // Each call ran its own tool.
    expect(ran).toEqual(expect.arrayContaining([['registered', { n: 1 }], ['webmcp']]));
    expect(ran).toHaveLength(2);
    const results = chat.messages.flatMap((m) => m.content).filter((b) => b.type === 'tool_result');
    expect(results.map((r) => (r.content[0] as { text?: string }).text)).toEqual(
      expect.arrayContaining(['page counter: 3', 'webmcp counter: 7']),
    );
    // The server tool's MCP App view is found under its own call (it was looked up by the hub's name before).
    const uses = chat.messages.flatMap((m) => m.content).filter((b) => b.type === 'tool_use');
    const serverUse = uses.find((b) => b.type === 'tool_use' && b.name === serverName)!;
    const views = () => deepAll<HTMLElement & { slot: string }>(shadow(chat), 'mcp-app-view');
    await expect
      .poll(() => views().map((v) => v.slot), { timeout: 15_000 })
      .toEqual([`tool-${serverUse.type === 'tool_use' ? serverUse.id : ''}`]);
  });
});
