// Sync faults, each against the reference server and a real PostgreSQL of
// their own (test/servers/sync-faults.ts): the server killed, a 500, a slow
// server, a push cut after the server committed it, PostgreSQL restarted, an
// expired token, a metadata conflict, hostile rows, an old checkpoint again.
// Nothing saved on the device is lost, and every failure is said in words.
import { afterAll, afterEach, beforeAll, expect, inject, test } from 'vitest';
import { CONFLICT_META_KEY } from '../../src/history/sync/engine.js';
import { closeDevices, device, say, syncUrls, texts, titles, tokenFor, upToDate } from './sync-support.js';

let server = '';
let proxy = '';
let pgStopped = false;
const fault = async (path: string) => {
  const r = await fetch(`${inject('syncFaultsUrl')}${path}`, { method: 'POST' });
  if (!r.ok) throw new Error(await r.text());
  return (await r.json()) as { server: string; proxy: string; consumed: boolean };
};

beforeAll(async () => {
  syncUrls(); // says how to install PostgreSQL when it is missing
  ({ server, proxy } = await fault('/start'));
});
afterEach(async () => {
  await closeDevices();
  await fault('/mode/pass');
  if (pgStopped) await fault('/pg/start');
  pgStopped = false;
});
afterAll(() => fault('/mode/pass'));

const person = () => `person-${crypto.randomUUID()}`;

async function written(label: string, title: string, lines: string[]) {
  const d = await device(label);
  const c = await d.store.createConversation({ title });
  for (const [i, line] of lines.entries()) await d.store.appendMessages(c.id, [say(i % 2 ? 'assistant' : 'user', line)]);
  return { d, c };
}

test('the server down: the device says it is offline with what waits, keeps everything, and sends it when the server is back', async () => {
  const token = await tokenFor(person());
  await fault('/server/kill');
  const { d, c } = await written('laptop', 'Written while the server was down', ['one', 'two']);
  const sync = await d.online(server, token);
  expect(sync.status).toMatchObject({ state: 'offline', waiting: 3 });
  expect(sync.status.state === 'offline' && sync.status.message).toMatch(/cannot be reached.*stay on this device/);
  expect(await texts(d.store, c.id)).toEqual(['one', 'two']);

  await fault('/server/restart');
  await sync.sync(); // Retry
  await upToDate(sync);
  const other = await device('phone');
  await upToDate(await other.online(server, token));
  expect(await texts(other.store, c.id)).toEqual(['one', 'two']);
});

test('a 500 and a slow server: failed or offline in words (the server text as text), nothing lost, then up to date', async () => {
  const token = await tokenFor(person());
  await fault('/mode/status500');
  const { d, c } = await written('laptop', 'Through a failing server', ['kept']);
  const sync = await d.online(proxy, token);
  expect(sync.status.state).toBe('failed');
  expect(sync.status.state === 'failed' && sync.status.message).toBe(
    'The sync server 127.0.0.1:' +
      new URL(proxy).port +
      ' answered with an error (HTTP 500). It said: “<b>Internal</b> failure” Your conversations stay on this device; Retry later.',
  );
  expect(sync.status.waiting).toBe(2);

  await fault('/mode/slow');
  sync.stop();
  const timed = await (
    await import('../../src/history/index.js')
  ).startSync(d.store, { server: proxy, token, name: `${d.name}-t`, timeout: 1000 });
  expect(timed.status.state).toBe('offline');
  expect(timed.status.state === 'offline' && timed.status.message).toMatch(/did not answer within 1 s/);
  timed.stop();

  await fault('/mode/pass');
  const again = await d.online(proxy, token);
  await upToDate(again);
  expect(await texts(d.store, c.id)).toEqual(['kept']);
});

test('a push cut after the server committed it is sent again and stored once', async () => {
  const token = await tokenFor(person());
  await fault('/mode/cut-push-once');
  const { d, c } = await written('laptop', 'Cut mid-push', ['q', 'a']);
  const sync = await d.online(proxy, token);
  // The cut push was written by the server, whose change notice made the device push again.
  await upToDate(sync);
  expect((await fault('/mode/pass')).consumed).toBe(true);
  await sync.sync();
  await upToDate(sync);
  const phone = await device('phone');
  await upToDate(await phone.online(server, token));
  expect(await texts(phone.store, c.id)).toEqual(['q', 'a']);
  const raw = await fetch(`${server}/pull?limit=1000`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.json());
  expect(raw.rows.filter((r: { kind: string }) => r.kind === 'message')).toHaveLength(2);
});

