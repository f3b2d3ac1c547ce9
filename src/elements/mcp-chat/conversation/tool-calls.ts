import type { ReactiveControllerHost } from 'lit';
import type { Message, ToolResultBlock } from '../../../content/index.js';
import type { ToolCallView } from '../../content/mcp-message/mcp-message.js';
import type { ToolCallProgress } from '../../content/mcp-tool-card/tool-call-status.js';

/**
 * What the chat knows about one call that is NOT in the conversation's
 * messages: live status and progress, what the card shows before the result
 * is saved, whether the card is open, and the input requests (elicitation,
 * sampling) shown under it.
 */
interface LiveCall extends ToolCallView {
  /** The result between the call's end and the message holding it (parallel calls of one turn). */
  result?: ToolResultBlock;
  inline?: HTMLElement[];
  /** When the call was sent (status became `running`). */
  startedAt?: number;
  /** When the server last said something about it (sent, progress). */
  heardAt?: number;
}

/** A running call the server has been silent about, for the "still waiting" notice. */
export interface WaitingCall {
  id: string;
  title?: string;
  server?: string;
  /** Seconds since the call was sent. */
  seconds: number;
  /** The call waits for the person: a form or approval the server asked for is shown under it. */
  forPerson?: boolean;
}

/** What {@link ToolCalls} needs: a repaint. */
export type ToolCallsHost = Pick<ReactiveControllerHost, 'requestUpdate'>;

/**
 * The one owner of per-call state that is not a message. A finished call's
 * result, status, server and title live only in the conversation (the
 * `tool_result` block and its `_meta` record, see `TOOL_CALL_META_KEY`);
 * {@link ToolCalls.viewsFor} joins both for `<mcp-message>`. Entries are
 * replaced, never mutated, so the view cache and Lit see each change.
 */
export class ToolCalls {
  readonly #host: ToolCallsHost;
  #live = new Map<string, LiveCall>();
  #results = new WeakMap<readonly Message[], Map<string, ToolResultBlock>>();
  #views = new WeakMap<Message, { parts: unknown[]; views: Map<string, ToolCallView> }>();

  constructor(host: ToolCallsHost) {
    this.#host = host;
  }

  /** Changes what is shown about a call (status, progress, server, title, open). */
  update(id: string, patch: Omit<LiveCall, 'inline' | 'startedAt' | 'heardAt'>): void {
    const before = this.#live.get(id);
    const now = Date.now();
    const started = patch.status === 'running' && before?.status !== 'running';
    this.#live.set(id, {
      ...before,
      ...patch,
      ...(started ? { startedAt: now, heardAt: now } : {}),
      ...(patch.progress ? { heardAt: now } : {}),
    });
    this.#host.requestUpdate();
  }

  /** The progress shown for a call, if any. */
  progressOf(id: string): ToolCallProgress | undefined {
    return this.#live.get(id)?.progress;
  }

  /** The results of these calls are now in the conversation: drop the copies kept meanwhile. */
  settled(ids: Iterable<string>): void {
    for (const id of ids) {
      const live = this.#live.get(id);
      if (!live) continue;
      const { result: _result, status: _status, progress: _progress, ...rest } = live;
      this.#live.set(id, rest);
    }
  }

  /** True when the call is known (live or in the conversation). */
  has(id: string, messages: readonly Message[]): boolean {
    return this.#live.has(id) || messages.some((m) => m.content.some((b) => b.type === 'tool_use' && b.id === id));
  }

  /** Puts an element (an inline form or approval) under the call and opens its card. */
  attach(id: string, element: HTMLElement): void {
    const live = this.#live.get(id);
    this.#live.set(id, { ...live, open: true, inline: [...(live?.inline ?? []), element] });
    this.#host.requestUpdate();
  }

  /** Takes an element attached with {@link attach} away again. */
  detach(id: string, element: HTMLElement): void {
    const live = this.#live.get(id);
    if (!live?.inline) return;
    this.#live.set(id, { ...live, inline: live.inline.filter((e) => e !== element) });
    this.#host.requestUpdate();
  }

  /** The inline elements under the calls of `message`. */
  inlineFor(message: Message): HTMLElement[] {
    return message.content.flatMap((b) => (b.type === 'tool_use' ? (this.#live.get(b.id)?.inline ?? []) : []));
  }

  /** True while any call is running (the element then repaints once a second for {@link waiting}). */
  get anyRunning(): boolean {
    for (const live of this.#live.values()) if (live.status === 'running') return true;
    return false;
  }

  /**
   * Running calls the server has said nothing about for `silentMs`, and those waiting for the person (a form under
   * them), with the time since they were sent.
   */
  waiting(now: number, silentMs = 2000): WaitingCall[] {
    const out: WaitingCall[] = [];
    for (const [id, live] of this.#live) {
      if (live.status !== 'running' || live.startedAt === undefined) continue;
      // A form under the call: the person, not the server, is awaited (said at once).
      const forPerson = Boolean(live.inline?.length);
      if (!forPerson && now - (live.heardAt ?? live.startedAt) < silentMs) continue;
      out.push({
        id,
        title: live.title,
        server: live.server,
        seconds: Math.floor((now - live.startedAt) / 1000),
        ...(forPerson ? { forPerson } : {}),
      });
    }
    return out;
  }

  /** Forgets every call (another conversation is shown). */
  clear(): void {
    this.#live = new Map();
    this.#host.requestUpdate();
  }

  /**
   * What `<mcp-message>` shows of the calls in `message`, joined from the
   * conversation (`messages`) and the live state. The same Map object is
   * returned while nothing of the message's calls changed (Lit then skips it).
   */
  viewsFor(message: Message, messages: readonly Message[]): Map<string, ToolCallView> {
    const results = this.#resultIndex(messages);
    const ids = message.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
    const parts = ids.flatMap((id) => [this.#live.get(id), results.get(id)]);
    const cached = this.#views.get(message);
    if (cached && cached.parts.length === parts.length && cached.parts.every((p, i) => p === parts[i])) return cached.views;
    const views = new Map<string, ToolCallView>();
    for (const id of ids) {
      const live = this.#live.get(id);
      const result = results.get(id) ?? live?.result;
      // A call with neither result nor live state was interrupted (the page closed while it ran).
      const status = live?.status ?? (result ? undefined : 'cancelled');
      views.set(id, {
        result,
        status,
        progress: live?.progress,
        server: live?.server,
        serverUrl: live?.serverUrl,
        title: live?.title,
        open: live?.open,
      });
    }
    this.#views.set(message, { parts, views });
    return views;
  }

  #resultIndex(messages: readonly Message[]): Map<string, ToolResultBlock> {
    let index = this.#results.get(messages);
    if (!index) {
      index = new Map();
      for (const m of messages) for (const b of m.content) if (b.type === 'tool_result') index.set(b.toolUseId, b);
      this.#results.set(messages, index);
    }
    return index;
  }
}
