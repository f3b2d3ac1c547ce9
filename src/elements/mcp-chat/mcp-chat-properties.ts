// The chat's public properties (attributes and JS properties) and the state its
// panels and composer keep, as a base class: the element (mcp-chat.ts) adds
// its features and methods. custom-elements.json lists these as the element's
// own (inherited) members.
import { LitElement } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ApprovalPolicy } from '../../agent/types.js';
import type { ContentBlock } from '../../content/index.js';
import type { HistoryStore } from '../../history/index.js';
import type { Root } from '../../mcp/input-types.js';
import { OFFICIAL_REGISTRY } from '../../mcp/registry-address.js';
import type { ModelProvider } from '../../providers/types.js';
import type { ChatStarter } from './conversation/empty-state.js';
import { DEFAULT_OLLAMA_URL, type ProviderConfig, type ProviderKind } from './model/provider-config.js';
import type { ChatPageToolsSetting, ChatPublishSetting } from './page-tools/chat-page-tools.js';
import { ServerSet, type ChatServer } from './servers/server-set.js';
import type { ChatPanel } from './shell/panel.js';
import type { SyncTokenSource } from '../../history/sync-contract.js';
import type { ChatStrings } from './strings.js';
import type { Transcriber } from './voice/contract.js';

/**
 * The properties of `<mcp-chat>` (documented on the element, `McpChat`).
 * @internal
 */
