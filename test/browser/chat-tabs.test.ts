import { afterEach, describe, expect, inject, test } from 'vitest';
import { openHistory } from '../../src/history/idb-store.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { mountChat } from './chat-helpers.js';

// Issue 12 §11: two open tabs (two connections to one IndexedDB database) follow each other's appends live.

afterEach(() => document.body.replaceChildren());

const texts = (chat: McpChat) => chat.messages.map((m) => (m.content[0] as { text: string }).text);

describe('<mcp-chat> in two tabs', () => {
  test("the other tab's new messages appear without a reload", async () => {
    const name = `tabs-${Math.random()}`;
    const storageKey = `k-${Math.random()}`;
    const a = await mountChat({ provider: false, store: await openHistory({ name }), storageKey });
    await a.send('first from A');
    await a.session.saved();
    // The second tab opens the same conversation (remembered under the same storage-key).
    const b = document.createElement('mcp-chat');
    b.server = inject('demoUrl');
    b.store = await openHistory({ name });
    b.storageKey = storageKey;
    document.body.append(b);
    await expect.poll(() => texts(b), { timeout: 5000 }).toEqual(['first from A']);
    await a.send('second from A');
    await a.session.saved();
    await expect.poll(() => texts(b), { timeout: 5000 }).toEqual(['first from A', 'second from A']);
    // And the other way round.
    await b.send('reply from B');
    await expect.poll(() => texts(a), { timeout: 5000 }).toEqual(['first from A', 'second from A', 'reply from B']);
  });
});
