import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { ApprovalPolicy, TurnResult } from '../../agent/types.js';
import type { ContentBlock, Message, ToolCallOutcome, ToolResultBlock, ToolUseBlock } from '../../content/index.js';
import { McpMessageSendEvent } from '../../events/message-send.js';
import { McpToolCallEvent } from '../../events/tool-call.js';
import { McpTurnEndEvent } from '../../events/turn-end.js';
import type { HistoryStore } from '../../history/index.js';
import type { McpConnection } from '../../mcp/connection.js';
import type { Root } from '../../mcp/input-types.js';
import type { ModelProvider } from '../../providers/types.js';
import { ChatPalette, type ChatPaletteHost } from './palette/chat-palette.js';
import { ChatPersistence, type ChatPersistenceHost } from './conversation/chat-persistence.js';
import { ChatScroll, type ChatScrollHost } from './conversation/chat-scroll.js';
import { ChatSession } from './conversation/chat-session.js';
import type { ChatSessionHost } from './conversation/contract.js';
import type { ChatErrorSource } from './contract.js';
import { appViewChunk, browserModelChunk, discoverChunk, elicitChunk, historyChunk, LANGUAGE_CHUNKS, messagesChunk, panelsChunk, registrySearchChunk, resumeChunk, runFormChunk, samplingChunk, turnChunk, webMcpChunk } from './chunks.js';
import { controllerHost } from './controller-host.js';
import { ChatConversations, type ChatConversationsHost } from './conversations/chat-conversations.js';
import { AppViews, type AppViewsHost } from './apps/app-views.js';
import { appAskStyles } from './apps/app-asks.styles.js';
import { InputRequests, type InputRequestsHost } from './requests/input-requests.js';
import { ModelSettings, type ModelSettingsHost } from './model/model-settings.js';
import { ChatServers, type ChatServersHost } from './servers/chat-servers.js';
import { ChatResources, type ChatResourcesHost } from './resources/chat-resources.js';
import { errorInWords } from './error-words.js';
import { chatStyles } from './mcp-chat.styles.js';
import type { ChatPanel } from './shell/panel.js';
import { DEFAULT_OLLAMA_URL, type ProviderConfig, type ProviderKind } from './model/provider-config.js';
import { ChatShell, type ChatShellHost } from './shell/chat-shell.js';
import { ChatComposer, type ChatComposerHost } from './composer/chat-composer.js';
import { ConversationView, type ConversationViewHost } from './conversation/conversation-view.js';
import { renderEmptyState, type ChatStarter, type StarterView } from './conversation/empty-state.js';
import { renderHeader } from './shell/header.js';
import { visibleMessages } from './conversation/messages.js';
import { chatStrings, directionOf, languageReady, type ChatStrings } from './strings.js';
import { renderServerProblems, renderQueued, renderSignInNotice, renderWaiting } from './servers/notices.js';
import { ServerSet, type ChatServer } from './servers/server-set.js';
import { ChatPageTools, type ChatPageToolsHost, type ChatPageToolsSetting, type ChatPublishSetting } from './page-tools/chat-page-tools.js';
import { renderAgentCalls, renderPageToolsSection } from './page-tools/page-tools-view.js';
import type { PageTool, RegisterToolOptions } from '../../page-tools/types.js';
import { icon } from '../shared/icons.js';
import { ChatDiscovery, type ChatDiscoveryHost } from './discovery/chat-discovery.js';
import { OFFICIAL_REGISTRY } from '../../mcp/registry.js';

