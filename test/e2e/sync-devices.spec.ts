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

/** A page of the site showing `<mcp-chat sync>` (at `hash`, if given) over a history database of its own. */
async function chatPage(browser: Browser, sync: string, options: { owner?: string; hash?: string } = {}): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/@fs${root}/test/e2e/sync-device.html${options.hash ?? ''}`);
  await page.evaluate(
    async ({ root, sync, tokenValue }) => {
      const [history] = await Promise.all([
        import(/* @vite-ignore */ `/@fs${root}/src/history/index.ts`),
        import(/* @vite-ignore */ `/@fs${root}/src/elements/mcp-chat/mcp-chat.ts`),
      ]);
      const store = await history.openHistory({ name: 'history' });
      const chat = Object.assign(document.createElement('mcp-chat'), { store, storageKey: 'share-e2e' });
      if (tokenValue) Object.assign(chat, { syncToken: tokenValue });
      Object.assign(chat, { sync });
      document.body.append(chat);
      Object.assign(window, { store, chat });
    },
    { root, sync, tokenValue: options.owner ? token(options.owner) : undefined },
  );
  return page;
}

const inChat = <T>(page: Page, fn: (root: ShadowRoot) => T) =>
  page.evaluate(
    (source) => new Function('root', `return (${source})(root)`)((window as unknown as { chat: HTMLElement }).chat.shadowRoot),
    fn.toString(),
  ) as Promise<T>;
const shown = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { chat: { messages: { content: { text: string }[] }[] } }).chat.messages.map((m) => m.content[0]!.text),
  );

test('Share in the chat: the owner makes a link, a reader in another browser sees the conversation live and read-only, a stranger sees nothing, Stop sharing withdraws it', async ({
  browser,
}) => {
  const [a, b] = servers.map((s) => s.url) as [string, string];
  const owner = person();
  const laptop = await chatPage(browser, a, { owner });
  const id = await laptop.evaluate(async () => {
    const w = window as unknown as Held & { chat: HTMLElement & { openConversation(id: string): Promise<void> } };
    const c = await w.store.createConversation({ title: 'Trip to Lisbon' });
    const say = (role: 'user' | 'assistant', text: string) => ({ role, content: [{ type: 'text' as const, text }] });
    await w.store.appendMessages(c.id, [
      say('user', 'Plan three days'),
      say('assistant', '<img src=x onerror="window.ran=1">Day 1: Alfama'),
    ]);
    await w.chat.openConversation(c.id);
    return c.id;
  });
  await laptop.locator('mcp-chat [part~="menu-button"]').click();
  await laptop.locator('mcp-chat [part="menu-item"]', { hasText: 'Conversations' }).click();
  await laptop.getByRole('button', { name: 'Share this conversation' }).click();
  const linkBox = laptop.locator('mcp-chat .share-link');
  await expect(linkBox).toHaveValue(/#mcp-share=/, { timeout: 15_000 });
  const link = new URL(await linkBox.inputValue());
  for (const width of [390, 1280]) {
    await laptop.setViewportSize({ width, height: 800 });
    await laptop.screenshot({ animations: 'disabled', path: `test-results/share-dialog-${width}.png` });
    // The link is shown in full, not cut inside its box.
    expect(await linkBox.evaluate((box) => box.scrollHeight <= box.clientHeight)).toBe(true);
  }

  // The reader: another browser, the link's page, the other server instance, no token.
  const reader = await chatPage(browser, b, { hash: link.hash });
  await expect
    .poll(() => shown(reader), { timeout: 15_000 })
    .toEqual(['Plan three days', '<img src=x onerror="window.ran=1">Day 1: Alfama']);
  await expect(reader.locator('mcp-chat [part="shared-notice"]')).toHaveText('Shared conversation · read-only');
  expect(await inChat(reader, (root) => root.querySelectorAll('textarea').length)).toBe(0);
  expect(await reader.evaluate(() => (window as unknown as { ran?: number }).ran)).toBeUndefined();
  // The reader cannot push: the sync endpoints want the owner's token.
  const refused = await reader.evaluate(
    async ({ b, id }) =>
      (
        await fetch(`${b}/push`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ rows: [{ newDocumentState: { kind: 'conversation', id } }] }),
        })
      ).status,
    { b, id },
  );
  expect(refused).toBe(401);
  for (const width of [390, 1280]) {
    await reader.setViewportSize({ width, height: 800 });
    await reader.screenshot({ animations: 'disabled', path: `test-results/share-reader-${width}.png` });
  }

  // A stranger (a third browser, another person's token) sees none of it.
  const stranger = await device(browser);
  await online(stranger, a, token(person()));
  await expect.poll(() => syncState(stranger)).toBe('up-to-date');
  expect(await titles(stranger)).toEqual([]);

  // Live: the owner writes, the reader's page shows it.
  await laptop.evaluate(async (id) => {
    await (window as unknown as Held).store.appendMessages(id, [{ role: 'user', content: [{ type: 'text', text: 'And day 2?' }] }]);
  }, id);
  await expect.poll(() => shown(reader), { timeout: 10_000 }).toContain('And day 2?');

  // Stop sharing: the reader's page says the link was withdrawn.
  await laptop.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(reader.locator('mcp-chat [part="shared-notice"]')).toHaveText('This share link no longer works.', { timeout: 15_000 });
});
