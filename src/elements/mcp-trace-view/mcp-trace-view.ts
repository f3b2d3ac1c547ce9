import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { TRACE_FORMAT, TRACE_VERSION, type TraceDocument, type TraceEntry } from '../../mcp/trace.js';
import { tokens } from '../shared/tokens.js';
import { styles } from './mcp-trace-view.styles.js';

/** Which entries the timeline shows. */
type Filter = 'all' | 'messages' | 'http' | 'events' | 'errors';

/**
 * A session trace (`McpHub.exportTrace()`, docs/trace.md) as a readable
 * timeline: one line per entry with its time, server, direction and what it
 * was (a JSON-RPC method, an HTTP status, a page event), each with its
 * details. Everything in a trace is shown as text. Give it the document
 * (`trace`), or let the person open a file.
 *
 * @summary Opens an exported session trace as a readable, filterable timeline.
 *
 * @csspart file-input - The "Open a trace file" input.
 * @csspart filter - The select that narrows the timeline.
 * @csspart summary - When the trace was taken, its servers and what was dropped.
 * @csspart degraded - A server that worked around its CORS (which headers were left off).
 * @csspart error - Why a file could not be opened (an alert).
 * @csspart timeline - The list of entries.
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

  /** Reads a trace from its JSON text; on a file that is not a trace, shows why (and keeps the one shown). */
  loadText(text: string): boolean {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.error = 'This file is not JSON, so it is not a trace.';
      return false;
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
    this.trace = doc as TraceDocument;
    return true;
  }

  private async onFile(event: Event): Promise<void> {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (file) this.loadText(await file.text());
  }

  protected override render(): TemplateResult {
    const trace = this.trace;
    const entries = (trace?.entries ?? []).filter((e) => matches(e, this.filter));
    return html`
      <div class="toolbar">
        <label>Open a trace file <input part="file-input" type="file" accept="application/json,.json" @change=${this.onFile} /></label>
        <label
          >Show
          <select part="filter" .value=${this.filter} @change=${(e: Event) => (this.filter = (e.target as HTMLSelectElement).value as Filter)}>
            <option value="all">Everything</option>
            <option value="messages">JSON-RPC messages</option>
            <option value="http">HTTP requests and answers</option>
            <option value="events">Page events (model, approvals)</option>
            <option value="errors">Errors</option>
          </select></label
        >
      </div>
      <div part="error" role="alert">${this.error}</div>
      ${trace ? this.renderSummary(trace) : html`<p part="summary">No trace open.</p>`}
      ${
        trace
          ? html`<ol part="timeline" aria-label="Timeline, ${entries.length} entries">
            ${entries.map((e) => this.renderEntry(e, trace))}
          </ol>`
          : nothing
      }
    `;
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
