import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { CreateMessageRequestParams, CreateMessageResult } from '@modelcontextprotocol/client';
import type { InputRequestContext, SamplingHandler } from '../../mcp/input-types.js';
import { McpSamplingPolicyChangeEvent } from '../../events/sampling-policy-change.js';
import { McpSamplingResponseEvent } from '../../events/sampling-response.js';
import type { SamplingPolicies } from './sampling-policies.js';
import {
  applySamplingEdits,
  declinedError,
  editableUserMessageIndex,
  editableUserText,
  requestMessages,
  resultBlocks,
  samplingResult,
  stopReasonOf,
  modelOf,
  structuredOutputSchema,
  type SamplingError,
} from './sampling-request.js';
import { isSamplingPolicy, SamplingPolicy, type SamplingProvider } from './sampling-types.js';
import { selectModel } from '../../providers/select-model.js';
import type { ModelInfo } from '../../providers/types.js';
import { styles } from './mcp-sampling-approval.styles.js';
import { revealHidden } from '../../content/reveal.js';
import { hostOf } from '../../mcp/server-key.js';
import { json } from './render-blocks.js';
import { renderMessages, renderPreferences, renderTools } from './render-request.js';
import { SamplingAnswerController } from './sampling-answer-controller.js';
import { SamplingRunController } from './sampling-run-controller.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { ownDirection, type FormStrings } from '../shared/form-strings.js';
import { FormLanguage } from '../shared/form-language.js';

/** What became of one request: the request as sent after edits, and the answer or the error for the server. */
export interface SamplingDecision {
  request: CreateMessageRequestParams;
  result?: CreateMessageResult;
  error?: SamplingError;
}

interface Pending {
  params: CreateMessageRequestParams;
  context: InputRequestContext;
  resolve: (decision: SamplingDecision) => void;
  reject: (error: unknown) => void;
}

type Phase = 'request' | 'running' | 'review' | 'compose';

/**
 * Shows a server's `sampling/createMessage` request to a person, lets them
 * edit it, runs the model with a live preview, and lets them review and edit
 * the answer before it goes back. Without a provider the person writes the
 * answer (text, or a call of one of the offered tools). Requests that arrive
 * while one is shown wait, with a count.
 *
 * Use `registerSamplingApproval()` to make it the sampling handler of a
 * connection (it adds the pre-checks, the per-server policies and the
 * activity log), or call `ask(params, context)` yourself.
 *
 * Its own text follows `lang` on the element or an ancestor, across shadow
 * roots (inside `<mcp-chat lang="ar">` it is in Arabic); `strings` overrides
 * single keys (see `FormStrings`).
 *
 * @summary Human-in-the-loop approval of MCP sampling requests.
 *
 * @event mcp-sampling-response - The person sent an answer or rejected the request (`request` as sent, `result` or `error`, `serverId`, `toolUseId`).
 * @event mcp-sampling-policy-change - The person chose a policy for this server (`serverUrl`, `serverName`, `policy`; `serverId` is this page's connection id).
 *
 * @csspart base - The dialog around one request.
 * @csspart header - Title, server, count and policy.
 * @csspart count - "1 of N" when several requests wait.
 * @csspart caused-by - Which tool call caused the request.
 * @csspart policy - The policy select for this server.
 * @csspart system-prompt - The system prompt editor.
 * @csspart messages - The list of messages.
 * @csspart message - One message.
 * @csspart tools - The tools offered.
 * @csspart tool - One tool offered.
 * @csspart schema - A JSON schema shown on demand.
 * @csspart structured-output - The notice that the server wants structured output.
 * @csspart preferences - Model preferences and fixed settings.
 * @csspart settings - The editable model, max tokens and temperature.
 * @csspart field - One labelled field.
 * @csspart input - An input, select or textarea.
 * @csspart actions - The row of buttons.
 * @csspart approve-button - Runs the model.
 * @csspart write-button - Lets the person write the answer.
 * @csspart reject-button - Rejects the request or the answer.
 * @csspart stop-button - Stops the running model.
 * @csspart send-button - Sends the answer to the server.
 * @csspart preview - The live streaming preview.
 * @csspart answer - The answer under review or being written.
 * @csspart error - An error message.
 * @csspart field-error - An error shown at the field it is about (also `error`).
 * @csspart server-address - The asking server's address (host and port), beside its self-declared name.
 * @csspart request-messages - The request's messages, kept in view while the person writes the answer.
 * @csspart block - One content block (also block-text, block-image, block-audio, block-resource-link, block-resource).
 * @csspart block-text - A text block.
 * @csspart block-image - An image block.
 * @csspart block-audio - An audio block.
 * @csspart block-resource-link - A resource link block.
 * @csspart block-resource - An embedded resource block.
 * @csspart tool-use - A tool_use card.
 * @csspart tool-result - A tool_result card.
 *
 * @cssproperty --mcp-sampling-accent - Accent color of buttons (default `--mcp-color-accent`).
 * @cssproperty --mcp-sampling-bg - Background (default `--mcp-color-bg`).
 * @cssproperty --mcp-sampling-fg - Text color (default `--mcp-color-fg`).
 * @cssproperty --mcp-sampling-border - Border color (default `--mcp-color-border`).
 * @cssproperty --mcp-sampling-surface - Background of cards (default `--mcp-color-surface`).
 * @cssproperty --mcp-sampling-danger - Color of errors and Reject (default `--mcp-color-danger`).
 */
