import { html, nothing, render, type CSSResult, type ReactiveControllerHost } from 'lit';
import type { ChatStrings } from '../strings.js';
import type { Message } from '../../../content/index.js';
import type { FormField } from '../../shared/schema-fields.js';
import type { Loader } from '../../shared/lazy.js';
import { renderPalette, type PaletteActions } from './palette.js';
import { PALETTE_FIRST_FRAME, PALETTE_SHOWN, type PaletteForm, type PaletteItem, type RunFormChunk } from './contract.js';
import type { AgentTool } from '../../../agent/types.js';
import type { ServerSet } from '../servers/server-set.js';
import type { ChatErrorSource } from '../contract.js';

/** What the palette needs from its element. */
export interface ChatPaletteHost extends ReactiveControllerHost {
  /** The chat's interface text (strings table). */
  readonly text: ChatStrings;
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
  /** Adds a message to the conversation without a model turn (a loaded skill: context for what the person asks next). */
  addToConversation(message: Message): Promise<void>;
  /** Says `text` in the chat's live region. */
  announce(text: string): void;
  reportError(source: ChatErrorSource, message: string, error: unknown): void;
  /** Adds a lazily loaded style sheet to the chat's shadow root (after its own; once per sheet). */
  adoptStyles(styles: CSSResult): void;
}

