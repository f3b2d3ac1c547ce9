import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { CreateMessageRequestParams, Tool } from '@modelcontextprotocol/client';
import type { MessageBlock, ToolUseBlock } from '../../content/index.js';
import { fieldsFromSchema, missingRequired, parseObjectJson, readFields, type FormField } from '../shared/schema-fields.js';
import { newToolUseId, SCHEMA_TOOL_NAME, structuredOutputSchema } from './sampling-request.js';
import { json, renderBlock } from './render-blocks.js';
import type { FormStrings } from '../shared/form-strings.js';

/** An answer ready to send, or a sentence saying what to fix. */
export type BuiltAnswer = { blocks: MessageBlock[]; stopReason?: string } | string;

/**
 * The answer half of the sampling approval: the Review of what the model
 * returned (text and tool inputs editable) and the form a person uses to
 * write the answer when no model runs (text, or a call of an offered tool
 * with its input filled from the tool's schema).
 */
export class SamplingAnswerController implements ReactiveController {
  /** The model that produced the answer under review. */
  model = '';
  private blocks: MessageBlock[] = [];
  private stopReason?: string;
  private texts = new Map<number, string>();
  private inputs = new Map<number, string>();
  private mode: 'text' | 'tool' = 'text';
  private modes: Array<'text' | 'tool'> = ['text'];
  private toolName = '';
  private text = '';
  private values: Record<string, string | boolean> = {};
  private inputJson = '{}';
  readonly #host: ReactiveControllerHost;
  readonly #text: () => FormStrings;

  /** `text` gives the host's interface text (its language, its `strings`) when asked. */
  constructor(host: ReactiveControllerHost, text: () => FormStrings) {
    this.#host = host;
    this.#text = text;
    host.addController(this);
  }

  hostConnected(): void {}

  reset(): void {
    this.blocks = [];
    this.texts.clear();
    this.inputs.clear();
    this.values = {};
    this.text = '';
    this.inputJson = '{}';
  }

  /** Takes the model's answer for review. */
  load(blocks: MessageBlock[], model: string, stopReason?: string): void {
    this.reset();
    this.blocks = blocks;
    this.model = model;
    this.stopReason = stopReason;
    blocks.forEach((b, i) => {
      if (b.type === 'text') this.texts.set(i, b.text);
      if (b.type === 'tool_use') this.inputs.set(i, json(b.input));
    });
    this.#host.requestUpdate();
  }

  /** Prepares the hand-written answer form for `request`. */
  startCompose(request: CreateMessageRequestParams): void {
    this.reset();
    const tools = request.tools ?? [];
    const choice = request.toolChoice?.mode ?? 'auto';
    this.modes = tools.length === 0 || choice === 'none' ? ['text'] : choice === 'required' ? ['tool'] : ['text', 'tool'];
    this.mode = this.modes[0]!;
    this.selectTool(tools[0]);
  }

  private selectTool(tool: Tool | undefined): void {
    this.toolName = tool?.name ?? '';
    this.values = {};
    for (const f of fieldsFromSchema(tool?.inputSchema)) {
      if (f.defaultValue !== undefined)
        this.values[f.name] =
          f.kind === 'boolean' ? Boolean(f.defaultValue) : f.kind === 'json' ? json(f.defaultValue) : String(f.defaultValue);
    }
    this.inputJson = '{}';
    this.#host.requestUpdate();
  }

  /** The reviewed answer with the person's edits. */
  reviewed(request: CreateMessageRequestParams): BuiltAnswer {
    const t = this.#text();
    const blocks: MessageBlock[] = [];
    for (const [i, block] of this.blocks.entries()) {
      if (block.type === 'text') blocks.push({ ...block, text: this.texts.get(i) ?? block.text });
      else if (block.type === 'tool_use') {
        const parsed = parseObjectJson(this.inputs.get(i) ?? '{}', t);
        if (!parsed.ok) return t.answerInputInvalid(block.name, parsed.error);
        const missing = missingRequired(request.tools?.find((t) => t.name === block.name)?.inputSchema, parsed.value);
        if (missing.length) return t.answerInputLacks(block.name, missing.join(', '));
        blocks.push({ ...block, input: parsed.value });
      } else blocks.push(block);
    }
    if (blocks.length === 0) return t.answerEmpty;
    return { blocks, stopReason: this.stopReason === 'stopped' ? 'endTurn' : this.stopReason };
  }

