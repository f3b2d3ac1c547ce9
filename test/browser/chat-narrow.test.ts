import { afterAll, afterEach, describe, expect, inject, test } from 'vitest';
import { page } from 'vitest/browser';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { shadow } from './chat-helpers.js';

// Issue 21 §4: at 390x844, inline and in the launcher, the empty state is not
// clipped at the top, and the header names the servers (or says how many, with
// their names to assistive tech), not bare status dots.

afterEach(() => document.body.replaceChildren());
// The other files run in the default frame (414x896).
afterAll(() => page.viewport(414, 896));

const frames = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
};

/** A chat with no model (the tallest empty state: starters and how to choose a model) on `servers`, connected. */
async function mount(
  servers: string[],
  options: { launcher?: boolean; height?: string; viewport?: [number, number] } = {},
): Promise<McpChat> {
  await page.viewport(...(options.viewport ?? [390, 844]));
  const chat = document.createElement('mcp-chat');
  chat.servers = servers;
  chat.store = createMemoryHistory();
  chat.storageKey = `t-${Math.random()}`;
  if (options.height) chat.style.setProperty('--mcp-chat-height', options.height);
  if (options.launcher) Object.assign(chat, { launcher: true, open: true });
  document.body.append(chat);
  await expect
    .poll(() => chat.serverSet.connections.filter((c) => c.state === 'connected').length, { timeout: 15_000 })
    .toBe(servers.length);
  // The demo server's prompts are the starters: the empty state has its full height.
  await expect.poll(() => shadow(chat).querySelectorAll('[part="starter"]').length, { timeout: 10_000 }).toBeGreaterThan(0);
  await chat.updateComplete;
  await frames(3);
  return chat;
}

/** The empty state's top edge is inside the conversation's scrolling box (nothing of it is scrolled away above). */
function emptyStateTop(chat: McpChat) {
  const list = shadow(chat).querySelector<HTMLElement>('[part="message-list"]')!;
  const empty = shadow(chat).querySelector<HTMLElement>('[part="empty-state"]')!;
  return {
    overflows: list.scrollHeight > list.clientHeight,
    scrollTop: list.scrollTop,
    gap: empty.getBoundingClientRect().top - list.getBoundingClientRect().top,
  };
}

describe('a narrow chat (390x844)', () => {
  test('inline, a chat shorter than its empty state shows the empty state from its top', async () => {
    const chat = await mount([inject('demoUrl')], { height: '420px' });
    const seen = emptyStateTop(chat);
    // The empty state is taller than the list (else the test proves nothing), and it starts at the top.
    expect(seen.overflows).toBe(true);
    expect(seen.scrollTop).toBe(0);
    expect(seen.gap).toBeGreaterThanOrEqual(0);
  });

  test('in the launcher of a wide, short page, the empty state is not clipped at the top', async () => {
    // At 390 px the launcher's panel fills the screen; on a wide page it is a 400 px panel at most the viewport's height less 112 px.
    const chat = await mount([inject('demoUrl')], { launcher: true, viewport: [1280, 520] });
    const seen = emptyStateTop(chat);
    expect(seen.overflows).toBe(true);
    expect(seen.gap).toBeGreaterThanOrEqual(0);
  });

  test('the header names its one server in words, not only a dot', async () => {
    const chat = await mount([inject('demoUrl')]);
    const chip = shadow(chat).querySelector<HTMLElement>('[part~="server-status"]')!;
    const name = chip.querySelector<HTMLElement>('.name')!;
    expect(name.textContent!.trim()).toBe(chat.serverSet.nameOf(chat.serverSet.connections[0]!));
    expect(name.getBoundingClientRect().width).toBeGreaterThan(20);
  });

  test('at 390 px with a title, several servers and a long model name, "2 servers" is shown whole and the model yields', async () => {
    const chat = await mount([inject('demoUrl'), inject('everythingUrl')]);
    chat.insertAdjacentHTML('beforeend', '<span slot="title">Demo chat</span>');
    chat.model = 'Llama 3.2 3B Instruct Q4_K_M';
    await chat.updateComplete;
    await frames(2);
    const name = shadow(chat).querySelector<HTMLElement>('[part~="server-count"] .name')!;
    expect(name.textContent!.trim()).toBe('2 servers');
    expect(name.scrollWidth).toBeLessThanOrEqual(name.clientWidth);
    const model = shadow(chat).querySelector<HTMLElement>('[part="model"] .model-name')!;
    expect(model.getBoundingClientRect().width).toBeGreaterThan(20);
  });

  test('at 390 px with a title, several servers and the on-device model, the header icon buttons keep their size and nothing spills out', async () => {
    const chat = await mount([inject('demoUrl'), inject('everythingUrl')]);
    chat.insertAdjacentHTML('beforeend', '<span slot="title">Demo chat</span>');
    chat.model = 'On-device model';
    await chat.updateComplete;
    await frames(2);
    const root = shadow(chat);
    // Squeezed, the New conversation button was 19 px wide: its icon spilled out of a target too small to hit.
    for (const button of root.querySelectorAll<HTMLElement>('header .icon-button')) {
      expect(button.getBoundingClientRect().width, button.getAttribute('aria-label')!).toBeGreaterThanOrEqual(36);
    }
    // The model's name still shows some of its words.
    expect(root.querySelector<HTMLElement>('[part="model"] .model-name')!.getBoundingClientRect().width).toBeGreaterThan(40);
    // The title keeps its words, and nothing spills out of the header.
    expect(root.querySelector<HTMLElement>('[part="title"]')!.getBoundingClientRect().width).toBeGreaterThan(60);
    const header = root.querySelector('header')!;
    expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth);
  });

  test('in the launcher, several servers are "2 servers" in words, naming each to assistive tech and opening the Servers panel', async () => {
    const chat = await mount([inject('demoUrl'), inject('everythingUrl')], { launcher: true });
    const count = shadow(chat).querySelector<HTMLElement>('[part~="server-count"]');
    expect(count).not.toBeNull();
    expect(count!.getBoundingClientRect().width).toBeGreaterThan(20);
    expect(count!.textContent!.trim()).toBe('2 servers');
    const names = chat.serverSet.connections.map((c) => chat.serverSet.nameOf(c));
    for (const name of names) expect(count!.getAttribute('aria-label')).toContain(name);
    // The chips of each server are not shown as bare dots beside it.
    for (const chip of shadow(chat).querySelectorAll<HTMLElement>('[part~="server-status"]:not([part~="server-count"])'))
      expect(chip.getBoundingClientRect().width).toBe(0);
    count!.click();
    await chat.updateComplete;
    expect(chat.panel).toBe('servers');
  });
});

describe('a wide chat (1280x800)', () => {
  test('with a title, two servers and the on-device model, each server chip shows its whole name', async () => {
    const chat = await mount([inject('demoUrl'), inject('everythingUrl')], { viewport: [1280, 800] });
    chat.insertAdjacentHTML('beforeend', '<span slot="title">Demo chat</span>');
    chat.model = 'On-device model';
    await chat.updateComplete;
    await frames(2);
    // With half the header empty, the names were cut: "MCP Elements demo…", "Everything Referenc…".
    const names = [...shadow(chat).querySelectorAll<HTMLElement>('header .server-status:not(.server-count) .name')];
    expect(names.map((n) => n.textContent!.trim())).toEqual(['MCP Elements demo server', 'Everything Reference Server']);
    for (const name of names) expect(name.scrollWidth, name.textContent!).toBeLessThanOrEqual(name.clientWidth);
  });
});
