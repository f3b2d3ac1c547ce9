import { LitElement, html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { customElement, property } from 'lit/decorators.js';
import type { ToolResultBlock, ToolUseBlock } from '../../../content/index.js';
import { toolCallRecord } from '../../../content/tool-result.js';
import { McpToolApproveEvent } from '../../../events/tool-approve.js';
import { McpToolStopEvent } from '../../../events/tool-stop.js';
import '../mcp-content-block/mcp-content-block.js';
import { STATUS_LABELS, type ToolCallProgress, type ToolCallStatus } from './tool-call-status.js';
import { toolCardStyles } from './mcp-tool-card.styles.js';

const json = (value: unknown): string => {
  try {
    return JSON.stringify(value, null, 2) ?? 'undefined';
  } catch {
    return String(value);
  }
};

/**
 * A tool call and its result as a collapsible card: the tool's title (its
 * name when it has none; the name as the tooltip) and server, its arguments, the result blocks exactly as the server returned
 * them, `structuredContent` as formatted JSON, errors marked. While the call
 * runs it shows a progress bar and a Stop button; while it waits for the
 * person it asks for approval. Inline input requests that the tool triggers
 * (`<mcp-elicit-form>`, `<mcp-sampling-approval>`) go in the default slot and
 * show under the call, open or collapsed.
 *
 * @summary A tool call with arguments, progress and result.
 *
 * @slot - Inline elements shown under the call (elicitation, sampling approval).
 *
 * @event mcp-tool-stop - Stop pressed while running (`McpToolStopEvent`, `.toolUseId`).
 * @event mcp-tool-approve - Approve or Deny pressed (`McpToolApproveEvent`, `.toolUseId`, `.approved`, `.always`).
 *
 * @csspart card - The card.
 * @csspart summary - The always-visible line (name, server, status); toggles the details.
 * @csspart name - The tool name.
 * @csspart status - The status text.
 * @csspart arguments - The arguments JSON.
 * @csspart result - The result blocks.
 * @csspart structured - The `structuredContent` JSON.
 * @csspart error - The note marking an error result.
 * @csspart progress - The progress bar.
 * @csspart stop-button - Stops the running call.
 * @csspart approve-button - Approves the call.
 * @csspart always-button - Approves this and later calls of the tool.
 * @csspart deny-button - Refuses the call.
 *
 * @cssproperty --mcp-tool-card-bg - Card background. Defaults to `--mcp-color-surface`.
 * @cssproperty --mcp-tool-card-border - Card border colour. Defaults to `--mcp-color-border`.
 */
@customElement('mcp-tool-card')
export class McpToolCard extends LitElement {
  static override styles = toolCardStyles;

  /** `light` or `dark`; by default the page's `prefers-color-scheme`. Passed to inner elements. */
  @property({ reflect: true }) theme?: 'light' | 'dark';

  /** The `tool_use` block (the call). May be absent when only a result is known. */
  @property({ attribute: false }) use?: ToolUseBlock;

  /** The matching `tool_result` block, once it arrived. */
  @property({ attribute: false }) result?: ToolResultBlock;

  /** Where the call stands; when not set, what `result` recorded (`_meta` under `TOOL_CALL_META_KEY`, else `isError`). */
  @property({ reflect: true }) status?: ToolCallStatus;

  /** Progress of the running call. */
  @property({ attribute: false }) progress?: ToolCallProgress;

  /** Name of the server that offers the tool; when not set, the one `result` recorded. */
  @property() server?: string;

  /** The tool's human title, shown instead of its name (the name stays as the tooltip); when not set, the one `result` recorded. */
  @property({ attribute: 'tool-title' }) toolTitle?: string;

  /** The details (arguments and result) are expanded. */
  @property({ type: Boolean, reflect: true }) open = false;

  /** Offer "Always allow" beside Approve. */
  @property({ type: Boolean, attribute: 'offer-always' }) offerAlways = true;

  /** The status shown: `status` or, when unset, what the result says. */
  get effectiveStatus(): ToolCallStatus {
    if (this.status) return this.status;
    if (this.result) return toolCallRecord(this.result).status;
    return 'running';
  }

  protected override render() {
    const status = this.effectiveStatus;
    const id = this.use?.id ?? this.result?.toolUseId ?? '';
    const name = this.use?.name ?? 'Tool result';
    const recorded = this.result ? toolCallRecord(this.result) : undefined;
    const title = this.toolTitle ?? recorded?.title;
    const server = this.server ?? recorded?.server;
    return html`<div part="card" class="card ${status}">
      <details ?open=${this.open} @toggle=${(e: Event) => (this.open = (e.target as HTMLDetailsElement).open)}>
        <summary part="summary">
          <span part="name" class="name" title=${ifDefined(title && title !== name ? name : undefined)}>${title || name}</span>
          ${server ? html`<span class="server">${server}</span>` : nothing}
          <span part="status" class="status">${STATUS_LABELS[status]}</span>
        </summary>
        ${this.use
          ? html`<div class="section"><p class="label">Arguments</p><pre part="arguments">${json(this.use.input)}</pre></div>`
          : nothing}
        ${this.result ? this.#result(this.result, status) : nothing}
      </details>
      <div class="live">${this.#live(status, id, name)}</div>
      <slot></slot>
    </div>`;
  }

  #result(result: ToolResultBlock, status: ToolCallStatus) {
    return html`<div class="section">
      <p class="label">Result</p>
      <div part="result" class="result">
        ${status === 'error' ? html`<p part="error" class="error-note">The tool reported an error.</p>` : nothing}
        ${result.content.map((block) => html`<mcp-content-block theme=${ifDefined(this.theme)} breaks .block=${block}></mcp-content-block>`)}
        ${result.structuredContent !== undefined
          ? html`<p class="label">Structured content</p><pre part="structured">${json(result.structuredContent)}</pre>`
          : nothing}
      </div>
    </div>`;
  }

  #live(status: ToolCallStatus, id: string, name: string) {
    if (status === 'approval') {
      return html`<p class="question">Allow <strong>${name}</strong> to run with these arguments?</p>
        <button part="approve-button" class="approve" type="button" @click=${() => this.dispatchEvent(new McpToolApproveEvent(id, true))}>Approve</button>
        ${this.offerAlways
          ? html`<button part="always-button" type="button" @click=${() => this.dispatchEvent(new McpToolApproveEvent(id, true, true))}>Always allow</button>`
          : nothing}
        <button part="deny-button" class="deny" type="button" @click=${() => this.dispatchEvent(new McpToolApproveEvent(id, false))}>Deny</button>`;
    }
    if (status !== 'running') return nothing;
    const p = this.progress;
    const label = `Progress of ${name}`;
    // Without a value the bar is indeterminate; without a total, progress only grows.
    return html`${p && p.total
        ? html`<progress part="progress" aria-label=${label} max=${p.total} .value=${p.progress}></progress>`
        : html`<progress part="progress" aria-label=${label}></progress>`}
      ${p?.message ? html`<span class="progress-message">${p.message}</span>` : nothing}
      <button part="stop-button" class="stop" type="button" @click=${() => this.dispatchEvent(new McpToolStopEvent(id))}>Stop</button>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mcp-tool-card': McpToolCard;
  }
}
