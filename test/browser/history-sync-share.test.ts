// Sharing a conversation by a read-only link (a grant kept by the reference
// server, revocable), against a real PostgreSQL (test/setup/sync.ts).
import { afterEach, expect, test } from 'vitest';
import { openShared, revokeShare, shareConversation, SyncError, type SharedView } from '../../src/history/index.js';
import { closeDevices, device, say, syncUrls, texts, titles, tokenFor, upToDate } from './sync-support.js';

const views: SharedView[] = [];
afterEach(async () => {
  for (const v of views.splice(0)) await v.close();
  await closeDevices();
});

test('a share link shows one conversation, live as it grows, and nothing else; it cannot write; revoked, it stops working', async () => {
  const [serverA, serverB] = syncUrls();
  const token = await tokenFor(`person-${crypto.randomUUID()}`);
  const laptop = await device('laptop');
  const shared = await laptop.store.createConversation({ title: 'Itinerary <img src=x onerror="window.__shared=1">' });
  await laptop.store.appendMessages(shared.id, [say('user', 'Plan three days'), say('assistant', 'Day 1: Alfama')]);
  const secret = await laptop.store.createConversation({ title: 'Private notes' });
  await laptop.store.appendMessages(secret.id, [say('user', 'not for anyone else')]);
  await upToDate(await laptop.online(serverA!, token));

  const link = await shareConversation({ server: serverA!, token, conversationId: shared.id });
  expect(link.url).toBe(`${serverA}/shared/${link.id}`);

  // Another browser, through the other server instance: no token at all.
  const view = await openShared(`${serverB}/shared/${link.id}`);
  views.push(view);
  expect(view.sync.status.state).toBe('up-to-date');
  expect(view.conversationId).toBe(shared.id);
  expect(await titles(view.store)).toEqual(['Itinerary <img src=x onerror="window.__shared=1">']);
  expect(await texts(view.store, shared.id)).toEqual(['Plan three days', 'Day 1: Alfama']);
  expect((window as { __shared?: number }).__shared).toBeUndefined();

  // Live: what the owner adds shows; the other conversation never does.
  await laptop.store.appendMessages(shared.id, [say('user', 'And day 2?')]);
  await laptop.store.appendMessages(secret.id, [say('user', 'still private')]);
  await expect.poll(() => texts(view.store, shared.id)).toEqual(['Plan three days', 'Day 1: Alfama', 'And day 2?']);
  expect(await titles(view.store)).toEqual(['Itinerary <img src=x onerror="window.__shared=1">']);

  // The link grants reading only: the sync endpoints refuse a request without the owner's token.
  const write = await fetch(`${serverB}/push`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rows: [] }),
  });
  expect(write.status).toBe(401);
  const sneak = await fetch(`${serverB}/shared/${link.id}/push`, { method: 'POST', body: '{}' });
  expect(sneak.status).toBe(404);

  // Revoked: the link stops working, said in words; what was shown stays.
  await revokeShare({ server: serverA!, token, id: link.id });
  await view.sync.sync();
  expect(view.sync.status).toMatchObject({ state: 'failed' });
  expect(view.sync.status.state === 'failed' && view.sync.status.message).toMatch(/This share link no longer works.*revoked/);
  expect(await texts(view.store, shared.id)).toEqual(['Plan three days', 'Day 1: Alfama', 'And day 2?']);
});

test("sharing is the owner's: another person's token cannot share or revoke it, an unsynced conversation is said", async () => {
  const [serverA] = syncUrls();
  const token = await tokenFor(`person-${crypto.randomUUID()}`);
  const laptop = await device('laptop');
  const c = await laptop.store.createConversation({ title: 'Mine' });
  await upToDate(await laptop.online(serverA!, token));
  const stranger = await tokenFor(`person-${crypto.randomUUID()}`);
  const refused = await shareConversation({ server: serverA!, token: stranger, conversationId: c.id }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(SyncError);
  expect((refused as SyncError).message).toMatch(/This conversation is not on the sync server yet/);

  const link = await shareConversation({ server: serverA!, token, conversationId: c.id });
  await revokeShare({ server: serverA!, token: stranger, id: link.id }); // not theirs: nothing happens
  const view = await openShared(`${serverA}/shared/${link.id}`);
  views.push(view);
  expect(await titles(view.store)).toEqual(['Mine']);
});
