import { afterEach, expect, inject, test } from 'vitest';
import '../../src/elements/mcp-chat/mcp-chat.js';
import { APP_VIEWS_META_KEY } from '../../src/elements/mcp-chat/apps/saved-views.js';
import { openHistory } from '../../src/history/idb-store.js';
import type { HistoryStore } from '../../src/history/index.js';
import { appViews, mountChatWithApps } from './chat-helpers.js';

// <mcp-chat> keeps what an app view keeps (its localStorage, its model
// context) with the tool call in the saved conversation (IndexedDB) and gives
// it back when the view is shown again: after a reload, in a reopened conversation.

afterEach(() => document.body.replaceChildren());

const mount = (store: HistoryStore, storageKey: string) =>
  mountChatWithApps({ server: inject('appStateUrl'), store, storageKey, provider: false }, 'app:state-app');
const views = appViews;

test("an app's state is saved with its call and given back after a reload and in a reopened conversation", async () => {
  const name = `chat-app-state-${Math.random()}`;
  const storageKey = `k-${Math.random()}`;
  const first = await mount(await openHistory({ name }), storageKey);
  await first.chat.runTool('notes-app', {});
  expect((await first.report('restored')).detail).toBeNull();
  expect((await first.report('saved')).detail).toBe(1);
  const conversationId = () => first.chat.session.conversation?.id;
  await expect.poll(conversationId).toBeTruthy();
  // Saved in the conversation (IndexedDB), under the call's id.
  const callId = views(first.chat)[0]!.toolUseId!;
  await expect
    .poll(
      async () => {
        const store = await openHistory({ name });
        const saved = (await store.getConversation(conversationId()!))?.metadata[APP_VIEWS_META_KEY] as
          Record<string, { state?: Record<string, string> }> | undefined;
        store.close();
        return saved?.[callId]?.state && Object.values(saved[callId].state!);
      },
      { timeout: 10_000 },
    )
    .toEqual(['{"count":1}']);
  first.chat.remove();

  // A reload: the same conversation opens, the view gets its state back.
  const second = await mount(await openHistory({ name }), storageKey);
  await expect.poll(() => views(second.chat).length, { timeout: 15_000 }).toBe(1);
  expect((await second.report('restored')).detail).toBe('{"count":1}');
  expect((await second.report('saved')).detail).toBe(2);
  await second.chat.session.saved();

  // Another conversation, then this one reopened: the latest state again.
  const id = second.chat.session.conversation!.id;
  await expect
    .poll(
      async () =>
        Object.values(
          (second.chat.session.conversation!.metadata[APP_VIEWS_META_KEY] as Record<string, { state: Record<string, string> }>)[callId]
            ?.state ?? {},
        ),
      { timeout: 10_000 },
    )
    .toEqual(['{"count":2}']);
  second.chat.newConversation();
  await expect.poll(() => views(second.chat).length).toBe(0);
  second.reports.length = 0;
  await second.chat.openConversation(id);
  await expect.poll(() => views(second.chat).length, { timeout: 15_000 }).toBe(1);
  expect((await second.report('restored')).detail).toBe('{"count":2}');
});
