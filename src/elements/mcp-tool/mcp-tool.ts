import type { CallToolResult, Progress, Tool } from '@modelcontextprotocol/client';
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { revealHidden } from '../../content/reveal.js';
import { toolResultBlock } from '../../content/tool-result.js';
import { defaultApprovalPolicy } from '../../agent/approval.js';
import type { AgentTool } from '../../agent/types.js';
import { McpToolCallEvent } from '../../events/tool-call.js';
import { toolViewUri } from '../../mcp/apps.js';
import { McpConnection } from '../../mcp/connection.js';
import { hostOf } from '../../mcp/server-key.js';
import { fieldsFromSchema, type FormField } from '../shared/schema-fields.js';
import { icon } from '../shared/icons-later.js';
import { InvalidArguments, parseArguments } from '../mcp-app-view/app-requests.js';
import { FormFieldError, readForm, renderFields } from '../mcp-chat/palette/run-form-fields.js';
import { renderToolResult } from './tool-result-view.js';
import { FilePicks } from '../shared/file-field.js';
import { FORM_STRINGS_EN } from '../shared/form-strings.js';
import { languageOf } from '../shared/language.js';
import { styles } from './mcp-tool.styles.js';

/** Where a try-it block stands. */
export type ToolBlockState = 'connecting' | 'ready' | 'confirm' | 'running' | 'done' | 'stopped' | 'error';

/**
 * A try-it block for one tool of an MCP server, for docs pages: it connects
 * to `server`, draws the form of `tool` from its input schema (filled in from
 * `arguments`), runs it when the person presses Run and shows the result as
 * the chat does (text, images, resource links, structured content as rows),
 * or the tool's interactive view (MCP App) when it has one and the page gives
 * a `sandbox-url`. A tool its server does not mark read-only asks first, in
 * words that say what it may do. While it runs: progress and Stop. A server
 * that cannot be reached, a tool it does not have, bad `arguments` and a
 * failed call are said in words. No model, no conversation, nothing stored;
 * everything the server sends is shown as text, never run.
 *
 * @summary A live "try it" block for one tool: form, Run, result.
 *
 * @event mcp-tool-call - A run ended (`McpToolCallEvent`: `.toolUse` with the arguments, `.result`, `.status`: done, error or cancelled, `.server`).
 *
 * @csspart base - The frame around everything.
 * @csspart header - The line with the tool's title and its server.
 * @csspart title - The tool's title.
 * @csspart server - The server's address.
 * @csspart description - The tool's description.
 * @csspart form - The form of the tool's arguments.
 * @csspart field-error - The message at a field whose value does not fit.
 * @csspart run-button - Runs the tool.
 * @csspart confirm - The question before a tool that is not read-only runs.
 * @csspart confirm-button - Runs it after all.
 * @csspart cancel-button - Does not run it.
 * @csspart progress - The progress bar while the tool runs.
 * @csspart stop-button - Stops the running tool.
 * @csspart notice - A status line: connecting, stopped, an error in words.
 * @csspart result - The result.
 * @csspart structured - The result's `structuredContent`, formatted once.
 * @csspart app-view - The tool's interactive view (`<mcp-app-view>`), when it has one.
 * @csspart file-drop - A file argument's area (SEP-2356 `x-mcp-file`): a press or a drop there picks a file.
 * @csspart file - The picked file of a file argument: its name, type and size.
 * @csspart remove-file-button - Removes the picked file.
 *
 * @cssproperty --mcp-tool-bg - Background of the block. Defaults to `--mcp-color-bg`.
 * @cssproperty --mcp-tool-fg - Text color. Defaults to `--mcp-color-fg`.
 * @cssproperty --mcp-tool-muted - Secondary text. Defaults to `--mcp-color-muted`.
 * @cssproperty --mcp-tool-border - Border color. Defaults to `--mcp-color-border`.
 * @cssproperty --mcp-tool-accent - The Run button. Defaults to `--mcp-color-accent`.
 * @cssproperty --mcp-tool-danger - Errors and the Run button of a destructive tool. Defaults to `--mcp-color-danger`.
 * @cssproperty --mcp-tool-warning - The question before a tool that is not read-only. Defaults to `--mcp-color-warning`.
 * @cssproperty --mcp-tool-radius - Corner radius. Defaults to 12px.
 */
