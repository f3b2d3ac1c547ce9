import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { TRACE_FORMAT, TRACE_VERSION, type TraceDocument, type TraceEntry } from '../../mcp/trace.js';
import { tokens } from '../shared/tokens.js';
import { styles } from './mcp-trace-view.styles.js';
import { parseInPieces } from './parse-in-pieces.js';

/** Entries drawn at a time: a trace of 90,000 entries draws one page of them (issue 36). */
const PAGE_SIZE = 500;

/** Which entries the timeline shows. */
type Filter = 'all' | 'messages' | 'http' | 'events' | 'errors';

/**
 * A session trace (`McpHub.exportTrace()`, docs/trace.md) as a readable
 * timeline: one line per entry with its time, server, direction and what it
 * was (a JSON-RPC method, an HTTP status, a page event), each with its
 * details. Everything in a trace is shown as text. Give it the document
 * (`trace`), or let the person open a file. A big file is read in pieces (the
 * page stays responsive) and the timeline draws 500 entries at a time.
 *
 * @summary Opens an exported session trace as a readable, filterable timeline.
 *
 * @csspart file-input - The "Open a trace file" input.
 * @csspart filter - The select that narrows the timeline.
 * @csspart summary - When the trace was taken, its servers and what was dropped.
 * @csspart degraded - A server that worked around its CORS (which headers were left off).
 * @csspart error - Why a file could not be opened (an alert).
 * @csspart timeline - The list of entries (500 at a time).
 * @csspart pages - Which entries are shown, with Previous and Next.
 * @csspart entry - One entry (`data-kind`: http-request, http-response, message, http-error, event).
 *
 * @cssproperty --mcp-trace-view-bg - Background. Defaults to `--mcp-color-bg`.
 * @cssproperty --mcp-trace-view-fg - Text. Defaults to `--mcp-color-fg`.
 * @cssproperty --mcp-trace-view-surface - Background of details. Defaults to `--mcp-color-surface`.
 * @cssproperty --mcp-trace-view-muted - Times and server names. Defaults to `--mcp-color-muted`.
 * @cssproperty --mcp-trace-view-border - Lines between entries. Defaults to `--mcp-color-border`.
 * @cssproperty --mcp-trace-view-accent - Focus rings. Defaults to `--mcp-color-accent`.
 * @cssproperty --mcp-trace-view-danger - Failed requests and errors. Defaults to `--mcp-color-danger`.
 * @cssproperty --mcp-trace-view-warning - Degraded servers. Defaults to `--mcp-color-warning`.
 */
@customElement('mcp-trace-view')
export class McpTraceView extends LitElement {
  static override styles = [tokens, styles];

  /** The trace to show (a parsed trace document). */
  @property({ attribute: false }) trace?: TraceDocument;
  /** `light` or `dark` forces a theme; otherwise it follows `prefers-color-scheme`. */
  @property({ reflect: true }) theme?: 'light' | 'dark';

  @state() private filter: Filter = 'all';
  @state() private error = '';
  /** The first entry shown (of the filtered list). */
  @state() private first = 0;
  /** Reading a file: the share read so far (0 to 1). */
  @state() private reading: number | undefined;
  #filtered: { trace: TraceDocument; filter: Filter; entries: TraceEntry[] } | undefined;

  /**
   * Reads a trace from its JSON text, in pieces when it is big (resolves when
   * read); on a file that is not a trace, shows why (and keeps the one shown).
   */
  async loadText(text: string): Promise<boolean> {
    let value: unknown;
    this.reading = 0;
    try {
      value = await parseInPieces(text, (done) => (this.reading = done));
    } catch {
      this.error = 'This file is not JSON, so it is not a trace.';
      return false;
    } finally {
      this.reading = undefined;
    }
    const doc = value as Partial<TraceDocument> | null;
    if (!doc || doc.format !== TRACE_FORMAT || !Array.isArray(doc.entries)) {
      this.error = 'This file is not an mcp-elements session trace.';
      return false;
    }
    if (doc.version !== TRACE_VERSION) {
      this.error = `This trace has format version ${String(doc.version)}; this viewer reads version ${TRACE_VERSION}.`;
      return false;
    }
    this.error = '';
    this.first = 0;
    this.trace = doc as TraceDocument;
    return true;
  }