@customElement('mcp-sampling-approval')
export class McpSamplingApproval extends FormLanguage(LitElement) {
  static override styles = styles;

  /** The model provider; without one the person writes answers by hand. */
  @property({ attribute: false }) provider?: SamplingProvider;
  /** The models the person may pick from (the request's modelPreferences choose among them). */
  @property({ attribute: false }) models: ModelInfo[] = [];
  /** The model used when the request's preferences match none. */
  @property({ attribute: 'default-model' }) defaultModel?: string;
  /** Per-server policies the policy select reads and writes. */
  @property({ attribute: false }) policies?: SamplingPolicies;
  /** Requests waiting elsewhere (e.g. in the router's queue), added to the count. */
  @property({ type: Number }) queued = 0;
  /** `light` or `dark` to force a theme. */
  @property({ reflect: true }) theme?: 'light' | 'dark';
  /** Interface text that replaces the built-in text of the language, key by key (the base table follows `lang`). */
  @property({ attribute: false }) strings?: Partial<FormStrings>;

  @state() private phase: Phase = 'request';
  @state() private error?: string;
  /** What is wrong with the person's answer (shown at the answer, not at the top). */
  @state() private answerError?: string;
  @state() private queue: Pending[] = [];
  @state() private edits = { systemPrompt: '', userText: '', maxTokens: '', temperature: '', model: '' };
  @state() private sent?: CreateMessageRequestParams;

  @query('#title') private heading?: HTMLElement;

  private readonly run = new SamplingRunController(this);
  private readonly answer = new SamplingAnswerController(this, () => this.t);
  /** How many requests this element holds (the one shown included). */
  get pending(): number {
    return this.queue.length;
  }

  /**
   * Shows a request (after the ones already waiting) and resolves when the
   * person sends an answer or rejects it; rejects only when `context.signal`
   * aborts (the server cancelled, the tool call stopped).
   */
  ask(params: CreateMessageRequestParams, context: InputRequestContext): Promise<SamplingDecision> {
    return new Promise<SamplingDecision>((resolve, reject) => {
      const entry: Pending = { params, context, resolve, reject };
      if (context.signal.aborted) return reject(context.signal.reason);
      context.signal.addEventListener('abort', () => this.finish(entry, undefined, context.signal.reason), { once: true });
      const wasEmpty = this.queue.length === 0;
      this.queue = [...this.queue, entry];
      if (wasEmpty) this.begin();
    });
  }

