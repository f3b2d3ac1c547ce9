// Sync as people have it: devices are browser contexts of their own (each its
// own IndexedDB), tabs are pages of one context (one IndexedDB, one Web Lock
// space), against two reference sync servers (each `node server.mjs`, its own
// process) and a real PostgreSQL. A proxy in front of the first server counts
// what each push carried.
import { createServer, request, type Server } from 'node:http';
import { expect, test, type Browser, type Page } from '@playwright/test';
// @ts-expect-error plain JS: the reference server as sites run it
import { signToken } from '../../examples/sync-server/server.mjs';
import { startPostgres, type RunningPostgres } from '../servers/postgres.js';
import { startSyncServerProcess, type SyncServerProcess } from '../servers/sync-servers.js';

const root = process.cwd();
const secret = `secret-${Math.random().toString(36).slice(2)}`;
const token = (sub: string): string => signToken(secret, { sub });
const person = () => `person-${Math.random().toString(36).slice(2)}`;

let postgres: RunningPostgres | undefined;
const servers: SyncServerProcess[] = [];
let proxy: Server | undefined;
let proxyUrl = '';
/** Every row each push through the proxy carried: `kind:id`. */
const pushed: string[] = [];

test.beforeAll(async () => {
  postgres = await startPostgres();
  for (let i = 0; i < 2; i++) servers.push(await startSyncServerProcess({ databaseUrl: postgres.url, secret }));
  const target = servers[0]!;
  proxy = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const body = Buffer.concat(parts);
      if (req.method === 'POST' && req.url?.startsWith('/push')) {
        const rows = (JSON.parse(body.toString()) as { rows: { newDocumentState: { kind: string; id: string } }[] }).rows;
        for (const r of rows) pushed.push(`${r.newDocumentState.kind}:${r.newDocumentState.id}`);
      }
      const upstream = request(
        `${target.url}${req.url}`,
        { method: req.method, headers: { ...req.headers, host: `127.0.0.1:${target.port}` } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
});

test.afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve) ?? resolve(undefined));
  await Promise.allSettled(servers.map((s) => s.close()));
  postgres?.close();
});

/** A page of the site with the history library loaded (`window.lib`). */
async function sitePage(page: Page): Promise<Page> {
  await page.goto(`/@fs${root}/test/e2e/sync-device.html`);
  await page.evaluate(async (root) => {
    const [history, branches] = await Promise.all([
      import(/* @vite-ignore */ `/@fs${root}/src/history/index.ts`),
      import(/* @vite-ignore */ `/@fs${root}/src/elements/mcp-chat/conversation/conversation-branches.ts`),
    ]);
    Object.assign(window, { lib: { ...history, foldBranches: branches.foldBranches, REPLACES: branches.REPLACES_META_KEY } });
  }, root);
  return page;
}

/** A device: a browser context of its own (its own IndexedDB), one page, one history database. */
async function device(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await sitePage(await context.newPage());
  await open(page, 'history');
  return page;
}

type Win = Window & {
  lib: typeof import('../../src/history/index.js') & {
    foldBranches: typeof import('../../src/elements/mcp-chat/conversation/conversation-branches.js').foldBranches;
    REPLACES: string;
  };
};
type Held = { store: import('../../src/history/index.js').HistoryStore; sync?: import('../../src/history/index.js').Sync };

const open = (page: Page, name: string) =>
  page.evaluate(async (name) => {
    const w = window as unknown as Win & Held;
    w.store = await w.lib.openHistory({ name });
  }, name);

const online = (page: Page, server: string, token: string) =>
  page.evaluate(
    async ({ server, token }) => {
      const w = window as unknown as Win & Held;
      w.sync = await w.lib.startSync(w.store, { server, token, name: 'history' });
    },
    { server, token },
  );

const syncState = (page: Page) => page.evaluate(() => (window as unknown as Held).sync?.status.state);

/** Writes a conversation (when `title` is given) or messages (`[role, text, replaces?]`) into it. */
const write = (page: Page, id: string | undefined, title: string | undefined, messages: [string, string, number?][]) =>
  page.evaluate(
    async ({ id, title, messages }) => {
      const w = window as unknown as Win & Held;
      const cid = id ?? (await w.store.createConversation({ title: title! })).id;
      if (messages.length) {
        await w.store.appendMessages(
          cid,
          messages.map(([role, text, replaces]) => ({
            role: role as 'user' | 'assistant',
            content: [{ type: 'text' as const, text }],
            ...(replaces === undefined ? {} : { _meta: { [w.lib.REPLACES]: replaces } }),
          })),
        );
      }
      return cid;
    },
    { id, title, messages },
  );

const titles = (page: Page) =>
  page.evaluate(async () => (await (window as unknown as Held).store.listConversations({ limit: 100 })).items.map((c) => c.title).sort());

/** Every message's text in stored order, and the texts the conversation shows once its branches are folded. */
const texts = (page: Page, id: string) =>
  page.evaluate(async (id) => {
    const w = window as unknown as Win & Held;
    const c = await w.store.getConversation(id);
    const all = c ? await w.store.loadLast(id, c.messageCount) : [];
    const text = (m: (typeof all)[number]) => (m.content[0] as { text: string }).text;
    return { all: all.map(text), shown: w.lib.foldBranches(all).map(text) };
  }, id);

