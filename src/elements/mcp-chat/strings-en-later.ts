// The English text only the side panels read (the keys of `PanelEnglishKey`),
// added to the chat's English table when this module is evaluated: it is
// imported by the panels' code (the panels' chunk of the single-file bundle)
// and by the package's index, so it is not in the chat's first load and is
// there before any code that reads it runs. Listed in package.json's
// `sideEffects` for that reason.
import { REGISTRY_SEARCH_STRINGS_EN } from '../mcp-registry-search/registry-search-strings.js';
import { addLaterEnglish, type ChatStrings, type PanelEnglishKey } from './strings.js';

/** `1 tool`, `2 tools`: a count with its noun in the singular or the plural. */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The English text of the keys of `PanelEnglishKey` (the side panels'). */
export const CHAT_STRINGS_EN_LATER: Pick<ChatStrings, PanelEnglishKey> = {
  builtInModels: 'Models on this device',
  modelChecking: 'Checking…',
  modelReady: 'Ready. Nothing you type leaves this device.',
  modelDownloadSize: (size) => `Needs a one-time download${size ? ` of ${size}` : ''}. It stays on this device for next time.`,
  modelConsent: (name, size, source, time) =>
    `To answer here without an account, ${name}, an open model, can run on this device: a one-time download of ${size} from ` +
    `${source} (${time}). It stays on this device and works offline afterwards.`,
  betterModel: (name, size, source, time) =>
    `This device can also run ${name}, a larger open model that answers better: ${size} from ${source} (${time}).`,
  downloadBetter: (name, size) => `Download ${name} (${size}) instead`,
  modelDownloadTime: (duration, mbps) => `about ${duration} at ${mbps} Mbit/s`,
  modelDownloadBytes: (loaded, total, left) => `${loaded} of ${total}${left ? ` · about ${left} left` : ''}`,
  modelDownloadingElsewhere: 'Downloading in another tab of this site…',
  otherModelsInSettings: 'Or choose another model.',
  cancelDownload: 'Cancel',
  modelUnavailable: (reason) =>
    (
      ({
        'no-api': 'This browser has no built-in model.',
        'insecure-context': 'The built-in model needs a secure page (https).',
        unsupported: 'This browser has no built-in model for this device or language.',
        error: 'The browser could not say whether it has a model.',
        'no-wasm': 'This browser cannot run WebAssembly, which the open model needs.',
        'no-worker': 'This browser cannot run Web Workers, which the open model needs.',
        'no-opfs': 'This browser has no private file storage to keep the model in (a private window may lack it).',
      }) as Record<string, string>
    )[reason] ?? reason,
  modelFailure: (f) => {
    const mb = (n: number) => (n >= 1e6 ? `${Math.round(n / 1e6)} MB` : `${Math.max(1, Math.round(n / 1e3))} KB`);
    switch (f.kind) {
      case 'unreachable':
        return (
          `${f.host} could not be reached: this device may be offline, or ${f.host} does not let this page download from it. Check ` +
          `the connection and try again; if it keeps failing, the site owner needs to fix the model's address.`
        );
      case 'cut':
        return (
          `The connection to ${f.host} was lost during the download (${mb(f.loaded)} arrived). Check the connection, then press ` +
          `Download again: it continues where it stopped.`
        );
      case 'http':
        return f.status === 404 || f.status === 410
          ? `${f.host} does not have this model (it answered "not found"). The site owner needs to fix the model's address.`
          : f.status === 401 || f.status === 403
            ? `${f.host} refused the download (error ${f.status}). The site owner needs to make the model public or use another address.`
            : `${f.host} answered with an error (${f.status}). Try again in a few minutes.`;
      case 'no-length':
        return (
          `${f.host} did not say how large the model is, so the download cannot be checked and was not kept. The site owner needs ` +
          `to serve the file with its size (Content-Length).`
        );
      case 'size':
        return (
          `The file from ${f.host} is not the expected model (${mb(f.actual)} instead of ${mb(f.expected)}), so it was deleted and ` +
          `not used. The site owner needs to update the model's address or its pinned size.`
        );
      case 'hash':
        return (
          `The downloaded file does not match the model it should be (its checksum differs), so it was deleted and not used. Try ` +
          `again; if it happens again, the file at ${f.host} has changed and the site owner needs to update it.`
        );
      case 'quota':
        return (
          `This device does not have room to keep the model (${mb(f.needed)} needed` +
          `${f.free !== undefined ? `, ${mb(Math.max(0, f.free))} free for this site` : ''}). ` +
          `Free some space, then try again.`
        );
      case 'storage':
        return `This browser could not save the model (${f.detail}). A private window may not allow it: try a normal window.`;
      case 'browser':
        return f.name === 'NotAllowedError'
          ? 'The browser did not allow the download here: it must start from a click, and a page in a frame needs allow="language-model".'
          : f.name === 'NetworkError'
            ? 'The browser could not download its model. Check the connection and try again.'
            : f.name === 'QuotaExceededError'
              ? "This device does not have room for the browser's model. Free some space, then try again."
              : 'The browser could not download its model. Try again later.';
      default:
        return `This browser could not save ${f.label} (${f.detail}). Try again; if it keeps failing, try another browser.`;
    }
  },
  ownerCanSetModel: "The site owner can set a model provider, or an open model that runs on the visitor's device.",
  useBuiltIn: 'Use this model',
  modelInUse: 'In use',
  modelService: 'A model service',
  today: 'Today',
  yesterday: 'Yesterday',
  previous7Days: 'Previous 7 days',
  toolsLeftOut: (count) => `Tools left out of the last request (${count})`,
  schemaTooLarge: 'input schema too large to send',
  serverAddress: 'Server address',
  addServerButton: 'Add',
  serverUrlEmpty: 'Type the address of an MCP server, for example https://example.com/mcp.',
  serverUrlInvalid: (text) => `“${text}” is not a web address. Type the full address, starting with https://.`,
  serverUrlScheme: 'Only http:// and https:// addresses can be added.',
  serverUrlCredentials: 'An address with a user name or password in it cannot be added.',
  serverUrlDuplicate: 'This server is already in the list.',
  deleted: (title) => `Deleted ${title}.`,
  restore: 'Restore',
  logLevel: 'Show from level',
  invalidTools: (n) => (n === 1 ? '1 tool of this server cannot be used' : `${n} tools of this server cannot be used`),
  baseUrl: 'Base URL',
  listModels: 'List models',
  preview: 'Preview',
  noModelsListed: (base) => `${base} listed no models. Type the model id instead.`,
  modelsUnreachable: (base, reason, kind) =>
    `Could not reach ${base} to list its models (${reason}). Check the base URL${kind === 'ollama' ? ' and that Ollama is running' : ' and the key'}, ` +
    `or type the model id.`,
  serverConnectFailed: (url, diagnosis) => `Could not connect to ${url}: ${diagnosis} It was not added.`,
  serverTimedOut: 'the server did not answer within 30 seconds.',
  serverNeedsSignIn: 'the server asks for a sign-in that this chat cannot do for an added server.',
  serverAdded: (name) => `${name} added.`,
  serverRemoved: (name) => `${name} removed.`,
  removedServers: 'Removed servers',
  serverLog: (count) => `Log (${count})`,
  logLevelName: (level) =>
    (
      ({
        debug: 'Debug',
        info: 'Info',
        notice: 'Notice',
        warning: 'Warning',
        error: 'Error',
        critical: 'Critical',
        alert: 'Alert',
        emergency: 'Emergency',
      }) as Record<string, string>
    )[level] ?? level,
  logLevelSent: 'The server is asked to send only this level and above.',
  logLevelServer: 'As the server sends',
  logLevelServerChoice: 'The server decides what it sends; pick a level to ask for more or less.',
  logLevelNone: 'This server sends log messages only once a level is picked.',
  logLevelLocal: 'This server does not offer log levels: the list is filtered here.',
  clearLog: 'Clear',
  clearLogOf: (name) => `Clear the log of ${name}`,
  noLog: 'No log messages yet.',
  noLogAtLevel: 'No log messages at this level or above.',
  catalogSizes: (tools, prompts, resources) =>
    [count(tools, 'tool', 'tools'), count(prompts, 'prompt', 'prompts'), count(resources, 'resource', 'resources')].join(', '),
  pageToolsHeading: "This page's tools",
  pageToolsCount: (page, tools) => `${page} · ${tools === 1 ? '1 tool' : `${tools} tools`}`,
  pageToolsUnavailable: 'This browser does not offer WebMCP, so only the tools the page gives the chat directly are used.',
  publishedHeading: 'Offered to browser agents',
  notPublished: (tool, reason) => `${tool} is not offered: ${reason}`,
  noLiveNotifications: (host) =>
    `Live updates off: the browser allows only a few connections to ${host}, and other servers there use them. What this server ` +
    `announces (changed tools or resources, log messages) is not heard; its tools still work.`,
  degradedCosts: {
    'no-modern-era': 'it talks the 2025-11-25 protocol, not 2026-07-28',
    'no-version-header': 'the server is not told the protocol version and may refuse newer features',
    'no-resume': 'a broken event stream cannot be resumed, so messages sent meanwhile are lost',
    'no-param-headers': 'tools that route by Mcp-Param-* headers may be refused',
    'custom-header-dropped': 'a header this page set is not sent, so requests that need it may be refused',
  },
  exportTraceHint:
    'Saves a record of this session (messages to and from the servers, errors and timings; no passwords or keys) as a file you can send to the site’s owner.',
  signOutOf: (name) => `Sign out of ${name}`,
  noServer: 'This chat is not connected to any server.',
  noServerEditable: 'No server yet. Add one below.',
  pageModel: (label) => `The page set up a model (${label}). Settings here replace it.`,
  ollamaFound: (url, models) => `Ollama found at ${url}: ${models}`,
  useOllama: (model) => `Use Ollama (${model})`,
  providerName: (kind) =>
    (
      ({
        openai: 'OpenAI-compatible',
        anthropic: 'Anthropic',
        ollama: 'Ollama (local)',
        browser: 'Built-in model',
        'on-device': 'On-device model',
      }) as Record<string, string>
    )[kind] ?? kind,
  ollamaNoKey: 'Ollama runs on this machine and needs no key.',
  keyNote: (memoryOnly) =>
    `The key is sent only to this model provider, never to MCP servers${memoryOnly ? ', and kept in memory only' : ''}.`,
  rememberKey: 'Remember the key in this browser',
  useModel: 'Use this model',
  historyOff: 'History is turned off.',
  syncHeading: 'Sync',
  syncUpToDate: 'Synced: up to date on your devices.',
  syncSyncing: (waiting) => (waiting ? `Syncing… ${waiting} ${waiting === 1 ? 'change' : 'changes'} to send.` : 'Syncing…'),
  syncOffline: (waiting) =>
    'Offline: ' +
    (waiting
      ? `${waiting} ${waiting === 1 ? 'change waits' : 'changes wait'} on this device and will be sent when the sync server answers.`
      : 'nothing waits to be sent.'),
  syncFailed: (why) => `Sync failed. ${why}`,
  syncRetry: 'Retry',
  syncSignOut: 'Sign out of sync',
  syncSignOutQuestion: 'Stop syncing on this device? Your conversations stay on the sync server and your other devices.',
  syncKeepHere: 'Keep them on this device',
  syncClearHere: 'Remove them from this device',
  syncOff: 'Sync is off on this device.',
  syncAgain: 'Sync again',
  syncConflict: (kept, other) =>
    `“${kept}” was renamed on two devices at once. The other title, “${other}”, is kept in the conversation's details.`,
  // An unexpected failure: its own words (the section already says "Sync failed.").
  syncError: (detail, english) => (detail.code === 'other' && detail.said ? detail.said : english),
  shareConversation: 'Share this conversation',
  shareMaking: 'Making a link…',
  shareLinkLabel: 'Read-only link to this conversation',
  shareHint: 'Anyone with this link can read this conversation, and what is added to it, without signing in. They cannot write in it.',
  shareCopy: 'Copy link',
  shareCopied: 'Link copied.',
  shareStop: 'Stop sharing',
  shareStopped: 'Sharing stopped: the link no longer works.',
  shareFailed: (why) => `The conversation could not be shared. ${why}`,
  sharedBanner: 'Shared conversation · read-only',
  sharedOpening: 'Opening the shared conversation…',
  sharedGone: 'This share link no longer works.',
  renameConversation: (title) => `Rename ${title}`,
  exportConversation: (title) => `Export ${title}`,
  deleteConversation: (title) => `Delete ${title}`,
  renameShort: 'Rename',
  exportShort: 'Export',
  newShort: 'New',
  importFile: 'Import',
  importLabel: 'Import a conversation',
  searchConversations: 'Search conversations',
  memoryOnly: 'Saved in memory only: conversations end with the page.',
  noConversationMatch: (q) => `No conversation matches “${q}”.`,
  savedConversations: 'Saved conversations',
  newTitleFor: (title) => `New title for ${title}`,
  confirmDelete: (title) => `Delete “${title}”? This cannot be undone.`,
  noConnectedServer: 'No connected server.',
  noResources: 'No resources.',
  attachResource: 'Attach',
  uriFor: (name) => `URI for ${name}`,
  fillTemplate: 'Fill in the {placeholders}, then attach.',
  listFailed: (reason) => `The saved conversations could not be listed: ${reason}`,
  renamed: (title) => `Renamed to ${title}.`,
  renameFailed: (reason) => `The conversation could not be renamed: ${reason}`,
  deleteFailed: (reason) => `The conversation could not be deleted: ${reason}`,
  exportFailed: (reason) => `The conversation could not be exported: ${reason}`,
  importFailed: (reason) => `That file could not be imported: ${reason}`,
  addFromRegistry: 'Add from the MCP Registry',
  registryKeyNote: (memoryOnly) =>
    'Keys you type are sent only to that server' +
    (memoryOnly ? ', and kept in memory only: after a reload, add the server again' : ' and remembered in this browser') +
    '.',
  registrySearch: REGISTRY_SEARCH_STRINGS_EN,
  // What `auto` found and how (discovery/discovery.chunk.ts, with the search's code).
  discoveryFound: (how, path, source) =>
    how === 'endpoint'
      ? `Found this site's MCP server at ${path}.`
      : `Found this site's MCP server at ${path}, named in its ${how === 'server-card' ? 'server card' : 'discovery file'} (${source}).`,
  discoveryTried: (list) => `Looked at ${list}.`,
  discoveryStopped: "The search for this site's MCP server stopped before it finished.",
};

addLaterEnglish(CHAT_STRINGS_EN_LATER);
