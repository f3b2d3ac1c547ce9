import type { PropertyValues } from 'lit';
import { customElement } from 'lit/decorators.js';
import type { ContentBlock, Message } from '../../content/index.js';
import type { HistoryStore } from '../../history/index.js';
import type { TraceDocument } from '../../mcp/trace.js';
import type { PageTool, RegisterToolOptions } from '../../page-tools/types.js';
import type { ModelProvider } from '../../providers/types.js';
import { listenToParts, missingCode, renderChat, wiringOf } from './wiring/layout.js';
import * as chunks from './chunks.js';
import { LANGUAGE_CHUNKS, messagesChunk, panelsChunk, startersChunk, syncChunk } from './chunks.js';
import { composeChat } from './wiring/compose.js';
import { McpChatProperties } from './mcp-chat-properties.js';
import type { ChatSession } from './conversation/chat-session.js';
import { newConversation, openConversation, sendMessage, waitClock } from './wiring/orchestration.js';
import { chatStyles } from './mcp-chat.styles.js';
import { ChatText } from './shell/chat-text.js';
import { languageReady, type ChatStrings } from './strings.js';
import type { ChatFeatures, ElementWiring } from './wiring/types.js';

/**
 * The drop-in MCP chat: a model using the tools of every connected server,
 * streaming answers, rich content, tool calls with approval, progress and
 * Stop, inline elicitation and sampling, saved conversations, and a "/"
 * palette that runs tools and prompts without any model.
 *
 * `<mcp-chat server="https://host/mcp"></mcp-chat>` just works; set
 * `provider` (and `model`, `base-url`) for a model, or let the person pick one
 * in the settings panel.
 *
 * Keyboard: Enter sends, Shift+Enter adds a line, Escape stops the turn (or
 * cancels dictation, closes the palette, the header menu, the open panel, or the launcher's
 * panel; focus returns to what opened it), "/" at the start of the composer
 * opens the palette.
 *
 * Text: every piece of interface text is in one table (`ChatStrings`);
 * `strings` overrides any keys; `lang` (on the element or an ancestor) picks
 * the base table (English; Arabic for `ar`) and `dir` (or a right-to-left
 * language) lays it out right to left.
 *
 * Layout: from its own width (container queries), 320 to 1600 px: a centred
 * reading column; side panels beside the chat from 640 px, over it below.
 * `launcher` turns it into a round button in a corner of the page that opens
 * the chat as a floating panel (`open`, `launcher-position`); `hidden` hides it.
 *
 * @summary The drop-in MCP chat widget.
 *
 * @slot title - The title in the header (default: "Chat").
 * @slot empty - Shown while the conversation is empty (replaces the built-in empty state).
 *
 * @event mcp-message-send - The person sent a message (`McpMessageSendEvent`, cancelable).
 * @event mcp-turn-end - A turn ended (`McpTurnEndEvent`: `reason`, `messages`, `rounds`).
 * @event mcp-question - The person's message went to the model (`McpQuestionEvent`: `question`, `conversationId`), for analytics.
 * @event mcp-answer - That turn ended (`McpAnswerEvent`: `answer` with the question, text, tools, sources and conversation id; `timeToFirstTokenMs`; `unanswered`; `reason`), for analytics.
 * @event mcp-feedback - The person rated an answer (`feedback`; `McpFeedbackEvent`: `rating`, `comment`, `answer`).
 * @event mcp-tool-call - A tool call finished (`McpToolCallEvent`: `toolUse`, `result`, `status`, `server`).
 * @event mcp-chat-error - Something failed that the person is told about (`McpChatErrorEvent`).
 * @event mcp-server-change - A server changed state (`McpServerChangeEvent`).
 * @event mcp-resource-open - A resource link was opened (bubbles from a content block; the chat previews it).
 * @event mcp-tool-stop - Stop on a tool card (bubbles from the card; the chat cancels the call).
 * @event mcp-tool-approve - An approval answer (bubbles from the card; the chat continues the turn).
 * @event mcp-agent-tool-call - A browser agent called a tool offered with `publish-tools` (`McpAgentToolCallEvent`, at its start and end).
 *
 * @csspart base - The whole widget.
 * @csspart header - The top bar.
 * @csspart title - The title.
 * @csspart server-status - One server's status chip: its dot and name (also `connected`, `degraded`, `failed`, ... by state).
 * @csspart server-count - In a chat narrower than 480 px with several servers: the one "2 servers" chip in their place (opens the Servers panel).
 * @csspart header-button - An icon button in the header (also `new-button`, `menu-button`, `close-button`).
 * @csspart new-button - "New conversation" in the header.
 * @csspart menu-button - "More": opens the menu of panels.
 * @csspart menu - The header's menu of panels (Conversations, Resources, Servers, Settings); a popover.
 * @csspart menu-item - One panel in that menu (`aria-checked` while its panel is open).
 * @csspart close-button - Closes the launcher's chat panel (launcher layout only).
 * @csspart model - The model in use in the header (opens Settings); "Choose a model" when none is set.
 * @csspart model-picker - The header's model picker, shown instead of `model` when several models are listed.
 * @csspart launcher-button - The round button of the launcher layout.
 * @csspart empty-state - What an empty conversation shows: what the chat can do here, starters, how to choose a model.
 * @csspart starter - One starter suggestion of the empty state.
 * @csspart typing - The typing indicator shown until the model's first token.
 * @csspart feedback - "Was this answer helpful?" under an answer (`feedback`): the question and its two buttons.
 * @csspart feedback-button - Either of its buttons (pressed once chosen).
 * @csspart feedback-up - The "Helpful" button.
 * @csspart feedback-down - The "Not helpful" button.
 * @csspart feedback-form - The optional sentence after a rating, with Send and Skip.
 * @csspart feedback-error - Under an answer: the rating could not reach the site's server (`feedback-tool`), in words.
 * @csspart sources - The pages an answer was built on, under it (a `nav` named "Sources"): taken from the turn's tool results, never from the model's text.
 * @csspart source - One source: a link (new tab) with its number, title, host and page.
 * @csspart source-number - A source's number, the one the model cites as `[n]`.
 * @csspart source-title - A source's title.
 * @csspart source-where - A source's host and page.
 * @csspart interrupted-note - The note under an answer whose stream never finished (the page was reloaded, the stream failed or was stopped).
 * @csspart destructive-note - The warning in the Run form of a tool marked destructive.
 * @csspart errors - The list of errors above the composer.
 * @csspart app-message-confirm - Under an app's view: "<App> wants to send this message for you:" with the text, before it is sent (also a `notice`).
 * @csspart app-message-send - Sends an app's message for the person.
 * @csspart app-message-cancel - "Don't send": drops an app's message.
 * @csspart app-message-notice - An app's message was added with no model set up to answer it (also a `notice`).
 * @csspart app-ask-group - In the approval card of an app's tool call: how many calls of that tool from the view wait, and "Allow all from this view for now".
 * @csspart app-ask-count - "3 requests from <App>", when more than one call waits on the card.
 * @csspart app-ask-allow-all - "Allow all from this view for now": the waiting calls, and that view's later calls of the tool while it lives.
 * @csspart waiting - The line naming calls that wait on a silent server, with the time waited.
 * @csspart server-wait - The line in the conversation while a message waits for servers still connecting ("Connecting to Weather…").
 * @csspart turn-failed - The line at the end of the conversation after a failed model turn, with Retry.
 * @csspart sign-in - The notice above the composer listing servers that need sign-in (also a `notice`).
 * @csspart sign-in-button - "Sign in to <server>" for a server that needs sign-in.
 * @csspart server-problems - The notice above the composer naming servers that could not be reached, with the diagnosis (also a `notice`).
 * @csspart retry-button - Retry for a server that could not be reached.
 * @csspart sign-out-button - "Sign out" of a server (Servers panel).
 * @csspart server-degraded - Servers panel: a server that works only without some request headers its CORS refuses, which, and what that costs.
 * @csspart server-no-live - Servers panel: a server whose live notifications are not heard, the page keeping no more event streams to its host ("Live updates off").
 * @csspart share - Conversations panel, with `sync`: "Share this conversation", then the read-only link in full with Copy link and Stop sharing.
 * @csspart shared-notice - On a page opened from a share link (`#mcp-share=ID`): "Shared conversation · read-only" where the composer would be.
 * @csspart export-trace-button - Servers panel: "Export trace" saves the session trace as a JSON file (absent with `no-trace`).
 * @csspart server - One server in the Servers panel.
 * @csspart remove-server-button - Servers panel: removes a server for this person (absent with `fixed-servers`).
 * @csspart add-server - Servers panel: the "Add a server" form (absent with `fixed-servers`).
 * @csspart restore-server-button - Servers panel: brings back a page server the person removed.
 * @csspart server-log - Servers panel: a server's log messages (`notifications/message`), with the level picker.
 * @csspart log-entry - One log message (time, level, logger, text or formatted data).
 * @csspart log-level - The level badge of a log message.
 * @csspart tool-selection - Servers panel: how many tools the last model request carried, and the collapsed list of those it left out.
 * @csspart panel - The side panel (conversations, servers, settings, resources).
 * @csspart conversation-list - The list of saved conversations.
 * @csspart sync - With `sync`: the Conversations panel's sync section (its state in words, Retry, Sign out of sync).
 * @csspart conversation - One saved conversation.
 * @csspart search - The conversation search box.
 * @csspart confirm - The in-panel question "Delete …?" with its Delete and Cancel buttons.
 * @csspart message-list - The scrolling list of messages (role=log).
 * @csspart message - A message (re-exported from `<mcp-message>`, as are `user-message`, `assistant-message`, `role`, `text`, `tool-card`, `tool-*`, `md-*`, `image`, `resource-link`, ...).
 * @csspart notice - Notices above the composer.
 * @csspart model-reply - The chat's answer to a message that could not go to a model (none set up, or a download to agree to), with a button to Settings.
 * @csspart built-in-models - Settings: the models on this device (the browser's own, the page's open model) with their state, Download and progress.
 * @csspart error - An error line.
 * @csspart composer - The form holding the input and buttons.
 * @csspart input - The message text area.
 * @csspart send-button - Sends the message.
 * @csspart stop-button - Stops the running turn.
 * @csspart attach-button - Picks images to attach.
 * @csspart mic-button - Dictation (shown where something can recognise speech: the browser's Web Speech API, or `transcribe`): the live transcript goes into the composer; `aria-pressed` while listening; Escape cancels.
 * @csspart hands-free-button - Hands-free (where the browser also has a voice): each answer is read aloud, then the chat listens again; tool approvals are still asked (aloud and on screen); `aria-pressed` while on.
 * @csspart read-aloud-button - Read aloud on an answer (where the browser has a voice), in the answer's language with a voice of that language; `aria-pressed` while it speaks (pressing again stops).
 * @csspart attachments - The list of attached files (images and resources).
 * @csspart attachment - One attached file: thumbnail or file icon, name, type and size, and its remove button.
 * @csspart attachment-refusal - Why files were not attached, in words (a live region; empty when none was refused).
 * @csspart palette - The "/" palette of tools and prompts.
 * @csspart palette-item - One entry of the palette.
 * @csspart palette-more - The line under the palette's entries when more match than it lists ("120 more: type to narrow the list.").
 * @csspart run-form - The form of a tool or prompt picked from the palette.
 * @csspart field-error - Why a field of a run form is not valid, under the field.
 * @csspart message-actions - The actions under a message: Copy; Regenerate on the last answer; Edit on the person's messages.
 * @csspart message-action - One of those buttons (also `copy-button`, `regenerate-button`, `edit-button`).
 * @csspart copy-button - Copies the message's text.
 * @csspart copy-raw-button - "Copy raw JSON" on a stored message that could not be read: copies its stored form.
 * @csspart regenerate-button - Answers the last question again (the previous answer stays saved).
 * @csspart edit-button - Edits the person's message and sends it again (what followed is replaced; it stays saved).
 * @csspart edit-form - The inline form of an edited message (Save and send, Cancel; Escape cancels).
 * @csspart conversation-group - A date heading of the conversation list (Today, Yesterday, Previous 7 days, a month).
 * @csspart conversation-date - The date (or time, today) of a saved conversation.
 * @csspart resource-preview - The dialog previewing a resource.
 * @csspart page-tools - Servers panel: the page's own tools and the tools offered to browser agents.
 * @csspart agent-call - The card of a call a browser agent made to an offered tool ("A browser agent ran Forecast").
 * @csspart discovery - `auto`: what the empty state says of the site's server (looking, found, or none found).
 * @csspart discovery-note - Servers panel, `auto`: what the search for the site's own server found and how.
 * @csspart registry - Servers panel: the "Add from the MCP Registry" disclosure (absent with `fixed-servers`).
 * @csspart registry-search - The `<mcp-registry-search>` in it (style its inside with its own parts and custom properties).
 *
 * @cssproperty --mcp-chat-accent - Accent (buttons, focus). Defaults to `--mcp-color-accent`.
 * @cssproperty --mcp-chat-accent-fg - Text on accent. Defaults to `--mcp-color-accent-fg`.
 * @cssproperty --mcp-chat-bg - Background. Defaults to `--mcp-color-bg`.
 * @cssproperty --mcp-chat-fg - Text colour. Defaults to `--mcp-color-fg`.
 * @cssproperty --mcp-chat-muted - Secondary text. Defaults to `--mcp-color-muted`.
 * @cssproperty --mcp-chat-border - Borders. Defaults to `--mcp-color-border`.
 * @cssproperty --mcp-chat-surface - Header and user message background. Defaults to `--mcp-color-surface`.
 * @cssproperty --mcp-chat-danger - Errors. Defaults to `--mcp-color-danger`.
 * @cssproperty --mcp-chat-font-family - Font. Defaults to `--mcp-font-family`.
 * @cssproperty --mcp-chat-font-size - Base font size (15px).
 * @cssproperty --mcp-chat-radius - Corner radius. Defaults to `--mcp-radius`.
 * @cssproperty --mcp-chat-space - Base spacing (density). Defaults to `--mcp-space`.
 * @cssproperty --mcp-chat-height - Height of the widget (600px); in the launcher layout, the panel's height (at most the viewport's less 112px).
 * @cssproperty --mcp-chat-warning - Things that need a decision (approval, destructive tools). Defaults to `--mcp-color-warning`.
 * @cssproperty --mcp-chat-success - A connected server's dot. Defaults to `--mcp-color-success`.
 * @cssproperty --mcp-chat-column-width - Widest the reading column (messages and composer) gets (48rem).
 * @cssproperty --mcp-chat-composer-radius - Corner radius of the composer (20px).
 * @cssproperty --mcp-chat-panel-width - Width of a side panel from 640px of chat width up (300px); below, panels cover the chat.
 * @cssproperty --mcp-chat-shadow - Shadow of menus, the palette, the launcher and its panel.
 * @cssproperty --mcp-chat-motion - Duration of transitions (180ms; 0ms under `prefers-reduced-motion`).
 * @cssproperty --mcp-chat-launcher-offset - Distance of the launcher from the page's corner (20px).
 * @cssproperty --mcp-chat-launcher-width - Width of the launcher's chat panel (400px, at most the viewport's less the offsets).
 * @cssproperty --mcp-chat-z-index - Stacking order of the launcher (1000).
 * @cssproperty --mcp-icon-size - Size of the icons (18px).
 */
