// Issue 24 §2: adding a server from the MCP Registry. A local registry answering
// in the documented shape (test/fixtures/registry), remotes on 127.0.0.1 that work,
// need sign-in, keep browsers out (no CORS) or need a secret header; real SDK
// handshakes from real Chromium.
import axe from 'axe-core';
import { afterEach, expect, inject, test } from 'vitest';
import { McpConnection } from '../../src/mcp/connection.js';
import { probeServer } from '../../src/mcp/probe.js';
import { searchRegistry } from '../../src/mcp/registry.js';
import '../../src/elements/mcp-registry-search/mcp-registry-search.js';
import type { McpRegistrySearch } from '../../src/elements/mcp-registry-search/mcp-registry-search.js';
import type { McpServerAddEvent } from '../../src/events/server-add.js';

afterEach(() => document.body.replaceChildren());

const root = (el: McpRegistrySearch) => el.shadowRoot!;
/** The entry whose heading reads `title`. */
const entryTitled = (el: McpRegistrySearch, title: string) =>
  [...root(el).querySelectorAll<HTMLElement>('[part="entry"]')].find((e) => e.querySelector('[part="title"]')?.textContent === title);
const badgeOf = (el: McpRegistrySearch, title: string) => entryTitled(el, title)?.querySelector<HTMLElement>('[part="badge"]');

/** The element on the local registry, after searching for `query` through its form. */
async function searched(query: string, limit = 20): Promise<McpRegistrySearch> {
  const el = document.createElement('mcp-registry-search');
  el.setAttribute('registry', inject('registryUrl'));
  el.limit = limit;
  document.body.append(el);
  await el.updateComplete;
  const input = root(el).querySelector<HTMLInputElement>('[part="search-input"]')!;
  input.value = query;
  input.dispatchEvent(new Event('input'));
  root(el).querySelector<HTMLButtonElement>('[part="search-button"]')!.click();
  await expect.poll(() => root(el).querySelector('[part="status"]')?.textContent, { timeout: 15_000 }).toMatch(/found|matches/);
  return el;
}

test('the registry client pages by cursor, keeps the latest versions, skips deleted and malformed entries', async () => {
  const registry = inject('registryUrl');
  const first = await searchRegistry({ registry, search: 'notes', limit: 3 });
  expect(first.entries.map((e) => e.name)).toEqual(['io.example.test/notes-1', 'io.example.test/notes-2', 'io.example.test/notes-3']);
  expect(first.nextCursor).toBeTypeOf('string');
  const second = await searchRegistry({ registry, search: 'notes', limit: 3, cursor: first.nextCursor });
  expect(second.entries.map((e) => e.name)).toEqual(['io.example.test/notes-4', 'io.example.test/notes-5']);
  expect(second.nextCursor).toBeUndefined();
  expect(second.entries[1]).toMatchObject({ status: 'deprecated', statusMessage: 'Use Notes 4.' });

  const all = await searchRegistry({ registry, limit: 100 });
  const names = all.entries.map((e) => `${e.name}@${e.version}`);
  expect(names).toContain('io.example.test/docs-search@1.2.0');
  expect(names).not.toContain('io.example.test/docs-search@1.1.0');
  expect(names.some((n) => n.startsWith('io.example.test/retired'))).toBe(false);
  expect(all.skipped).toBe(2); // the deleted entry and the malformed one

  const unsafe = all.entries.find((e) => e.name === 'io.example.test/unsafe-text')!;
  expect(unsafe.remotes.map((r) => r.url)).toEqual([`${inject('remotesOrigin')}/works/mcp`]);
  expect(unsafe.icons).toEqual([]);
  expect(unsafe.websiteUrl).toBeUndefined();
  expect(all.entries.find((e) => e.name === 'io.example.test/filesystem')).toMatchObject({ remotes: [], notOffered: ['stdio'] });
  expect(all.entries.find((e) => e.name === 'io.example.test/tenant')).toMatchObject({
    remotes: [],
    notOffered: ['streamable-http (templated address)'],
  });
});

test('a registry that cannot be reached, or answers with something else, fails with a sentence a person can act on', async () => {
  await expect(searchRegistry({ registry: inject('siteNoneOrigin') })).rejects.toMatchObject({
    kind: 'invalid',
    message: expect.stringMatching(/did not answer with JSON/),
  });
  await expect(searchRegistry({ registry: inject('siteMcpOrigin') })).rejects.toMatchObject({ kind: 'http', status: 404 });
  await expect(searchRegistry({ registry: 'http://127.0.0.1:9' })).rejects.toMatchObject({
    kind: 'unreachable',
    message: expect.stringMatching(/^Cannot reach the registry at 127\.0\.0\.1:9/),
  });
});

