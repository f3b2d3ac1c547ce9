import { CONTENT_STRINGS_EN, type ContentStrings } from '../shared/content-strings.js';
import type { McpDiagnosis } from '../../mcp/diagnosis.js';

/**
 * Every piece of interface text `<mcp-chat>` draws itself, by key. A page
 * overrides any of them with the `strings` property (a partial object);
 * `lang="ar"` (on the element or an ancestor) starts from the Arabic table.
 * Text that depends on values is a function of them. The keys of the shared
 * renderers (code block copy, enlarged images: `ContentStrings`) are part of
 * the table and passed down to them.
 */
export interface ChatStrings extends ContentStrings {
  title: string;
  placeholder: string;
  messageLabel: string;
  send: string;
  stop: string;
  attach: string;
  conversationLabel: string;
  conversations: string;
  resources: string;
  servers: string;
  settings: string;
  newConversation: string;
  more: string;
  noModelNotice: string;
  dismiss: string;
  copy: string;
  copied: string;
  /** The copy action of a stored message that could not be read (copies its stored form). */
  copyRaw: string;
  copiedRaw: string;
  regenerate: string;
  edit: string;
  editLabel: string;
  saveAndSend: string;
  cancel: string;
  waiting: (server: string, tool: string, elapsed: string) => string;
  queued: (titles: string) => string;
  today: string;
  yesterday: string;
  previous7Days: string;
  imported: string;
  interrupted: string;
  /** Servers panel: the last model request could not carry every tool (`sent` of `total`, formatted). */
  toolSelection: (sent: string, total: string) => string;
  /** Servers panel: the summary of the list of tools the last request left out. */
  toolsLeftOut: (count: string) => string;
  /** Servers panel: why a tool was left out although there was room (its input schema alone is too large). */
  schemaTooLarge: string;
  /** Announced when a message is shown on demand (search hit, `showMessage`). */
  shownMessage: (n: number, total: number) => string;
  /** Under the palette's list when more entries match than it shows. */
  paletteMore: (count: number) => string;
  /** Servers panel: the "Add server" form (absent with `fixed-servers`). */
  addServer: string;
  serverAddress: string;
  addServerButton: string;
  connectingTo: (url: string) => string;
  serverUrlEmpty: string;
  serverUrlInvalid: (text: string) => string;
  serverUrlScheme: string;
  serverUrlCredentials: string;
  serverUrlDuplicate: string;
  serverConnectFailed: (url: string, diagnosis: string) => string;
  serverTimedOut: string;
  serverNeedsSignIn: string;
  serverAdded: (name: string) => string;
  /** Servers panel: the remove button of a server, and what the live region says after. */
  removeServer: (name: string) => string;
  serverRemoved: (name: string) => string;
  /** Servers panel: the page's servers the person removed, each with Restore. */
  removedServers: string;
  restore: string;
  restoreServer: (url: string) => string;
  /** Servers panel: a server's log (`notifications/message`); `count` is "12" or "3/12" (shown/kept). */
  serverLog: (count: string) => string;
  logLevel: string;
  /** The name of an MCP log level (`debug` … `emergency`). */
  logLevelName: (level: string) => string;
  logLevelSent: string;
  /** The picker's first choice until a level is picked. */
  logLevelServer: string;
  logLevelServerChoice: string;
  logLevelNone: string;
  logLevelLocal: string;
  clearLog: string;
  clearLogOf: (name: string) => string;
  noLog: string;
  noLogAtLevel: string;
  /** Servers panel: a server's connection state (`connected`, `failed`, ...). */
  serverState: (state: string) => string;
  catalogSizes: (tools: number, prompts: number, resources: number) => string;
  invalidTools: (count: number) => string;
  retry: string;
  /**
   * Why a server cannot be used, in words: the connection layer's diagnosis
   * (kind and values) and its English sentence (the error's `message`, which
   * the English table returns as it is).
   */
  diagnosis: (diagnosis: McpDiagnosis, english: string) => string;
  /** The notice above the composer: "<name> is not available: <diagnosis>" (the name is drawn before it). */
  serverUnavailable: string;
  retryServer: (name: string) => string;
  /** The notice above the composer for a server that needs sign-in, and its button. */
  signInNeeded: (name: string) => string;
  signInTo: (name: string) => string;
  signOut: string;
  signOutOf: (name: string) => string;
  noServer: string;
  noServerEditable: string;
}

