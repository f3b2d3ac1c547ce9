import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import '../../src/elements/mcp-chat/mcp-chat.js';

// Issue 17 goal 2: the chat shows a server's tools as soon as it has listed
// them; its prompts and resources fill in when they answer, and a server
// whose prompts/list and resources/list are slow still shows its tools at once.
// Issue 42: its chip says "connected" from then on too (the connection itself
// reports `connected` once the other catalogs are in).

afterEach(() => document.body.replaceChildren());

const root = (chat: McpChat) => chat.shadowRoot!;
const emptyText = (chat: McpChat) => root(chat).querySelector('[part="empty-state"]')?.textContent?.replace(/\s+/g, ' ') ?? '';
const statusLabel = (chat: McpChat) => root(chat).querySelector('[part~="server-status"]')?.getAttribute('aria-label') ?? '';
const starters = (chat: McpChat) => [...root(chat).querySelectorAll('[part="starter"]')].map((b) => b.querySelector('strong')?.textContent);
const entries = (chat: McpChat) => [...root(chat).querySelectorAll<HTMLElement>('[part="palette-item"] strong')].map((e) => e.textContent);

/** A fetch that holds the server's prompts/list and resources/list answers until `release()`. */
function holdingLists() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const fetcher: typeof fetch = async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    if (/"method":"(prompts|resources)\/list"/.test(body)) await gate;
    return fetch(input, init);
  };
  return { fetch: fetcher, release };
}

describe('<mcp-chat> shows tools before the other catalogs', () => {
  test('slow prompts and resources: "Connected to … with N tools" and the palette at once, the prompts when they come', async () => {
    const hold = holdingLists();
    const chat = document.createElement('mcp-chat');
    chat.servers = [{ url: inject('demoUrl'), fetch: hold.fetch }];
    chat.store = createMemoryHistory();
    chat.storageKey = `t-${Math.random()}`;
    // Seen at each render (not by polling, which a busy machine can make late): the tools
    // shown and the chip saying connected while the connection is still loading the prompts
    // (no starters yet).
    let toolsWhileConnecting = false;
    const watch = new MutationObserver(() => {
      if (
        /Connected to .+ with \d+ tools\./.test(emptyText(chat)) &&
        /: connected$/.test(statusLabel(chat)) &&
        chat.serverSet.connections[0]?.state === 'connecting' &&
        starters(chat).length === 0
      )
        toolsWhileConnecting = true;
    });
    document.body.append(chat);
    watch.observe(chat.shadowRoot!, { subtree: true, childList: true, characterData: true, attributes: true });
    try {
      await expect.poll(() => toolsWhileConnecting, { timeout: 15_000 }).toBe(true);
      watch.disconnect();

      // The tools can be picked from the palette already.
      const input = root(chat).querySelector<HTMLTextAreaElement>('textarea')!;
      input.focus();
      await userEvent.keyboard('/echo');
      await expect.poll(() => entries(chat)).toContain('Echo');

      hold.release();
      await expect.poll(() => chat.serverSet.connections[0]?.state, { timeout: 15_000 }).toBe('connected');
      expect(statusLabel(chat)).toMatch(/: connected$/);
      // The demo server's prompts become the empty state's suggestions.
      await userEvent.keyboard('{Escape}');
      input.value = '';
      input.dispatchEvent(new Event('input'));
      await expect.poll(() => starters(chat).length, { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      hold.release();
    }
  });
});