/** Every controller's host interface at once (each controller is typed with its own). */
type AllHosts = ChatSessionHost &
  ChatScrollHost &
  ChatPersistenceHost &
  ModelSettingsHost &
  ChatPaletteHost &
  ChatConversationsHost &
  InputRequestsHost &
  AppViewsHost &
  ChatServersHost &
  ChatResourcesHost &
  ChatShellHost &
  ConversationViewHost &
  ChatComposerHost &
  ChatPageToolsHost &
  ChatDiscoveryHost;

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
 * closes the palette, the header menu, the open panel, or the launcher's
 * panel), "/" at the start of the composer opens the palette.
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
 * @csspart server-status - One server's status chip (also `connected`, `failed`, ... by state).
 * @csspart header-button - An icon button in the header (also `new-button`, `menu-button`, `close-button`).
 * @csspart new-button - "New conversation" in the header.
 * @csspart menu-button - "More": opens the menu of panels.
 * @csspart menu - The header's menu of panels (Conversations, Resources, Servers, Settings).
 * @csspart menu-item - One panel in that menu (`aria-checked` while its panel is open).
 * @csspart close-button - Closes the launcher's chat panel (launcher layout only).
 * @csspart model - The model in use in the header (opens Settings); "Choose a model" when none is set.
 * @csspart model-picker - The header's model picker, shown instead of `model` when several models are listed.
 * @csspart launcher-button - The round button of the launcher layout.
 * @csspart empty-state - What an empty conversation shows: what the chat can do here, starters, how to choose a model.
 * @csspart starter - One starter suggestion of the empty state.
 * @csspart typing - The typing indicator shown until the model's first token.
 * @csspart interrupted-note - The note under an answer whose stream never finished (the page was reloaded, the stream failed or was stopped).
 * @csspart destructive-note - The warning in the Run form of a tool marked destructive.
 * @csspart errors - The list of errors above the composer.
 * @csspart app-message-confirm - Under an app's view: "<App> wants to send this message for you:" with the text, before it is sent (also a `notice`).
 * @csspart app-message-send - Sends an app's message for the person.
 * @csspart app-message-cancel - "Don't send": drops an app's message.
 * @csspart app-message-notice - An app's message was added with no model set up to answer it (also a `notice`).
 * @csspart waiting - The line naming calls that wait on a silent server, with the time waited.
 * @csspart server-wait - The line in the conversation while a message waits for servers still connecting ("Connecting to Weather…").
 * @csspart turn-failed - The line at the end of the conversation after a failed model turn, with Retry.
 * @csspart sign-in - The notice above the composer listing servers that need sign-in (also a `notice`).
 * @csspart sign-in-button - "Sign in to <server>" for a server that needs sign-in.
 * @csspart server-problems - The notice above the composer naming servers that could not be reached, with the diagnosis (also a `notice`).
 * @csspart retry-button - Retry for a server that could not be reached.
 * @csspart sign-out-button - "Sign out" of a server (Servers panel).
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
 * @csspart attachments - The list of attached images and resources.
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
export class McpChat extends LitElement {
  static override styles = [...chatStyles, appAskStyles];

  /** One server's MCP endpoint (the simple case). Added to `servers`. */
  @property() server?: string;

  /**
   * Servers: URLs or connection settings (`{ url, name, headers, auth }`).
   * `auth: { redirectUrl, clientId?, clientMetadataUrl?, storage? }` makes the
   * chat sign in with a `BrowserOAuthProvider` (popup; "Sign in to <server>");
   * `auth` (or `authProvider`) may also be a provider instance.
   */
  @property({ attribute: false }) servers: ChatServer[] = [];

  /**
   * The model: a provider instance (e.g. pointing at the page's own proxy), a
   * {@link ProviderConfig}, or as an attribute the kind (`openai`,
   * `anthropic`, `ollama`, `browser`, `on-device`) used with `base-url` and
   * `model`. Unset: the built-in model (`model-url`, else the browser's own).
   */
  @property({ converter: { fromAttribute: (v: string | null) => v ?? undefined } }) provider?: ModelProvider | ProviderConfig | ProviderKind;

  /** The model id. */
  @property() model?: string;

  /** Endpoint base URL for a `provider` given by kind. */
  @property({ attribute: 'base-url' }) baseUrl?: string;

  /** An open model (GGUF file) the visitor may download and run on their device; with no `provider`, it is the default model (see docs/models.md). */
  @property({ attribute: 'model-url' }) modelUrl?: string;

  /** Placeholder of the message box. */
  @property() placeholder?: string;

  /**
   * Interface text by key (see `ChatStrings`); a partial object overrides
   * only the keys it names. The base table follows `lang` (on the element or
   * an ancestor): English, or Arabic for `ar`.
   */
  @property({ attribute: false }) strings?: Partial<ChatStrings>;

  /** `light` or `dark`; by default the page's `prefers-color-scheme`. */
  @property({ reflect: true }) theme?: 'light' | 'dark';

  /** `compact`, `comfortable` or unset (normal). */
  @property({ reflect: true }) density?: 'compact' | 'comfortable';

  /** The system prompt; each server's instructions are appended to it. */
  @property({ attribute: 'system-prompt' }) systemPrompt?: string;

  /**
   * The MCP Apps sandbox proxy page on another origin (`mcp-web-elements/sandbox.html`
   * hosted there). With it, a tool call whose tool has an interactive view shows
   * the view under its card; without it no app code runs (the card shows the result).
   */
  @property({ attribute: 'sandbox-url' }) sandboxUrl?: string;

  /** Provider calls per turn before the chat stops the model (default 10). */
  @property({ type: Number, attribute: 'max-rounds' }) maxRounds = 10;
  /** `maxRounds` when valid, else the default (an invalid value is reported on the element). */
  #maxRounds = 10;

  /** Decides per tool call: run, ask the person, or refuse. Default: ask for destructive tools. */
  @property({ attribute: false }) policy?: ApprovalPolicy;

  /**
   * The roots (folders, repositories: `{ uri, name? }`) shared with every
   * server that asks (`roots/list`). Default none. Changing it tells connected
   * 2025 servers (`notifications/roots/list_changed`).
   */
  @property({ attribute: false }) roots: Root[] = [];