@customElement('mcp-chat')
export class McpChat extends McpChatProperties {
  static override styles = chatStyles;
  readonly #text = new ChatText(this);
  /** What only the element knows, as its features' hosts read it (its public surface, its text). */
  readonly #w: ElementWiring = wiringOf(this, this.#text, messagesChunk, startersChunk, () => this.#maxRounds);
  /** The features (wiring/compose.ts), each built with its own host, in dependency order; the orchestration's functions each name those they read. */
  readonly #f: ChatFeatures = composeChat(this.#w, chunks);
  /**
   * The conversation controller (tests read `session.conversation` and await `session.saved()`).
   * @internal
   */
  readonly session: ChatSession = this.#f.session;
  /** The sync chunk, loading or loaded (once `sync` is set; it attaches the sync's feature). */
  #syncCode: Promise<void> | undefined;
  /** `maxRounds` when valid, else the default (an invalid value is reported on the element). */
  #maxRounds = 10;

  constructor() {
    super();
    listenToParts(this.#w, this.#f);
    this.addController(waitClock(this.#w, this.#f));
  }

  /** The model provider in use (from the settings panel, or `provider` with `model` and `base-url`), if any. */
  get chatProvider(): ModelProvider | undefined {
    return this.#f.settings.provider;
  }

  /** The history store in use (`store`, or the default IndexedDB one), if any. */
  get chatStore(): HistoryStore | undefined {
    return this.#f.persistence.store;
  }

  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'lang', 'dir'];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    // The interface text and direction follow `lang` and `dir`.
    if (name === 'lang' || name === 'dir') this.requestUpdate();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Re-attached after a removal: open the connections again.
    if (this.hasUpdated) this.#f.servers.reconnect();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // A chat taken off the page stops its turn and closes its connections
    // (browsers allow few connections per host; idle sessions would starve others).
    this.session.stop();
    void this.serverSet.close();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.#f.discovery.propertiesChanged();
    this.#f.servers.propertiesChanged({
      storageKey: changed.has('storageKey'),
      servers: changed.has('server') || changed.has('servers') || changed.has('fixedServers'),
      roots: changed.has('roots') ? this.roots : undefined,
      tracing: changed.has('noTrace') ? !this.noTrace : undefined,
    });
    // Only what the owner names with `page-tools` is imported: `auto` imports nothing of the page's WebMCP
    // registry (any script on the page may register tools there).
    if (changed.has('pageTools') || changed.has('publishTools')) this.#f.pageTools.configure(this.pageTools, this.publishTools);
    if (changed.has('maxRounds'))
      this.#maxRounds = this.#f.shell.checkCount('max-rounds', this.maxRounds, this.getAttribute('max-rounds'), 10, this.#text.t);
    if (changed.has('store')) this.#f.persistence.storeChanged();
    if (this.sync)
      this.#syncCode ??= syncChunk.load().then(
        ({ attachSync }) => {
          const { shell, conversations } = this.#f;
          this.#f.sync ??= attachSync(this, {
            text: this.#text,
            reportError: (source, message, error) => shell.reportError(source, message, error),
            refreshConversations: () => conversations.refresh(),
          });
          this.requestUpdate();
        },
        (error: Error) => ((this.#syncCode = undefined), this.#f.shell.reportError('history', error.message, error)),
      );
    if (changed.has('panel') && this.panel === 'conversations') this.#f.conversations.refresh();
    if (changed.has('panel') || this.panel === 'settings') this.#f.settings.panelShown(this.panel === 'settings');
  }

  protected override updated(changed: PropertyValues<this>): void {
    // The launcher's panel opened: the person came to type.
    if (changed.has('open') && this.open && this.launcher) this.#f.composer.focus();
  }

  /** The conversation's messages (MCP messages, as stored). */
  get messages(): readonly Message[] {
    return this.session.messages;
  }

  /** True while a turn or a tool call runs. */
  get busy(): boolean {
    return this.session.busy;
  }

  /** Sends a message as the person would: text plus attached blocks. Resolves when the model's turn (if a model is set up) has ended. */
  send(text: string, attachments: ContentBlock[] = []): Promise<void> {
    return sendMessage(this.#w, this.#f, text, attachments);
  }

  /**
   * Runs a tool directly, without a model (as the "/" palette does); the call and its result join the conversation
   * as a tool card. Waits up to `timeoutMs` for a server offering the tool to connect; while a turn or another
   * call runs, it waits for it to end.
   */
  async runTool(name: string, args: Record<string, unknown> = {}, timeoutMs = 10_000): Promise<void> {
    await this.serverSet.whenTool(name, timeoutMs);
    await this.session.runToolDirectly(name, args);
  }

  /** Opens the form of a tool (generated from its inputSchema), as picking it in the "/" palette does. */
  showTool(name: string, timeoutMs = 10_000): Promise<void> {
    return this.#f.palette.showTool(name, timeoutMs);
  }

  /**
   * Gives the chat a tool of the page, with the dictionary of WebMCP's `registerTool` (`{ name, title?,
   * description, inputSchema?, annotations?, execute(input) }`): it is offered to the model and in the "/" palette
   * under the page's name, asks first unless annotated read-only, and is saved as server tools are. Rejects when
   * the name is taken or invalid; aborting `options.signal` removes it.
   */
  registerTool(tool: PageTool, options?: RegisterToolOptions): Promise<void> {
    return this.#f.pageTools.registerTool(tool, options);
  }

  /**
   * The session trace as one JSON document (docs/trace.md: JSON-RPC both ways, HTTP status and `Mcp-*` headers,
   * turns, approvals, errors; never a key or password); `undefined` with `no-trace` or before any server was set.
   * "Export trace" in the Servers panel saves the same.
   */
  exportTrace(): TraceDocument | undefined {
    return this.#f.servers.exportTrace();
  }

  /** Stops the running turn: aborts the model request and cancels running tool calls. */
  stop(): void {
    this.session.stop();
  }

  /** Starts a new, empty conversation. */
  newConversation(): void {
    newConversation(this.#f);
  }

  /**
   * Opens a saved conversation, scrolled to its newest message. Long conversations render their newest messages
   * first and older ones as the person scrolls up (see `showMessage` to go to any message).
   */
  openConversation(id: string): Promise<void> {
    return openConversation(this.#w, this.#f, id);
  }

  /**
   * Scrolls to message `index` of `messages` (rendered on demand, however long the conversation) and marks it for
   * a moment. A tool result is shown in its tool card: the message holding the call is shown.
   */
  async showMessage(index: number): Promise<void> {
    await this.#f.view.showMessage(index);
  }

  /** Reads a resource from the server that has it and shows it in a preview. */
  async openResource(uri: string): Promise<void> {
    await this.#f.resources.open(uri);
  }

  /**
   * Attaches files as the person would (paste, drop or picker): each checked against `accept`, `file-size-limits`
   * and `max-files` (a refusal said in words), then read into the block it travels as (images as image blocks,
   * text-like files as text resources, others as blob resources, each with its name).
   */
  async attachFiles(files: File[]): Promise<void> {
    await this.#f.composer.attachFiles(files);
  }

  /**
   * In a language whose text is loaded when first used (Arabic in the single-file bundle; strings.ts), the chat
   * renders once the text is there: never in English first.
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const ready = languageReady(this.#text.lang, LANGUAGE_CHUNKS);
    return ready ? ready.then(() => super.scheduleUpdate()) : super.scheduleUpdate();
  }

  /** Also waits for the code of what is shown (an open panel, the messages) while it loads. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    const missing = () => missingCode(this.#w, this.#f, panelsChunk, messagesChunk);
    for (let part = missing(); part; part = missing()) {
      await part.load().catch(() => {});
      complete = await super.getUpdateComplete();
    }
    return complete;
  }

  protected override render() {
    return renderChat(this.#w, this.#f);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mcp-chat': McpChat;
  }
}