export class McpChatProperties extends LitElement {
  /** One server's MCP endpoint (the simple case). Added to `servers`. */
  @property() server?: string;
  /**
   * Servers: URLs or connection settings (`{ url, name, headers, auth }`). `auth: { redirectUrl, clientId?,
   * clientMetadataUrl?, storage? }` makes the chat sign in with a `BrowserOAuthProvider` (popup; "Sign in to
   * <server>"); `auth` (or `authProvider`) may also be a provider instance.
   */
  @property({ attribute: false }) servers: ChatServer[] = [];
  /**
   * The model: a provider instance (e.g. the page's own proxy), a {@link ProviderConfig}, or as an attribute the
   * kind (`openai`, `anthropic`, `ollama`, `browser`, `on-device`) with `base-url` and `model`. Unset: the
   * built-in model (`model-url`, else the browser's own, else the default open model, offered for download).
   */
  @property({ converter: { fromAttribute: (v: string | null) => v ?? undefined } }) provider?:
    ModelProvider | ProviderConfig | ProviderKind;
  /** The model id. */
  @property() model?: string;
  /** Endpoint base URL for a `provider` given by kind. */
  @property({ attribute: 'base-url' }) baseUrl?: string;
  /** An open model (GGUF file) the visitor may download and run on their device; with no `provider`, it is the default model (see docs/models.md). */
  @property({ attribute: 'model-url' }) modelUrl?: string;
  /** Size in bytes of the `model-url` file: shown before the download (no HEAD request), and a file of another size is refused. */
  @property({ attribute: 'model-size', type: Number }) modelSize?: number;
  /** SHA-256 of the `model-url` file (64 hex digits): the download is checked against it before the model is used. */
  @property({ attribute: 'model-sha256' }) modelSha256?: string;
  /** `off`: with no model set and none in the browser, do not offer the default open model (a one-time download run on the visitor's device). */
  @property({ attribute: 'open-model' }) openModel?: 'off' | 'default';
  /** Placeholder of the message box. */
  @property() placeholder?: string;
  /**
   * Interface text by key (see `ChatStrings`); a partial object overrides only the keys it names. The base table
   * follows `lang` (on the element or an ancestor): English, or Arabic for `ar`.
   */
  @property({ attribute: false }) strings?: Partial<ChatStrings>;
  /** `light` or `dark`; by default the page's `prefers-color-scheme`. */
  @property({ reflect: true }) theme?: 'light' | 'dark';
  /** `compact`, `comfortable` or unset (normal). */
  @property({ reflect: true }) density?: 'compact' | 'comfortable';
  /** The system prompt; each server's instructions are appended to it. */
  @property({ attribute: 'system-prompt' }) systemPrompt?: string;
  /**
   * The MCP Apps sandbox proxy page on another origin (`mcp-web-elements/sandbox.html` hosted there). With it, a
   * tool call whose tool has an interactive view shows the view under its card; without it no app code runs (the
   * card shows the result).
   */
  @property({ attribute: 'sandbox-url' }) sandboxUrl?: string;
  /** Provider calls per turn before the chat stops the model (default 10). */
  @property({ type: Number, attribute: 'max-rounds' }) maxRounds = 10;
  /** Decides per tool call: run, ask the person, or refuse. Default: ask for destructive tools. */
  @property({ attribute: false }) policy?: ApprovalPolicy;
  /**
   * The roots (folders, repositories: `{ uri, name? }`) shared with every server that asks (`roots/list`). Default
   * none. Changing it tells connected 2025 servers (`notifications/roots/list_changed`).
   */
  @property({ attribute: false }) roots: Root[] = [];
  /** Where conversations are saved. Default: IndexedDB (`openHistory()`), or memory when IndexedDB is unavailable. `null`: nothing is saved. */
  @property({ attribute: false }) store?: HistoryStore | null;
  /** The base address of the site's sync server (docs/sync.md): the conversations follow the person to their other devices. Needs `syncToken`. */
  @property() sync?: string;
  /** The person's sync token: a string, or a function returning one (or a promise of one), asked again once when the server refuses it. */
  @property({ attribute: false }) syncToken?: SyncTokenSource;
  /** Name under which the open conversation is remembered across reloads. */
  @property({ attribute: 'storage-key' }) storageKey = 'default';
  /** Let the settings panel offer to remember an API key in this browser (localStorage). */
  @property({ type: Boolean, attribute: 'allow-key-storage' }) allowKeyStorage = false;
  /**
   * The page's servers only: the Servers panel offers no "Add a server" and no Remove, and what a person added or
   * removed before (per `storage-key`) is not applied.
   */
  @property({ type: Boolean, attribute: 'fixed-servers' }) fixedServers = false;
  /**
   * Record no session trace (by default the last 2 MB of the servers' messages, turns, approvals and errors are
   * kept in memory for "Export trace"; docs/trace.md).
   */
  @property({ type: Boolean, attribute: 'no-trace' }) noTrace = false;
  /**
   * Where the settings panel looks for Ollama (its native API, without `/v1`), once the person picks Ollama there
   * (never before: no local address is asked unasked).
   */
  @property({ attribute: 'ollama-url' }) ollamaUrl = DEFAULT_OLLAMA_URL;
  /**
   * Starter suggestions of the empty state: text the person can send with one click (or put in the composer when
   * no model is set up). By default the connected servers' prompts are offered (each opens its form).
   */
  @property({ attribute: false }) starters?: ChatStarter[];
  /**
   * Suggested questions from the site's server: the name of a prompt (no arguments) whose text
   * holds one question per line. When no `starters` are given, the empty state offers those
   * questions (sent as the person's message) instead of the server's prompts.
   */
  @property({ attribute: 'starters-prompt' }) startersPrompt?: string;
  /**
   * Suggested questions from the site's server: the name of a tool (called once, with no arguments) that returns
   * them as `structuredContent: { questions: string[] }` or one per line of its text. When no `starters` are given,
   * the empty state offers them (sent as the person's message) before `starters-prompt` and the server's prompts.
   */
  @property({ attribute: 'starters-tool' }) startersTool?: string;
  /**
   * Launcher layout: a round button in a corner of the page that opens the chat as a floating panel (`open`);
   * Escape closes it and focus returns to the button.
   */
  @property({ type: Boolean, reflect: true }) launcher = false;
  /** In the launcher layout: the chat panel is open. Reflects. */
  @property({ type: Boolean, reflect: true }) open = false;
  /** Corner of the launcher: `bottom-end` (default), `bottom-start`, `top-end`, `top-start` (start and end follow `dir`). */
  @property({ reflect: true, attribute: 'launcher-position' }) launcherPosition: 'bottom-end' | 'bottom-start' | 'top-end' | 'top-start' =
    'bottom-end';
  /**
   * Imports the tools the page registered on WebMCP's `document.modelContext` (`page-tools` present: all;
   * `"search_* -checkout"`: patterns; the property may also be a function `(tool) => boolean`). See
   * docs/page-tools.md.
   */
  @property({ attribute: 'page-tools' }) pageTools?: ChatPageToolsSetting;
  /** Offers the named tools of connected servers to browser agents through WebMCP (`"forecast, docs:search"`; a wildcard offers read-only tools only). */
  @property({ attribute: 'publish-tools' }) publishTools?: ChatPublishSetting;
  /**
   * With no `server` / `servers`: find the site's own MCP server on the page's origin (server card,
   * `/.well-known/mcp.json`, `/.well-known/mcp`, `/~gitbook/mcp`, `/mcp`; each confirmed by a handshake; no other
   * origin is asked) and connect it. The Servers panel says what was found and how. It imports none of the page's
   * WebMCP tools: name them with `page-tools`.
   */
  @property({ type: Boolean, reflect: true }) auto = false;
  /**
   * "Was this answer helpful?" under each answer: thumbs up or down, then an optional sentence.
   * Each rating fires `mcp-feedback` (the question, the answer, its tools and sources, the
   * conversation's id). Nothing is sent anywhere unless the page listens.
   */
  @property({ type: Boolean }) feedback = false;
  /**
   * With `feedback`: the name of a tool of a connected server that receives each rating (the first server that lists
   * it; `server-name:tool-name` picks the server by its name). It is called with `rating`, `comment`, `question`,
   * `answer`, `tools`, `sources` and `conversationId` (docs/elements/mcp-chat.md#feedback). A call that fails is said
   * under the answer in words; the `mcp-feedback` event fires either way.
   */
  @property({ attribute: 'feedback-tool' }) feedbackTool?: string;
  /**
   * For `auto`: the origin to look on instead of the page's own, for a site whose pages and MCP server are served
   * from different origins of the same owner (the docs on one port, the server on another; tests). Set by the
   * page's code only (no attribute): a page's markup alone never sends the search to another origin.
   */
  @property({ attribute: false }) discoveryOrigin?: string;
  /** The MCP Registry the Servers panel's "Add from the MCP Registry" searches (default the official one). */
  @property() registry: string = OFFICIAL_REGISTRY;
  /**
   * With `auto`: the page of this site that completes a sign-in (it runs `handleOAuthCallback()`; docs/oauth.md).
   * A found server that asks for sign-in then offers "Sign in" (a popup); without it, such a server shows as
   * needing sign-in that this page cannot offer.
   */
  @property({ attribute: 'oauth-redirect' }) oauthRedirect?: string;
  /**
   * A speech recogniser of the page's own, for the composer's microphone: `(audio: Blob, { lang, signal }) =>
   * Promise<string>` (e.g. a call to the site's speech-to-text endpoint, or an on-device model). The chat records
   * with `MediaRecorder` until the person presses the microphone again (in hands-free: until 1.2 s of silence after
   * speech, at most 30 s), then puts the text in the composer. Without
   * it the browser's own recogniser (Web Speech API) is used where there is one; with neither, no microphone is shown.
   */
  @property({ attribute: false }) transcribe?: Transcriber;
  /** No voice controls: no microphone, no Read aloud, no Hands-free. */
  @property({ type: Boolean, attribute: 'no-voice' }) noVoice = false;
  /** The servers and their connections (read-only; set `server` / `servers`). */
  readonly serverSet = new ServerSet();

  /** The open side panel, if any. */
  @state() panel: ChatPanel | undefined;
  /**
   * Which files a person may attach (picker, drop, paste): MIME types, `type/*` and `.ext`, comma-separated, as the
   * HTML `accept` attribute (`"application/pdf, text/csv, image/*"`). Other files are refused in words. Default: any.
   */
  @property() accept?: string;
  /**
   * The largest file of each type, comma-separated: `"application/pdf 10MB, image/* 5MB, * 20MB"` (the first rule
   * that fits a file counts; `*` or a lone size is every other file). A larger file is refused in words before any
   * of it is read or sent. Default: 25 MB for every file.
   */
  @property({ attribute: 'file-size-limits' }) fileSizeLimits?: string;
  /** The most files on one message (default 10); more are refused in words. */
  @property({ type: Number, attribute: 'max-files' }) maxFiles?: number;
  /** Blocks attached to the next message (images, embedded resources). */
  @state() attachments: ContentBlock[] = [];
}
