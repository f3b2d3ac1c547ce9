import { revealHidden } from '../../../content/reveal.js';
import { LitElement, html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { customElement, property, state } from 'lit/decorators.js';
import type { ToolResultBlock, ToolUseBlock } from '../../../content/index.js';
import { toolCallRecord } from '../../../content/tool-result.js';
import { isUntrustedResult } from '../../../content/untrusted.js';
import { McpToolApproveEvent } from '../../../events/tool-approve.js';
import { McpToolStopEvent } from '../../../events/tool-stop.js';
import '../mcp-content-block/mcp-content-block.js';
import { icon, type IconName } from '../../shared/icons-later.js';
import { statusLabels, type ToolCallProgress, type ToolCallStatus } from './tool-call-status.js';
import { hostOf } from '../../../mcp/server-key.js';
import { formatValue, json, repeatsValue } from './tool-call-format.js';
import { toolCardStyles } from './mcp-tool-card.styles.js';
import { contentStrings, type ContentStrings } from '../../shared/content-strings.js';

/**
 * A tool call and its result as a collapsible card: the tool's title (its
 * name when it has none) with its real name beside a title that differs, and
 * its server, hidden and direction-changing characters shown wherever they
 * are named (a title may copy another tool's), its arguments, the result blocks exactly as the server returned
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
 * @csspart arguments - The arguments (rows of name and value, or JSON).
 * @csspart result - The result blocks.
 * @csspart structured - The `structuredContent`, formatted once (rows of name and value, or JSON).
 * @csspart raw-button - "Show JSON": the call and result as the protocol has them.
 * @csspart raw - That JSON.
 * @csspart error - The note marking an error result.
 * @csspart untrusted - The note marking a result whose content is untrusted (`_meta["mcp-elements/untrusted"]`).
 * @csspart progress - The progress bar.
 * @csspart stop-button - Stops the running call.
 * @csspart approve-button - Approves the call.
 * @csspart always-button - Approves this and later calls of the tool.
 * @csspart deny-button - Refuses the call.
 *
 * @cssproperty --mcp-tool-card-bg - Background of the closed row (transparent).
 * @cssproperty --mcp-tool-card-open-bg - Background of the opened card. Defaults to `--mcp-color-surface`.
 * @cssproperty --mcp-tool-card-border - Border of the opened card. Defaults to `--mcp-color-border`.
 * @cssproperty --mcp-tool-card-warning - Colour of the approval card. Defaults to `--mcp-color-warning`.
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

  /** Address of that server, named in the approval question. */
  @property({ attribute: 'server-url' }) serverUrl?: string;

  /** The tool's human title, shown instead of its name (the name stays as the tooltip); when not set, the one `result` recorded. */
  @property({ attribute: 'tool-title' }) toolTitle?: string;

  /** Interface text of the card (its row, sections, buttons) and of the result's renderers (code copy buttons, enlarged images); keys left out are English. */
  @property({ attribute: false }) strings?: Partial<ContentStrings>;

  /** The details (arguments and result) are expanded. */
  @property({ type: Boolean, reflect: true }) open = false;

  /** The raw JSON of the call and result is shown (one click away). */
  @state() private rawOpen = false;

  /** Offer "Always allow" beside Approve. */
  @property({ type: Boolean, attribute: 'offer-always' }) offerAlways = true;

  /** Move focus to Approve when the card starts asking (the person's own action led to the question). Off for a question the person did not cause, such as a browser agent's call, so a key pressed elsewhere cannot answer it. */
  @property({ attribute: false }) focusOnAsk = true;

  /** A change other than progress is waiting to be drawn (drawn at once; progress waits for the next frame). */
  private urgent = false;

  override requestUpdate(name?: PropertyKey, oldValue?: unknown, options?: Parameters<LitElement['requestUpdate']>[2]): void {
    if (name !== 'progress') this.urgent = true;
    super.requestUpdate(name, oldValue, options);
  }

  /** A server may send thousands of progress notifications a second: progress alone is drawn at most once per frame, the latest. */
  protected override async scheduleUpdate(): Promise<void> {
    if (this.hasUpdated && !this.urgent) await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    this.urgent = false;
    super.scheduleUpdate();
  }

  /** The status shown: `status` or, when unset, what the result says. */
  get effectiveStatus(): ToolCallStatus {
    if (this.status) return this.status;
    if (this.result) return toolCallRecord(this.result).status;
    return 'running';
  }

  protected override render() {
    const t = contentStrings(this.strings);
    const status = this.effectiveStatus;
    const id = this.use?.id ?? this.result?.toolUseId ?? '';
    const name = this.use?.name ?? t.toolResultOnly;
    const verb = verbOf(status, t);
    const recorded = this.result ? toolCallRecord(this.result) : undefined;
    const title = this.toolTitle ?? recorded?.title;
    const server = this.server ?? recorded?.server;
    const approval = status === 'approval';
    const host = hostOf(this.serverUrl);
    return html`<div part="card" class="card ${status}" role=${approval ? 'group' : nothing} aria-label=${approval ? t.toolApproveQuestion(revealHidden(title || name)) : nothing}>
      ${
        approval
          ? // Names and titles are a server's words: hidden characters are shown, and a title never hides the real name.
            html`<p class="ask">${icon('triangle-alert')}<span><strong>${revealHidden(title || name)}</strong>${
              title && title !== name ? html` (<code class="real-name">${revealHidden(name)}</code>)` : nothing
            }${server ? html` ${onServer(t, html`<strong>${revealHidden(server)}</strong>`)}` : nothing}${host ? html` <span class="address">(${host})</span>` : nothing} ${t.toolWantsToRun}</span></p>`
          : nothing
      }
      <details ?open=${this.open} @toggle=${(e: Event) => (this.open = (e.target as HTMLDetailsElement).open)}>
        <summary part="summary">
          <span class="state-icon" aria-hidden="true">${icon(STATUS_ICONS[status], status === 'running' ? 'icon spin' : 'icon')}</span>
          <span class="line" dir="auto">${verb ? `${verb} ` : ''}<strong part="name" class="name" title=${ifDefined(title && title !== name ? name : undefined)}>${revealHidden(title || name)}</strong>${
            title && !sameWords(title, name)
              ? // A title is the server's words and may copy another tool's: unless it only spells the name out ("Echo"
                // for echo), the real name stays in sight, as in the approval question.
                html` <code class="real-name">${revealHidden(name)}</code>`
              : nothing
          }${server ? html` <span class="server">${t.toolOnServer(revealHidden(server))}</span>` : nothing}</span>
          <span class="sep" aria-hidden="true">·</span>
          <span part="status" class="status" dir="auto">${statusLabels(t)[status]}</span>
          <span class="chevron" aria-hidden="true">${icon('chevron-right')}</span>
        </summary>
        <div class="details">
          ${this.use ? html`<div class="section"><p class="label">${t.toolArguments}</p>${formatValue(this.use.input, 'arguments', t.toolNone, t.toolValueCut)}</div>` : nothing}
          ${this.result ? this.#result(this.result, status, t) : nothing}
          <div class="raw">
            <button type="button" part="raw-button" class="raw-toggle" aria-expanded=${this.rawOpen ? 'true' : 'false'} @click=${() => (this.rawOpen = !this.rawOpen)}>
              ${this.rawOpen ? t.hideJson : t.showJson}
            </button>
            ${
              this.rawOpen
                ? html`<pre part="raw">${json({ ...(this.use ? { name: this.use.name, arguments: this.use.input } : {}), ...(this.result ? { result: { content: this.result.content, structuredContent: this.result.structuredContent, isError: this.result.isError } } : {}) })}</pre>`
                : nothing
            }
          </div>
        </div>
      </details>
      <div class="live">${this.#live(status, id, revealHidden(title || name), t)}</div>
      <slot></slot>
    </div>`;
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    // The person must decide: move focus to the question once it appears.
    if (changed.has('status') && this.effectiveStatus === 'approval' && this.focusOnAsk)
      this.renderRoot.querySelector<HTMLElement>('.approve')?.focus();
  }

  #result(result: ToolResultBlock, status: ToolCallStatus, t: ContentStrings) {
    const structured = result.structuredContent;
    const blocks = structured === undefined ? result.content : result.content.filter((b) => !repeatsValue(b, structured));
    return html`<div class="section">
      <p class="label">${t.toolResult}</p>
      <div part="result" class="result">
        ${status === 'error' ? html`<p part="error" class="error-note">${t.toolReportedError}</p>` : nothing}
        ${isUntrustedResult(result) ? html`<p part="untrusted" class="untrusted-note">${t.toolUntrusted}</p>` : nothing}
        ${blocks.map((block) => html`<mcp-content-block theme=${ifDefined(this.theme)} breaks .strings=${this.strings} .block=${block}></mcp-content-block>`)}
        ${structured !== undefined ? formatValue(structured, 'structured', t.toolNone, t.toolValueCut) : nothing}
      </div>
    </div>`;
  }

  #live(status: ToolCallStatus, id: string, name: string, t: ContentStrings) {
    if (status === 'approval') {
      return html`<button part="approve-button" class="approve" type="button" @click=${() => this.dispatchEvent(new McpToolApproveEvent(id, true))}>${t.approve}</button>
        ${
          this.offerAlways
            ? html`<button part="always-button" type="button" @click=${() => this.dispatchEvent(new McpToolApproveEvent(id, true, true))}>${t.alwaysAllow}</button>`
            : nothing
        }
        <button part="deny-button" class="deny" type="button" @click=${() => this.dispatchEvent(new McpToolApproveEvent(id, false))}>${t.deny}</button>`;
    }
    if (status !== 'running') return nothing;
    const p = this.progress;
    const label = t.progressOf(name);
    // Without a value the bar is indeterminate; without a total, progress only grows.
    return html`${
      p && p.total
        ? html`<progress part="progress" aria-label=${label} max=${p.total} .value=${p.progress}></progress>`
        : html`<progress part="progress" aria-label=${label}></progress>`
    }
      ${p?.message ? html`<span class="progress-message">${p.message}</span>` : nothing}
      <button part="stop-button" class="stop" type="button" aria-label=${t.stopTool(name)} @click=${() => this.dispatchEvent(new McpToolStopEvent(id))}>${icon('circle-stop')}${t.stop}</button>`;
  }
}

