import { expect, inject } from 'vitest';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import { toHistoryError } from '../../src/history/errors.js';
import type { HistoryStore } from '../../src/history/index.js';
import { createOpenAICompatibleProvider } from '../../src/providers/openai/openai-compatible-provider.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpAppView } from '../../src/elements/mcp-app-view/mcp-app-view.js';
import type { AppReport } from './app-view-support.js';
import type { McpServerChangeEvent } from '../../src/events/server-change.js';
import type { McpTurnEndEvent } from '../../src/events/turn-end.js';
import type { McpConnectionState } from '../../src/mcp/connection-events.js';

/** The fake OpenAI provider the chat tests use. */
export const fakeProvider = () =>
  createOpenAICompatibleProvider({ baseURL: inject('openaiUrl'), apiKey: 'test-key', model: 'gpt-4o-mini', maxRetries: 0 });

/** What {@link mountChat} sets up. */
export interface MountOptions {
  /** A fake OpenAI provider (default) or none. */
  provider?: boolean;
  /** Default: a memory store. */
  store?: HistoryStore | null;
  storageKey?: string;
  /** The MCP endpoint (default the demo server). */
  server?: string;
  /** Sets `sandbox-url` to the test sandbox origin, so tools with views show their apps. */
  sandbox?: boolean;
}

/**
 * Resolves with the state of `chat`'s (first) server once it is one of `states`: at once if it is
 * already, else when the chat's own `mcp-server-change` event for that server says so (a server may
 * pass through other states, `failed` among them, on its way).
 */
export function serverReaches(chat: McpChat, ...states: McpConnectionState[]): Promise<McpConnectionState> {
  const now = chat.serverSet.connections[0]?.state;
  if (now !== undefined && states.includes(now)) return Promise.resolve(now);
  return new Promise((resolve) => {
    const changed = (e: McpServerChangeEvent) => {
      if (!states.includes(e.state) || e.url !== chat.serverSet.connections[0]?.url) return;
      chat.removeEventListener('mcp-server-change', changed);
      resolve(e.state);
    };
    chat.addEventListener('mcp-server-change', changed);
  });
}

/**
 * The chat's `mcp-turn-end` events as they come (`events`), and `reach(n)`: resolves once `n` have come,
 * at once if they have. Make it before the turn starts.
 */
export function turnEnds(chat: McpChat): { events: McpTurnEndEvent[]; reach(n: number): Promise<McpTurnEndEvent[]> } {
  const events: McpTurnEndEvent[] = [];
  const waiting: Array<{ n: number; resolve: (events: McpTurnEndEvent[]) => void }> = [];
  chat.addEventListener('mcp-turn-end', (e) => {
    events.push(e);
    for (const waiter of waiting.filter((w) => events.length >= w.n)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(events);
    }
  });
  return {
    events,
    reach: (n) => new Promise((resolve) => (events.length >= n ? resolve(events) : waiting.push({ n, resolve }))),
  };
}

/** Mounts a chat on the demo server (or `server`), waits until it is connected. */
export async function mountChat(options: MountOptions = {}): Promise<McpChat> {
  const chat = document.createElement('mcp-chat');
  chat.server = options.server ?? inject('demoUrl');
  chat.store = options.store === undefined ? createMemoryHistory() : options.store;
  if (options.provider !== false) chat.provider = fakeProvider();
  chat.storageKey = options.storageKey ?? `t-${Math.random()}`;
  if (options.sandbox) chat.sandboxUrl = inject('sandboxUrl');
  document.body.append(chat);
  await serverReaches(chat, 'connected');
  await serversShown(chat);
  return chat;
}

/**
 * Resolves once the chat shows its servers' latest states: it repaints them at
 * most once a frame (`chat-servers.ts`), so a state can be a frame ahead of the
 * header and notices. A frame asked for now runs after the repaint already asked for.
 */
export async function serversShown(chat: McpChat): Promise<void> {
  await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  await chat.updateComplete;
}

/** A chat on the fixture server's 500 tools, no store, once all 500 are listed. */
export async function mountChatOn500Tools(): Promise<McpChat> {
  const chat = document.createElement('mcp-chat');
  chat.server = `${inject('fixtureUrl')}/five-hundred/mcp`;
  chat.store = null;
  document.body.append(chat);
  await expect.poll(() => chat.serverSet.listTools().length, { timeout: 20_000 }).toBe(500);
  await chat.updateComplete;
  return chat;
}

/** A chat showing MCP Apps (`sandbox-url` set), with what the apps of its server report under `logger` (`notifications/message`). */
export async function mountChatWithApps(options: MountOptions = {}, logger = 'app:demo-app') {
  const chat = await mountChat({ ...options, sandbox: true });
  const reports: AppReport[] = [];
  /** Who waits for which step's report. */
  const waiting: Array<{ step: string; resolve: (report: AppReport) => void }> = [];
  chat.serverSet.connections[0]!.addEventListener('mcp-log-message', (e) => {
    if (e.message.logger !== logger) return;
    const report = e.message.data as AppReport;
    reports.push(report);
    for (const waiter of waiting.filter((w) => w.step === report.step)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(report);
    }
  });
  /** Resolves with the apps' report of `step` once its log message has come (at once if it has). */
  const report = (step: string) =>
    new Promise<AppReport>((resolve) => {
      const found = reports.find((r) => r.step === step);
      if (found) resolve(found);
      else waiting.push({ step, resolve });
    });
  return { chat, reports, report };
}

/** The app views shown in a chat. */
export const appViews = (chat: McpChat) => deepAll<McpAppView>(chat.shadowRoot!, 'mcp-app-view');

/** Deep query through shadow roots. */
export function deepAll<T extends Element = Element>(root: ParentNode, selector: string): T[] {
  const out: T[] = [];
  const walk = (node: ParentNode) => {
    out.push(...(node.querySelectorAll(selector) as NodeListOf<T>));
    for (const el of node.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(root);
  return out;
}

export const shadow = (chat: McpChat) => chat.shadowRoot!;

/** Types into the composer and presses Enter. */
export async function typeAndSend(chat: McpChat, text: string): Promise<void> {
  const input = shadow(chat).querySelector('textarea')!;
  input.value = text;
  input.dispatchEvent(new Event('input'));
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
}

/** Opens a side panel as a person does: the header's "More" menu, then the panel's item. */
export async function openPanelFromMenu(chat: McpChat, label: 'Conversations' | 'Resources' | 'Servers' | 'Settings'): Promise<void> {
  const { userEvent } = await import('vitest/browser');
  await userEvent.click(shadow(chat).querySelector<HTMLElement>('[part~="menu-button"]')!);
  await chat.updateComplete;
  const item = [...shadow(chat).querySelectorAll<HTMLElement>('[part="menu-item"]')].find((b) => b.textContent!.trim() === label)!;
  await userEvent.click(item);
  await chat.updateComplete;
}

/** The "name: value" rows a tool card shows for arguments or structured content, as an object of strings. */
export function rowsOf(list: Element): Record<string, string> {
  return Object.fromEntries(
    [...list.querySelectorAll('dt')].map((dt) => [dt.textContent!.trim(), dt.nextElementSibling!.textContent!.trim()]),
  );
}

/** A real in-memory store whose disk is full: every message save fails as IndexedDB reports it. */
export function fullStore(): HistoryStore {
  const store = createMemoryHistory();
  return new Proxy(store, {
    get(target, key, receiver) {
      if (key === 'appendMessages')
        return () =>
          Promise.reject(toHistoryError(new DOMException('The quota has been exceeded.', 'QuotaExceededError'), 'Saving messages'));
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