test('PostgreSQL restarted: writes wait with the reason said, then reach the other device live', async () => {
  const token = await tokenFor(person());
  const { d: laptop, c } = await written('laptop', 'Across a restart', ['before']);
  const laptopSync = await laptop.online(server, token);
  await upToDate(laptopSync);
  const phone = await device('phone');
  await upToDate(await phone.online(server, token));

  await fault('/pg/stop');
  pgStopped = true;
  await laptop.store.appendMessages(c.id, [say('assistant', 'during')]);
  await expect.poll(() => laptopSync.status).toMatchObject({ state: 'failed', waiting: 1 });
  expect(laptopSync.status.state === 'failed' && laptopSync.status.message).toMatch(/sync database is not reachable/);

  await fault('/pg/start');
  pgStopped = false;
  await laptopSync.sync(); // Retry
  await upToDate(laptopSync);
  await expect.poll(() => texts(phone.store, c.id)).toEqual(['before', 'during']);
  // Live again after the restart: the servers listen again.
  await laptop.store.appendMessages(c.id, [say('user', 'after')]);
  await expect.poll(() => texts(phone.store, c.id)).toEqual(['before', 'during', 'after']);
});

test('an expired token: the page is asked once more; a token refused twice is said and not asked again by itself', async () => {
  const who = person();
  const expired = await tokenFor(who, { exp: Math.floor(Date.now() / 1000) - 60 });
  const fresh = await tokenFor(who);
  let asked = 0;
  const { d } = await written('laptop', 'Token', ['hello']);
  const sync = await d.online(server, () => (++asked === 1 ? expired : fresh));
  await upToDate(sync);
  expect(asked).toBe(2);

  let refused = 0;
  const other = await device('other');
  const failing = await other.online(server, () => (refused++, expired));
  expect(failing.status).toMatchObject({ state: 'failed', kind: 'unauthorized' });
  expect(failing.status.state === 'failed' && failing.status.message).toMatch(/did not accept your sign-in.*Sign in again, then Retry/);
  expect(refused).toBe(2);
  await failing.sync(); // Retry asks once more, and once again on the 401
  expect(refused).toBe(4);
});

test('a rename on two devices at once: one title wins everywhere, the other is kept beside it', async () => {
  const token = await tokenFor(person());
  const { d: laptop, c } = await written('laptop', 'Original', []);
  const laptopSync = await laptop.online(server, token);
  await upToDate(laptopSync);
  const phone = await device('phone');
  const phoneSync = await phone.online(server, token);
  await upToDate(phoneSync);
  phoneSync.stop(); // the phone goes offline
  await phone.store.renameConversation(c.id, 'Renamed on the phone');
  await laptop.store.renameConversation(c.id, 'Renamed on the laptop');
  await laptopSync.sync();
  await upToDate(laptopSync);
  await upToDate(await phone.online(server, token));

  for (const d of [laptop, phone]) {
    await expect.poll(async () => (await d.store.getConversation(c.id))?.title).toBe('Renamed on the laptop');
    await expect
      .poll(async () => ((await d.store.getConversation(c.id))?.metadata[CONFLICT_META_KEY] as { title?: string } | undefined)?.title)
      .toBe('Renamed on the phone');
  }
});

test('hostile rows: claimed ids, malformed and huge rows are left out and said; markup in a title stays text', async () => {
  const token = await tokenFor(person());
  const { d: laptop, c } = await written('laptop', 'Mine', ['q1', 'a1']);
  await upToDate(await laptop.online(server, token));

  await fault('/mode/hostile');
  const phone = await device('phone');
  const notes: string[] = [];
  const phoneSync = await phone.online(proxy, token);
  phoneSync.addEventListener('note', (e) => notes.push((e as Event & { message: string }).message));
  await phoneSync.sync();
  expect(await texts(phone.store, c.id)).toEqual(['q1', 'a1']);
  expect(await titles(phone.store)).toEqual(['<img src=x onerror="window.__pwned=1">Plans', 'Mine']);
  expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  expect(notes.join(' ')).toMatch(/sent 7 rows that could not be used; they were left out/);

  // The laptop, sent its own ids with other content, changes nothing.
  const laptopHostile = await laptop.online(proxy, token);
  await laptopHostile.sync();
  expect(await texts(laptop.store, c.id)).toEqual(['q1', 'a1']);
});

test('an old checkpoint again: the same rows a second time add nothing', async () => {
  const token = await tokenFor(person());
  const { d: laptop, c } = await written('laptop', 'Replayed', ['x', 'y', 'z']);
  await upToDate(await laptop.online(server, token));
  await fault('/mode/replay');
  const phone = await device('phone');
  const phoneSync = await phone.online(proxy, token);
  await upToDate(phoneSync);
  await phoneSync.sync();
  await phoneSync.sync();
  expect(await texts(phone.store, c.id)).toEqual(['x', 'y', 'z']);
  expect(await titles(phone.store)).toEqual(['Replayed']);
});