  /** The hand-written answer. */
  composed(request: CreateMessageRequestParams): BuiltAnswer {
    const t = this.#text();
    if (this.mode === 'text') {
      if (this.text.trim() === '') return t.answerWriteFirst;
      return { blocks: [{ type: 'text', text: this.text }], stopReason: 'endTurn' };
    }
    const tool = request.tools?.find((t) => t.name === this.toolName);
    if (!tool) return t.answerPickTool;
    const fields = fieldsFromSchema(tool.inputSchema);
    const reading = fields.length ? readFields(fields, this.values, t) : parseObjectJson(this.inputJson, t);
    if (!reading.ok) return reading.error.endsWith('.') ? reading.error : `${reading.error}.`;
    const use: ToolUseBlock = { type: 'tool_use', id: newToolUseId(), name: tool.name, input: reading.value };
    return { blocks: [use], stopReason: 'toolUse' };
  }

  private set(update: () => void) {
    update();
    this.#host.requestUpdate();
  }

  /** Review: the answer, text and tool inputs editable. */
  renderReview(request: CreateMessageRequestParams): TemplateResult {
    const structured = structuredOutputSchema(request) !== undefined;
    const t = this.#text();
    return html`<section part="answer" class="answer" aria-labelledby="answer-title">
      <h3 id="answer-title">${structured ? t.answerStructured : t.answerTitle} <span class="muted">${t.answerFrom(this.model, this.stopReason ?? '')}</span></h3>
      ${this.blocks.length === 0 ? html`<p class="muted">${t.answerNothing}</p>` : nothing}
      ${this.blocks.map((block, i) => {
        if (block.type === 'text') {
          return html`<label part="field" class="field"><span>${t.answerText(this.blocks.length > 1 ? i + 1 : 0)}</span>
            <textarea part="input" name="answerText" rows="5" .value=${this.texts.get(i) ?? ''}
              @input=${(e: Event) => this.set(() => this.texts.set(i, (e.target as HTMLTextAreaElement).value))}></textarea></label>`;
        }
        if (block.type === 'tool_use') {
          const isSchema = block.name === SCHEMA_TOOL_NAME;
          return html`<div part="tool-use" class="card tool-use">
            ${isSchema ? html`<p>${t.answerParsed}</p>${this.renderObject(block.input)}` : html`<div><span class="label">${t.blockToolCall}</span> <strong>${block.name}</strong></div>`}
            <label part="field" class="field"><span>${isSchema ? t.answerStructuredJson : t.answerInputJson(block.name)}</span>
              <textarea part="input" name="toolInput" rows="6" .value=${this.inputs.get(i) ?? '{}'}
                @input=${(e: Event) => this.set(() => this.inputs.set(i, (e.target as HTMLTextAreaElement).value))}></textarea></label>
          </div>`;
        }
        return renderBlock(block, t);
      })}
    </section>`;
  }

  private renderObject(value: Record<string, unknown>): TemplateResult {
    return html`<dl class="object">${Object.entries(value).map(([k, v]) => html`<dt>${k}</dt><dd>${typeof v === 'string' ? v : json(v)}</dd>`)}</dl>`;
  }

