import { html, nothing } from 'lit';
import type { Prompt } from '@modelcontextprotocol/client';
import type { Message } from '../../content/index.js';
import type { McpConnection } from '../../mcp/connection.js';
import { fieldsFromPromptArguments, fieldsFromSchema, readForm, renderFields, type FormField } from './chat-forms.js';
import type { McpChat } from './mcp-chat.js';

/** One entry of the "/" palette. */
export type PaletteItem =
  | { kind: 'tool'; name: string; title: string; description?: string; server?: string }
  | { kind: 'prompt'; name: string; title: string; description?: string; server?: string; prompt: Prompt; connection: McpConnection };

/**
 * The "/" palette: tools and prompts of every connected server, filtered by
 * what follows the slash. Picking a tool shows a form generated from its
 * inputSchema and runs it; picking a prompt shows a form for its arguments
 * (with server completions) and inserts the prompt's messages.
 */
export class ChatPalette {
  open = false;
  index = 0;
  items: PaletteItem[] = [];
  form?: { item: PaletteItem; fields: FormField[]; completions: Record<string, string[]>; error?: string };
  readonly #chat: McpChat;
  #completionAbort?: AbortController;

  constructor(chat: McpChat) {
    this.#chat = chat;
  }

  #all(): PaletteItem[] {
    const set = this.#chat.serverSet;
    const tools: PaletteItem[] = set.listTools().map((t) => ({ kind: 'tool', name: t.name, title: t.title ?? t.name, description: t.description, server: t.server }));
    const prompts: PaletteItem[] = set
      .listPrompts()
      .map(({ prompt, connection }) => ({ kind: 'prompt', name: prompt.name, title: prompt.title ?? prompt.name, description: prompt.description, server: connection.name, prompt, connection }));
    return [...tools, ...prompts];
  }

  onInput(value: string): void {
    const match = /^\/(\S*)$/.exec(value);
    const wasOpen = this.open;
    if (match) {
      const q = match[1]!.toLowerCase();
      this.items = this.#all().filter((i) => i.name.toLowerCase().includes(q) || i.title.toLowerCase().includes(q));
      this.open = true;
      this.index = 0;
    } else this.open = false;
    if (this.open || wasOpen) this.#chat.requestUpdate();
  }

  /** Handles palette keys; true when the key was used. */
  onKeyDown(event: KeyboardEvent): boolean {
    if (!this.open) return false;
    const n = this.items.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (n) this.index = (this.index + (event.key === 'ArrowDown' ? 1 : n - 1)) % n;
      this.#chat.requestUpdate();
      return true;
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      this.choose();
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      this.open = false;
      this.#chat.requestUpdate();
      return true;
    }
    return false;
  }

  /** Picks the highlighted entry (or `item`). */
  choose(item = this.items[this.index]): void {
    this.open = false;
    if (!item) return;
    const input = this.#chat.renderRoot.querySelector<HTMLTextAreaElement>('textarea.input');
    if (input) input.value = '';
    const fields = item.kind === 'tool' ? fieldsFromSchema(this.#chat.serverSet.getTool(item.name)?.inputSchema) : fieldsFromPromptArguments(item.prompt.arguments);
    this.form = { item, fields, completions: {} };
    this.#chat.requestUpdate();
    void this.#chat.updateComplete.then(() => {
      const first = this.#chat.renderRoot.querySelector<HTMLElement>('.run-form input, .run-form select, .run-form textarea, .run-form button[type=submit]');
      first?.focus();
    });
  }

  close(): void {
    this.form = undefined;
    this.#chat.requestUpdate();
    this.#chat.renderRoot.querySelector<HTMLTextAreaElement>('textarea.input')?.focus();
  }

  async #submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = this.form;
    if (!form) return;
    let args: Record<string, unknown>;
    try {
      args = readForm(event.target as HTMLFormElement, form.fields);
    } catch (error) {
      form.error = (error as Error).message;
      this.#chat.requestUpdate();
      return;
    }
    this.close();
    if (form.item.kind === 'tool') {
      await this.#chat.session.runToolDirectly(form.item.name, args);
      return;
    }
    const { prompt, connection } = form.item;
    try {
      const result = await connection.getPrompt(prompt.name, args as Record<string, string>);
      for (const m of result.messages) {
        const message: Message = { role: m.role, content: Array.isArray(m.content) ? m.content : [m.content] } as Message;
        await this.#chat.session.append(message);
      }
      const last = result.messages[result.messages.length - 1];
      if (last?.role === 'user' && this.#chat.chatProvider) await this.#chat.session.runTurn();
    } catch (error) {
      this.#chat.reportError('server', `The prompt ${prompt.name} failed: ${(error as Error).message}`, error);
    }
  }

  #complete(field: FormField, event: Event): void {
    const form = this.form;
    if (!form || form.item.kind !== 'prompt') return;
    const { prompt, connection } = form.item;
    if (!connection.capabilities?.completions) return;
    const value = (event.target as HTMLInputElement).value;
    const formEl = (event.target as HTMLElement).closest('form')!;
    const context: Record<string, string> = {};
    for (const f of form.fields) {
      const other = formEl.elements.namedItem(f.name) as HTMLInputElement | null;
      if (other && f.name !== field.name && other.value) context[f.name] = other.value;
    }
    this.#completionAbort?.abort();
    const abort = (this.#completionAbort = new AbortController());
    connection
      .complete({ ref: { type: 'ref/prompt', name: prompt.name }, argument: { name: field.name, value }, context: { arguments: context } }, { signal: abort.signal })
      .then((r) => {
        if (abort.signal.aborted || this.form !== form) return;
        form.completions = { ...form.completions, [field.name]: r.completion.values };
        this.#chat.requestUpdate();
      })
      .catch(() => {});
  }

  render() {
    const list = this.open
      ? html`<ul part="palette" id="palette" class="palette" role="listbox" aria-label="Tools and prompts">
          ${this.items.length === 0 ? html`<li aria-disabled="true">No tools or prompts match.</li>` : nothing}
          ${this.items.map(
            (item, i) => html`<li
              part="palette-item"
              role="option"
              id=${`palette-${i}`}
              aria-selected=${i === this.index ? 'true' : 'false'}
              @mousedown=${(e: Event) => e.preventDefault()}
              @click=${() => this.choose(item)}
            >
              <span class="kind">${item.kind}</span><strong>${item.title}</strong>
              <span class="desc">${item.server ? `${item.server} · ` : ''}${item.description ?? ''}</span>
            </li>`,
          )}
        </ul>`
      : nothing;
    const form = this.form;
    const runForm = form
      ? html`<form part="run-form" class="run-form" aria-label=${`${form.item.kind} ${form.item.title}`} @submit=${(e: SubmitEvent) => this.#submit(e)} @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && this.close()}>
          <p class="form-title"><strong>${form.item.kind === 'tool' ? 'Run tool' : 'Use prompt'}: ${form.item.title}</strong></p>
          ${form.item.description ? html`<p class="hint">${form.item.description}</p>` : nothing}
          ${renderFields(`f-${form.item.kind}-${form.item.name}`, form.fields, form.completions, (f, e) => this.#complete(f, e))}
          ${form.error ? html`<p class="diagnosis" role="alert">${form.error}</p>` : nothing}
          <div class="row">
            <button type="submit" class="primary">${form.item.kind === 'tool' ? 'Run' : 'Insert'}</button>
            <button type="button" @click=${() => this.close()}>Cancel</button>
          </div>
        </form>`
      : nothing;
    return html`${list}${runForm}`;
  }
}
