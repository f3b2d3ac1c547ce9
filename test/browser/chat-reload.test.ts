import { afterEach, describe, expect, test } from 'vitest';
import { openHistory } from '../../src/history/idb-store.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import { fakeProvider, mountChat, shadow, typeAndSend } from './chat-helpers.js';
import { foldBranches } from '../../src/elements/mcp-chat/conversation/conversation-branches.js';

// Issue 12 §10: a conversation started with no model is reopened after a reload, and a reload mid-answer keeps the partial answer (real IndexedDB).

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
    await expect
      .poll(() => second.messages.map((m) => m.content[0]), { timeout: 5000 })
      .toEqual([{ type: 'text', text: 'a note to self' }]);
  });

  test('a reload mid-answer keeps the partial answer, marked interrupted, and the next turn works', async () => {
    const name = `reload-${Math.random()}`;
    const storageKey = `k-${Math.random()}`;
    const store = await openHistory({ name });
    const first = await mountChat({ store, storageKey });
    const words = Array.from({ length: 40 }, (_, i) => `w${i + 1}`).join(' ');
    await typeAndSend(first, `${words} [[slow:150]]`);
    // The page goes away while the answer streams: what was saved by then is all a reload finds.
    const savedPartial = async () => {
      const id = first.session.conversation?.id;
      const stored = id ? await store.loadLast(id, 10) : [];
      return stored.some(
        (m) => m.role === 'assistant' && (m._meta as Record<string, unknown> | undefined)?.['mcp-elements/interrupted'] === true,
      );
    };
    await expect.poll(savedPartial, { timeout: 10_000 }).toBe(true);
    expect(first.session.busy).toBe(true);
    first.remove();
    // As after a reload: the old page's writes are done before the new page opens the store.
    await first.session.saved();
    const second = document.createElement('mcp-chat');
    second.store = await openHistory({ name });
    second.storageKey = storageKey;
    second.provider = fakeProvider();
    document.body.append(second);
    await expect.poll(() => second.messages.length, { timeout: 5000 }).toBe(2);
    const answer = second.messages[1]!;
    expect(answer.role).toBe('assistant');
    expect(answer.content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/^Echo: w1 w2/) });
    await second.updateComplete;
    await expect
      .poll(() => shadow(second).querySelector('[part~="interrupted-note"]')?.textContent?.trim())
      .toBe('This answer was interrupted before it finished.');
    // The provider gets a valid history: the next turn answers.
    await second.send('and now?');
    await expect.poll(() => second.messages.at(-1)?.content[0], { timeout: 10_000 }).toEqual({ type: 'text', text: 'Echo: and now?' });
    await second.session.saved();
    const stored = await store.loadLast(second.session.conversation!.id, 20);
    expect(foldBranches(stored).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  test('a finished answer replaces its partial saves: the conversation holds it once, not marked interrupted', async () => {
    const store = await openHistory({ name: `reload-${Math.random()}` });
    const chat = await mountChat({ store });
    await typeAndSend(chat, 'a b c d e f g h i j k l m n o [[slow:150]]');
    await expect.poll(() => chat.session.busy, { timeout: 10_000 }).toBe(true);
    await expect.poll(() => chat.session.busy, { timeout: 15_000 }).toBe(false);
    await chat.session.saved();
    const stored = await store.loadLast(chat.session.conversation!.id, 20);
    expect(stored.some((m) => (m._meta as Record<string, unknown> | undefined)?.['mcp-elements/interrupted'])).toBe(true);
    const visible = foldBranches(stored);
    expect(visible.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(visible[1]!.content).toEqual([{ type: 'text', text: 'Echo: a b c d e f g h i j k l m n o' }]);
    expect((visible[1]!._meta as Record<string, unknown> | undefined)?.['mcp-elements/interrupted']).toBeUndefined();
    expect(shadow(chat).querySelector('[part~="interrupted-note"]')).toBeNull();
  });
});