  /**
   * Where conversations are saved. Default: IndexedDB (`openHistory()`), or
   * memory when IndexedDB is unavailable. `null`: nothing is saved.
   */
  @property({ attribute: false }) store?: HistoryStore | null;

  /** Name under which the open conversation is remembered across reloads. */
  @property({ attribute: 'storage-key' }) storageKey = 'default';

  /** Let the settings panel offer to remember an API key in this browser (localStorage). */
  @property({ type: Boolean, attribute: 'allow-key-storage' }) allowKeyStorage = false;

  /**
   * The page's servers only: the Servers panel offers no "Add a server" and no
   * Remove, and what a person added or removed before (per `storage-key`) is
   * not applied.
   */
  @property({ type: Boolean, attribute: 'fixed-servers' }) fixedServers = false;

  /** Where the settings panel looks for Ollama (its native API, without `/v1`). */
  @property({ attribute: 'ollama-url' }) ollamaUrl = DEFAULT_OLLAMA_URL;

  /**
   * Starter suggestions of the empty state: text the person can send with one
   * click (or put in the composer when no model is set up). By default the
   * connected servers' prompts are offered (each opens its form).
   */
  @property({ attribute: false }) starters?: ChatStarter[];

  /**
   * Launcher layout: a round button in a corner of the page that opens the
   * chat as a floating panel (`open`); Escape closes it and focus returns to
   * the button.
   */
  @property({ type: Boolean, reflect: true }) launcher = false;

  /** In the launcher layout: the chat panel is open. Reflects. */
  @property({ type: Boolean, reflect: true }) open = false;

  /** Corner of the launcher: `bottom-end` (default), `bottom-start`, `top-end`, `top-start` (start and end follow `dir`). */
  @property({ reflect: true, attribute: 'launcher-position' }) launcherPosition: 'bottom-end' | 'bottom-start' | 'top-end' | 'top-start' = 'bottom-end';

  /**
   * Imports the tools the page registered on WebMCP's `document.modelContext`
   * (`page-tools` present: all; `"search_* -checkout"`: patterns; the property
   * may also be a function `(tool) => boolean`). See docs/page-tools.md.
   */
  @property({ attribute: 'page-tools' }) pageTools?: ChatPageToolsSetting;

  /**
   * Offers the named tools of connected servers to browser agents through
   * WebMCP (`"forecast, docs:search"`; a wildcard offers read-only tools only).
   */
  @property({ attribute: 'publish-tools' }) publishTools?: ChatPublishSetting;

  /**
   * With no `server` / `servers`: find the site's own MCP server on the page's
   * origin (server card, `/.well-known/mcp.json`, `/.well-known/mcp`,
   * `/~gitbook/mcp`, `/mcp`; each confirmed by a handshake; no other origin is
   * asked) and connect it. The Servers panel says what was found and how.
   * It also imports the page's WebMCP tools, as `page-tools` with no value does
   * (unless `page-tools` is set).
   */
  @property({ type: Boolean, reflect: true }) auto = false;

  /**
   * For `auto`: the origin to look on instead of the page's own, for a site
   * whose pages and MCP server are served from different origins of the same
   * owner (the docs on one port, the server on another; tests). Set by the
   * page's code only (no attribute): a page's markup alone never sends the
   * search to another origin.
   */
  @property({ attribute: false }) discoveryOrigin?: string;

  /** The MCP Registry the Servers panel's "Add from the MCP Registry" searches (default the official one). */
  @property() registry: string = OFFICIAL_REGISTRY;

  /** The servers and their connections (read-only; set `server` / `servers`). */
  readonly serverSet = new ServerSet();

  /** The open side panel, if any. */
  @state() panel: ChatPanel | undefined;
  /** Blocks attached to the next message (images, embedded resources). */
  @state() attachments: ContentBlock[] = [];

  /** What every controller gets as its host (see `#controllerHost()`). */
  readonly #host: AllHosts = this.#controllerHost();
  readonly #shell = new ChatShell(this.#host, panelsChunk);

