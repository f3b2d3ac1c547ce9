import { afterEach, expect, test } from 'vitest';
import { openHistory } from '../../src/history/idb-store.js';
import { mountChat } from './chat-helpers.js';

// Issue 26 item 11: with no model, one message then a reload shows that message
// (the open conversation is remembered whatever created it).

afterEach(() => document.body.replaceChildren());

test('no model: one message, then a reload, shows the message again', async () => {
  const name = `remember-${Math.random()}`;
  const storageKey = `k-${Math.random()}`;
  const first = await mountChat({ provider: false, store: await openHistory({ name }), storageKey });
  await first.send('Remember me');
  await first.session.saved();
  expect(first.session.conversation?.id).toBeTruthy();
  // A reload right away: nothing else repainted the chat after the save.
  first.remove();
  const second = await mountChat({ provider: false, store: await openHistory({ name }), storageKey });
  await expect.poll(() => JSON.stringify(second.messages), { timeout: 10_000 }).toContain('Remember me');
});

test('no model, the default store: a message sent at once, then a reload, shows the message again', async () => {
  const storageKey = `k-${Math.random()}`;
  const mount = () => {
    const chat = document.createElement('mcp-chat');
    chat.storageKey = storageKey;
    document.body.append(chat);
    return chat;
  };
  const first = mount();
  await first.updateComplete;
  await first.send('Remember me too');
  await expect.poll(() => first.chatStore, { timeout: 10_000 }).toBeTruthy();
  await first.session.saved();
  first.remove();
  const second = mount();
  await expect.poll(() => JSON.stringify(second.messages), { timeout: 10_000 }).toContain('Remember me too');
});