@customElement('mcp-tool')
export class McpTool extends LitElement {
  static override styles = styles;

  /** The MCP server's Streamable HTTP address. */
  @property() server?: string;
  /** The tool's name on that server. */
  @property() tool?: string;
  /** Values the form starts with, as a JSON object (`'{"city":"Paris"}'`; as a property, the object or its JSON text); the person can change them. Bad JSON is said on the block. */
  @property({ attribute: 'arguments', converter: { fromAttribute: parseArguments } }) arguments?: Record<string, unknown>;
  /** The sandbox proxy page on another origin, for tools with an interactive view (see `<mcp-app-view>`). Without it the result is shown as content. */
  @property({ attribute: 'sandbox-url' }) sandboxUrl?: string;
  /** `light` or `dark`; by default the page's `prefers-color-scheme`. */
  @property({ reflect: true }) theme?: 'light' | 'dark';
  /** Where the block stands. */
  @property({ reflect: true }) state: ToolBlockState = 'connecting';

  /** The tool, once its server listed it. */
  @state() private info?: Tool;
  @state() private notice = '';
  @state() private errors: Record<string, string> = {};
  @state() private progress?: Progress;
  @state() private result?: CallToolResult;
  @state() private input?: Record<string, unknown>;
  /** The content renderers and the app view are loaded at the first result. */
  @state() private renderersReady = false;
  #connection?: McpConnection;
  #run?: AbortController;
  /** The form's fields: the input schema's, starting from `arguments`. */
  @state() private fields: FormField[] = [];
  #pending?: Record<string, unknown>;
  #calls = 0;

  /** Runs the tool with the form's values now (the same path as the Run button). */
  run(): void {
    this.renderRoot.querySelector<HTMLFormElement>('form')?.requestSubmit();
  }

  /** Stops the running call (the server is told to cancel it). */
  stop(): void {
    this.#run?.abort();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#run?.abort();
    void this.#connection?.close();
    this.#connection = undefined;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Put back on the page: connect again.
    if (this.hasUpdated && !this.#connection) void this.#connect();
  }

  // Before rendering: what changes here is drawn in the same update.
  protected override willUpdate(changed: PropertyValues<this>): void {
    // Frameworks that set properties on custom elements (Vue, React 19) give the attribute's JSON text as the property.
    if (typeof this.arguments === 'string') this.arguments = parseArguments(this.arguments);
    if (changed.has('server') || changed.has('tool')) void this.#connect();
    else if (changed.has('arguments') && this.arguments instanceof InvalidArguments)
      this.#fail(`The starting values (arguments) ${this.arguments.reason}, so this block cannot start.`);
    else if (changed.has('arguments') && this.info) this.fields = this.#fieldsOf(this.info);
  }

  async #connect(): Promise<void> {
    this.#run?.abort();
    void this.#connection?.close();
    this.#connection = undefined;
    this.info = undefined;
    this.result = undefined;
    if (!this.server || !this.tool) return this.#fail('This block needs a server address (server) and the name of a tool (tool).');
    if (this.arguments instanceof InvalidArguments)
      return this.#fail(`The starting values (arguments) ${this.arguments.reason}, so this block cannot start.`);
    let url: string;
    try {
      // A relative address (`/mcp`) is the page's own server.
      url = new URL(this.server, document.baseURI).href;
    } catch {
      return this.#fail(`“${revealHidden(this.server)}” is not a server address (server), so this block cannot start.`);
    }
    const connection = new McpConnection({ url });
    this.#connection = connection;
    this.state = 'connecting';
    this.notice = `Connecting to ${hostOf(this.server)}…`;
    try {
      await connection.connect();
    } catch (error) {
      if (this.#connection === connection) this.#fail(`Could not reach the server at ${hostOf(this.server)}: ${(error as Error).message}`);
      return;
    }
    if (this.#connection !== connection) return;
    const tool = connection.tools.find((t) => t.name === this.tool);
    if (!tool) return this.#fail(`The server at ${hostOf(this.server)} has no tool named “${revealHidden(this.tool)}”.`);
    this.fields = this.#fieldsOf(tool);
    this.#files.clear();
    this.info = tool;
    this.state = 'ready';
    this.notice = '';
  }

  /** The files picked in the form's file fields (SEP-2356 `x-mcp-file`). */
  readonly #files = new FilePicks(() => this.requestUpdate());

  #fieldsOf(tool: Tool): FormField[] {
    const given = this.arguments instanceof InvalidArguments ? {} : (this.arguments ?? {});
    return fieldsFromSchema(tool.inputSchema).map((f) => (f.name in given ? { ...f, defaultValue: given[f.name] } : f));
  }

  #fail(message: string): void {
    this.state = 'error';
    this.notice = message;
  }