  /** A `SamplingHandler` that shows each request here: the answer, or the person's refusal as an error. */
  get handler(): SamplingHandler {
    return async (params, context) => {
      const decision = await this.ask(params, context);
      if (decision.error) throw decision.error;
      return decision.result!;
    };
  }

  private get current(): Pending | undefined {
    return this.queue[0];
  }

  private get chosenModel(): string | undefined {
    const p = this.current?.params;
    return p ? selectModel(p.modelPreferences, this.models, this.defaultModel) : undefined;
  }

  private begin(): void {
    const p = this.current?.params;
    this.run.stop();
    this.error = undefined;
    this.answerError = undefined;
    this.sent = undefined;
    this.answer.reset();
    if (!p) return;
    this.edits = {
      systemPrompt: p.systemPrompt ?? '',
      userText: editableUserText(p),
      maxTokens: String(p.maxTokens),
      temperature: p.temperature === undefined ? '' : String(p.temperature),
      model: this.chosenModel ?? '',
    };
    this.phase = 'request';
  }

  private finish(entry: Pending, decision?: SamplingDecision, abortReason?: unknown): void {
    const index = this.queue.indexOf(entry);
    if (index < 0) return;
    if (index === 0) this.run.stop();
    this.queue = this.queue.filter((e) => e !== entry);
    if (decision) {
      this.dispatchEvent(
        new McpSamplingResponseEvent({
          request: decision.request,
          result: decision.result,
          error: decision.error ? { code: decision.error.code, message: decision.error.message } : undefined,
          serverId: entry.context.server.id,
          toolUseId: entry.context.toolCall?.toolUseId,
        }),
      );
      entry.resolve(decision);
    } else entry.reject(abortReason);
    if (index === 0) this.begin();
  }

  /** The request with the person's edits, or a sentence saying which edit is not valid. */
  private editedRequest(): CreateMessageRequestParams | string {
    const p = this.current!.params;
    const maxTokens = Number(this.edits.maxTokens);
    if (!Number.isInteger(maxTokens) || maxTokens < 1) return this.t.samplingMaxTokensInvalid;
    const t = this.edits.temperature.trim();
    const temperature = t === '' ? null : Number(t);
    if (temperature !== null && !Number.isFinite(temperature)) return this.t.samplingTemperatureInvalid;
    return applySamplingEdits(p, {
      systemPrompt: this.edits.systemPrompt,
      userText: this.edits.userText,
      maxTokens,
      temperature: temperature === null && p.temperature === undefined ? undefined : temperature,
    });
  }

  private async approve(): Promise<void> {
    const entry = this.current;
    const request = this.editedRequest();
    if (!entry || !this.provider) return;
    if (typeof request === 'string') return void (this.error = request);
    this.sent = request;
    this.error = undefined;
    this.phase = 'running';
    const outcome = await this.run.run(this.provider, request, this.edits.model.trim() || undefined, entry.context.signal);
    if (this.current !== entry) return;
    if (outcome.kind === 'done') {
      this.answer.load(resultBlocks(outcome.result), modelOf(outcome.result), stopReasonOf(outcome.result));
      this.phase = 'review';
    } else if (outcome.kind === 'stopped') {
      this.answer.load(outcome.text ? [{ type: 'text', text: outcome.text }] : [], this.edits.model || 'unknown', 'stopped');
      this.phase = 'review';
    } else {
      this.error = this.t.samplingModelFailed(outcome.error.message);
      this.phase = 'request';
    }
  }

  private writeByHand(): void {
    const request = this.editedRequest();
    if (typeof request === 'string') return void (this.error = request);
    this.sent = request;
    this.error = undefined;
    this.answer.startCompose(request);
    this.phase = 'compose';
  }

  private reject(): void {
    const entry = this.current;
    if (!entry) return;
    const reason =
      this.phase === 'review' || this.phase === 'compose' ? 'the person rejected the answer' : 'the person declined the request';
    this.finish(entry, { request: this.sent ?? entry.params, error: declinedError(reason) });
  }

