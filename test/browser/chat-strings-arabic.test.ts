import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { CHAT_STRINGS_EN, type ChatStrings } from '../../src/elements/mcp-chat/strings.js';
import { CHAT_STRINGS_AR } from '../../src/elements/mcp-chat/strings-ar.js';
// The panels' and the answers' English text (added to CHAT_STRINGS_EN with the code that reads it): every key is compared.
import '../../src/elements/mcp-chat/strings-en-later.js';
import '../../src/elements/mcp-chat/strings-en-answers.js';
import { fullStore, shadow, serverReaches } from './chat-helpers.js';

// Issue 11 §3: in an Arabic chat a person sees and hears no English from the
// interface (text, aria-labels, tooltips, announcements, notices), in every main
// state; only what servers and the model send stays as they sent it.

afterEach(() => document.body.replaceChildren());

const MARK = (i: number) => `\u0001${i}\u0001`;
/** Sample arguments of the keys whose values pick a word by their argument. */
const SAMPLES: Partial<Record<keyof ChatStrings, unknown[][]>> = {
  serverState: ['idle', 'connecting', 'connected', 'reconnecting', 'auth-required', 'failed', 'closed'].map((s) => [s]),
  serverStatus: ['idle', 'connecting', 'connected', 'reconnecting', 'auth-required', 'failed', 'closed'].map((s) => [s]),
  logLevelName: ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'].map((s) => [s]),
  providerName: [['openai'], ['anthropic'], ['ollama']],
  joinNames: [[[MARK(0), MARK(1), MARK(2)]]],
  keyNote: [[true], [false]],
  invalidTools: [[1], [MARK(0)]],
  discoveryFound: [
    ['endpoint', MARK(1), MARK(2)],
    ['server-card', MARK(1), MARK(2)],
    ['well-known-file', MARK(1), MARK(2)],
  ],
  registryKeyNote: [[true], [false]],
  modelFailure: [
    { kind: 'http', host: MARK(0), status: 404 },
    { kind: 'http', host: MARK(0), status: 403 },
    { kind: 'http', host: MARK(0), status: 500 },
    { kind: 'unreachable', host: MARK(0) },
    { kind: 'no-length', host: MARK(0) },
    { kind: 'hash', host: MARK(0) },
    { kind: 'cut', host: MARK(0), loaded: 2e6 },
    { kind: 'size', host: MARK(0), expected: 4e8, actual: 1e5 },
    { kind: 'quota', needed: 4e8, free: 1e8 },
    { kind: 'quota', needed: 4e8 },
    { kind: 'storage', detail: MARK(1) },
    { kind: 'browser', name: 'NotAllowedError' },
    { kind: 'browser', name: 'NetworkError' },
    { kind: 'browser', name: 'QuotaExceededError' },
    { kind: 'browser', name: 'UnknownError' },
    { kind: 'other', label: MARK(0), detail: MARK(1) },
  ].map((f) => [f]),
  modelUnavailable: ['no-api', 'insecure-context', 'unsupported', 'error', 'no-wasm', 'no-worker', 'no-opfs'].map((r) => [r]),
};

/** The English pieces of a table's value: a string, or what a function says around its arguments. */
function pieces(table: ChatStrings, key: keyof ChatStrings): string[] {
  return piecesOf(table[key], SAMPLES[key]);
}

/** A value's English pieces; a nested table (the registry search's) piece by piece. */
function piecesOf(value: unknown, samples?: unknown[][]): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'function') return Object.values(value as Record<string, unknown>).flatMap((v) => piecesOf(v));
  const fn = value as (...args: unknown[]) => string;
  const calls = samples ?? [Array.from({ length: Math.max(fn.length, 1) }, (_, i) => MARK(i))];
  return calls.flatMap((args) => fn(...args).split(/\u0001\d+\u0001/));
}

/** Every piece of English interface text, but those the Arabic table says the same way (names, code). */
const ENGLISH = (Object.keys(CHAT_STRINGS_EN) as (keyof ChatStrings)[])
  .filter((key) => key !== 'diagnosis') // its own test: chat-diagnosis-strings
  .flatMap((key) => {
    const arabic = new Set(pieces(CHAT_STRINGS_AR, key).map((p) => p.trim()));
    return pieces(CHAT_STRINGS_EN, key)
      .map((p) => p.trim())
      .filter((p) => /[A-Za-z]{3}/.test(p) && !arabic.has(p))
      .map((p) => ({ key, text: p }));
  });

/** What servers sent (names, titles, descriptions, addresses, schemas): shown as it is in any language. */
function serverTexts(chat: McpChat): string[] {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) (out.add(k), walk(x));
  };
  for (const c of chat.serverSet.connections) {
    walk([c.name, c.url, new URL(c.url).host, c.tools, c.prompts, c.resources, c.resourceTemplates, c.serverInfo]);
  }
  return [...out].filter((s) => s.length > 1).sort((a, b) => b.length - a.length);
}

/** Everything a person sees or hears from the chat's own shadow tree, with the servers' own text taken out. */
function shownText(chat: McpChat): string {
  const root = shadow(chat);
  const parts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.parentElement?.localName !== 'style') parts.push(n.textContent!);
  for (const el of root.querySelectorAll('*'))
    for (const name of ['aria-label', 'title', 'placeholder', 'data-tip', 'aria-description']) {
      const value = el.getAttribute(name);
      if (value) parts.push(value);
    }
  let text = parts.join('\n');
  for (const s of serverTexts(chat)) text = text.split(s).join(' ');
  return text;
}