  /** The entries the filter keeps (computed once per trace and filter). */
  #entries(trace: TraceDocument): TraceEntry[] {
    const memo = this.#filtered;
    if (memo?.trace === trace && memo.filter === this.filter) return memo.entries;
    const entries = this.filter === 'all' ? trace.entries : trace.entries.filter((e) => matches(e, this.filter));
    this.#filtered = { trace, filter: this.filter, entries };
    return entries;
  }

  private async onFile(event: Event): Promise<void> {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (file) await this.loadText(await file.text());
  }

  protected override render(): TemplateResult {
    const trace = this.trace;
    const entries = trace ? this.#entries(trace) : [];
    const first = Math.min(this.first, Math.max(0, entries.length - 1));
    const shown = entries.slice(first, first + PAGE_SIZE);
    return html`
      <div class="toolbar">
        <label>Open a trace file <input part="file-input" type="file" accept="application/json,.json" @change=${this.onFile} /></label>
        <label
          >Show
          <select
            part="filter"
            .value=${this.filter}
            @change=${(e: Event) => ((this.filter = (e.target as HTMLSelectElement).value as Filter), (this.first = 0))}
          >
            <option value="all">Everything</option>
            <option value="messages">JSON-RPC messages</option>
            <option value="http">HTTP requests and answers</option>
            <option value="events">Page events (model, approvals)</option>
            <option value="errors">Errors</option>
          </select></label
        >
      </div>
      <div part="error" role="alert">${this.error}</div>
      ${
        this.reading !== undefined
          ? html`<p part="summary" role="status">Reading the trace… ${Math.round(this.reading * 100)}%</p>`
          : trace
            ? this.renderSummary(trace)
            : html`<p part="summary">No trace open.</p>`
      }
      ${
        trace
          ? html`<ol part="timeline" aria-label="Timeline, ${entries.length} entries" start=${first + 1}>
              ${shown.map((e) => this.renderEntry(e, trace))}
            </ol>
            ${entries.length > PAGE_SIZE ? this.renderPages(first, entries.length) : nothing}`
          : nothing
      }
    `;
  }

  /** Which entries are shown, with Previous and Next (500 at a time). */
  private renderPages(first: number, total: number): TemplateResult {
    const n = (x: number) => x.toLocaleString('en-US');
    const last = Math.min(first + PAGE_SIZE, total);
    const go = (to: number) => {
      this.first = to;
      this.renderRoot.querySelector('[part="timeline"]')?.scrollIntoView({ block: 'start' });
    };
    return html`<nav part="pages" aria-label="Timeline pages">
      <button ?disabled=${first === 0} @click=${() => go(Math.max(0, first - PAGE_SIZE))}>Previous ${PAGE_SIZE}</button>
      <span role="status">Entries ${n(first + 1)}–${n(last)} of ${n(total)}</span>
      <button ?disabled=${last >= total} @click=${() => go(first + PAGE_SIZE)}>Next ${PAGE_SIZE}</button>
    </nav>`;
  }

  private renderSummary(trace: TraceDocument): TemplateResult {
    const servers = Object.entries(trace.servers ?? {});
    return html`<div part="summary">
      <p>Started ${trace.startedAt}, exported ${trace.exportedAt}; ${trace.entries.length} entries${trace.dropped ? `, ${trace.dropped} older entries dropped to stay within the size limit` : ''}.</p>
      <ul>
        ${servers.map(
          ([id, s]) =>
            html`<li>${s.name ?? id} (${s.url})${s.era ? `, ${s.era === 'modern' ? '2026-07-28' : (s.protocolVersion ?? '2025')} era` : ''}
              ${isDegraded(s.degraded) ? html`<div part="degraded">${s.degraded.reason}</div>` : nothing}</li>`,
        )}
      </ul>
    </div>`;
  }

  private renderEntry(entry: TraceEntry, trace: TraceDocument): TemplateResult {
    const server = entry.server ? (trace.servers?.[entry.server]?.name ?? entry.server) : '';
    const failed =
      entry.kind === 'http-error' ||
      (entry.kind === 'http-response' && entry.status >= 400) ||
      (entry.kind === 'event' && entry.type === 'error') ||
      hasRpcError(entry);
    return html`<li part="entry" data-kind=${entry.kind} ?data-error=${failed}>
      <span class="time">+${(entry.t / 1000).toFixed(3)} s</span>
      <span>${server ? html`<span class="server">${server}</span> ` : nothing}${describe(entry)}</span>
      <details>
        <summary>Details</summary>
        <pre>${JSON.stringify(entry, null, 2)}</pre>
      </details>
    </li>`;
  }
}

