// Sync across devices against the reference server (two instances, each its
// own process) and a real PostgreSQL (test/setup/sync.ts). Each device is a
// history database of its own with a sync state of its own, as two browsers of
// one person would have.
import { afterEach, expect, test } from 'vitest';
import { foldBranches, REPLACES_META_KEY } from '../../src/elements/mcp-chat/conversation/conversation-branches.js';
import { allMessages, closeDevices, device, say, syncUrls, texts, titles, tokenFor, upToDate } from './sync-support.js';

afterEach(closeDevices);

const person = () => `person-${crypto.randomUUID()}`;

test('two devices of one person written offline show every message of both once online, in order, branches kept; another person sees none', async () => {
  const [serverA, serverB] = syncUrls();
  const token = await tokenFor(person());
  const laptop = await device('laptop');
  const phone = await device('phone');

  // Offline: each device writes, including an edit and a regenerate (new branches).
  const trip = await laptop.store.createConversation({ title: 'Trip to Lisbon' });
  await laptop.store.appendMessages(trip.id, [say('user', 'Plan three days'), say('assistant', 'Day 1: Alfama')]);
  await laptop.store.appendMessages(trip.id, [say('assistant', 'Day 1: Belém (regenerated)', { [REPLACES_META_KEY]: 1 })]);
  await laptop.store.appendMessages(trip.id, [say('user', 'And day 2?'), say('assistant', 'Day 2: Sintra')]);
  const soup = await phone.store.createConversation({ title: 'Soup' });
  await phone.store.appendMessages(soup.id, [say('user', 'Leek soup for 4'), say('assistant', 'You need 3 leeks')]);
  await phone.store.appendMessages(soup.id, [say('user', 'Leek soup for 6 (edited)', { [REPLACES_META_KEY]: 0 }), say('assistant', 'You need 5 leeks')]);

  // Online, each against its own server instance (one PostgreSQL behind both).
  const laptopSync = await laptop.online(serverA!, token);
  const phoneSync = await phone.online(serverB!, token);
  await upToDate(laptopSync);
  await upToDate(phoneSync);

  for (const d of [laptop, phone]) await expect.poll(() => titles(d.store)).toEqual(['Soup', 'Trip to Lisbon']);
  const tripTexts = ['Plan three days', 'Day 1: Alfama', 'Day 1: Belém (regenerated)', 'And day 2?', 'Day 2: Sintra'];
  const soupTexts = ['Leek soup for 4', 'You need 3 leeks', 'Leek soup for 6 (edited)', 'You need 5 leeks'];
  for (const d of [laptop, phone]) {
    await expect.poll(() => texts(d.store, trip.id)).toEqual(tripTexts);
    await expect.poll(() => texts(d.store, soup.id)).toEqual(soupTexts);
  }
  // The branches fold the same way on both: the visible conversation is the same.
  const visible = async (d: typeof laptop, id: string) => foldBranches(await allMessages(d.store, id)).map((m) => (m.content[0] as { text: string }).text);
  expect(await visible(phone, trip.id)).toEqual(['Plan three days', 'Day 1: Belém (regenerated)', 'And day 2?', 'Day 2: Sintra']);
  expect(await visible(laptop, soup.id)).toEqual(['Leek soup for 6 (edited)', 'You need 5 leeks']);
  expect(await visible(laptop, trip.id)).toEqual(await visible(phone, trip.id));

  // Nothing was pushed back twice: each server row arrived once on each device.
  expect((await allMessages(laptop.store, soup.id)).length).toBe(4);
  expect((await allMessages(phone.store, trip.id)).length).toBe(5);

  // A third context with another person's token sees none of it.
  const stranger = await device('stranger');
  const strangerSync = await stranger.online(serverA!, await tokenFor(person()));
  await upToDate(strangerSync);
  expect(await titles(stranger.store)).toEqual([]);
  const raw = await fetch(`${serverB}/pull?checkpoint=0`, { headers: { Authorization: `Bearer ${await tokenFor(person())}` } }).then((r) => r.json());
  expect(raw.rows).toEqual([]);
});

test('a message written on one online device shows on the other, through the other server instance, within 2 s', async () => {
  const [serverA, serverB] = syncUrls();
  const token = await tokenFor(person());
  const laptop = await device('laptop');
  const phone = await device('phone');
  const c = await laptop.store.createConversation({ title: 'Live' });
  await laptop.store.appendMessages(c.id, [say('user', 'first')]);
  const laptopSync = await laptop.online(serverA!, token);
  const phoneSync = await phone.online(serverB!, token);
  await upToDate(laptopSync);
  await expect.poll(() => texts(phone.store, c.id)).toEqual(['first']);
  await upToDate(phoneSync);

  // Control: the same phone asking the server itself (a push and a pull), measured now.
  let started = performance.now();
  await phoneSync.sync();
  const control = performance.now() - started;

  const arrived = new Promise<number>((resolve) => {
    phone.store.addEventListener('change', (e) => {
      if (e.change.type === 'messages') resolve(performance.now());
    });
  });
  started = performance.now();
  await laptop.store.appendMessages(c.id, [say('assistant', 'second')]);
  const latency = (await arrived) - started;
  expect(await texts(phone.store, c.id)).toEqual(['first', 'second']);
  // 2 s, or on a busy machine a few of the phone's own round trips.
  expect(latency).toBeLessThan(Math.max(2000, control * 6));
});

test('rename and delete travel: a rename as a new revision, a delete as a tombstone', async () => {
  const [serverA, serverB] = syncUrls();
  const token = await tokenFor(person());
  const laptop = await device('laptop');
  const phone = await device('phone');
  const keep = await laptop.store.createConversation({ title: 'Keep me' });
  const drop = await laptop.store.createConversation({ title: 'Drop me' });
  await laptop.store.appendMessages(drop.id, [say('user', 'bye')]);
  const laptopSync = await laptop.online(serverA!, token);
  await upToDate(laptopSync);
  await phone.online(serverB!, token);
  await expect.poll(() => titles(phone.store)).toEqual(['Drop me', 'Keep me']);

  await phone.store.renameConversation(keep.id, 'Kept, renamed on the phone');
  await laptop.store.deleteConversation(drop.id);
  await expect.poll(() => titles(phone.store)).toEqual(['Kept, renamed on the phone']);
  await expect.poll(() => titles(laptop.store)).toEqual(['Kept, renamed on the phone']);
});