const englishIn = (chat: McpChat) => {
  const text = shownText(chat);
  return ENGLISH.filter((e) => text.includes(e.text)).map((e) => `${e.key}: ${e.text}`);
};

async function openPanel(chat: McpChat, index: number): Promise<void> {
  await userEvent.click(shadow(chat).querySelector<HTMLElement>('[part~="menu-button"]')!);
  await chat.updateComplete;
  expect(englishIn(chat), 'the More menu').toEqual([]);
  await userEvent.click(shadow(chat).querySelectorAll<HTMLElement>('[part="menu-item"]')[index]!);
  await chat.updateComplete;
}

describe('an Arabic <mcp-chat> says nothing in English', () => {
  test('the English table has text to look for', () => {
    expect(ENGLISH.length).toBeGreaterThan(150);
    expect(ENGLISH.map((e) => e.text)).toContain('No server is connected yet.');
    expect(ENGLISH.map((e) => e.text)).toContain('Connected to');
  });

  test('empty state, menu, palette and its Run form, a tool run, a failed save, every panel', async () => {
    const announced: string[] = [];
    const chat = document.createElement('mcp-chat');
    chat.lang = 'ar';
    chat.server = inject('demoUrl');
    chat.store = fullStore();
    chat.storageKey = `ar-${Math.random()}`;
    document.body.append(chat);
    await serverReaches(chat, 'connected');
    await chat.updateComplete;
    const live = new MutationObserver(() => {
      for (const region of shadow(chat).querySelectorAll('[aria-live], [role="status"]'))
        if (region.textContent!.trim()) announced.push(region.textContent!.trim());
    });
    live.observe(shadow(chat), { childList: true, subtree: true, characterData: true });

    // The empty state without a model of the page's: the open model is offered, in Arabic.
    await expect
      .poll(() => shadow(chat).querySelector('[part="empty-state"]')?.textContent ?? '')
      .toContain(CHAT_STRINGS_AR.openModelEmpty);
    expect(englishIn(chat), 'the empty state').toEqual([]);

    // The palette and the Run form of a tool.
    await userEvent.click(shadow(chat).querySelector('textarea')!);
    await userEvent.keyboard('/long');
    await expect.poll(() => shadow(chat).querySelector('[part="palette-item"] strong')?.textContent).toBe('Long task');
    expect(englishIn(chat), 'the palette').toEqual([]);
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => shadow(chat).querySelector('[part="run-form"]')).toBeTruthy();
    expect(englishIn(chat), 'the Run form').toEqual([]);
    const form = shadow(chat).querySelector<HTMLFormElement>('[part="run-form"]')!;
    await userEvent.fill(form.querySelector<HTMLInputElement>('[name="steps"]')!, '1');
    await userEvent.fill(form.querySelector<HTMLInputElement>('[name="delayMs"]')!, '10');
    await userEvent.click(form.querySelector('button[type="submit"]')!);

    // The run, and the store's refusal to save it.
    await expect.poll(() => shadow(chat).querySelectorAll('[part~="error"]').length, { timeout: 15_000 }).toBeGreaterThan(0);
    await chat.session.saved().catch(() => {});
    await chat.updateComplete;
    expect(shadow(chat).querySelector('[part~="error"]')!.textContent).not.toMatch(/could not|storage/);
    expect(englishIn(chat), 'a tool run and a failed save').toEqual([]);

    for (const [index, name] of ['Conversations', 'Resources', 'Servers', 'Settings'].entries()) {
      await openPanel(chat, index);
      await expect.poll(() => shadow(chat).querySelector('[part~="panel"] h2')?.textContent ?? '').not.toBe('');
      expect(englishIn(chat), name).toEqual([]);
    }
    // The Conversations panel's rename and delete rows.
    await openPanel(chat, 0);
    await expect.poll(() => shadow(chat).querySelector('[data-rename]')).toBeTruthy();
    await userEvent.click(shadow(chat).querySelector<HTMLElement>('[data-rename]')!);
    await chat.updateComplete;
    expect(englishIn(chat), 'renaming a conversation').toEqual([]);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(shadow(chat).querySelector<HTMLElement>('[data-delete]')!);
    await chat.updateComplete;
    expect(englishIn(chat), 'deleting a conversation').toEqual([]);

    live.disconnect();
    const heard = announced.join('\n');
    expect(
      ENGLISH.filter((e) => heard.includes(e.text)).map((e) => `${e.key}: ${e.text}`),
      'announcements',
    ).toEqual([]);
  });

  test('a partial strings object still overrides single keys in Arabic', async () => {
    const chat = document.createElement('mcp-chat');
    chat.lang = 'ar';
    chat.server = inject('demoUrl');
    chat.store = createMemoryHistory();
    chat.openModel = 'off';
    chat.strings = { emptyTitleNoModel: 'ابدأ هنا', chooseModel: 'Pick one' };
    document.body.append(chat);
    await expect.poll(() => shadow(chat).querySelector('[part="empty-state"] h2')?.textContent).toBe('ابدأ هنا');
    expect(shadow(chat).querySelector('[part="model"]')!.textContent!.trim()).toBe('Pick one');
    expect(shadow(chat).querySelector('[part~="send-button"]')!.getAttribute('aria-label')).toBe(CHAT_STRINGS_AR.send);
  });
});