  #submit(form: HTMLFormElement): void {
    if (!this.info || this.state === 'running' || this.state === 'connecting') return;
    let args: Record<string, unknown>;
    try {
      args = readForm(form, this.fields);
    } catch (error) {
      if (error instanceof FormFieldError) this.errors = { [error.field]: error.message };
      return;
    }
    this.errors = {};
    const decision = defaultApprovalPolicy({ ...this.info, server: this.#connection?.name ?? '' } as AgentTool, args);
    if (decision === 'allow') return void this.#call(args);
    this.#pending = args;
    this.state = 'confirm';
    this.notice = '';
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[part~="confirm-button"]')?.focus());
  }

  #answer(run: boolean): void {
    const args = this.#pending;
    this.#pending = undefined;
    if (run && args) return void this.#call(args);
    this.state = 'ready';
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[part~="run-button"]')?.focus());
  }

  async #call(args: Record<string, unknown>): Promise<void> {
    const connection = this.#connection!;
    const tool = this.info!;
    const run = (this.#run = new AbortController());
    const id = `try-${++this.#calls}`;
    this.state = 'running';
    this.notice = '';
    this.progress = undefined;
    this.result = undefined;
    this.input = args;
    const loading = this.#loadRenderers();
    let status: McpToolCallEvent['status'];
    let result: CallToolResult;
    try {
      result = await connection.callTool(tool.name, args, { signal: run.signal, toolUseId: id, onprogress: (p) => (this.progress = p) });
      status = result.isError ? 'error' : 'done';
    } catch (error) {
      if (this.#run !== run) return;
      const stopped = run.signal.aborted;
      status = stopped ? 'cancelled' : 'error';
      const words = stopped
        ? `Stopped: ${tool.title ?? tool.name} was cancelled before it finished.`
        : `${tool.title ?? tool.name} did not run: ${(error as Error).message}`;
      result = { content: [{ type: 'text', text: words }], isError: true };
      this.state = stopped ? 'stopped' : 'error';
      this.notice = words;
      this.#run = undefined;
      return this.#ended(id, args, result, status);
    }
    if (this.#run !== run) return;
    this.#run = undefined;
    await loading;
    this.result = result;
    this.state = 'done';
    this.#ended(id, args, result, status);
  }

  #ended(id: string, args: Record<string, unknown>, result: CallToolResult, status: McpToolCallEvent['status']): void {
    const name = this.info?.name ?? this.tool ?? '';
    const block = toolResultBlock(id, result as Parameters<typeof toolResultBlock>[1], { status, server: this.#connection?.name });
    this.dispatchEvent(new McpToolCallEvent({ type: 'tool_use', id, name, input: args }, block, status, this.#connection?.name));
  }

  /** The renderers of a result: loaded when the first run starts, not with the page. */
  async #loadRenderers(): Promise<void> {
    if (this.renderersReady) return;
    const views = [import('../content/mcp-content-block/mcp-content-block.js')];
    if (this.info && toolViewUri(this.info) && this.sandboxUrl) views.push(import('../mcp-app-view/mcp-app-view.js') as Promise<never>);
    try {
      await Promise.all(views);
      this.renderersReady = true;
    } catch {
      this.#fail('Part of this block could not be loaded. Check your connection and reload the page.');
    }
  }

  protected override render() {
    const tool = this.info;
    const title = revealHidden(tool?.title ?? tool?.annotations?.title ?? this.tool ?? 'Tool');
    const destructive = tool?.annotations?.destructiveHint === true;
    const busy = this.state === 'running';
    return html`<section part="base" class="base" aria-label=${`Try ${title}`} aria-busy=${busy ? 'true' : 'false'}>
      <div part="header" class="header">
        <span class="badge" aria-hidden="true">${icon('wrench')}</span>
        <span part="title" class="title">${title}</span>
        ${this.server ? html`<span part="server" class="server">${hostOf(this.server)}</span>` : nothing}
      </div>
      ${tool?.description ? html`<p part="description" class="description">${revealHidden(tool.description)}</p>` : nothing}
      ${tool ? this.#form(title, destructive) : nothing}
      ${this.state === 'confirm' ? this.#confirm(title, destructive) : nothing}
      ${busy ? this.#running() : nothing}
      <div class="live" role="status">${this.notice && this.state !== 'error' ? html`<p part="notice" class="notice ${this.state}">${this.notice}</p>` : nothing}</div>
      ${this.notice && this.state === 'error' ? html`<p part="notice" class="notice error" role="alert">${icon('triangle-alert')}<span>${this.notice}</span></p>` : nothing}
      ${this.result && tool && this.renderersReady ? this.#result(tool, this.result) : nothing}
    </section>`;
  }

  #form(title: string, destructive: boolean) {
    const blocked = this.state === 'running' || this.state === 'confirm';
    return html`<form
      part="form"
      class="form"
      aria-label=${`Arguments of ${title}`}
      novalidate
      @submit=${(e: SubmitEvent) => {
        e.preventDefault();
        this.#submit(e.target as HTMLFormElement);
      }}
    >
      ${renderFields(`mcp-tool-${this.tool}`, this.fields, {}, undefined, this.errors, {
        picks: this.#files,
        t: FORM_STRINGS_EN,
        language: languageOf(this),
      })}
      <div class="row">
        <button part="run-button" type="submit" class=${destructive ? 'primary destructive' : 'primary'} ?disabled=${blocked}>
          Run
        </button>
      </div>
    </form>`;
  }

  #confirm(title: string, destructive: boolean) {
    const why = destructive
      ? 'Its server marks it destructive: it may delete or overwrite data.'
      : 'Its server does not mark it read-only: it may change data.';
    return html`<div part="confirm" class="confirm" role="group" aria-label=${`Run ${title}?`}>
      <p>${icon('triangle-alert')}<span><strong>Run ${title} on ${hostOf(this.server ?? '')}?</strong> ${why}</span></p>
      <div class="row">
        <button part="confirm-button" type="button" class=${destructive ? 'primary destructive' : 'primary'} @click=${() => this.#answer(true)}>Run it</button>
        <button part="cancel-button" type="button" @click=${() => this.#answer(false)}>Cancel</button>
      </div>
    </div>`;
  }

  #running() {
    const p = this.progress;
    return html`<div class="running">
      <span class="spinner" aria-hidden="true">${icon('loader-circle', 'icon spin')}</span>
      <span class="running-text">${p?.message ? revealHidden(p.message) : 'Running…'}</span>
      ${p?.total ? html`<progress part="progress" max=${p.total} value=${p.progress} aria-label="Progress"></progress>` : nothing}
      <button part="stop-button" type="button" class="stop" @click=${() => this.stop()}>${icon('square')}<span>Stop</span></button>
    </div>`;
  }

  #result(tool: Tool, result: CallToolResult) {
    if (toolViewUri(tool) && this.sandboxUrl && this.#connection) {
      return html`<mcp-app-view
        part="app-view"
        theme=${this.theme ?? nothing}
        sandbox-url=${this.sandboxUrl}
        .connection=${this.#connection}
        .tool=${tool}
        .toolInput=${this.input}
        .toolResult=${result}
      ></mcp-app-view>`;
    }
    return renderToolResult(result, this.theme);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mcp-tool': McpTool;
  }
}