  /**
   * The conversation controller (tests read `session.conversation` and await `session.saved()`).
   * @internal
   */
  readonly session: ChatSession = new ChatSession(this.#host, { turn: turnChunk, resume: resumeChunk });
  readonly #scroll = new ChatScroll(this.#host);
  readonly #view = new ConversationView(this.#host, this.session, this.#scroll);
  readonly #persistence = new ChatPersistence(this.#host, historyChunk);
  readonly #settings = new ModelSettings(this.#host, turnChunk, browserModelChunk);
  readonly #palette = new ChatPalette(this.#host, runFormChunk);
  readonly #composer = new ChatComposer(this.#host, this.#palette);
  readonly #conversations = new ChatConversations(this.#host);
  // Registers itself as a controller (elicitation and sampling handlers, paste and drop): nothing else calls it.
  readonly #inputs = new InputRequests(this.#host, { elicit: elicitChunk, sampling: samplingChunk });
  readonly #apps = new AppViews(this.#host, appViewChunk);
  readonly #servers = new ChatServers(this.#host, registrySearchChunk);
  readonly #discovery = new ChatDiscovery(this.#host, discoverChunk);
  readonly #resources = new ChatResources(this.#host);
  readonly #pageTools = new ChatPageTools(this.#host, webMcpChunk);


  @query('dialog.preview') private previewDialog?: HTMLDialogElement;
  @query('.launcher-button') private launcherButton?: HTMLButtonElement;


  constructor() {
    super();
    // Events from the inner cards and blocks (once per element, not per connection to the page).
    this.addEventListener('mcp-tool-stop', (e) => this.session.stopTool(e.toolUseId));
    this.addEventListener('mcp-tool-approve', (e) => this.session.answerApproval(e.toolUseId, e.approved, e.always));
    this.addEventListener('mcp-resource-open', (e) => void this.openResource(e.link.uri));
    this.addEventListener('keydown', (e) => this.#onHostKeyDown(e));
    // A part loaded when first needed (markdown...) could not be loaded: said once above the composer.
    this.addEventListener('mcp-part-error', (e) => this.#shell.showError(e.error.message));
  }

  /** Escape closes the header menu, then the open panel, then the launcher's panel (focus returns to what opened it). */
  #onHostKeyDown(event: KeyboardEvent): void {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (this.#shell.menuOpen) {
      this.#shell.setMenu(false);
      this.renderRoot.querySelector<HTMLElement>('.more')?.focus();
    } else if (this.panel) {
      this.panel = undefined;
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('.more')?.focus());
    } else if (this.launcher && this.open) {
      this.open = false;
      void this.updateComplete.then(() => this.launcherButton?.focus());
    } else return;
    event.preventDefault();
  }