test('the probe tells the four outcomes apart: works here, needs sign-in, blocks browsers, unreachable', async () => {
  const remotes = inject('remotesOrigin');
  const works = await probeServer(`${remotes}/works/mcp`);
  expect(works).toMatchObject({ badge: 'works', era: 'modern', serverInfo: { name: 'docs-search' } });
  const signIn = await probeServer(`${remotes}/sign-in/mcp`);
  expect(signIn.badge).toBe('sign-in');
  expect(signIn.challenge).toMatch(/^Bearer resource_metadata=/);
  const blocked = await probeServer(`${remotes}/no-cors/mcp`);
  expect(blocked.badge).toBe('blocked');
  expect(blocked.error?.message).toMatch(/CORS/);
  const gone = await probeServer('http://127.0.0.1:9/mcp');
  expect(gone.badge).toBe('unreachable');
  const key = await probeServer(`${remotes}/secret/mcp`, { requiredHeaders: ['X-Api-Key'] });
  expect(key.badge).toBe('needs-key');
  const keyed = await probeServer(`${remotes}/secret/mcp`, { headers: { 'X-Api-Key': 'sesame' }, requiredHeaders: ['X-Api-Key'] });
  expect(keyed).toMatchObject({ badge: 'works', era: 'legacy' });
});

test('the element shows each entry with its badge; text from the registry stays text; entries a page cannot use are counted, not shown', async () => {
  const el = await searched('example.test');
  expect(root(el).querySelector('[part="status"]')!.textContent).toBe(
    '10 servers found; 2 more cannot be used from a web page (they run on a computer) and are not shown.',
  );
  expect(entryTitled(el, 'Filesystem')).toBeUndefined();
  expect(entryTitled(el, 'Tenant')).toBeUndefined();
  await expect.poll(() => badgeOf(el, 'Docs Search')?.textContent, { timeout: 20_000 }).toBe('works here · MCP 2026-07-28');
  await expect.poll(() => badgeOf(el, 'Calendar')?.textContent, { timeout: 20_000 }).toBe('needs sign-in');
  await expect.poll(() => badgeOf(el, 'Weather')?.textContent, { timeout: 20_000 }).toBe('blocks browsers: needs a proxy');
  await expect.poll(() => badgeOf(el, 'Search API')?.textContent, { timeout: 20_000 }).toBe('needs a key');
  expect(entryTitled(el, 'Weather')!.querySelector('[part="diagnosis"]')!.textContent).toMatch(/CORS/);
  // The SSE remote of Calendar is named, not offered.
  expect(entryTitled(el, 'Calendar')!.querySelectorAll('[part="remote"]').length).toBe(1);
  expect(entryTitled(el, 'Calendar')!.textContent).toContain('Also available as sse, which a web page cannot use.');

  const unsafe = entryTitled(el, '<img src=x onerror="window.__xss=1">Unsafe')!;
  expect(unsafe).toBeDefined();
  expect(unsafe.querySelector('[part="title"] img')).toBeNull();
  expect(unsafe.querySelector('[part="description"]')!.textContent).toBe('<script>window.__xss=1</script> shown as text, never as HTML.');
  expect(unsafe.querySelector('img')).toBeNull(); // its javascript: icon was dropped
  expect(unsafe.querySelector('a')).toBeNull(); // and its javascript: website
  expect((window as { __xss?: number }).__xss).toBeUndefined();
  expect(entryTitled(el, 'Docs Search')!.querySelector<HTMLImageElement>('[part="icon"]')!.src).toMatch(/^data:image\/svg\+xml/);

  const violations = (await axe.run(el, { resultTypes: ['violations'] })).violations.map((v) => v.id);
  expect(violations).toEqual([]);
});