test('two devices of one person (two browser contexts) written offline show every message of both once online, in order, branches kept; a third person sees none; a share link shows one conversation live to a fourth', async ({
  browser,
}) => {
  const [serverA, serverB] = servers.map((s) => s.url);
  const who = token(person());
  const laptop = await device(browser);
  const phone = await device(browser);

  // Offline: each device writes, including a regenerate and an edit (new branches).
  const trip = await write(laptop, undefined, 'Trip to Lisbon', [
    ['user', 'Plan three days'],
    ['assistant', 'Day 1: Alfama'],
  ]);
  await write(laptop, trip, undefined, [['assistant', 'Day 1: Belém (regenerated)', 1]]);
  await write(laptop, trip, undefined, [
    ['user', 'And day 2?'],
    ['assistant', 'Day 2: Sintra'],
  ]);
  const soup = await write(phone, undefined, 'Soup', [
    ['user', 'Leek soup for 4'],
    ['assistant', 'You need 3 leeks'],
  ]);
  await write(phone, soup, undefined, [
    ['user', 'Leek soup for 6 (edited)', 0],
    ['assistant', 'You need 5 leeks'],
  ]);
  // Each context has only its own.
  expect(await titles(laptop)).toEqual(['Trip to Lisbon']);
  expect(await titles(phone)).toEqual(['Soup']);

  // Online, each through its own server instance (one PostgreSQL behind both).
  await online(laptop, serverA!, who);
  await online(phone, serverB!, who);
  for (const d of [laptop, phone]) {
    await expect.poll(() => syncState(d)).toBe('up-to-date');
    await expect.poll(() => titles(d)).toEqual(['Soup', 'Trip to Lisbon']);
  }
  const tripAll = ['Plan three days', 'Day 1: Alfama', 'Day 1: Belém (regenerated)', 'And day 2?', 'Day 2: Sintra'];
  const soupAll = ['Leek soup for 4', 'You need 3 leeks', 'Leek soup for 6 (edited)', 'You need 5 leeks'];
  for (const d of [laptop, phone]) {
    await expect.poll(async () => (await texts(d, trip)).all).toEqual(tripAll);
    await expect.poll(async () => (await texts(d, soup)).all).toEqual(soupAll);
    // The branches fold the same way on both: the same visible conversation.
    expect((await texts(d, trip)).shown).toEqual(['Plan three days', 'Day 1: Belém (regenerated)', 'And day 2?', 'Day 2: Sintra']);
    expect((await texts(d, soup)).shown).toEqual(['Leek soup for 6 (edited)', 'You need 5 leeks']);
  }

  // A third context, another person's token: none of it.
  const stranger = await device(browser);
  await online(stranger, serverA!, token(person()));
  await expect.poll(() => syncState(stranger)).toBe('up-to-date');
  expect(await titles(stranger)).toEqual([]);

  // A share link of one conversation, opened in a fourth context with no token: that one only, live, read-only.
  const link = await laptop.evaluate(
    async ({ server, token, conversationId }) => (window as unknown as Win).lib.shareConversation({ server, token, conversationId }),
    { server: serverA!, token: who, conversationId: trip },
  );
  const reader = await sitePage(await (await browser.newContext()).newPage());
  const shown = () =>
    reader.evaluate(async () => {
      const view = (window as unknown as { view: import('../../src/history/index.js').SharedView }).view;
      const list = (await view.store.listConversations()).items;
      const c = list[0];
      const messages = c ? await view.store.loadLast(c.id, c.messageCount) : [];
      return { titles: list.map((x) => x.title), texts: messages.map((m) => (m.content[0] as { text: string }).text) };
    });
  await reader.evaluate(async (url) => {
    Object.assign(window, { view: await (window as unknown as Win).lib.openShared(url) });
  }, `${serverB}/shared/${link.id}`);
  expect(await shown()).toEqual({ titles: ['Trip to Lisbon'], texts: tripAll });
  await write(phone, trip, undefined, [['user', 'And day 3?']]);
  await expect.poll(async () => (await shown()).texts).toEqual([...tripAll, 'And day 3?']);
  expect((await shown()).titles).toEqual(['Trip to Lisbon']);
  // Read-only: the sync endpoints refuse the reader (no token), and the link has no write endpoint.
  const status = await reader.evaluate(
    async ({ server, id }) => {
      const push = await fetch(`${server}/push`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"rows":[]}' });
      const sneak = await fetch(`${server}/shared/${id}/push`, { method: 'POST', body: '{}' });
      return [push.status, sneak.status];
    },
    { server: serverB!, id: link.id },
  );
  expect(status).toEqual([401, 404]);
});

test('two tabs of one person (two pages of one context) do not push the same change twice', async ({ browser }) => {
  const who = token(person());
  const context = await browser.newContext();
  const tabs = [await sitePage(await context.newPage()), await sitePage(await context.newPage())];
  for (const tab of tabs) {
    await open(tab, 'history');
    await online(tab, proxyUrl, who);
  }
  const [a, b] = tabs as [Page, Page];
  const c = await write(a, undefined, 'Two tabs', []);
  pushed.length = 0;
  // Both tabs hear of every change (one database) and both would push it: they write in turns, quickly.
  for (let i = 0; i < 8; i++) {
    await Promise.all([write(a, c, undefined, [['user', `a${i}`]]), write(b, c, undefined, [['assistant', `b${i}`]])]);
    await a.waitForTimeout(15);
  }
  const expected = 16;
  for (const tab of tabs) await expect.poll(() => syncState(tab)).toBe('up-to-date');
  // Everything reached the server...
  const onServer = await fetch(`${servers[1]!.url}/pull?limit=500`, { headers: { Authorization: `Bearer ${who}` } }).then(
    (r) => r.json() as Promise<{ rows: { kind: string }[] }>,
  );
  expect(onServer.rows.filter((r) => r.kind === 'message')).toHaveLength(expected);
  // ... and each message was sent once, by one tab or the other.
  const messages = pushed.filter((p) => p.startsWith('message:'));
  expect(new Set(messages).size).toBe(expected);
  expect(messages).toHaveLength(expected);
  await context.close();
});
