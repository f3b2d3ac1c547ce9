import { afterEach, describe, expect, inject, test } from 'vitest';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import '../../src/elements/mcp-chat/mcp-chat.js';

// Issue 42: twenty servers connecting change state and catalogs about a
// hundred times, each change in a task of its own (a response arriving). The
// chat draws those changes once per animation frame, not once per change: it
// counts its own updates against the frames the page produced meanwhile and
// the changes the hub reported (work counted, not time). The real demo server,
// twenty connections to it (each its own address: a query string).

afterEach(() => document.body.replaceChildren());

const chips = (chat: McpChat) => [...chat.shadowRoot!.querySelectorAll('[part~="server-status"]:not([part~="server-count"])')];

describe('<mcp-chat> with twenty servers', () => {
  test('draws once per frame while they connect, not once per change', async () => {
    const chat = document.createElement('mcp-chat');
    chat.servers = Array.from({ length: 20 }, (_, i) => `${inject('demoUrl')}?server=${i + 1}`);
    chat.store = createMemoryHistory();
    chat.storageKey = `t-${Math.random()}`;
    document.body.append(chat);
    await chat.updateComplete;

    let updates = 0;
    /** Updates between one frame and the next, most seen. */
    let inFrame = 0;
    let mostInFrame = 0;
    const performUpdate = chat['performUpdate'].bind(chat);
    chat['performUpdate'] = () => {
      updates++;
      mostInFrame = Math.max(mostInFrame, ++inFrame);
      return performUpdate();
    };
    let frames = 0;
    let counting = true;
    const frame = () => {
      frames++;
      inFrame = 0;
      if (counting) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    let changes = 0;
    const countChange = () => changes++;
    await expect.poll(() => chat.serverSet.hub, { timeout: 15_000 }).toBeTruthy();
    chat.serverSet.hub!.addEventListener('mcp-hub-change', countChange);

    try {
      await expect
        .poll(() => chips(chat).length === 20 && chips(chat).every((c) => c.classList.contains('connected')), { timeout: 30_000 })
        .toBe(true);
      counting = false;
      // Every server's tools, connected state and catalogs: at least five changes each.
      await expect.poll(() => chat.serverSet.connections.every((c) => c.state === 'connected'), { timeout: 15_000 }).toBe(true);
      expect(changes).toBeGreaterThanOrEqual(100);
      // One update per frame at most (two where another part of the chat asked for one), far fewer than
      // the changes (before: 118 updates for 117 changes, up to 21 between two frames).
      expect(updates).toBeLessThanOrEqual(frames + 1);
      expect(mostInFrame).toBeLessThanOrEqual(2);
      expect(updates).toBeLessThan(changes / 2);
    } finally {
      counting = false;
      chat.serverSet.hub?.removeEventListener('mcp-hub-change', countChange);
    }
  });
});