/** English (the default). */
export const CHAT_STRINGS_EN: ChatStrings = {
  ...CONTENT_STRINGS_EN,
  title: 'Chat',
  placeholder: 'Message… (type / for tools and prompts)',
  messageLabel: 'Message',
  send: 'Send',
  stop: 'Stop',
  attach: 'Attach images',
  conversationLabel: 'Conversation',
  conversations: 'Conversations',
  resources: 'Resources',
  servers: 'Servers',
  settings: 'Settings',
  newConversation: 'New conversation',
  more: 'More',
  noModelNotice: 'No model is set up: use / to run tools and prompts, or choose a model in Settings.',
  dismiss: 'Dismiss',
  copy: 'Copy',
  copied: 'Copied.',
  copyRaw: 'Copy raw JSON',
  copiedRaw: 'Raw JSON copied.',
  regenerate: 'Regenerate',
  edit: 'Edit',
  editLabel: 'Edit your message',
  saveAndSend: 'Save and send',
  cancel: 'Cancel',
  waiting: (server, tool, elapsed) => `Waiting for ${server} to answer ${tool}: ${elapsed}. Stop ends the wait.`,
  queued: (titles) => `Waiting to run after the current work: ${titles}.`,
  today: 'Today',
  yesterday: 'Yesterday',
  previous7Days: 'Previous 7 days',
  imported: 'Imported',
  interrupted: 'This answer was interrupted before it finished.',
  toolSelection: (sent, total) =>
    `Sent ${sent} of ${total} tools to the model: the ones used in this conversation and the best matches of the last message; the model can search the rest.`,
  toolsLeftOut: (count) => `Tools left out of the last request (${count})`,
  schemaTooLarge: 'input schema too large to send',
  shownMessage: (n, total) => `Message ${n} of ${total}.`,
  paletteMore: (count) => `${count.toLocaleString('en-US')} more: type to narrow the list.`,
  addServer: 'Add a server',
  serverAddress: 'Server address',
  addServerButton: 'Add',
  connectingTo: (url) => `Connecting to ${url}…`,
  serverUrlEmpty: 'Type the address of an MCP server, for example https://example.com/mcp.',
  serverUrlInvalid: (text) => `“${text}” is not a web address. Type the full address, starting with https://.`,
  serverUrlScheme: 'Only http:// and https:// addresses can be added.',
  serverUrlCredentials: 'An address with a user name or password in it cannot be added.',
  serverUrlDuplicate: 'This server is already in the list.',
  serverConnectFailed: (url, diagnosis) => `Could not connect to ${url}: ${diagnosis} It was not added.`,
  serverTimedOut: 'the server did not answer within 30 seconds.',
  serverNeedsSignIn: 'the server asks for a sign-in that this chat cannot do for an added server.',
  serverAdded: (name) => `${name} added.`,
  removeServer: (name) => `Remove ${name}`,
  serverRemoved: (name) => `${name} removed.`,
  removedServers: 'Removed servers',
  restore: 'Restore',
  restoreServer: (url) => `Restore ${url}`,
  serverLog: (count) => `Log (${count})`,
  logLevel: 'Show from level',
  logLevelName: (level) =>
    (({ debug: 'Debug', info: 'Info', notice: 'Notice', warning: 'Warning', error: 'Error', critical: 'Critical', alert: 'Alert', emergency: 'Emergency' }) as Record<string, string>)[level] ?? level,
  logLevelSent: 'The server is asked to send only this level and above.',
  logLevelServer: 'As the server sends',
  logLevelServerChoice: 'The server decides what it sends; pick a level to ask for more or less.',
  logLevelNone: 'This server sends log messages only once a level is picked.',
  logLevelLocal: 'This server does not offer log levels: the list is filtered here.',
  clearLog: 'Clear',
  clearLogOf: (name) => `Clear the log of ${name}`,
  noLog: 'No log messages yet.',
  noLogAtLevel: 'No log messages at this level or above.',
  serverState: (state) =>
    (
      ({
        idle: 'Not connected',
        connecting: 'Connecting…',
        connected: 'Connected',
        reconnecting: 'Reconnecting…',
        'auth-required': 'Needs sign-in',
        failed: 'Failed',
        closed: 'Closed',
      }) as Record<string, string>
    )[state] ?? state,
  catalogSizes: (tools, prompts, resources) => `${tools} tools, ${prompts} prompts, ${resources} resources`,
  invalidTools: (n) => (n === 1 ? '1 tool of this server cannot be used' : `${n} tools of this server cannot be used`),
  retry: 'Retry',
  diagnosis: (_diagnosis, english) => english,
  serverUnavailable: 'is not available',
  retryServer: (name) => `Retry ${name}`,
  signInNeeded: (name) => `${name} needs you to sign in before its tools can be used.`,
  signInTo: (name) => `Sign in to ${name}`,
  signOut: 'Sign out',
  signOutOf: (name) => `Sign out of ${name}`,
  noServer: 'No server. Set the server attribute or the servers property.',
  noServerEditable: 'No server yet. Add one below.',
};

/**
 * Languages shipped with the element, by primary language subtag: English,
 * and the others once loaded (the package's index adds Arabic at once; the
 * single-file bundle loads it when a chat first needs it, see
 * {@link languageReady}).
 */
export const CHAT_LANGUAGES: Record<string, ChatStrings> = { en: CHAT_STRINGS_EN };

/** Languages shipped with the element but not in its first load: each loaded when first used. */
const LOADABLE: Record<string, () => Promise<ChatStrings>> = {
  ar: () => import('./strings-ar.js').then((m) => m.CHAT_STRINGS_AR),
};
const loading: Record<string, Promise<void>> = {};

const primary = (lang: string | undefined) => (lang ?? '').toLowerCase().split('-')[0]!;

/**
 * Undefined when the table of `lang` is there (or `lang` is not shipped: the
 * chat is in English); else a promise that settles once it is loaded (or
 * could not be: the chat is then in English). The chat waits for it before
 * it renders, so a page in Arabic never shows English first.
 */
export function languageReady(lang: string | undefined): Promise<void> | undefined {
  const key = primary(lang);
  if (CHAT_LANGUAGES[key] || !LOADABLE[key]) return undefined;
  return (loading[key] ??= LOADABLE[key]().then(
    (table) => {
      CHAT_LANGUAGES[key] ??= table;
    },
    (error: unknown) => console.warn(`mcp-web-elements: the interface text for "${key}" could not be loaded; showing English.`, error),
  ));
}

/** Languages written right to left (when the page sets `lang` but not `dir`). */
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

/** The table for `lang` (its primary subtag; English when not shipped) with the page's overrides on top. */
export function chatStrings(lang: string | undefined, overrides: Partial<ChatStrings> | undefined): ChatStrings {
  const base = CHAT_LANGUAGES[primary(lang)] ?? CHAT_STRINGS_EN;
  return overrides ? { ...base, ...overrides } : base;
}

/** `rtl` for a right-to-left language. */
export function directionOf(lang: string | undefined): 'rtl' | 'ltr' {
  return RTL.has(primary(lang)) ? 'rtl' : 'ltr';
}