function matches(entry: TraceEntry, filter: Filter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'messages':
      return (
        entry.kind === 'message' || ((entry.kind === 'http-request' || entry.kind === 'http-response') && (entry.messages?.length ?? 0) > 0)
      );
    case 'http':
      return entry.kind === 'http-request' || entry.kind === 'http-response' || entry.kind === 'http-error';
    case 'events':
      return entry.kind === 'event';
    case 'errors':
      return (
        entry.kind === 'http-error' ||
        (entry.kind === 'http-response' && entry.status >= 400) ||
        (entry.kind === 'event' && entry.type === 'error') ||
        hasRpcError(entry)
      );
  }
}

/** One line for people: direction, method or status, event type. */
function describe(entry: TraceEntry): string {
  if (entry.truncated) return entry.truncated;
  switch (entry.kind) {
    case 'http-request':
      return `→ sent ${entry.method} ${methods(entry.messages) || '(no body)'}`;
    case 'http-response':
      return `← HTTP ${entry.status} in ${entry.durationMs} ms${methods(entry.messages) ? `: ${methods(entry.messages)}` : ''}`;
    case 'message':
      return `← received ${methods([entry.message]) || 'a message'}`;
    case 'http-error':
      return `✕ no answer after ${entry.durationMs} ms: ${entry.error}`;
    case 'event':
      return `• ${entry.type}`;
    default:
      return 'entry';
  }
}

/** `tools/call echo`, `result #3`, `error #3 (-32602)` for each JSON-RPC message. */
function methods(messages: unknown[] | undefined): string {
  return (messages ?? [])
    .map((m) => {
      const msg = (m ?? {}) as {
        method?: unknown;
        id?: unknown;
        params?: { name?: unknown };
        error?: { code?: unknown };
        result?: unknown;
      };
      if (typeof msg.method === 'string') return `${msg.method}${typeof msg.params?.name === 'string' ? ` ${msg.params.name}` : ''}`;
      if (msg.error) return `error #${String(msg.id)} (${String(msg.error.code)})`;
      if (msg.result !== undefined) return `result #${String(msg.id)}`;
      return '';
    })
    .filter(Boolean)
    .join(', ');
}

function hasRpcError(entry: TraceEntry): boolean {
  const list = entry.kind === 'message' ? [entry.message] : entry.kind === 'http-response' ? (entry.messages ?? []) : [];
  return list.some((m) => typeof m === 'object' && m !== null && 'error' in m);
}

function isDegraded(value: unknown): value is { reason: string } {
  return typeof value === 'object' && value !== null && typeof (value as { reason?: unknown }).reason === 'string';
}

declare global {
  interface HTMLElementTagNameMap {
    'mcp-trace-view': McpTraceView;
  }
}
