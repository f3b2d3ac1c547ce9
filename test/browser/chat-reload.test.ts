import { afterEach, describe, expect, test } from 'vitest';
import { openHistory } from '../../src/history/idb-store.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import { mountChat } from './chat-helpers.js';

// Issue 12 §10 (part): a conversation started with no model is reopened after a reload (real IndexedDB).

afterEach(() => document.body.replaceChildren());

describe('<mcp-chat> across reloads', () => {
  test('a conversation started with no model is reopened after a reload', async () => {
    const name = `reload-${Math.random()}`;
    const storageKey = `k-${Math.random()}`;
    const first = await mountChat({ provider: false, store: await openHistory({ name }), storageKey });
    await first.send('a note to self');
    await first.session.saved();
    expect(first.session.conversation).toBeDefined();
    first.remove();
    const second = document.createElement('mcp-chat');
    second.store = await openHistory({ name });
    second.storageKey = storageKey;
    document.body.append(second);
    await expect.poll(() => second.messages.map((m) => m.content[0]), { timeout: 5000 }).toEqual([{ type: 'text', text: 'a note to self' }]);
  });
});
