// Issue 24 in the chat: `<mcp-chat auto>` finds the site's own MCP server, and the
// Servers panel adds servers from the MCP Registry. Real sites and a registry fixture
// over HTTP on 127.0.0.1 (test/setup/discovery.ts), real SDK handshakes, real Chromium
// and localStorage. The test page's own origin is the Vitest server, so each chat is
// aimed at a test site with `discoveryOrigin` (the property for same-owner sites whose
// pages and server are on different origins).
import { afterEach, expect, inject, test } from 'vitest';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { fakeProvider, shadow, typeAndSend, serverReaches } from './chat-helpers.js';

const cleanup: Array<() => void> = [];
afterEach(() => {
  document.body.replaceChildren();
  for (const undo of cleanup.splice(0)) undo();
});

/** A chat with `auto` and no server, looking on `origin`. */
async function autoChat(origin: string | undefined, options: { server?: string; provider?: boolean } = {}): Promise<McpChat> {
  const chat = document.createElement('mcp-chat');
  chat.auto = true;
  chat.discoveryOrigin = origin;
  if (options.server) chat.server = options.server;
  if (options.provider) chat.provider = fakeProvider();
  chat.store = createMemoryHistory();
  chat.storageKey = `discovery-${Math.random()}`;
  document.body.append(chat);
  await chat.updateComplete;
  return chat;
}

const discoveryLine = (chat: McpChat) => shadow(chat).querySelector<HTMLElement>('[part="discovery"]');
const connected = (chat: McpChat) => chat.serverSet.connections.filter((c) => c.state === 'connected').map((c) => c.url);

async function panelNote(chat: McpChat): Promise<string> {
  chat.panel = 'servers';
  await chat.updateComplete;
  return shadow(chat).querySelector('[part="discovery-note"]')!.textContent!.replace(/\s+/g, ' ').trim();
}

test('auto on a site serving MCP at /mcp: says it is looking, connects /mcp, and the Servers panel says how it was found', async () => {
  const origin = inject('siteMcpOrigin');
  const chat = await autoChat(origin);
  // At once: the empty state says the chat is looking (instead of "no server").
  expect(discoveryLine(chat)?.dataset.phase).toBe('looking');
  expect(discoveryLine(chat)!.textContent!.trim()).toBe("Looking for this site's MCP server…");
  await expect.poll(() => connected(chat), { timeout: 30_000 }).toEqual([`${origin}/mcp`]);
  await chat.updateComplete;
  // Connected: the empty state names the server and its tool, as for any server.
  expect(shadow(chat).querySelector('[part="empty-state"]')!.textContent).toContain('site-docs');
  expect(discoveryLine(chat)).toBeNull();
  expect(await panelNote(chat)).toBe("Found this site's MCP server at /mcp.");
  expect(chat.serverSet.listTools().map((t) => t.name)).toContain('lookup');
});

test('auto on a site naming its server only in its server card: connects the named endpoint and says it came from the card', async () => {
  const origin = inject('siteCardOrigin');
  const chat = await autoChat(origin);
  await expect.poll(() => connected(chat), { timeout: 30_000 }).toEqual([`${origin}/api/docs-mcp`]);
  expect(await panelNote(chat)).toBe(
    "Found this site's MCP server at /api/docs-mcp, named in its server card (/.well-known/mcp/server-card.json).",
  );
  // The card's first remote is on another origin: never connected.
  expect(chat.serverSet.connections.map((c) => c.url)).toEqual([`${origin}/api/docs-mcp`]);
});

test('auto on a site with no MCP server says so calmly, lists what it looked at, and the chat still answers with its model', async () => {
  const origin = inject('siteNoneOrigin');
  const chat = await autoChat(origin, { provider: true });
  await expect.poll(() => discoveryLine(chat)?.dataset.phase, { timeout: 30_000 }).toBe('none');
  expect(discoveryLine(chat)!.textContent!.replace(/\s+/g, ' ').trim()).toBe(
    'No MCP server found on this site. You can still chat with the model, or add a server in the Servers panel.',
  );
  expect(chat.serverSet.connections).toEqual([]);
  // Not an error: nothing above the composer.
  expect(shadow(chat).querySelector('[part="errors"]')?.textContent?.trim() ?? '').toBe('');
  expect(await panelNote(chat)).toBe(
    'No MCP server found on this site. Looked at /.well-known/mcp/catalog.json, /.well-known/ai-catalog.json, /~gitbook/mcp/server-card, /mcp/server-card, /.well-known/mcp/server-card.json, /.well-known/mcp.json, /.well-known/mcp, /~gitbook/mcp, /mcp.',
  );
  chat.panel = undefined;
  await chat.updateComplete;
  await typeAndSend(chat, 'Hello');
  await expect.poll(() => chat.messages.filter((m) => m.role === 'assistant').length, { timeout: 20_000 }).toBeGreaterThan(0);
});