  /** The empty state's suggestions: `starters`, else the connected servers' prompts. */
  #starters(): StarterView[] {
    if (this.starters) {
      return this.starters.map((s) => {
        const { label, text, description } = typeof s === 'string' ? { label: s, text: s, description: undefined } : s;
        return {
          label,
          description,
          run: () => {
            if (this.chatProvider) void this.send(text);
            else this.#composer.offer(text);
          },
        };
      });
    }
    return this.serverSet
      .listPrompts()
      .slice(0, 4)
      .map(({ prompt, connection }) => ({
        label: prompt.title ?? prompt.name,
        description: prompt.description,
        run: () => void this.#palette.choose({ kind: 'prompt', name: prompt.name, title: prompt.title ?? prompt.name, description: prompt.description, server: connection.name, prompt, connection }),
      }));
  }

  /**
   * The one object the controllers get as their host. Each controller's
   * constructor takes its own narrow interface (`ChatSessionHost`,
   * `ChatScrollHost`, ...), so it can use only what that interface names;
   * getters read the element at the moment of use. The element's own state
   * stays private: controllers never see the element.
   */
  #controllerHost(): AllHosts {
    const chat = this;
    return controllerHost(this, {
      servers: this.serverSet,
      get provider() {
        return chat.chatProvider;
      },
      get store() {
        return chat.chatStore;
      },
      get pageStore() {
        return chat.store;
      },
      whenStore: () => this.#persistence.whenStore(),
      get storageKey() {
        return chat.storageKey;
      },
      get allowKeyStorage() {
        return chat.allowKeyStorage;
      },
      get ollamaUrl() {
        return chat.ollamaUrl;
      },
      get page() {
        return { provider: chat.provider, model: chat.model, baseUrl: chat.baseUrl, modelUrl: chat.modelUrl };
      },
      setPageModel: (model: string) => (this.model = model),
      // ServerEdits
      get fixedServers() {
        return chat.fixedServers;
      },
      get text() {
        return chat.#t;
      },
      serversEdited: () => this.serverSet.setServers(this.#servers.list()),
      get pageServers() {
        return [...(chat.server ? [chat.server] : []), ...chat.servers, ...chat.#discovery.servers];
      },
      // ChatDiscovery, and the registry search of ChatServers
      get auto() {
        return chat.auto;
      },
      get discoveryOrigin() {
        return chat.discoveryOrigin;
      },
      get givesServers() {
        return Boolean(chat.server) || chat.servers.length > 0;
      },
      get registry() {
        return chat.registry;
      },
      focus: (selector: string) => void this.#focusAfterUpdate(selector),
      messagesCode: messagesChunk,
      previewDialog: () => this.previewDialog,
      attachBlocks: (blocks: ContentBlock[]) => (this.attachments = [...this.attachments, ...blocks]),
      openAt: (id: string, seq?: number) => void this.#openAt(id, seq),
      newConversation: () => this.newConversation(),
      pickImport: () => this.renderRoot.querySelector<HTMLInputElement>('input.import')?.click(),
      get placeholder() {
        return chat.placeholder;
      },
      get attachments() {
        return chat.attachments;
      },
      setAttachments: (blocks: ContentBlock[]) => (this.attachments = blocks),
      send: (text: string, attachments: ContentBlock[]) => void this.send(text, attachments),
      stop: () => this.stop(),
      addressField: () => this.renderRoot.querySelector<HTMLInputElement>('.add-server input') ?? undefined,
      get theme() {
        return chat.theme;
      },
      get turnSettings() {
        // What app views asked the model to know (ui/update-model-context) goes with every turn after it.
        const systemPrompt = [chat.systemPrompt, chat.#apps.contextPrompt()].filter(Boolean).join('\n\n') || undefined;
        return { systemPrompt, maxRounds: chat.#maxRounds, policy: chat.policy, model: chat.model };
      },
      get renderRoot() {
        return chat.renderRoot;
      },
      get streaming() {
        return chat.session.streaming;
      },
      get messages() {
        return chat.session.messages;
      },
      get calls() {
        return chat.session.calls;
      },
      get chatBusy() {
        return chat.session.busy;
      },
      get conversationId() {
        return chat.session.conversation?.id;
      },
      // AppViews
      get sandboxUrl() {
        return chat.sandboxUrl;
      },
      get canSendAppMessage() {
        return !!chat.chatProvider;
      },
      sendAppMessage: (content: ContentBlock[]) => void this.#sendFromApp(content),
      recordAppCall: (use: Message, result: Message) => void this.session.whenIdle().then(() => (void this.session.append(use), this.session.append(result))),
      get policy() {
        return chat.policy;
      },
      get alwaysAllowed() {
        return chat.session.alwaysAllowed;
      },
      announce: (text: string) => this.#shell.announce(text),
      reportError: (source: ChatErrorSource, message: string, error: unknown) => this.#shell.reportError(source, message, error),
      // ChatSession
      streamChanged: () => this.#scroll.streamChanged(),
      conversationCreated: () => {
        if (this.panel === 'conversations') this.#conversations.refresh();
        // An update remembers the new conversation as the open one (ChatPersistence.hostUpdated),
        // also when nothing else repaints (no model: no streaming follows).
        this.requestUpdate();
      },
      // Before the messages change: the one update that shows them renders the newest first.
      conversationShown: () => {
        this.#scroll.reset();
        this.requestUpdate();
      },
      turnEnded: (result: TurnResult) => this.#turnEnded(result),
      toolCalled: (use: ToolUseBlock, result: ToolResultBlock, status: ToolCallOutcome, server?: string) =>
        void this.dispatchEvent(new McpToolCallEvent(use, result, status, server)),
      // ChatPersistence
      reopen: (id: string) => this.session.open(id, this.#messageCode()),
      // ChatPalette
      clearComposer: () => {
        this.#composer.clear();
      },
      focusComposer: () => this.#composer.focus(),
      focusRunForm: () => void this.#focusAfterUpdate('.run-form input, .run-form select, .run-form textarea, .run-form button[type=submit]'),
      runTool: (name: string, args: Record<string, unknown>) => this.session.runToolDirectly(name, args),
      insertPrompt: (messages: Message[]) => this.#insertPrompt(messages),
      // InputRequests
      messagesReady: async () => {
        if (!messagesChunk.value) await messagesChunk.load().catch(() => {});
        await this.updateComplete;
      },
      requestArea: () => (this.renderRoot.querySelector<HTMLElement>('.requests') ?? this.renderRoot) as HTMLElement,
      showInList: (element: HTMLElement) => this.#scroll.showInList(element),
      attachFiles: (files: File[]) => this.attachFiles(files),
      addEventListener: (type: string, listener: EventListener) => this.addEventListener(type, listener),
      removeEventListener: (type: string, listener: EventListener) => this.removeEventListener(type, listener),
      dispatchEvent: (event: Event) => this.dispatchEvent(event),
    });
  }

  /** The model provider in use (from the settings panel, or `provider` with `model` and `base-url`), if any. */
  get chatProvider(): ModelProvider | undefined {
    return this.#settings.provider;
  }

  /** The history store in use (`store`, or the default IndexedDB one), if any. */
  get chatStore(): HistoryStore | undefined {
    return this.#persistence.store;
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
    if (this.hasUpdated) this.#servers.reconnect();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // A chat taken off the page stops its turn and closes its connections
    // (browsers allow few connections per host; idle sessions would starve others).
    this.session.stop();
    void this.serverSet.close();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.#discovery.propertiesChanged();
    this.#servers.propertiesChanged({ storageKey: changed.has('storageKey'), servers: changed.has('server') || changed.has('servers') || changed.has('fixedServers') });
    if (changed.has('roots')) void this.serverSet.setRoots(this.roots);
    // `auto` also imports the page's own WebMCP tools unless `page-tools` says otherwise.
    if (changed.has('pageTools') || changed.has('publishTools') || changed.has('auto')) this.#pageTools.configure(this.pageTools ?? (this.auto ? '' : undefined), this.publishTools);
    if (changed.has('maxRounds')) this.#maxRounds = this.#shell.checkCount('max-rounds', this.maxRounds, this.getAttribute('max-rounds'), 10, this.#t);
    if (changed.has('store')) this.#persistence.storeChanged();
    if (changed.has('panel') && this.panel === 'conversations') this.#conversations.refresh();
    if (changed.has('panel') || this.panel === 'settings') this.#settings.panelShown(this.panel === 'settings');
  }

  #tick?: ReturnType<typeof setTimeout>;
  protected override updated(changed: PropertyValues<this>): void {
    this.#palette.keepHighlightInView(this.renderRoot);
    // The launcher's panel opened: the person came to type.
    if (changed.has('open') && this.open && this.launcher) this.#composer.focus();
    // While a call runs, repaint once a second so the time it has waited is shown.
    if (this.#tick === undefined && this.session.calls.anyRunning) {
      this.#tick = setTimeout(() => {
        this.#tick = undefined;
        this.requestUpdate();
      }, 1000);
    }
  }

  #turnEnded(result: TurnResult): void {
    if (result.reason === 'maxRounds') this.#shell.showError(this.#t.maxRounds(result.rounds));
    this.dispatchEvent(new McpTurnEndEvent(result.reason, result.messages, result.rounds));
  }

  async #focusAfterUpdate(selector: string): Promise<void> {
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(selector)?.focus();
  }

  /** A prompt's messages join the conversation; the model answers when the last one is the person's. */
  async #insertPrompt(messages: Message[]): Promise<void> {
    for (const message of messages) await this.session.append(message);
    if (messages.at(-1)?.role === 'user' && this.chatProvider) await this.session.runTurn();
  }

  /** The conversation's messages (MCP messages, as stored). */
  get messages(): readonly Message[] {
    return this.session.messages;
  }

  /** True while a turn or a tool call runs. */
  get busy(): boolean {
    return this.session.busy;
  }

  /**
   * Sends a message as the person would: text plus attached blocks. Resolves
   * when the model's turn (if a model is set up) has ended.
   */
  async send(text: string, attachments: ContentBlock[] = []): Promise<void> {
    const content: Message['content'] = [...attachments];
    if (text.trim()) content.unshift({ type: 'text', text });
    if (!content.length || this.session.busy) return;
    const message: Message = { role: 'user', content };
    if (!this.dispatchEvent(new McpMessageSendEvent(message))) return;
    this.#scroll.follow();
    await this.session.append(message);
    if (await this.#settings.blocked(this.session.conversation?.id)) return;
    await this.session.runTurn();
  }

  /** An app's `ui/message`: the person's next message, sent once the running turn or call has ended. */
  async #sendFromApp(content: ContentBlock[]): Promise<void> {
    await this.session.whenIdle();
    await this.send('', content);
  }

  /**
   * Runs a tool directly, without a model (as the "/" palette does); the call
   * and its result join the conversation as a tool card. Waits up to
   * `timeoutMs` for a server offering the tool to connect; while a turn or
   * another call runs, it waits for it to end.
   */
  async runTool(name: string, args: Record<string, unknown> = {}, timeoutMs = 10_000): Promise<void> {
    await this.serverSet.whenTool(name, timeoutMs);
    await this.session.runToolDirectly(name, args);
  }

  /** Opens the form of a tool (generated from its inputSchema), as picking it in the "/" palette does. */
  async showTool(name: string, timeoutMs = 10_000): Promise<void> {
    await this.serverSet.whenTool(name, timeoutMs);
    const tool = this.serverSet.getTool(name);
    if (!tool) throw new Error(`No connected server or page offers a tool named ${name}.`);
    await this.#palette.choose({ kind: 'tool', name, title: tool.title ?? name, description: tool.description, server: tool.server });
  }

  /**
   * Gives the chat a tool of the page, with the dictionary of WebMCP's
   * `registerTool` (`{ name, title?, description, inputSchema?, annotations?,
   * execute(input) }`): it is offered to the model and in the "/" palette under
   * the page's name, asks first unless annotated read-only, and is saved as
   * server tools are. Rejects when the name is taken or invalid; aborting
   * `options.signal` removes it.
   */
  registerTool(tool: PageTool, options?: RegisterToolOptions): Promise<void> {
    return this.#pageTools.registerTool(tool, options);
  }

  /** Stops the running turn: aborts the model request and cancels running tool calls. */
  stop(): void {
    this.session.stop();
  }

  /** Starts a new, empty conversation. */
  newConversation(): void {
    this.#view.stopEditing();
    this.session.clear();
    this.#scroll.reset();
    this.#persistence.forgetOpen();
    this.#composer.focus();
  }

  /**
   * Opens a saved conversation, scrolled to its newest message. Long
   * conversations render their newest messages first and older ones as the
   * person scrolls up (see `showMessage` to go to any message).
   */
  async openConversation(id: string): Promise<void> {
    try {
      await this.session.open(id, this.#messageCode());
    } catch (error) {
      this.#shell.reportError('history', this.#t.openFailed(errorInWords(error, this.#t)), error);
    }
  }

  /**
   * The message elements and the markdown code, loaded (undefined when they
   * are): a conversation being opened waits for them while it is read, at
   * most a second, so its messages are formatted at their first paint (not
   * plain text reflowed a moment later). Markdown code that cannot be loaded
   * is reported above the composer (the text shown as plain text), message
   * elements where the messages are, as when they load at first use.
   */
  #messageCode(): Promise<void> | undefined {
    const engine = messagesChunk.value?.markdownReady();
    if (messagesChunk.value && !engine) return undefined;
    const ready = (engine ?? messagesChunk.load().then((m) => m.markdownReady(), () => {})).catch((error: Error) => this.#shell.showError(error.message));
    return Promise.race([ready, new Promise<void>((resolve) => setTimeout(resolve, 1000))]);
  }

  /**
   * Scrolls to message `index` of `messages` (rendered on demand, however
   * long the conversation) and marks it for a moment. A tool result is shown
   * in its tool card: the message holding the call is shown.
   */
  async showMessage(index: number): Promise<void> {
    await this.#view.showMessage(index);
  }

  /** Opens a conversation found by search at the message that matched (its `seq` in the store). */
  async #openAt(id: string, seq?: number): Promise<void> {
    await this.openConversation(id);
    if (seq === undefined || this.session.conversation?.id !== id) return;
    await this.session.whenLoaded();
    const index = this.session.indexOfSeq(seq);
    if (index >= 0) await this.showMessage(index);
  }

  /** Reads a resource from the server that has it and shows it in a preview. */
  async openResource(uri: string): Promise<void> {
    await this.#resources.open(uri);
  }

  /** Attaches image files (paste, drop or picker) as image blocks. */
  async attachFiles(files: File[]): Promise<void> {
    await this.#composer.attachFiles(files);
  }

  /**
   * In a language whose text is loaded when first used (Arabic in the
   * single-file bundle; strings.ts), the chat renders once the text is there:
   * never in English first.
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const ready = languageReady(this.closest('[lang]')?.getAttribute('lang') ?? undefined, LANGUAGE_CHUNKS);
    return ready ? ready.then(() => super.scheduleUpdate()) : super.scheduleUpdate();
  }

  /** Also waits for the code of what is shown (an open panel, the messages) while it loads. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    for (;;) {
      const part = this.panel && !panelsChunk.value && !panelsChunk.error ? panelsChunk : this.#showsMessages() && !messagesChunk.value && !messagesChunk.error ? messagesChunk : undefined;
      if (!part) return complete;
      await part.load().catch(() => {});
      complete = await super.getUpdateComplete();
    }
  }

  /** Something the message elements draw is on screen (messages, an answer streaming in, a resource preview). */
  #showsMessages(): boolean {
    return visibleMessages(this.session.messages).length > 0 || Boolean(this.session.streaming) || this.#resources.previewing;
  }

  /** One side panel: each feature draws its own with the panels' code (see shell/panel.ts). */
  #renderPanel(panel: ChatPanel) {
    return this.#shell.renderPanelContent(this.#t, (panels) => {
    switch (panel) {
      case 'conversations':
        return this.#conversations.renderPanel(panels, {
          hasStore: Boolean(this.chatStore),
          persistent: this.chatStore?.persistent ?? false,
          currentId: this.session.conversation?.id,
          text: this.#t,
          lang: this.closest('[lang]')?.getAttribute('lang') ?? undefined,
        });
      case 'servers':
        return html`${this.#servers.renderPanel(panels.renderServersPanel, this.session.toolSelection, this.closest('[lang]')?.getAttribute('lang') ?? undefined, this.#discovery.note(this.#t))}${renderPageToolsSection(this.#pageTools.status, this.#t)}`;
      case 'settings':
        return this.#settings.renderPanel(panels.renderSettingsPanel, this.#t, () => (this.panel = undefined));
      case 'resources':
        return this.#resources.renderPanel(panels.renderResourcesPanel);
      default: {
        const never: never = panel;
        return never;
      }
    }
    });
  }

  /** The interface text in use: the table of the language, with `strings` on top. */
  get #t(): ChatStrings {
    return chatStrings(this.closest('[lang]')?.getAttribute('lang') ?? undefined, this.strings);
  }

  #stringsMemo?: { lang: string | undefined; strings: Partial<ChatStrings> | undefined; value: ChatStrings };
  /** `#t`, the same object while `lang` and `strings` stay: passed down to every message without re-rendering them. */
  get #stableStrings(): ChatStrings {
    const lang = this.closest('[lang]')?.getAttribute('lang') ?? undefined;
    const memo = this.#stringsMemo;
    if (memo && memo.lang === lang && memo.strings === this.strings) return memo.value;
    return (this.#stringsMemo = { lang, strings: this.strings, value: chatStrings(lang, this.strings) }).value;
  }

  /** `dir` of the element or an ancestor; else the direction of the language. */
  get #dir(): 'rtl' | 'ltr' {
    const set = this.closest('[dir]')?.getAttribute('dir');
    return set === 'rtl' || set === 'ltr' ? set : directionOf(this.closest('[lang]')?.getAttribute('lang') ?? undefined);
  }

  protected override render() {
    const s = this.session;
    const noModel = !this.chatProvider;
    const palette = this.#palette;
    const connections = this.serverSet.connections;
    // Servers whose connection cannot start yet (the connecting code loads, or failed to): shown as connecting, or failed with Retry.
    const shown = [...connections, ...(this.serverSet.pending as unknown as McpConnection[])];
    const empty = visibleMessages(s.messages).length === 0 && !s.streaming;
    // Connected, or still loading prompts and resources with the tools in: the tools are shown at once.
    const connected = connections.filter((c) => c.toolsReady);
    const t = this.#t;
    return html`${this.launcher
        ? html`<button
            part="launcher-button"
            class="launcher-button"
            aria-label=${t.openChat}
            aria-expanded=${this.open ? 'true' : 'false'}
            @click=${() => (this.open = !this.open)}
          >
            ${icon(this.open ? 'x' : 'message-circle')}
          </button>`
        : nothing}
      <div part="base" class="base ${this.panel ? 'with-panel' : ''}" dir=${this.#dir} role=${ifDefined(this.launcher ? 'dialog' : undefined)} aria-label=${ifDefined(this.launcher ? t.title : undefined)}>
        ${renderHeader(
          { connections: shown, panel: this.panel, menuOpen: this.#shell.menuOpen, model: this.#settings.modelName(), models: this.#settings.models, closable: this.launcher, text: t },
          {
            showPanel: (p) => ((this.panel = p), void this.#focusAfterUpdate('[part="panel"]')),
            newConversation: () => this.newConversation(),
            setMenu: (open) => {
              this.#shell.setMenu(open);
              if (open) void this.#focusAfterUpdate('.menu [role^="menuitem"]');
            },
            chooseModel: (m) => this.#settings.chooseModel(m),
            nameOf: (c) => this.serverSet.nameOf(c),
            close: () => {
              this.open = false;
              void this.updateComplete.then(() => this.launcherButton?.focus());
            },
          },
        )}
        <div class="body">
          ${this.panel
            ? html`<aside part="panel" class="panel" tabindex="-1" aria-label=${t[this.panel]}>
                <button class="icon-button panel-close" aria-label=${t.closePanel} data-tip=${t.close} data-tip-end @click=${() => (this.panel = undefined)}>${icon('x')}</button>
                ${this.#renderPanel(this.panel)}
              </aside>`
            : nothing}
          <div class="main">
            <div part="message-list" class="messages" role="log" aria-label=${t.conversationLabel} tabindex="0" @scroll=${this.#scroll.onScroll}>
              <div class="column">
                ${empty
                  ? renderEmptyState(
                      { servers: connected.map((c) => this.serverSet.nameOf(c)), tools: this.serverSet.listTools().length, starters: this.#starters(), noModel, serverNote: this.#discovery.renderNotice(t) },
                      () => (this.panel = 'settings'),
                      t,
                    )
                  : nothing}
                ${this.#view.renderNotice(t, () => this.#showsMessages())}
                ${this.#view.render(t, this.#stableStrings, !noModel, (m) => this.#apps.viewsFor(m))}
                ${renderAgentCalls(this.#pageTools.agentCalls, t, this.#stableStrings)}
                ${this.#settings.renderReply(s.conversation?.id, () => (this.panel = 'settings'))}
              </div>
            </div>
            <div class="bottom">
              <div class="column">
                <div class="requests"></div>
                ${this.#shell.renderErrors(t)}
                ${renderSignInNotice(connections, (c) => this.#servers.signIn(c), t)}
                ${renderServerProblems(shown, t)}
                ${this.#apps.renderNotice()}
                ${renderWaiting(s.calls.waiting(Date.now()), t.waiting, t.waitingForYou)} ${renderQueued(s.queued, t.queued)}
                ${palette.render(t)}
                ${this.#composer.render(t)}
              </div>
            </div>
          </div>
        </div>
        ${this.#shell.renderLiveRegion()}
        ${this.#resources.renderPreview(t)}
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mcp-chat': McpChat;
  }
}
