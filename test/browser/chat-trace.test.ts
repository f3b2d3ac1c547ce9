// Issue 27 §4 and §2 in the chat: "Export trace" in the Servers panel (and
// chat.exportTrace()) saves one JSON file with the servers' messages both ways
// and what the chat did (the person's message, the turn, the approval, the
// tool call), never the model's API key; the trace opens again in
// <mcp-trace-view>. A server whose CORS refuses the optional MCP headers is
// shown connected with what that costs. Real demo server, fake OpenAI wire.
import { userEvent } from 'vitest/browser';
import { afterEach, expect, inject, test } from 'vitest';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import type { TraceDocument } from '../../src/mcp/trace.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import '../../src/elements/mcp-trace-view/mcp-trace-view.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpTurnEndEvent } from '../../src/events/turn-end.js';
import { deepAll, openPanelFromMenu, shadow, typeAndSend } from './chat-helpers.js';

const API_KEY = 'sk-trace-test-9f8e7d6c5b4a39281706';

const restore: Array<() => void> = [];
afterEach(() => {
  document.body.replaceChildren();
  for (const fn of restore.splice(0)) fn();
});

async function chatOn(servers: string[], options: { noTrace?: boolean } = {}): Promise<McpChat> {
  const chat = document.createElement('mcp-chat');
  chat.servers = servers;
  chat.store = createMemoryHistory();
  chat.provider = { kind: 'openai', baseUrl: inject('openaiUrl'), apiKey: API_KEY, model: 'gpt-4o-mini' };
  chat.storageKey = `trace-${crypto.randomUUID()}`;
  chat.noTrace = options.noTrace ?? false;
  document.body.append(chat);
  await expect
    .poll(() => chat.serverSet.connections.length === servers.length && chat.serverSet.connections.every((c) => c.state === 'connected'), {
      timeout: 15_000,
    })
    .toBe(true);
  await chat.updateComplete;
  return chat;
}

/** The file "Export trace" saves: the link it clicks is caught and its blob read (the real Blob the person would get). */
function catchDownloads(): Array<Promise<{ name: string; text: string }>> {
  const files: Array<Promise<{ name: string; text: string }>> = [];
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    if (this.download) files.push(fetch(this.href).then(async (r) => ({ name: this.download, text: await r.text() })));
    else click.call(this);
  };
  restore.push(() => (HTMLAnchorElement.prototype.click = click));
  return files;
}