  private send(): void {
    const entry = this.current;
    if (!entry || !this.sent) return;
    const built = this.phase === 'compose' ? this.answer.composed(this.sent) : this.answer.reviewed(this.sent);
    if (typeof built === 'string') {
      this.answerError = built;
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[part~="answer"] [name]')?.focus());
      return;
    }
    this.answerError = undefined;
    const model = this.phase === 'compose' ? this.edits.model.trim() || 'person' : this.answer.model;
    const result = samplingResult(this.sent, built.blocks, model, built.stopReason);
    this.finish(entry, { request: this.sent, result });
  }

  private changePolicy(event: Event): void {
    const policy = (event.target as HTMLSelectElement).value;
    const server = this.current?.context.server;
    if (!server || !isSamplingPolicy(policy)) return;
    this.policies?.set(server, policy);
    this.dispatchEvent(new McpSamplingPolicyChangeEvent({ serverId: server.id, serverUrl: server.url, serverName: server.name, policy }));
  }

  protected override updated(changed: PropertyValues<this>): void {
    // Focus moves into the view when a new request (or a new step of it) appears.
    if (changed.has('queue' as keyof McpSamplingApproval) || changed.has('phase' as keyof McpSamplingApproval)) {
      const before = changed.get('queue' as keyof McpSamplingApproval) as Pending[] | undefined;
      if (changed.has('phase' as keyof McpSamplingApproval) || before?.[0] !== this.current) this.heading?.focus();
    }
  }

  private field(label: string, key: keyof typeof this.edits, input: TemplateResult): TemplateResult {
    return html`<label part="field" class="field" data-field=${key}><span>${label}</span>${input}</label>`;
  }

  private onEdit(key: keyof typeof this.edits) {
    return (e: Event) => (this.edits = { ...this.edits, [key]: (e.target as HTMLInputElement).value });
  }

  /**
   * The asking server's self-declared name, with hidden and direction-changing
   * characters made visible: a person decides on the strength of it, and two
   * servers may call themselves the same (the address beside it tells them apart).
   */
  private serverLabel(): string {
    const server = this.current?.context.server;
    return revealHidden(server?.title ?? server?.name ?? '');
  }
  override render() {
    const entry = this.current;
    if (!entry) return nothing;
    const { context, params } = entry;
    const total = this.queue.length + this.queued;
    const policy = this.policies?.get(context.server) ?? SamplingPolicy.Ask;
    const t = this.t;
    return html`<section part="base" class="base" dir=${ifDefined(ownDirection(this))} role="dialog" aria-modal="false" aria-labelledby="title" aria-describedby="server">
      <header part="header">
        <h2 id="title" tabindex="-1">${t.samplingTitle}${this.phase !== 'request' ? html` <span class="muted">— ${t.samplingPhase(this.phase)}</span>` : nothing}</h2>
        <p id="server"><strong>${this.serverLabel()}</strong> <span part="server-address" class="muted">(${hostOf(context.server.url)})</span> ${t.samplingAsks}</p>
        ${total > 1 ? html`<p part="count" class="count" aria-live="polite">${t.samplingCount(total)}</p>` : nothing}
        ${
          context.toolCall
            ? html`<p part="caused-by" class="muted" style="overflow-wrap: anywhere">${t.samplingDuringCall} <code>${context.toolCall.name}</code>.</p>`
            : nothing
        }
        <label class="policy-field">${t.samplingForServer}
          <select part="policy input" @change=${this.changePolicy} .value=${policy}>
            <option value="ask">${t.samplingPolicy('ask')}</option>
            <option value="auto">${t.samplingPolicy('auto')}</option>
            <option value="never">${t.samplingPolicy('never')}</option>
          </select>
        </label>
      </header>
      ${this.error ? html`<p part="error" class="error" role="alert">${this.error}</p>` : nothing}
      ${this.phase === 'request' ? this.renderRequest(params) : nothing}
      ${this.phase === 'running' ? this.renderRunning() : nothing}
      ${this.phase === 'review' ? this.answer.renderReview(this.sent ?? params) : nothing}
      ${
        this.phase === 'compose'
          ? html`<details part="request-messages" class="request-messages" open>
              <summary>${t.samplingWhatAsked(this.serverLabel())}</summary>
              ${this.sent?.systemPrompt ? html`<p class="muted">${t.samplingSystemPromptIs(this.sent.systemPrompt)}</p>` : nothing}
              ${renderMessages(requestMessages(this.sent ?? params), -1, html``, t)}
            </details>
            ${this.answer.renderCompose(this.sent ?? params)}`
          : nothing
      }
      ${
        (this.phase === 'compose' || this.phase === 'review') && this.answerError
          ? html`<p part="error field-error" class="error" id="answer-error" role="alert">${this.answerError}</p>`
          : nothing
      }
      ${this.renderActions()}
    </section>`;
  }

