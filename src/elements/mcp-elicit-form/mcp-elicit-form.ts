import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ElicitRequestParams, ElicitResult } from '@modelcontextprotocol/client';
import type { ZodType } from 'zod/v4';
import { McpElicitResponseEvent } from '../../events/elicit-response.js';
import { UnsupportedElicitationError } from './unsupported-elicitation-error.js';
import { tokens } from '../shared/tokens.js';
import { readFormSchema, type ElicitField, type FileField } from './form-schema.js';
import { FilePicks, fileFieldStyles, fileHint } from '../shared/file-field.js';
import {
  buildContentSchema,
  initialValues,
  validateValues,
  type ContentValue,
  type RawValue,
  type RawValues,
  type Validation,
} from './form-values.js';
import { renderField } from './render-field.js';
import { styles } from './mcp-elicit-form.styles.js';
import { checkUrl } from './url-policy.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { formStrings, languageOf, ownDirection, type FormStrings } from '../shared/form-strings.js';
import { FormLanguage } from '../shared/form-language.js';

/** Who asks, as shown above the request. */
export interface ElicitServerIdentity {
  name: string;
  title?: string;
}

const ACTION_TEXT: Record<ElicitResult['action'], 'elicitSent' | 'elicitDeclined' | 'elicitCancelled'> = {
  accept: 'elicitSent',
  decline: 'elicitDeclined',
  cancel: 'elicitCancelled',
};

/**
 * Shows one elicitation request from an MCP server and returns the person's
 * answer. Form mode renders a form generated from `requestedSchema`, validated
 * with zod; URL mode renders a consent view for the URL. Usable alone: set
 * `request`, listen for `mcp-elicit-response`.
 *
 * A string property marked `x-mcp-file` (SEP-2356) is a file field: the picked
 * file is checked against the field's `accept` and `maxSize` before it is read
 * (a refusal is said in the field), and sent as a `data:` URI with its type and
 * name.
 *
 * Everything the server sends (message, titles, descriptions, options, URL) is
 * rendered as text, never as HTML. Escape cancels. Focus moves into the form
 * when a request appears.
 *
 * Its own text (buttons, validation messages, why a URL or schema is refused)
 * follows `lang` on the element or an ancestor, across shadow roots (inside
 * `<mcp-chat lang="ar">` it is in Arabic); `strings` overrides single keys.
 *
 * @summary Shows an MCP elicitation request (form or URL mode) and returns the person's answer.
 *
 * @event {McpElicitResponseEvent} mcp-elicit-response - Once per request. `result` is the `ElicitResult` (accept with typed content, decline, cancel). `error` is set when the schema cannot be rendered.
 *
 * @csspart form - The container of the whole request (a `<form>` in form mode).
 * @csspart header - The line naming the server that asks.
 * @csspart message - The server's message, as plain text.
 * @csspart field - One field (a `<fieldset>` for multi-select).
 * @csspart label - A field's label (or legend).
 * @csspart description - A field's description.
 * @csspart input - An input, select or checkbox (for a file field, the browser's file input, transparent over `file-drop`).
 * @csspart file-drop - A file field's area (SEP-2356 `x-mcp-file`): a press or a drop there picks a file.
 * @csspart file - The picked file of a file field: its name, type and size.
 * @csspart remove-file-button - Removes the picked file.
 * @csspart error - A validation message, or the reason a URL or schema is refused.
 * @csspart actions - The row of buttons.
 * @csspart accept-button - Submit (form mode).
 * @csspart decline-button - Decline (form mode).
 * @csspart cancel-button - Cancel (both modes).
 * @csspart open-button - Open the URL (URL mode).
 * @csspart done-button - "I'm done" (URL mode).
 * @csspart dismiss-button - Dismiss the notice of a request that cannot be rendered.
 * @csspart url - The full URL (URL mode).
 * @csspart host - The URL's host, made prominent.
 * @csspart status - What was answered, once answered.
 *
 * @cssproperty --mcp-elicit-form-accent - Buttons and focus rings. Defaults to `--mcp-color-accent`.
 * @cssproperty --mcp-elicit-form-accent-fg - Text on accent-colored buttons. Defaults to `--mcp-color-accent-fg`.
 * @cssproperty --mcp-elicit-form-bg - Background. Defaults to `--mcp-color-bg`.
 * @cssproperty --mcp-elicit-form-fg - Text color. Defaults to `--mcp-color-fg`.
 * @cssproperty --mcp-elicit-form-muted - Descriptions and secondary text. Defaults to `--mcp-color-muted`.
 * @cssproperty --mcp-elicit-form-border - Borders of the form and inputs. Defaults to `--mcp-color-border`.
 * @cssproperty --mcp-elicit-form-danger - Errors and refusals. Defaults to `--mcp-color-danger`.
 * @cssproperty --mcp-elicit-form-radius - Corner radius. Defaults to `--mcp-radius`.
 * @cssproperty --mcp-elicit-form-space - Base spacing. Defaults to `--mcp-space`.
 * @cssproperty --mcp-elicit-form-font-family - Font. Defaults to `--mcp-font-family`.
 */