test('auto looks for nothing when the page names a server, and stops looking when one is given later', async () => {
  const given = await autoChat(inject('siteNoneOrigin'), { server: `${inject('siteMcpOrigin')}/mcp` });
  expect(discoveryLine(given)).toBeNull();
  await expect.poll(() => connected(given), { timeout: 20_000 }).toEqual([`${inject('siteMcpOrigin')}/mcp`]);
  given.panel = 'servers';
  await given.updateComplete;
  expect(shadow(given).querySelector('[part="discovery-note"]')).toBeNull();

  const later = await autoChat(inject('siteCardOrigin'));
  expect(discoveryLine(later)?.dataset.phase).toBe('looking');
  later.server = `${inject('siteMcpOrigin')}/mcp`;
  await later.updateComplete;
  expect(discoveryLine(later)).toBeNull();
  await expect.poll(() => connected(later), { timeout: 20_000 }).toEqual([`${inject('siteMcpOrigin')}/mcp`]);
  // The stopped search adds nothing afterwards.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(later.serverSet.connections.map((c) => c.url)).toEqual([`${inject('siteMcpOrigin')}/mcp`]);
});

// ---- Add from the MCP Registry (Servers panel) ----

/** A chat on the local registry with no server, its Servers panel open on "Add from the MCP Registry". */
async function registryChat(storageKey: string, allowKeyStorage = false): Promise<McpChat> {
  const chat = document.createElement('mcp-chat');
  chat.setAttribute('registry', inject('registryUrl'));
  chat.store = null;
  chat.storageKey = storageKey;
  chat.allowKeyStorage = allowKeyStorage;
  document.body.append(chat);
  await chat.updateComplete;
  return chat;
}

async function openRegistry(chat: McpChat) {
  const { userEvent } = await import('vitest/browser');
  chat.panel = 'servers';
  await chat.updateComplete;
  await userEvent.click(shadow(chat).querySelector<HTMLElement>('[part="registry"] > summary')!);
  await expect
    .poll(() => shadow(chat).querySelector('[part="registry-search"]')?.shadowRoot?.querySelector('[part="search-input"]'), {
      timeout: 15_000,
    })
    .toBeTruthy();
  const search = shadow(chat).querySelector<HTMLElement & { updateComplete: Promise<unknown> }>('[part="registry-search"]')!;
  expect(search.getAttribute('registry')).toBe(inject('registryUrl'));
  return search.shadowRoot!;
}

async function searchFor(root: ShadowRoot, query: string) {
  const input = root.querySelector<HTMLInputElement>('[part="search-input"]')!;
  input.value = query;
  input.dispatchEvent(new Event('input'));
  root.querySelector<HTMLButtonElement>('[part="search-button"]')!.click();
  await expect.poll(() => root.querySelector('[part="status"]')?.textContent, { timeout: 15_000 }).toMatch(/found/);
}

const entry = (root: ShadowRoot, title: string) =>
  [...root.querySelectorAll<HTMLElement>('[part="entry"]')].find((e) => e.querySelector('[part="title"]')?.textContent === title)!;

/** Every value in localStorage, as one string. */
const allStored = () =>
  Object.keys(localStorage)
    .map((k) => `${k}=${localStorage.getItem(k)}`)
    .join('\n');

test('a registry server that works: one click connects it; after a reload (a new chat, same storage) it is there again, with its name', async () => {
  const storageKey = `registry-${Math.random()}`;
  cleanup.push(() => localStorage.removeItem(`mcp-chat:servers:${storageKey}`));
  const url = `${inject('remotesOrigin')}/works/mcp`;
  const chat = await registryChat(storageKey);
  const root = await openRegistry(chat);
  await searchFor(root, 'docs-search');
  await expect
    .poll(() => entry(root, 'Docs Search').querySelector('[part="badge"]')?.textContent, { timeout: 20_000 })
    .toBe('works here · MCP 2026-07-28');
  entry(root, 'Docs Search').querySelector<HTMLButtonElement>('[part="add-button"]')!.click();
  await expect.poll(() => connected(chat), { timeout: 20_000 }).toEqual([url]);
  await expect
    .poll(() => JSON.parse(localStorage.getItem(`mcp-chat:servers:${storageKey}`) ?? 'null')?.added, { timeout: 10_000 })
    .toEqual([{ url, name: 'Docs Search' }]);
  await chat.updateComplete;
  expect(shadow(chat).querySelector('[part="server"] .server-name')!.textContent).toBe('Docs Search');

  chat.remove();
  const again = await registryChat(storageKey);
  await expect.poll(() => connected(again), { timeout: 20_000 }).toEqual([url]);
  expect(again.serverSet.nameOf(again.serverSet.connections[0]!)).toBe('Docs Search');
});