  private renderRequest(params: CreateMessageRequestParams): TemplateResult {
    const schema = structuredOutputSchema(params);
    const t = this.t;
    const editor = html`<label part="field" class="field"><span>${t.samplingUserMessage}</span>
      <textarea part="input" name="userText" rows="4" .value=${this.edits.userText} @input=${this.onEdit('userText')}></textarea></label>`;
    return html`
      ${
        schema
          ? html`<div part="structured-output" class="notice">
            ${t.samplingStructured}
            <pre part="schema" class="code">${json(schema)}</pre>
          </div>`
          : nothing
      }
      <label part="field system-prompt" class="field"><span>${t.samplingSystemPrompt}</span>
        <textarea part="input" name="systemPrompt" rows="3" .value=${this.edits.systemPrompt} @input=${this.onEdit('systemPrompt')}></textarea>
      </label>
      ${renderMessages(requestMessages(params), editableUserMessageIndex(params), editor, t)}
      ${schema ? nothing : renderTools(params, t)}
      <div part="settings" class="settings">
        ${this.field(
          t.samplingModel,
          'model',
          html`<input part="input" name="model" list="models" .value=${this.edits.model} @input=${this.onEdit('model')}
          placeholder=${this.provider ? t.samplingProviderDefault : t.samplingNoModel} />
          <datalist id="models">${this.models.map((m) => html`<option value=${m.id}>${m.label ?? m.id}</option>`)}</datalist>`,
        )}
        ${this.field(t.samplingMaxTokens, 'maxTokens', html`<input part="input" name="maxTokens" type="number" min="1" step="1" .value=${this.edits.maxTokens} @input=${this.onEdit('maxTokens')} />`)}
        ${this.field(t.samplingTemperature, 'temperature', html`<input part="input" name="temperature" type="number" step="0.1" min="0" .value=${this.edits.temperature} @input=${this.onEdit('temperature')} placeholder=${t.samplingModelDefault} />`)}
      </div>
      ${renderPreferences(params, t)}`;
  }

  private renderRunning(): TemplateResult {
    return html`<div part="preview" class="preview" role="status" aria-live="polite" aria-label=${this.t.samplingSoFar} aria-busy="true">${this.run.text || this.t.samplingWaiting}</div>`;
  }

  private renderActions(): TemplateResult {
    const t = this.t;
    const reject = html`<button part="reject-button" class="danger" @click=${this.reject}>${t.samplingReject}</button>`;
    switch (this.phase) {
      case 'request':
        return html`<div part="actions" class="actions">
          ${this.provider ? html`<button part="approve-button" class="primary" @click=${this.approve}>${t.samplingApprove}</button>` : nothing}
          <button part="write-button" class=${this.provider ? '' : 'primary'} @click=${this.writeByHand}>${t.samplingWrite}</button>
          ${reject}
        </div>`;
      case 'running':
        return html`<div part="actions" class="actions"><button part="stop-button" @click=${() => this.run.stop()}>${t.samplingStop}</button></div>`;
      case 'review':
      case 'compose':
        return html`<div part="actions" class="actions">
          <button part="send-button" class="primary" @click=${this.send}>${t.samplingSend}</button>
          ${reject}
        </div>`;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mcp-sampling-approval': McpSamplingApproval;
  }
}