@customElement('mcp-elicit-form')
export class McpElicitForm extends FormLanguage(LitElement) {
  static override styles = [tokens, styles, fileFieldStyles];

  /** The `elicitation/create` params (form or URL mode), as the SDK hands them to a handler. */
  @property({ attribute: false }) request?: ElicitRequestParams;

  /** The server that asks (its `serverInfo` name and title). */
  @property({ attribute: false }) server?: ElicitServerIdentity;

  /** Prefill the schema's defaults (set when the client declared `applyDefaults`). */
  @property({ type: Boolean, attribute: 'apply-defaults' }) applyDefaults = false;

  /**
   * URL mode on a 2025 server: resolves when `notifications/elicitation/complete`
   * arrives for this request; the element then answers `accept` by itself.
   */
  @property({ attribute: false }) completed?: Promise<void>;

  /** Forces the light or dark theme; otherwise follows `prefers-color-scheme`. */
  @property({ reflect: true }) theme?: 'light' | 'dark';

  /**
   * Interface text that replaces the built-in text of the language, key by
   * key (see `FormStrings`); the base table follows `lang` on the element or
   * an ancestor (English when not shipped).
   */
  @property({ attribute: false }) strings?: Partial<FormStrings>;

  @state() private values: RawValues = {};
  @state() private touched = new Set<string>();
  @state() private answer?: ElicitResult;
  @state() private opened = false;
  /** The picked file of each file field, as the person sees it, and why one was refused (its value is the data: URI in `values`). */
  private readonly files = new FilePicks(() => this.requestUpdate());

  private fields: ElicitField[] = [];
  private problems: string[] = [];
  private schema?: ZodType<Record<string, ContentValue>>;
  private validation: Validation = { errors: {} };
  private focusPending = false;
  /** The table the current zod schema speaks with (rebuilt when the language or `strings` change). */
  private schemaText?: FormStrings;
  /** The answer given to the current request, once given. */
  get result(): ElicitResult | undefined {
    return this.answer;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener('keydown', this.onKeydown);
  }