test('Export trace saves the servers’ messages, the turn, the approval and the tool call, and no API key; mcp-trace-view opens it', async () => {
  const chat = await chatOn([inject('demoUrl')]);
  const ended = new Promise<McpTurnEndEvent>((resolve) => chat.addEventListener('mcp-turn-end', (e) => resolve(e), { once: true }));
  await typeAndSend(chat, 'please delete it [[tool:delete-note {"id":"7"}]]');
  const card = await expect
    .poll(() => deepAll(shadow(chat), 'mcp-tool-card')[0], { timeout: 10_000 })
    .toBeTruthy()
    .then(() => deepAll(shadow(chat), 'mcp-tool-card')[0]!);
  await expect.poll(() => card.shadowRoot!.querySelector('[part="approve-button"]')).not.toBeNull();
  await userEvent.click(card.shadowRoot!.querySelector<HTMLElement>('[part="approve-button"]')!);
  await ended;

  await openPanelFromMenu(chat, 'Servers');
  const button = await expect
    .poll(() => shadow(chat).querySelector<HTMLButtonElement>('[part="export-trace-button"]'))
    .not.toBeNull()
    .then(() => shadow(chat).querySelector<HTMLButtonElement>('[part="export-trace-button"]')!);
  expect(button.textContent).toContain('Export trace');
  expect(button.getAttribute('aria-describedby')).toBe('trace-export-hint');
  const files = catchDownloads();
  await userEvent.click(button);
  await expect.poll(() => files.length).toBe(1);
  const file = await files[0]!;
  expect(file.name).toMatch(/^mcp-trace-.*\.json$/);
  expect(file.text).not.toContain(API_KEY);
  expect(file.text).not.toContain('trace-test-9f8e');

  const trace = JSON.parse(file.text) as TraceDocument;
  expect(trace.format).toBe('mcp-elements-trace');
  expect(Object.values(trace.servers).map((s) => s.url)).toEqual([inject('demoUrl')]);
  const methods = trace.entries
    .flatMap((e) => (e.kind === 'http-request' ? (e.messages ?? []) : []))
    .map((m) => (m as { method?: string }).method);
  expect(methods).toEqual(expect.arrayContaining(['tools/list', 'tools/call']));
  const events = trace.entries.filter((e) => e.kind === 'event') as Array<{ type: string; data: Record<string, unknown> }>;
  expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['person-message', 'approval', 'tool-call', 'turn-end']));
  expect(events.find((e) => e.type === 'approval')!.data).toMatchObject({ decision: 'allow' });
  expect(events.find((e) => e.type === 'tool-call')!.data).toMatchObject({ tool: 'delete-note', status: 'done' });
  // The public method gives the same document.
  expect(chat.exportTrace()?.entries.length).toBeGreaterThanOrEqual(trace.entries.length);

  // Opened again as a readable timeline.
  const view = document.createElement('mcp-trace-view');
  document.body.append(view);
  await view.loadText(file.text);
  await view.updateComplete;
  expect(view.shadowRoot!.textContent).toContain('tools/call');
});

test('with no-trace nothing is recorded and the panel offers no export', async () => {
  const chat = await chatOn([inject('demoUrl')], { noTrace: true });
  await openPanelFromMenu(chat, 'Servers');
  await chat.updateComplete;
  expect(shadow(chat).querySelector('[part="server"]')).not.toBeNull();
  expect(shadow(chat).querySelector('[part="export-trace-button"]')).toBeNull();
  expect(chat.exportTrace()).toBeUndefined();
});

test('the header chip of a degraded server says it works with limits (its dot a warning), a full-CORS server just connected', async () => {
  const chat = await chatOn([inject('strictCorsUrl'), inject('demoUrl')]);
  const chips = () => [...shadow(chat).querySelectorAll<HTMLElement>('.server-status:not(.server-count)')];
  await expect.poll(() => chips().map((c) => c.getAttribute('part'))).toEqual(['server-status degraded', 'server-status connected']);
  const [limited, full] = chips();
  expect(limited!.title).toContain('Connected, with limits');
  expect(limited!.title).toContain('Servers');
  expect(full!.title).toMatch(/: Connected$/);
  expect(limited!.getAttribute('aria-label')).toContain('connected, with limits');
  const dot = (chip: HTMLElement) => getComputedStyle(chip.querySelector('.dot')!).backgroundColor;
  expect(dot(limited!)).not.toBe(dot(full!));
  const count = shadow(chat).querySelector<HTMLElement>('.server-count')!;
  expect(count.classList.contains('degraded')).toBe(true);
});

test('a server whose CORS refuses the optional MCP headers shows connected, with which headers are left off and what that costs', async () => {
  const chat = await chatOn([inject('strictCorsUrl')]);
  await openPanelFromMenu(chat, 'Servers');
  await chat.updateComplete;
  const note = await expect
    .poll(() => shadow(chat).querySelector<HTMLElement>('[part="server-degraded"]'))
    .not.toBeNull()
    .then(() => shadow(chat).querySelector<HTMLElement>('[part="server-degraded"]')!);
  expect(note.textContent).toContain('Works here only without Last-Event-Id, Mcp-Method, Mcp-Name, Mcp-Protocol-Version');
  expect(note.textContent).toContain('it talks the 2025-11-25 protocol, not 2026-07-28');
  expect(note.textContent).toContain('a broken event stream cannot be resumed');
});