test('a registry server with a secret header: asked as a password field; connects; the key is not in localStorage without allow-key-storage', async () => {
  const storageKey = `registry-secret-${Math.random()}`;
  cleanup.push(() => localStorage.removeItem(`mcp-chat:servers:${storageKey}`));
  const url = `${inject('remotesOrigin')}/secret/mcp`;
  const chat = await registryChat(storageKey);
  const root = await openRegistry(chat);
  await searchFor(root, 'search-api');
  const key = entry(root, 'Search API').querySelector<HTMLInputElement>('input[name="X-Api-Key"]')!;
  expect(key.type).toBe('password');
  key.value = 'sesame';
  key.dispatchEvent(new Event('input'));
  entry(root, 'Search API').querySelector<HTMLButtonElement>('[part="add-button"]')!.click();
  await expect.poll(() => connected(chat), { timeout: 20_000 }).toEqual([url]);
  await expect.poll(() => localStorage.getItem(`mcp-chat:servers:${storageKey}`), { timeout: 10_000 }).toBeTruthy();
  // Remembered: the server, its plain header, the secret's name; never its value.
  expect(JSON.parse(localStorage.getItem(`mcp-chat:servers:${storageKey}`)!).added).toEqual([
    { url, name: 'Search API', headers: { 'X-Region': 'eu' }, secretHeaders: ['X-Api-Key'] },
  ]);
  expect(allStored()).not.toContain('sesame');
  await chat.updateComplete;
  expect(shadow(chat).querySelector('[part="registry"]')!.textContent).toContain('kept in memory only');

  // After a reload the server comes back without its key: it says it cannot connect (no silent failure).
  chat.remove();
  const again = await registryChat(storageKey);
  await serverReaches(again, 'failed', 'auth-required');
  expect(again.serverSet.connections[0]!.url).toBe(url);
});

test('with allow-key-storage the secret header is remembered in this browser, and the server connects again after a reload', async () => {
  const storageKey = `registry-kept-${Math.random()}`;
  cleanup.push(() => localStorage.removeItem(`mcp-chat:servers:${storageKey}`));
  cleanup.push(() => localStorage.removeItem(`mcp-chat:server-secrets:${storageKey}`));
  const url = `${inject('remotesOrigin')}/secret/mcp`;
  const chat = await registryChat(storageKey, true);
  const root = await openRegistry(chat);
  await searchFor(root, 'search-api');
  const key = entry(root, 'Search API').querySelector<HTMLInputElement>('input[name="X-Api-Key"]')!;
  key.value = 'sesame';
  key.dispatchEvent(new Event('input'));
  entry(root, 'Search API').querySelector<HTMLButtonElement>('[part="add-button"]')!.click();
  await expect.poll(() => connected(chat), { timeout: 20_000 }).toEqual([url]);
  await expect
    .poll(() => JSON.parse(localStorage.getItem(`mcp-chat:server-secrets:${storageKey}`) ?? 'null'), { timeout: 10_000 })
    .toEqual({ [url]: { 'X-Api-Key': 'sesame' } });
  expect(localStorage.getItem(`mcp-chat:servers:${storageKey}`)).not.toContain('sesame');

  chat.remove();
  const again = await registryChat(storageKey, true);
  await expect.poll(() => connected(again), { timeout: 20_000 }).toEqual([url]);

  // Removing it forgets the key too.
  again.panel = 'servers';
  await again.updateComplete;
  shadow(again).querySelector<HTMLButtonElement>('[part="remove-server-button"]')!.click();
  await again.updateComplete;
  expect(localStorage.getItem(`mcp-chat:server-secrets:${storageKey}`)).toBeNull();
});

test('fixed-servers hides the registry search', async () => {
  const chat = await registryChat(`fixed-${Math.random()}`);
  chat.fixedServers = true;
  chat.panel = 'servers';
  await chat.updateComplete;
  expect(shadow(chat).querySelector('[part="panel"]')).not.toBeNull();
  expect(shadow(chat).querySelector('[part="registry"]')).toBeNull();
});