  override disconnectedCallback(): void {
    this.removeEventListener('keydown', this.onKeydown);
    super.disconnectedCallback();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('request')) this.reset();
    else if (changed.has('applyDefaults') && this.touched.size === 0) this.values = initialValues(this.fields, this.applyDefaults);
    if (changed.has('completed') && this.completed) this.watchCompleted(this.completed);
    if (this.isForm && this.problems.length === 0 && this.schemaText !== this.t) {
      this.schemaText = this.t;
      this.schema = buildContentSchema(this.fields, this.t);
    }
    if (this.isForm && this.schema) this.validation = validateValues(this.fields, this.schema, this.values);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('request') && this.request && this.problems.length > 0 && !this.answer) {
      this.respond({ action: 'cancel' }, new UnsupportedElicitationError(this.problems));
    }
    if (this.focusPending && this.isConnected) {
      this.focusPending = false;
      const root = this.renderRoot;
      const target =
        root.querySelector<HTMLElement>('[data-autofocus]:not([disabled])') ??
        root.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), button:not([disabled])');
      target?.focus();
    }
  }

  private get isForm(): boolean {
    return !!this.request && this.request.mode !== 'url';
  }

  private reset(): void {
    this.answer = undefined;
    this.opened = false;
    this.touched = new Set();
    this.files.clear();
    this.focusPending = true;
    if (this.request && this.request.mode !== 'url') {
      const read = readFormSchema(this.request.requestedSchema);
      this.fields = read.fields;
      this.problems = read.problems;
      this.schemaText = this.t;
      this.schema = read.problems.length === 0 ? buildContentSchema(read.fields, this.t) : undefined;
      this.values = initialValues(read.fields, this.applyDefaults);
    } else {
      this.fields = [];
      this.problems = [];
      this.schema = undefined;
      this.values = {};
    }
  }

  private watchCompleted(completed: Promise<void>): void {
    const request = this.request;
    completed.then(
      () => {
        if (this.request === request && request?.mode === 'url') this.respond({ action: 'accept' });
      },
      () => {},
    );
  }

  /** Answers the current request once; later calls are ignored. */
  private respond(result: ElicitResult, error?: UnsupportedElicitationError): void {
    if (this.answer || !this.request) return;
    this.answer = result;
    const event = new McpElicitResponseEvent(result, error);
    this.dispatchEvent(event);
  }

  private onKeydown = (e: KeyboardEvent): void => {
    if (!this.request || this.answer) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      this.respond({ action: 'cancel' });
    } else if (
      e.key === 'Enter' &&
      this.isForm &&
      (e.composedPath()[0] as Element | undefined)?.localName === 'input' &&
      // Enter on a file input opens the picker.
      (e.composedPath()[0] as HTMLInputElement).type !== 'file'
    ) {
      // Browsers skip implicit submission while Submit is disabled; tell the person what is missing instead.
      this.onSubmit(e);
    }
  };

  private setValue(name: string, value: RawValue): void {
    this.values = { ...this.values, [name]: value };
  }

  private touch(name: string): void {
    if (this.touched.has(name)) return;
    this.touched = new Set(this.touched).add(name);
  }

  /**
   * A file picked, dropped or removed (`undefined`) in a file field: checked against the field's `accept` and
   * `maxSize` before any byte is read (a refusal is said in the field and nothing is kept), then read into the
   * SEP-2356 value, a `data:` URI with the file's type and name (shared/file-field.ts).
   */
  private pickFile(field: FileField, index: number, file: File | undefined): void {
    const name = field.name;
    this.setValue(name, '');
    if (file) this.touch(name);
    else this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`#f${index}`)?.focus());
    this.files.pick(name, field, file, this.t, languageOf(this), (uri) => {
      if (!this.answer) this.setValue(name, uri);
    });
  }

  private onSubmit(e: Event): void {
    e.preventDefault();
    if (this.answer || !this.schema) return;
    const validation = validateValues(this.fields, this.schema, this.values);
    if (validation.content) {
      this.respond({ action: 'accept', content: validation.content });
      return;
    }
    // Enter in a field while something is invalid: show every message and go to the first.
    this.touched = new Set(this.fields.map((f) => f.name));
    const first = this.fields.findIndex((f) => f.name in validation.errors);
    this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`#f${first}`)?.focus());
  }

  private openUrl(href: string): void {
    window.open(href, '_blank', 'noopener,noreferrer');
    this.opened = true;
    this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[part~="done-button"]')?.focus());
  }

  private renderHeader() {
    const who = this.server ? this.server.title || this.server.name : this.t.elicitAServer;
    const id = this.server && this.server.title && this.server.title !== this.server.name ? ` (${this.server.name})` : '';
    return html`<div part="header" class="header" id="header"><strong>${who}</strong>${id} ${this.t.elicitAsks}</div>
      <p part="message" class="message" id="message">${this.request?.message ?? ''}</p>`;
  }

  private renderStatus() {
    return this.answer ? html`<p part="status" class="status" role="status">${this.t[ACTION_TEXT[this.answer.action]]}</p>` : nothing;
  }

  private renderUnsupported() {
    const t = this.t;
    // The server was told in English (the error's message); the person reads the same problems in their language.
    const problems =
      t === formStrings('en') ? this.problems : readFormSchema((this.request as { requestedSchema?: unknown }).requestedSchema, t).problems;
    return html`<section part="form" class="form" dir=${ifDefined(ownDirection(this))} aria-labelledby="header" aria-describedby="message unsupported">
      ${this.renderHeader()}
      <div part="error" class="error block" id="unsupported" role="alert">
        <p>${t.elicitUnsupported}</p>
        <ul>${problems.map((p) => html`<li>${p}</li>`)}</ul>
      </div>
      <div part="actions" class="actions">
        <button part="dismiss-button" type="button" data-autofocus @click=${() => this.remove()}>${t.elicitDismiss}</button>
      </div>
    </section>`;
  }

  private renderUrl(request: Extract<ElicitRequestParams, { mode: 'url' }>) {
    const t = this.t;
    const checked = checkUrl(request.url, t);
    const done = !!this.answer;
    return html`<section part="form" class="form url-mode" dir=${ifDefined(ownDirection(this))} aria-labelledby="header" aria-describedby="message url">
      ${this.renderHeader()}
      <p class="url-intro">${t.elicitUrlIntro}</p>
      <p part="url" class="url" id="url">${
        checked.ok
          ? html`<span class="scheme">${checked.prefix}</span><strong part="host" class="host">${checked.host}</strong><span class="rest">${checked.rest}</span>`
          : html`<span class="rest">${checked.href}</span>`
      }</p>
      ${
        checked.ok
          ? html`<p class="hint">${t.elicitOpensInTab} ${this.opened ? t.elicitComeBack : t.elicitNothingOpened}</p>`
          : html`<p part="error" class="error block" role="alert">${t.elicitCannotOpen(checked.reason)}</p>`
      }
      <div part="actions" class="actions">
        <button part="open-button" type="button" class="primary" data-autofocus ?disabled=${!checked.ok || done} @click=${() => checked.ok && this.openUrl(checked.href)}>${checked.ok ? t.elicitOpen(checked.host) : t.elicitOpenLink}</button>
        <button part="done-button" type="button" ?disabled=${!checked.ok || done} @click=${() => this.respond({ action: 'accept' })}>${t.elicitDone}</button>
        <button part="cancel-button" type="button" ?disabled=${done} @click=${() => this.respond({ action: 'cancel' })}>${t.elicitCancel}</button>
      </div>
      ${this.renderStatus()}
    </section>`;
  }

  private renderForm() {
    const done = !!this.answer;
    const errors = this.validation.errors;
    const invalid = Object.keys(errors).length;
    const t = this.t;
    return html`<form part="form" class="form" dir=${ifDefined(ownDirection(this))} novalidate aria-labelledby="header" aria-describedby="message" @submit=${this.onSubmit}>
      ${this.renderHeader()}
      <p class="legend" aria-hidden="true">${t.elicitRequiredLegend}</p>
      <div class="fields">
        ${this.fields.map((field, i) =>
          renderField({
            field,
            id: `f${i}`,
            value: this.values[field.name] ?? '',
            error: this.files.errors[field.name] ?? (this.touched.has(field.name) ? errors[field.name] : undefined),
            disabled: done,
            t,
            onValue: (v) => this.setValue(field.name, v),
            onTouch: () => this.touch(field.name),
            ...(field.kind === 'file' && {
              file: this.files.files[field.name],
              fileHint: fileHint(field, t, languageOf(this)),
              onFile: (file: File | undefined) => this.pickFile(field, i, file),
            }),
          }),
        )}
      </div>
      <p class="summary" id="summary">${!done && invalid > 0 ? t.elicitNeedAttention(invalid) : ''}</p>
      <div part="actions" class="actions">
        <button part="accept-button" type="submit" class="primary" ?disabled=${done || invalid > 0} aria-describedby="summary">${t.elicitSubmit}</button>
        <button part="decline-button" type="button" ?disabled=${done} @click=${() => this.respond({ action: 'decline' })}>${t.elicitDecline}</button>
        <button part="cancel-button" type="button" ?disabled=${done} @click=${() => this.respond({ action: 'cancel' })}>${t.elicitCancel}</button>
      </div>
      ${this.renderStatus()}
    </form>`;
  }

  protected override render() {
    const request = this.request;
    if (!request) return nothing;
    if (request.mode === 'url') return this.renderUrl(request);
    if (this.problems.length > 0) return this.renderUnsupported();
    return this.renderForm();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mcp-elicit-form': McpElicitForm;
  }
}