/** The icon before each status. */
const STATUS_ICONS: Record<ToolCallStatus, IconName> = {
  pending: 'clock',
  approval: 'triangle-alert',
  running: 'loader-circle',
  done: 'check',
  error: 'circle-alert',
  cancelled: 'circle-stop',
  denied: 'ban',
};

/** The verb of the row: "Ran Weather on Demo server · Done". */
function verbOf(status: ToolCallStatus, t: ContentStrings): string {
  switch (status) {
    case 'pending':
    case 'approval':
      return t.toolRun;
    case 'running':
      return '';
    case 'denied':
      return t.toolDidNotRun;
    default:
      return t.toolRan;
  }
}

/** `toolOnServer` around a template (the server's name in bold): the words before and after the name stay the table's. */
function onServer(t: ContentStrings, name: unknown) {
  const marker = '\u0000';
  const [before = '', after = ''] = t.toolOnServer(marker).split(marker);
  return html`${before}${name}${after}`;
}

declare global {
  interface HTMLElementTagNameMap {
    'mcp-tool-card': McpToolCard;
  }
}

/**
 * Whether a title only spells a tool's name out (`Long task` for `long-task`,
 * `Echo` for `echo`): the same letters and digits, case aside. Hidden or
 * direction-changing characters make it differ.
 */
function sameWords(title: string, name: string): boolean {
  const words = (text: string) => text.toLowerCase().replace(/[\s_\-.]+/g, '');
  return words(title) === words(name);
}