  /** The form a person writes the answer in. */
  renderCompose(request: CreateMessageRequestParams): TemplateResult {
    const tools = request.tools ?? [];
    const tool = tools.find((t) => t.name === this.toolName);
    const fields = fieldsFromSchema(tool?.inputSchema);
    const t = this.#text();
    return html`<section part="answer" class="answer" aria-labelledby="answer-title">
      <h3 id="answer-title">${t.answerYours}</h3>
      ${
        this.modes.length > 1
          ? html`<fieldset class="modes"><legend>${t.answerWith}</legend>
            ${this.modes.map(
              (m) => html`<label><input type="radio" name="mode" value=${m} .checked=${this.mode === m}
              @change=${() => this.set(() => (this.mode = m))} /> ${t.answerMode(m)}</label>`,
            )}
          </fieldset>`
          : nothing
      }
      ${
        this.mode === 'text'
          ? html`<label part="field" class="field"><span>${t.answerText(0)}</span>
            <textarea part="input" name="answerText" rows="5" .value=${this.text} @input=${(e: Event) => this.set(() => (this.text = (e.target as HTMLTextAreaElement).value))}></textarea></label>`
          : html`${
              tools.length > 1 || tool?.name !== SCHEMA_TOOL_NAME
                ? html`<label part="field" class="field"><span>${t.answerTool}</span>
                  <select part="input" name="tool" .value=${this.toolName} @change=${(e: Event) => this.selectTool(tools.find((t) => t.name === (e.target as HTMLSelectElement).value))}>
                    ${tools.map((t) => html`<option value=${t.name} ?selected=${t.name === this.toolName}>${t.title ?? t.name}</option>`)}
                  </select></label>`
                : nothing
            }
            ${tool?.description ? html`<p class="muted">${tool.description}</p>` : nothing}
            ${
              fields.length
                ? fields.map((f) => this.renderField(f))
                : html`<label part="field" class="field"><span>${t.answerJson}</span>
              <textarea part="input" name="toolInput" rows="5" .value=${this.inputJson} @input=${(e: Event) => this.set(() => (this.inputJson = (e.target as HTMLTextAreaElement).value))}></textarea></label>`
            }`
      }
    </section>`;
  }

  private renderField(f: FormField): TemplateResult {
    const value = this.values[f.name];
    const onInput = (e: Event) => {
      const target = e.target as HTMLInputElement;
      this.set(() => (this.values = { ...this.values, [f.name]: target.type === 'checkbox' ? target.checked : target.value }));
    };
    const label = html`<span>${f.label}${f.required ? html`<span aria-hidden="true"> *</span>` : nothing}</span>`;
    const description = f.description ? html`<small class="muted">${f.description}</small>` : nothing;
    switch (f.kind) {
      case 'boolean':
        return html`<label part="field" class="field check"><input part="input" type="checkbox" name=${f.name} .checked=${value === true} @change=${onInput} />${label}${description}</label>`;
      case 'enum':
        return html`<label part="field" class="field">${label}
          <select part="input" name=${f.name} ?required=${f.required} @change=${onInput}>
            <option value="" ?selected=${value === undefined}>—</option>
            ${f.options?.map((o) => html`<option value=${o} ?selected=${o === value}>${o}</option>`)}
          </select>${description}</label>`;
      case 'number':
      case 'integer':
        return html`<label part="field" class="field">${label}<input part="input" type="number" name=${f.name} ?required=${f.required}
          step=${f.kind === 'integer' ? '1' : 'any'} min=${f.min ?? nothing} max=${f.max ?? nothing}
          .value=${typeof value === 'string' ? value : ''} @input=${onInput} />${description}</label>`;
      case 'json':
        return html`<label part="field" class="field">${label} <small>(JSON)</small><textarea part="input" name=${f.name} rows="3"
          .value=${typeof value === 'string' ? value : ''} @input=${onInput}></textarea>${description}</label>`;
      default:
        return html`<label part="field" class="field">${label}<input part="input" type="text" name=${f.name} ?required=${f.required}
          .value=${typeof value === 'string' ? value : ''} @input=${onInput} />${description}</label>`;
    }
  }
}
