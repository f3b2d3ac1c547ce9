import { afterEach, describe, expect, inject, test } from 'vitest';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import '../../src/elements/mcp-chat/mcp-chat.js';

// Issue 42: twenty servers connecting change state and catalogs about a
// hundred times. The chat draws the changes of one frame once, not once per
// change: the twenty servers' `tools/list` answers are held (read whole, then
// kept) and handed to the SDK at the same moment, so their twenty changes
// come in one burst; the chat's updates are counted from then until every
// server's tools are in and a frame has been drawn (work counted, not time).
// Before: more than one update per change (52 here; 118 for the 117 changes
// of a whole connect). The real demo server, twenty connections to it (each its
// own address: a query string).

afterEach(() => document.body.replaceChildren());

const chips = (chat: McpChat) => [...chat.shadowRoot!.querySelectorAll('[part~="server-status"]:not([part~="server-count"])')];
const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

describe('<mcp-chat> with twenty servers', () => {
  test('twenty tool lists arriving at once are drawn in one update, and every chip says connected', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    const holdTools: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (typeof init?.body !== 'string' || !init.body.includes('"tools/list"')) return response;
      const text = await response.text();
      held++;
      await gate;
      return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
    const chat = document.createElement('mcp-chat');
    chat.servers = Array.from({ length: 20 }, (_, i) => ({ url: `${inject('demoUrl')}?server=${i + 1}`, fetch: holdTools }));
    chat.store = createMemoryHistory();
    chat.storageKey = `t-${Math.random()}`;
    document.body.append(chat);
    let updates = 0;
    const performUpdate = chat['performUpdate'].bind(chat);
    chat['performUpdate'] = () => {
      updates++;
      return performUpdate();
    };
    try {
      await expect.poll(() => held, { timeout: 30_000 }).toBe(20);
      await frame();
      expect(chat.serverSet.connections.some((c) => c.toolsReady)).toBe(false);
      const before = updates;
      release();
      await expect.poll(() => chat.serverSet.connections.every((c) => c.toolsReady), { timeout: 15_000 }).toBe(true);
      await frame();
      // One update per frame: the burst is drawn in one or two (the SDK's reading of the twenty answers can
      // span a few frames on a busy machine), not once per change (before: 52 updates here).
      expect(updates - before).toBeLessThan(10);
      expect(chips(chat)).toHaveLength(20);
      expect(chips(chat).every((c) => c.classList.contains('connected'))).toBe(true);
    } finally {
      release();
    }
  });

  test("a render names each server once: its chip's name, accessible name and tooltip, and the count's, from one lookup", async () => {
    const chat = document.createElement('mcp-chat');
    chat.servers = Array.from({ length: 20 }, (_, i) => `${inject('demoUrl')}?server=${i + 1}`);
    chat.store = createMemoryHistory();
    chat.storageKey = `t-${Math.random()}`;
    document.body.append(chat);
    await expect.poll(() => chips(chat).filter((c) => c.classList.contains('connected')).length, { timeout: 30_000 }).toBe(20);
    await frame();
    const set = chat.serverSet;
    const nameOf = set.nameOf.bind(set);
    let named = 0;
    set.nameOf = (c) => {
      named++;
      return nameOf(c);
    };
    chat.requestUpdate();
    await chat.updateComplete;
    // Once a server for the header and once for the empty state's "Connected to …". Before: the header
    // named each five times (the chip's name, label and title, the count's label and title): 120 in all.
    expect(named).toBe(40);
    const count = chat.shadowRoot!.querySelector('[part="server-count"]')!;
    const first = chips(chat)[0]!;
    expect(first.getAttribute('aria-label')).toMatch(/^MCP Elements demo server \(127\.0\.0\.1:\d+\): connected$/);
    expect(count.getAttribute('aria-label')).toContain(first.getAttribute('aria-label'));
    expect(count.getAttribute('title')!.split('\n')).toHaveLength(20);
    expect(count.getAttribute('title')!.split('\n')[0]).toBe(first.getAttribute('title'));
  });
});
