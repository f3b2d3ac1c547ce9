import type { ReactiveControllerHost } from 'lit';
import type { Prompt } from '@modelcontextprotocol/client';
import type { Message } from '../../../content/index.js';
import type { McpConnection } from '../../../mcp/connection.js';
import { fieldsFromPromptArguments, fieldsFromSchema, readForm, type FormField } from '../render/run-form-fields.js';
import type { ServerSet } from '../server-set.js';
import type { ChatErrorSource } from './chat-session.js';

/** One entry of the "/" palette. */
export type PaletteItem =
  | { kind: 'tool'; name: string; title: string; description?: string; server?: string }
  | { kind: 'prompt'; name: string; title: string; description?: string; server?: string; prompt: Prompt; connection: McpConnection };

/** The Run / Insert form of the picked entry. */
export interface PaletteForm {
  item: PaletteItem;
  fields: FormField[];
  /** Server completions per field (prompt arguments). */
  completions: Record<string, string[]>;
  error?: string;
}

/** What the palette needs from its element. */
export interface ChatPaletteHost extends ReactiveControllerHost {
  readonly servers: ServerSet;
  /** Empties the composer (the "/…" text was a command, not a message). */
  clearComposer(): void;
  /** Moves focus back to the composer. */
  focusComposer(): void;
  /** Moves focus to the first field of the run form once it is rendered. */
  focusRunForm(): void;
  /** Runs a tool the person filled in (queued while something runs). */
  runTool(name: string, args: Record<string, unknown>): Promise<void>;
  /** Adds a prompt's messages to the conversation (and lets the model answer). */
  insertPrompt(messages: Message[]): Promise<void>;
  reportError(source: ChatErrorSource, message: string, error: unknown): void;
}

/**
 * The "/" palette: tools and prompts of every connected server, filtered by
 * what follows the slash. Picking a tool shows a form generated from its
 * inputSchema and runs it; picking a prompt shows a form for its arguments
 * (with server completions) and inserts the prompt's messages. Drawn by
 * `render/palette.ts` from {@link open}, {@link items}, {@link index}, {@link form}.
 */
export class ChatPalette {
  open = false;
  index = 0;
  items: PaletteItem[] = [];
  form: PaletteForm | undefined;
  readonly #host: ChatPaletteHost;
  #completionAbort?: AbortController;

  constructor(host: ChatPaletteHost) {
    this.#host = host;
  }

  #all(): PaletteItem[] {
    const set = this.#host.servers;
    const tools: PaletteItem[] = set.listTools().map((t) => ({ kind: 'tool', name: t.name, title: t.title ?? t.name, description: t.description, server: t.server }));
    const prompts: PaletteItem[] = set
      .listPrompts()
      .map(({ prompt, connection }) => ({ kind: 'prompt', name: prompt.name, title: prompt.title ?? prompt.name, description: prompt.description, server: connection.name, prompt, connection }));
    return [...tools, ...prompts];
  }

  /** The composer's text changed. */
  onInput(value: string): void {
    const match = /^\/(\S*)$/.exec(value);
    const wasOpen = this.open;
    if (match) {
      const q = match[1]!.toLowerCase();
      this.items = this.#all().filter((i) => i.name.toLowerCase().includes(q) || i.title.toLowerCase().includes(q));
      this.open = true;
      this.index = 0;
    } else this.open = false;
    if (this.open || wasOpen) this.#host.requestUpdate();
  }

  /** Handles palette keys; true when the key was used. */
  onKeyDown(event: KeyboardEvent): boolean {
    if (!this.open) return false;
    const n = this.items.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (n) this.index = (this.index + (event.key === 'ArrowDown' ? 1 : n - 1)) % n;
      this.#host.requestUpdate();
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
      this.#host.requestUpdate();
      return true;
    }
    return false;
  }

  /** Picks the highlighted entry (or `item`) and shows its form. */
  choose(item = this.items[this.index]): void {
    this.open = false;
    if (!item) return;
    this.#host.clearComposer();
    const fields = item.kind === 'tool' ? fieldsFromSchema(this.#host.servers.getTool(item.name)?.inputSchema) : fieldsFromPromptArguments(item.prompt.arguments);
    this.form = { item, fields, completions: {} };
    this.#host.requestUpdate();
    this.#host.focusRunForm();
  }

  /** Closes the form; focus goes back to the composer. */
  close(): void {
    this.form = undefined;
    this.#host.requestUpdate();
    this.#host.focusComposer();
  }

  /** The form was submitted: run the tool, or insert the prompt. */
  async submit(formElement: HTMLFormElement): Promise<void> {
    const form = this.form;
    if (!form) return;
    let args: Record<string, unknown>;
    try {
      args = readForm(formElement, form.fields);
    } catch (error) {
      this.form = { ...form, error: (error as Error).message };
      this.#host.requestUpdate();
      return;
    }
    this.close();
    if (form.item.kind === 'tool') {
      await this.#host.runTool(form.item.name, args);
      return;
    }
    const { prompt, connection } = form.item;
    try {
      const result = await connection.getPrompt(prompt.name, args as Record<string, string>);
      await this.#host.insertPrompt(result.messages.map((m) => ({ role: m.role, content: Array.isArray(m.content) ? m.content : [m.content] }) as Message));
    } catch (error) {
      this.#host.reportError('server', `The prompt ${prompt.name} failed: ${(error as Error).message}`, error);
    }
  }

  /** A prompt argument changed: ask the server for completions (the latest question wins). */
  complete(field: FormField, input: HTMLInputElement): void {
    const form = this.form;
    if (!form || form.item.kind !== 'prompt') return;
    const { prompt, connection } = form.item;
    if (!connection.capabilities?.completions) return;
    const formEl = input.closest('form')!;
    const context: Record<string, string> = {};
    for (const f of form.fields) {
      const other = formEl.elements.namedItem(f.name) as HTMLInputElement | null;
      if (other && f.name !== field.name && other.value) context[f.name] = other.value;
    }
    this.#completionAbort?.abort();
    const abort = (this.#completionAbort = new AbortController());
    connection
      .complete({ ref: { type: 'ref/prompt', name: prompt.name }, argument: { name: field.name, value: input.value }, context: { arguments: context } }, { signal: abort.signal })
      .then((r) => {
        if (abort.signal.aborted || this.form?.item !== form.item) return;
        this.form = { ...this.form, completions: { ...this.form.completions, [field.name]: r.completion.values } };
        this.#host.requestUpdate();
      })
      .catch(() => {});
  }
}
