// Sync across devices against the reference server (two instances, each its
// own process) and a real PostgreSQL (test/setup/sync.ts). Each device is a
// history database of its own with a sync state of its own, in one page. The
// main test, devices as two browser contexts and tabs as two pages of one, is
// test/e2e/sync-devices.spec.ts.
import { afterEach, expect, test } from 'vitest';
import { TIMED, timeBound } from './long-tasks.js';
import { closeDevices, device, say, syncUrls, texts, titles, tokenFor, upToDate } from './sync-support.js';

afterEach(closeDevices);

const person = () => `person-${crypto.randomUUID()}`;

test('a message written on one online device shows on the other, through the other server instance, within 2 s', TIMED, async () => {
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
  expect(latency, timeBound(`arrival; a round trip of the phone's own ${Math.round(control)} ms`)).toBeLessThan(
    Math.max(2000, control * 6),
  );
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