test('a secret header is asked as a password field; Add needs it, then fires mcp-server-add with the url, name and headers; the server connects with them', async () => {
  const el = await searched('search-api');
  const entry = entryTitled(el, 'Search API')!;
  const key = entry.querySelector<HTMLInputElement>('input[name="X-Api-Key"]')!;
  expect(key.type).toBe('password');
  expect(key.required).toBe(true);
  expect(key.placeholder).toBe('sk-…');
  expect(entry.querySelector(`label[for="${key.id}"]`)!.textContent).toMatch(/^X-Api-Key/);
  const region = entry.querySelector<HTMLSelectElement>('select[name="X-Region"]')!;
  expect([...region.options].map((o) => o.value)).toEqual(['eu', 'us']);
  expect(region.value).toBe('eu');
  expect(entry.querySelector('[name="Host"]')).toBeNull(); // a header browsers refuse to send is not asked

  const added: McpServerAddEvent[] = [];
  document.body.addEventListener('mcp-server-add', (e) => added.push(e));
  const add = entry.querySelector<HTMLButtonElement>('[part="add-button"]')!;
  add.click();
  await el.updateComplete;
  expect(added).toEqual([]); // the required key is missing

  await expect.poll(() => badgeOf(el, 'Search API')?.textContent, { timeout: 20_000 }).toBe('needs a key');
  key.value = 'sesame';
  key.dispatchEvent(new Event('input'));
  entry.querySelector<HTMLButtonElement>('[part="check-button"]')!.click();
  await expect.poll(() => badgeOf(el, 'Search API')?.textContent, { timeout: 20_000 }).toBe('works here · MCP 2025-11-25');

  add.click();
  expect(added).toHaveLength(1);
  const event = added[0]!;
  const url = `${inject('remotesOrigin')}/secret/mcp`;
  expect(event.server).toEqual({ url, name: 'Search API', headers: { 'X-Api-Key': 'sesame', 'X-Region': 'eu' } });
  expect(event.secretHeaders).toEqual(['X-Api-Key']);
  expect(event.source).toEqual({ registry: inject('registryUrl'), name: 'io.example.test/search-api', version: '3.1.0' });
  expect(event.bubbles && event.composed).toBe(true);
  await expect.poll(() => root(el).querySelector('[part="status"]')?.textContent).toBe('Search API added.');
  await expect.poll(() => add.textContent).toBe('Added');
  add.click(); // once is enough: no second event
  expect(added).toHaveLength(1);

  // What the chat does with it: connect with those headers.
  const connection = new McpConnection(event.server);
  try {
    await connection.connect();
    expect(connection.tools.map((t) => t.name)).toEqual(['search']);
  } finally {
    await connection.close();
  }
});

test('"More results" loads the next page by cursor; a new search replaces the results', async () => {
  const el = await searched('notes', 3);
  const titles = () => [...root(el).querySelectorAll('[part="title"]')].map((t) => t.textContent);
  expect(titles()).toEqual(['Notes 1', 'Notes 2', 'Notes 3']);
  root(el).querySelector<HTMLButtonElement>('[part="more-button"]')!.click();
  await expect.poll(titles, { timeout: 15_000 }).toEqual(['Notes 1', 'Notes 2', 'Notes 3', 'Notes 4', 'Notes 5']);
  expect(root(el).querySelector('[part="more-button"]')).toBeNull();
  expect(entryTitled(el, 'Notes 5')!.querySelector('[part="name"]')!.textContent).toContain('Deprecated');

  await el.search('calendar');
  await expect.poll(titles, { timeout: 15_000 }).toEqual(['Calendar']);
  await el.search('nothing-like-this');
  expect(root(el).querySelector('[part="status"]')!.textContent).toBe('No server in the registry matches “nothing-like-this”.');
  expect(titles()).toEqual([]);
});

test('taken out of the page while probing and put back (a panel closed and opened), the badges still settle', async () => {
  const el = document.createElement('mcp-registry-search');
  el.setAttribute('registry', inject('registryUrl'));
  document.body.append(el);
  await el.search('docs-search'); // the first page is shown and its probes have started
  expect(badgeOf(el, 'Docs Search')?.textContent).toBe('checking…');
  el.remove();
  document.body.append(el);
  await expect.poll(() => badgeOf(el, 'Docs Search')?.textContent, { timeout: 20_000 }).toBe('works here · MCP 2026-07-28');
});

// Issue 36 item 2: a registry that answers 10,000 entries (3.5 MB) to a request
// for 20 drew every one (a frame of 18-40 s); one that sends more than its cap
// was read to the end before it was refused.
test('a registry that sends 10,000 entries for a page of 20: 20 are drawn, the rest counted and said', async () => {
  const el = document.createElement('mcp-registry-search');
  el.setAttribute('registry', `${inject('registryUrl')}/flood`);
  document.body.append(el);
  await el.updateComplete;
  await el.search('');
  await el.updateComplete;
  expect(root(el).querySelectorAll('[part="entry"]')).toHaveLength(20);
  expect(root(el).querySelector('[part="status"]')!.textContent).toBe(
    '20 servers found. The registry sent 9,980 more than the 20 asked for: they are not shown.',
  );
});

test('a registry that sends more than 4 MB for a page and never ends: refused as soon as 4 MB are read, in words', async () => {
  const started = performance.now();
  const error = await searchRegistry({ registry: `${inject('registryUrl')}/endless`, timeoutMs: 60_000 }).catch((e: unknown) => e);
  expect(error).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/sent more than 4 MB for one page/) });
  // Without reading as it comes, the answer that never ends is waited for until the time allowed (60 s).
  expect(performance.now() - started).toBeLessThan(30_000);
});