/** Ranks entries against one query (its words and patterns prepared once, for every entry). */
function paletteMatcher(query: string): ((item: Pick<PaletteItem, 'name' | 'title'>) => number | undefined) | undefined {
  const whole = query.toLowerCase().trim();
  const words = whole.split(/\s+/).filter(Boolean);
  if (!words.length) return undefined;
  const patterns = words.map((word) => ({ word, start: new RegExp(`(^|[^a-z0-9])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }));
  return (item) => {
    const name = item.name.toLowerCase();
    const title = item.title.toLowerCase();
    if (name.startsWith(whole) || title.startsWith(whole)) return 0;
    let worst = 0;
    for (const { word, start } of patterns) {
      let best: number | undefined;
      for (const text of [name, title]) {
        const rank = text.startsWith(word) ? 0 : start.test(text) ? 1 : text.includes(word) ? 2 : undefined;
        if (rank !== undefined && (best === undefined || rank < best)) best = rank;
      }
      if (best === undefined) return undefined;
      worst = Math.max(worst, best);
    }
    return Math.max(worst, words.length > 1 ? 1 : 0);
  };
}

/**
 * How well an entry matches the query: 0 when the name or title starts with
 * it, 1 when a word of them does, 2 when it is found inside; undefined when not
 * at all. A query of several words must match each (ranked by the worst).
 */
export function paletteMatch(item: Pick<PaletteItem, 'name' | 'title'>, query: string): number | undefined {
  const match = paletteMatcher(query);
  return match ? match(item) : 0;
}

/** The entries matching `query`, best first (prefix, then word start, then inside; ties keep their order). */
export function rankPaletteItems(items: readonly PaletteItem[], query: string): PaletteItem[] {
  const match = paletteMatcher(query);
  // No query: every entry, in its order.
  if (!match) return [...items];
  return items
    .map((item, i) => ({ item, i, rank: match(item) }))
    .filter((e): e is { item: PaletteItem; i: number; rank: number } => e.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((e) => e.item);
}

/**
 * The "/" palette: tools and prompts of every connected server, filtered by
 * what follows the slash. Picking a tool shows a form generated from its
 * inputSchema and runs it; picking a prompt shows a form for its arguments
 * (with server completions) and inserts the prompt's messages. Drawn by
 * `palette/palette.ts` from {@link open}, {@link items}, {@link index}, {@link form}.
 */
export class ChatPalette {
  #open = false;
  #index = 0;
  /** Entries drawn for now: {@link PALETTE_FIRST_FRAME} in the frame that opens the list, then all (see `#afterFirstFrame`). */
  #limit = PALETTE_SHOWN;
  #items: PaletteItem[] = [];
  #form: PaletteForm | undefined;

  /** The "/" list is open. */
  get open(): boolean {
    return this.#open;
  }

  /** The highlighted entry of the list. */
  get index(): number {
    return this.#index;
  }

  /** The entries the list shows (ranked by what was typed). */
  get items(): readonly PaletteItem[] {
    return this.#items;
  }

  /** The run form of the picked entry, if one is open. */
  get form(): PaletteForm | undefined {
    return this.#form;
  }
  readonly #host: ChatPaletteHost;
  #completionAbort?: AbortController;

  /** The run form's code (given by the element: chunks.ts). */
  readonly #runForm: Loader<RunFormChunk>;

  constructor(host: ChatPaletteHost, runForm: Loader<RunFormChunk>) {
    this.#host = host;
    this.#runForm = runForm;
  }

  /**
   * The list's own place in the chat (a `display: contents` box the chat's template holds): the palette draws the
   * list there itself, so opening, narrowing and moving through it update the list alone, not the whole chat
   * (issue 42, docs/performance.md).
   */
  #slot?: HTMLElement;
  /** The strings table the list was last drawn with. */
  #drawnWith?: ChatStrings;

  /** The "/" list's place and the run form of the picked entry. */
  render(t: ChatStrings) {
    if (this.#warmedFor !== t && !this.open) this.#warmUp(t);
    if (!this.#slot) (this.#slot = document.createElement('div')).style.display = 'contents';
    if (this.#drawnWith !== t) this.#draw(t);
    const form = this.form;
    // The run form's code loads when an entry is first picked (choose), or as soon as "/" is typed.
    return html`${this.#slot}${form && this.renderRunForm ? this.renderRunForm(form, this.#actions, t) : nothing}`;
  }

  readonly #actions: PaletteActions = {
    choose: (item) => void this.choose(item),
    submit: (form) => void this.submit(form),
    close: () => this.close(),
    complete: (field, input) => this.complete(field, input),
    destructive: (name) => this.#host.servers.getTool(name)?.annotations?.destructiveHint === true,
  };

  /** Draws the list as it is now (open or not) in its place, and tells the composer which entry is highlighted. */
  #draw(t = this.#host.text): void {
    const slot = this.#slot;
    if (!slot) return;
    this.#drawnWith = t;
    const open = this.open;
    render(
      renderPalette({ open, items: this.items, index: this.index, moreText: t.paletteMore, text: t, limit: this.#limit }, this.#actions),
      slot,
    );
    // The composer's message box (beside the list) says which list it controls and which entry is highlighted.
    const input = slot.parentNode?.querySelector('textarea.input');
    const set = (name: string, value: string | false) => (value ? input?.setAttribute(name, value) : input?.removeAttribute(name));
    set('aria-controls', open && 'palette');
    set('aria-activedescendant', open && this.items.length > 0 && `palette-${this.index}`);
    if (open) this.#keepHighlightInView(slot);
  }

  /** Keeps the highlighted entry in view as the arrow keys move it (after each draw of the list). */
  #keepHighlightInView(root: HTMLElement): void {
    const item = root.querySelector<HTMLElement>('[part="palette-item"][aria-selected="true"]');
    const list = item?.parentElement;
    if (!item || !list) return;
    // The last entry: to the end, so the count of the entries not listed shows too.
    if (item.nextElementSibling?.matches('[part="palette-more"]')) list.scrollTop = list.scrollHeight;
    else if (item.offsetTop < list.scrollTop) list.scrollTop = item.offsetTop;
    else if (item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = item.offsetTop + item.offsetHeight - list.clientHeight;
  }

  /** The strings table the idle warm-up was scheduled for (again when the language changes). */
  #warmedFor?: ChatStrings;

  /**
   * Does in idle time, once the servers list tools, what the first "/" would
   * otherwise do on its first use: builds the entries (kept per tool list) and
   * formats the "N more" line once. A page's first `toLocaleString` sets up the
   * locale's number format, 50-90 ms on the benchmark machine: nearly all of
   * the first open's script (`bench/chat.mjs`, "palette first open").
   */
  #warmUp(t: ChatStrings): void {
    if (!this.#host.servers.listTools().length) return;
    this.#warmedFor = t;
    // Not in the idle time right after the tools are shown (its 50-90 ms would hold back the next frames, e.g. the
    // chips of servers still connecting): a quarter second later, then when idle (without requestIdleCallback, Safari, a task later).
    setTimeout(() => (self.requestIdleCallback ?? setTimeout)(() => this.#prepare(t)), 250);
  }

  /**
   * The warm-up's work: the entries, the "N more" line's number format, and the frame that opens the list drawn
   * once where the list goes, styled and laid out, hidden and inert, and taken away in the same task (never
   * painted): the first "/" clones prepared templates instead of parsing their HTML, and what a page's first
   * list costs only the first time (its words' text shaping, its rules' style, the code's first run) is paid
   * before the key (issue 42, docs/performance.md).
   */
  #prepare(t: ChatStrings): void {
    const items = this.#all();
    t.paletteMore(items.length);
    if (this.#open) return;
    const noop = () => {};
    const rehearsal = document.createElement('div');
    rehearsal.style.cssText = 'display: contents; visibility: hidden';
    rehearsal.inert = true;
    render(
      renderPalette(
        { open: true, items, index: 0, moreText: t.paletteMore, text: t, limit: PALETTE_FIRST_FRAME },
        { choose: noop, submit: noop, close: noop, complete: noop, destructive: () => false },
      ),
      rehearsal,
    );
    const slot = this.#slot;
    if (!slot?.parentNode) return;
    slot.parentNode.insertBefore(rehearsal, slot);
    rehearsal.querySelector('ul')?.getBoundingClientRect();
    rehearsal.remove();
  }

  /** The run form's template, once its code has loaded. */
  get renderRunForm(): RunFormChunk['renderRunForm'] | undefined {
    return this.#runForm.value?.renderRunForm;
  }

  /** The servers' skills (the Skills extension), listed when "/" is first typed and again after the servers change. */
  #skills: PaletteItem[] = [];
  /** The connected servers the skills were listed for (their ids): listed again when that changes. */
  #skillsFor?: string;
  #skillsLoading = false;

  /** Lists the connected servers' skills (at most once per set of connections); the open list is ranked again when they arrive. */
  #loadSkills(): void {
    const set = this.#host.servers;
    const connections = this.#skillsKey();
    if (this.#skillsLoading || this.#skillsFor === connections || !set.hub) return;
    if (!set.connections.some((c) => c.state === 'connected' && c.supportsSkills)) return;
    this.#skillsLoading = true;
    set.hub
      .listSkills()
      .then((skills) => {
        this.#skillsFor = connections;
        this.#skills = skills.map(({ connection, skill }) => ({
          kind: 'skill',
          name: skill.frontmatter.name,
          title: skill.frontmatter.name,
          description: skill.frontmatter.description,
          server: connection.name,
          skill,
          connection,
        }));
        if (this.#open && this.#query !== undefined) {
          this.#items = rankPaletteItems(this.#all(), this.#query);
          this.#draw();
        }
      })
      .catch(() => {})
      .finally(() => (this.#skillsLoading = false));
  }

  #skillsKey(): string {
    return this.#host.servers.connections
      .filter((c) => c.state === 'connected')
      .map((c) => c.id)
      .join(' ');
  }

  /** What follows the "/" while the list is open. */
  #query?: string;

  /** The tools' entries, built once per tool list (the servers' list is the same array until it changes). */
  #toolItems?: { from: readonly AgentTool[]; items: PaletteItem[] };

  #all(): PaletteItem[] {
    const set = this.#host.servers;
    const tools = set.listTools();
    if (this.#toolItems?.from !== tools) {
      this.#toolItems = {
        from: tools,
        items: tools.map((t) => ({ kind: 'tool', name: t.name, title: t.title ?? t.name, description: t.description, server: t.server })),
      };
    }
    const prompts: PaletteItem[] = set.listPrompts().map(({ prompt, connection }) => ({
      kind: 'prompt',
      name: prompt.name,
      title: prompt.title ?? prompt.name,
      description: prompt.description,
      server: connection.name,
      prompt,
      connection,
    }));
    const skills = this.#skillsFor === this.#skillsKey() ? this.#skills : [];
    return prompts.length || skills.length ? [...this.#toolItems.items, ...prompts, ...skills] : this.#toolItems.items;
  }

  /** The composer's text changed. */
  onInput(value: string): void {
    // "/" then a query on one line; spaces are part of the query ("/long task").
    const match = /^\/([^\n]*)$/.exec(value);
    const wasOpen = this.open;
    if (match) {
      this.#loadSkills();
      this.#query = match[1]!;
      this.#items = rankPaletteItems(this.#all(), match[1]!);
      this.#open = true;
      this.#index = 0;
      if (!wasOpen) this.#afterFirstFrame();
    } else this.#open = false;
    if (this.open || wasOpen) this.#draw();
  }

  /**
   * Opening the list draws its first {@link PALETTE_FIRST_FRAME} entries (more
   * than its height shows), and the rest once that frame is painted: the
   * first "/" paints sooner (issue 28, docs/performance.md). The "N more" line
   * counts as for the whole list from the first frame. The form of what will be
   * picked starts loading then too, not in the key's task (issue 42: starting the
   * chunk's import took about 1.5 ms of it).
   */
  #afterFirstFrame(): void {
    if (this.#items.length > PALETTE_FIRST_FRAME) this.#limit = PALETTE_FIRST_FRAME;
    requestAnimationFrame(() =>
      setTimeout(() => {
        this.#drawAll();
        this.#runForm.load().catch(() => {});
      }, 0),
    );
  }

  #drawAll(): void {
    if (this.#limit === PALETTE_SHOWN) return;
    this.#limit = PALETTE_SHOWN;
    if (this.open) this.#draw();
  }

  /** Handles palette keys; true when the key was used. */
  onKeyDown(event: KeyboardEvent): boolean {
    if (!this.open) return false;
    // A key before the rest is drawn (Up wraps to the last entry): draw it now.
    this.#drawAll();
    const n = Math.min(this.items.length, PALETTE_SHOWN);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (n) this.#index = (this.index + (event.key === 'ArrowDown' ? 1 : n - 1)) % n;
      this.#draw();
      return true;
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      void this.choose();
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      this.#open = false;
      this.#draw();
      return true;
    }
    return false;
  }

  /**
   * Picks the highlighted entry (or `item`) and shows its form: at once, or
   * once the form's code has loaded (the promise settles then; a failure to
   * load is reported in words, not thrown).
   */
  async choose(item = this.items[this.index]): Promise<void> {
    this.#open = false;
    this.#draw();
    if (!item) return;
    this.#host.clearComposer();
    if (item.kind === 'skill') return this.#loadSkill(item);
    const part = this.#runForm.value;
    if (part) return this.#show(item, part);
    try {
      this.#show(item, await this.#runForm.load());
    } catch (error) {
      this.#host.reportError('tool', (error as Error).message, error);
    }
  }

  /** `showTool()`: the form of tool `name`, once a server or the page offers it (waiting up to `timeoutMs`). */
  async showTool(name: string, timeoutMs: number): Promise<void> {
    const servers = this.#host.servers;
    await servers.whenTool(name, timeoutMs);
    const tool = servers.getTool(name);
    if (!tool) throw new Error(`No connected server or page offers a tool named ${name}.`);
    await this.choose({ kind: 'tool', name, title: tool.title ?? name, description: tool.description, server: tool.server });
  }

  /** A skill was picked: loaded (its content checked against the list) and added to the conversation, marked as the server's text. */
  async #loadSkill(item: Extract<PaletteItem, { kind: 'skill' }>): Promise<void> {
    const t = this.#host.text;
    this.#host.focusComposer();
    try {
      const loaded = await item.connection.loadSkill(item.skill.uri);
      await this.#host.addToConversation({ role: 'user', content: loaded.content });
      this.#host.announce(t.skillLoaded(item.name, item.server ?? ''));
    } catch (error) {
      this.#host.reportError('server', t.skillFailed(item.name, (error as Error).message), error);
    }
  }

  #show(
    item: Exclude<PaletteItem, { kind: 'skill' }>,
    { fieldsFromSchema, fieldsFromPromptArguments, runFormStyles, FilePicks }: RunFormChunk,
  ): void {
    // The form's look comes with its code (not in the first load).
    this.#host.adoptStyles(runFormStyles);
    const fields =
      item.kind === 'tool'
        ? fieldsFromSchema(this.#host.servers.getTool(item.name)?.inputSchema)
        : fieldsFromPromptArguments(item.prompt.arguments);
    this.#form = { item, fields, completions: {}, files: new FilePicks(() => this.#host.requestUpdate()) };
    this.#host.requestUpdate();
    this.#host.focusRunForm();
  }

  /** Closes the form; focus goes back to the composer. */
  close(): void {
    this.#form = undefined;
    this.#host.requestUpdate();
    this.#host.focusComposer();
  }

  /** The form was submitted: run the tool, or insert the prompt. */
  async submit(formElement: HTMLFormElement): Promise<void> {
    const form = this.form;
    if (!form) return;
    // The form is shown only once its code has loaded.
    const { readForm, FormFieldError, promptMessages } = this.#runForm.value!;
    let args: Record<string, unknown>;
    try {
      args = readForm(formElement, form.fields, this.#host.text);
    } catch (error) {
      const field = error instanceof FormFieldError ? error.field : (form.fields[0]?.name ?? '');
      this.#form = { ...form, errors: { [field]: (error as Error).message } };
      this.#host.requestUpdate();
      return;
    }
    this.close();
    if (form.item.kind === 'tool') {
      await this.#host.runTool(form.item.name, args);
      return;
    }
    try {
      await this.#host.insertPrompt(await promptMessages(form, args));
    } catch (error) {
      const name = form.item.kind === 'prompt' ? form.item.prompt.name : '';
      this.#host.reportError('server', this.#host.text.promptFailed(name, (error as Error).message), error);
    }
  }

  /** A prompt argument changed: ask the server for completions (the latest question wins). */
  complete(field: FormField, input: HTMLInputElement): void {
    const form = this.form;
    if (!form) return;
    this.#completionAbort?.abort();
    const abort = (this.#completionAbort = new AbortController());
    // The form is shown only once its code has loaded.
    this.#runForm
      .value!.promptCompletions(form, field, input, abort.signal)
      ?.then((values) => {
        if (abort.signal.aborted || this.form?.item !== form.item) return;
        this.#form = { ...this.form, completions: { ...this.form.completions, [field.name]: values } };
        this.#host.requestUpdate();
      })
      .catch(() => {});
  }
}
