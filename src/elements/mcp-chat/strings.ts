import type { ContentStrings } from '../shared/content-strings.js';
import type { FieldStrings } from '../shared/schema-fields.js';
import type { McpDiagnosis } from '../../mcp/diagnosis.js';
import type { SyncErrorDetail } from '../../history/sync-contract.js';
import type { DegradationCost } from '../../mcp/header-fallback.js';
import type { RegistrySearchStrings } from '../mcp-registry-search/registry-search-strings.js';

/**
 * Why a built-in model's download failed, for the person's words in the
 * chat's language: the on-device store's failures (`host`: the site the model
 * comes from; sizes in bytes), a browser model's (`browser`: the name of the
 * `DOMException` it rejected with), or anything else (`other`, with the
 * model's `label` and the error's own words).
 */
export type ModelFailure =
  | { kind: 'http'; host: string; status: number }
  | { kind: 'unreachable' | 'no-length' | 'hash'; host: string }
  | { kind: 'cut'; host: string; loaded: number }
  | { kind: 'size'; host: string; expected: number; actual: number }
  | { kind: 'quota'; needed: number; free?: number }
  | { kind: 'storage'; detail: string }
  | { kind: 'browser'; name: string }
  | { kind: 'other'; label: string; detail: string };

/**
 * The words of dictation and read-aloud that are said only once voice is used (issue 40 items 3 and 4).
 * The English table (voice/voice-strings.ts) is imported by the voice chunk alone, so it stays out of the chat's first load; the
 * Arabic table (strings-ar.ts) has every key, and a page overrides any of them with `strings`
 * (`ChatStrings` extends `Partial<VoiceStrings>`). The buttons' own labels are in `ChatStrings`: they are
 * drawn before the chunk loads.
 */
export interface VoiceStrings {
  /** The microphone was refused (the browser's permission, or the page's permissions policy). */
  micDenied: string;
  /** No microphone (or none the browser may open). */
  noMicrophone: string;
  /** The recogniser could not reach its service. */
  speechNetwork: string;
  /** Nothing was heard before the recogniser gave up. */
  noSpeech: string;
  /** The recogniser does not take `language` (a language's name, in the interface's language). */
  speechLanguage: (language: string) => string;
  /** Any other failure of dictation (`detail`: the recogniser's or the page's own words). */
  dictationFailed: (detail: string) => string;
  /** Said when dictation starts. */
  listening: string;
  /** Said while the page's recogniser turns the recording into text. */
  transcribing: string;
  /** Said when Escape cancels dictation (what was typed before is back). */
  dictationCancelled: string;
  /** No voice speaks `language`: the answer is not read (never with another language's voice). */
  noVoice: (language: string) => string;
  /** The browser failed to speak. */
  readAloudFailed: string;
  /** Hands-free, when a tool waits for approval: said aloud (the card is on screen). */
  approvalSpoken: (tool: string) => string;
  handsFreeOn: string;
  handsFreeOff: string;
}

/**
 * Every piece of interface text `<mcp-chat>` draws itself, by key. A page
 * overrides any of them with the `strings` property (a partial object);
 * `lang="ar"` (on the element or an ancestor) starts from the Arabic table.
 * Text that depends on values is a function of them. The keys of the shared
 * renderers (code block copy, enlarged images: `ContentStrings`) may be part
 * of the table and are passed down to them: the Arabic table has them all,
 * the English one only those the chat's own code reads (`close`, `stopTool`,
 * `toolResult`, `progressOf`, `copy`, `copied`, `stop`) and leaves the rest
 * to the renderers' own English (`CONTENT_STRINGS_EN`, loaded with the
 * messages, so it stays out of the chat's first load). So may be the palette Run form's
 * messages (`FieldStrings`, keys of the forms' table `FormStrings`): the Arabic
 * table has them, the English one leaves them to the forms' own English (so
 * they stay out of the chat's first load). The inline forms
 * (`<mcp-elicit-form>`, `<mcp-sampling-approval>`) take their own table from
 * the chat's `lang` (they read it across the chat's shadow root).
 */
export interface ChatStrings extends Partial<ContentStrings>, Partial<FieldStrings>, Partial<VoiceStrings> {
  /** The close buttons' label (of a panel, a form, a preview). */
  close: string;
  stopTool: (tool: string) => string;
  toolResult: string;
  progressOf: (tool: string) => string;
  title: string;
  placeholder: string;
  messageLabel: string;
  send: string;
  stop: string;
  attach: string;
  /** The composer's microphone (a toggle: pressed while listening). */
  dictate: string;
  /** The microphone's tooltip while it listens. */
  stopDictation: string;
  /** An answer's Read aloud (a toggle: pressed while it speaks). */
  readAloud: string;
  /** Read aloud's tooltip while it speaks. */
  stopReading: string;
  /** The composer's Hands-free toggle: each answer read aloud, then the chat listens again. */
  handsFree: string;
  conversationLabel: string;
  conversations: string;
  resources: string;
  servers: string;
  settings: string;
  newConversation: string;
  more: string;
  /** The chat's answer, in the conversation, to a message sent when no model is set up (it has an `openSettings` button). */
  noModelNotice: string;
  dismiss: string;
  /** The chat's answer to a message sent while the built-in model in use waits for its download. */
  downloadFirstReply: string;
  openSettings: string;
  /** Built-in models (Settings, model picker). */
  builtInModels: string;
  browserModelName: string;
  onDeviceModelName: string;
  modelChecking: string;
  modelReady: string;
  /** The model picker's short state of a model that needs a download. */
  modelNeedsDownload: string;
  /** `size` is formatted ("40 MB"), undefined when unknown. */
  modelDownloadSize: (size: string | undefined) => string;
  /** The consent: the model's `name`, its `size` ("397 MB"), the site it comes from, and about how long it takes (`time`: "about 3 min at 20 Mbit/s"). */
  modelConsent: (name: string, size: string, source: string, time: string) => string;
  /** Beside the consent, where the device fits it: the larger open model (`name`, `size`, `source`, `time` as in `modelConsent`). */
  betterModel: (name: string, size: string, source: string, time: string) => string;
  /** The button that downloads the larger open model instead. */
  downloadBetter: (name: string, size: string) => string;
  /** `duration` formatted ("3 min"), at `mbps` Mbit/s. */
  modelDownloadTime: (duration: string, mbps: number) => string;
  /** Progress in bytes ("120 MB of 397 MB"), and the time left when known ("2 min"). */
  modelDownloadBytes: (loaded: string, total: string, left: string | undefined) => string;
  /** The download runs in another tab of this site; this one follows it. */
  modelDownloadingElsewhere: string;
  /** Beside the consent in the conversation: other models can be chosen in Settings. */
  otherModelsInSettings: string;
  downloadModel: (size: string | undefined) => string;
  modelDownloading: (percent: number) => string;
  modelDownloadStarted: string;
  modelDownloaded: string;
  modelDownloadCancelled: string;
  modelDownloadFailed: (why: string) => string;
  /** Why a model's download failed, after `modelDownloadFailed`'s lead-in: what happened and what to do, in words. */
  modelFailure: (failure: ModelFailure) => string;
  cancelDownload: string;
  /**
   * Why a built-in model is not here: a code of the browser's model (`no-api`, `insecure-context`, `unsupported`,
   * `error`), of the on-device engine (`no-wasm`, `no-worker`, `no-opfs`), or the engine's own sentence.
   */
  modelUnavailable: (reason: string) => string;
  /** What the site owner can do when no built-in model is here. */
  ownerCanSetModel: string;
  useBuiltIn: string;
  modelInUse: string;
  /** Heading of the form for a model service (OpenAI-compatible, Anthropic, Ollama). */
  modelService: string;
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
  /** A running call waits for the person: a form the server asked for is shown under it (`tool`: the call's title). */
  waitingForYou: (tool: string) => string;
  today: string;
  yesterday: string;
  previous7Days: string;
  imported: string;
  interrupted: string;
  /** The label of the list of pages an answer was built on (under the answer). */
  sources: string;
  /** Read before a source's number ("Source 1 …"). */
  source: string;
  /** Read after a link that opens a new tab. */
  newTab: string;
  /** Under an answer (`feedback`): the question and its two answers. */
  feedbackQuestion: string;
  feedbackUp: string;
  feedbackDown: string;
  /** The optional sentence after a rating: its label, Send and Skip. */
  feedbackComment: string;
  feedbackSend: string;
  feedbackSkip: string;
  /** Said once the rating was given. */
  feedbackThanks: string;
  /** The rating could not reach the site's server (`feedback-tool`); `reason` says why, in words. */
  feedbackNotSent: (reason: string) => string;
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
  /** Servers panel: the heading of the page's own tools (`registerTool`, WebMCP). */
  pageToolsHeading: string;
  /** Servers panel: how many tools the page gives the chat, under the page's name. */
  pageToolsCount: (page: string, tools: number) => string;
  /** Servers panel: `page-tools` is set but the browser has no WebMCP to read. */
  pageToolsUnavailable: string;
  /** Servers panel: the heading of the servers' tools offered to browser agents (`publish-tools`). */
  publishedHeading: string;
  /** Servers panel: a tool named in `publish-tools` that could not be offered, and why. */
  notPublished: (tool: string, reason: string) => string;
  /** The card of a call a browser agent made to a tool the chat offered (WebMCP). */
  agentRan: (title: string) => string;
  /** The card of a browser agent's call that waits for the person's approval (a published tool that is not read-only). */
  agentAsks: (title: string) => string;
  /** Said to a browser agent whose call the page's `policy` refuses. */
  agentCallRefusedByPolicy: string;
  /** Said to a browser agent whose call needs the person while the chat is closed (a launcher). */
  agentCallRefusedClosed: string;
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
  /** A server whose CORS refuses some request headers: "Works here only without <headers> (its CORS refuses them): <costs>." */
  degraded: (headers: string, costs: string) => string;
  /**
   * Servers panel: a 2025-era server whose live notifications are not heard, the page keeping no more event
   * streams to its host (`McpConnection.liveNotifications`).
   */
  noLiveNotifications: (host: string) => string;
  /** What each dropped header costs (`McpConnection.degraded.costs`), joined into `degraded`. */
  degradedCosts: Record<DegradationCost, string>;
  /** The Servers panel's "Export trace" button, and what it saves. */
  exportTrace: string;
  exportTraceHint: string;
  noServer: string;
  noServerEditable: string;
  /** Empty state: its heading (a model is set up, or not). */
  emptyTitle: string;
  emptyTitleNoModel: string;
  /** Empty state: the servers (`servers`, names joined by `joinNames`, drawn bold) and how many tools. */
  connectedTo: (servers: string, tools: number) => string;
  joinNames: (names: readonly string[]) => string;
  noServerYet: string;
  askAnything: string;
  suggestions: string;
  /** Empty state without a model: `slash` is the "/" key, `link` the `chooseModelLink` button. */
  noModelEmpty: (slash: string, link: string) => string;
  chooseModelLink: string;
  /** Empty state while the open model is offered (not yet downloaded): it answers after the person agrees to its download. */
  openModelEmpty: string;
  /** The header's status of a server, read after its name (`connected`, `failed`, ...). */
  serverStatus: (state: string) => string;
  /** The header's one chip for several servers in a narrow chat ("2 servers"; it opens the Servers panel). */
  serverCount: (count: number) => string;
  chooseModel: string;
  model: string;
  modelTitle: (model: string) => string;
  panels: string;
  closeChat: string;
  yourMessage: string;
  answer: string;
  toolsAndPrompts: string;
  noPaletteMatch: string;
  runTool: (title: string) => string;
  usePrompt: (title: string) => string;
  /** The palette's Run form of a destructive tool: the bold part, then the rest (`server` may be `itsServer`). */
  destructive: string;
  destructiveRest: (server: string) => string;
  itsServer: string;
  run: string;
  insert: string;
  /** Settings panel. */
  pageModel: (label: string) => string;
  ollamaFound: (url: string, models: string) => string;
  useOllama: (model: string) => string;
  provider: string;
  providerName: (kind: string) => string;
  baseUrl: string;
  ollamaNoKey: string;
  apiKey: string;
  keyNote: (memoryOnly: boolean) => string;
  rememberKey: string;
  listModels: string;
  useModel: string;
  /** Conversations panel. */
  historyOff: string;
  /** The sync section of the Conversations panel (`sync` set). */
  syncHeading: string;
  syncUpToDate: string;
  syncSyncing: (waiting: number) => string;
  syncOffline: (waiting: number) => string;
  syncFailed: (why: string) => string;
  syncRetry: string;
  syncSignOut: string;
  syncSignOutQuestion: string;
  syncKeepHere: string;
  syncClearHere: string;
  syncOff: string;
  syncAgain: string;
  syncConflict: (kept: string, other: string) => string;
  /**
   * A sync message (why it is offline or failed, a note on rows left out) in
   * words: the engine's code and values; `english` is its English sentence.
   */
  syncError: (detail: SyncErrorDetail, english: string) => string;
  /** Sharing the open conversation by a read-only link (the sync section, `sync` set). */
  shareConversation: string;
  shareMaking: string;
  shareLinkLabel: string;
  shareHint: string;
  shareCopy: string;
  shareCopied: string;
  shareStop: string;
  shareStopped: string;
  shareFailed: (why: string) => string;
  /** A page opened from a share link: the conversation, read-only, in place of the composer. */
  sharedBanner: string;
  sharedOpening: string;
  sharedGone: string;
  renameConversation: (title: string) => string;
  exportConversation: (title: string) => string;
  deleteConversation: (title: string) => string;
  /** Tooltips of a conversation's Rename and Export buttons (Delete uses `delete`). */
  renameShort: string;
  exportShort: string;
  newShort: string;
  importFile: string;
  importLabel: string;
  searchConversations: string;
  search: string;
  memoryOnly: string;
  noConversationMatch: (query: string) => string;
  savedConversations: string;
  newTitleFor: (title: string) => string;
  save: string;
  confirmDelete: (title: string) => string;
  delete: string;
  /** Resources panel. */
  noConnectedServer: string;
  noResources: string;
  preview: string;
  attachResource: string;
  uriFor: (name: string) => string;
  fillTemplate: string;
  openChat: string;
  closePanel: string;
  resourcePreview: string;
  tryAgain: string;
  loading: string;
  thinking: string;
  /** Servers a turn waited for that did not connect: the turn goes on without their tools. */
  serversSkipped: (names: string) => string;
  /** The line at the end of the conversation after a failed model turn (the error itself is listed above the composer). */
  turnFailed: string;
  attachedImage: string;
  removeAttachment: string;
  /** A store error in words (`kind`: a `HistoryError` kind, or `pairing`; `detail`: the store's or browser's own words). */
  storeError: (kind: string, detail: string) => string;
  openFailed: (reason: string) => string;
  readFailed: (uri: string, reason: string) => string;
  clipboardFailed: string;
  maxRounds: (rounds: number) => string;
  /** The model made the same call (`tool`: its title) with the same input `times` in a row: the answer was stopped there. */
  repeatedCall: (tool: string, times: number) => string;
  /** Above an app's message, before it is sent for the person. */
  appWantsToSend: (app: string) => string;
  /** Sends an app's message. */
  appSend: string;
  /** Drops an app's message. */
  appDontSend: string;
  /** On the approval card of an app's calls of one tool: how many are waiting (`n` of them, more than one) from the view of `app`. */
  appAskCount: (n: number, app: string) => string;
  /** Allows the calls waiting on the card and later calls of that tool from the same view, while the view lives. */
  appAllowAllFromView: string;
  /** The title of the card of a tool call an app made. */
  appCallTitle: (tool: string, app: string) => string;
  /** Who offers a tool an app view provides (shown where a server's name is). */
  appToolServer: (app: string) => string;
  /** An app's message was added while no model is set up. */
  appMessageNoModel: (app: string) => string;
  /** An app view's state could not be saved with its call (`reason`: why). */
  appStateNotSaved: (reason: string) => string;
  /** A numeric attribute of the chat that is not valid (the default is used). */
  badNumberAttribute: (name: string, value: string, fallback: number) => string;
  promptFailed: (name: string, reason: string) => string;
  /** A skill picked in the "/" palette: loaded into the conversation (said in the live region), or why not. */
  skillLoaded: (name: string, server: string) => string;
  skillFailed: (name: string, reason: string) => string;
  notSaved: (reason: string) => string;
  olderNotRead: (reason: string) => string;
  /** Another tab added to the open conversation and its messages could not be read here. */
  otherTabNotShown: (reason: string) => string;
  messageNotSaved: (reason: string) => string;
  taskNotSaved: (reason: string) => string;
  /** The title of a conversation started by running a tool. */
  toolTitle: (tool: string) => string;
  /** Announcements (the live region). */
  assistantSaid: (text: string) => string;
  /** Announced when a request left out the oldest messages to fit the model's context. */
  contextTrimmed: (count: number) => string;
  needsApproval: (tool: string) => string;
  running: (tool: string) => string;
  /** `status`: done, error, cancelled, denied. */
  toolStatus: (tool: string, status: string) => string;
  fetchingResult: (tool: string) => string;
  willRunAfter: (tool: string) => string;
  noToolOffers: (tool: string) => string;
  listFailed: (reason: string) => string;
  renamed: (title: string) => string;
  renameFailed: (reason: string) => string;
  deleted: (title: string) => string;
  deleteFailed: (reason: string) => string;
  exportFailed: (reason: string) => string;
  importFailed: (reason: string) => string;
  askedForInput: (server: string, reason: string) => string;
  askedForAnswer: (server: string, reason: string) => string;
  samplingFailed: (server: string, reason: string) => string;
  logLevelRefused: (server: string, level: string, reason: string) => string;
  noModelsListed: (base: string) => string;
  modelsUnreachable: (base: string, reason: string, kind: string) => string;
  signedIn: (server: string) => string;
  signInFailed: (server: string, reason: string) => string;
  signedOut: (server: string) => string;
  signOutFailed: (server: string, reason: string) => string;
  /** `auto`: while the chat looks for the site's own MCP server. */
  discoveryLooking: string;
  /**
   * `auto`: how the site's server was found. `how`: `endpoint` (it answered at `path`),
   * `server-card` or `well-known-file` (named in the file at `source`, served at `path`).
   */
  discoveryFound: (how: 'server-card' | 'well-known-file' | 'endpoint', path: string, source: string) => string;
  /** `auto`: nothing found on this site (said calmly: the chat still works with its model). */
  discoveryNone: string;
  /** `auto`: what the chat can still do when no server was found (empty state). */
  discoveryNoneHint: string;
  /** `auto`: the addresses looked at (`list`: paths joined by commas). */
  discoveryTried: (list: string) => string;
  /** `auto`: the search was stopped or timed out before it finished. */
  discoveryStopped: string;
  /** Servers panel: the disclosure that opens the MCP Registry search. */
  addFromRegistry: string;
  /** Servers panel: where the values of secret headers (API keys) typed for a registry server are kept. */
  registryKeyNote: (memoryOnly: boolean) => string;
  /** The embedded `<mcp-registry-search>`'s own text. */
  registrySearch: RegistrySearchStrings;
}

/**
 * The keys of the English table read only by code loaded with or after a conversation's first answer
 * (the turn, feedback, sources, app views, the run form, file chips, sampling, the model's consent) or
 * with `publish-tools` (browser agents' calls): their
 * text is in `strings-en-answers.ts`, which that code imports, so it stays out of the chat's first load.
 */
export type AnswerEnglishKey =
  | 'downloadModel'
  | 'newTab'
  | 'feedbackQuestion'
  | 'feedbackUp'
  | 'feedbackDown'
  | 'feedbackComment'
  | 'feedbackSend'
  | 'feedbackSkip'
  | 'feedbackThanks'
  | 'feedbackNotSent'
  | 'usePrompt'
  | 'destructiveRest'
  | 'itsServer'
  | 'insert'
  | 'attachedImage'
  | 'appWantsToSend'
  | 'appSend'
  | 'appDontSend'
  | 'appAskCount'
  | 'appAllowAllFromView'
  | 'appCallTitle'
  | 'appToolServer'
  | 'appStateNotSaved'
  | 'appMessageNoModel'
  | 'assistantSaid'
  | 'contextTrimmed'
  | 'needsApproval'
  | 'fetchingResult'
  | 'samplingFailed'
  | 'agentRan'
  | 'agentAsks'
  | 'agentCallRefusedByPolicy'
  | 'agentCallRefusedClosed';

/**
 * The keys of the English table read only by the side panels' code (the
 * panels' chunk): their text is in `strings-en-later.ts`, which the panels'
 * code imports, so it stays out of the chat's first load.
 */
export type PanelEnglishKey =
  | 'builtInModels'
  | 'modelChecking'
  | 'modelReady'
  | 'modelDownloadSize'
  | 'modelConsent'
  | 'modelDownloadTime'
  | 'modelDownloadBytes'
  | 'modelDownloadingElsewhere'
  | 'otherModelsInSettings'
  | 'cancelDownload'
  | 'modelUnavailable'
  | 'modelFailure'
  | 'betterModel'
  | 'downloadBetter'
  | 'ownerCanSetModel'
  | 'useBuiltIn'
  | 'modelInUse'
  | 'modelService'
  | 'today'
  | 'yesterday'
  | 'previous7Days'
  | 'toolsLeftOut'
  | 'schemaTooLarge'
  | 'serverAddress'
  | 'addServerButton'
  | 'serverUrlEmpty'
  | 'serverUrlInvalid'
  | 'serverUrlScheme'
  | 'serverUrlCredentials'
  | 'serverUrlDuplicate'
  | 'serverConnectFailed'
  | 'serverTimedOut'
  | 'serverNeedsSignIn'
  | 'serverAdded'
  | 'serverRemoved'
  | 'removedServers'
  | 'serverLog'
  | 'logLevelName'
  | 'logLevelSent'
  | 'logLevelServer'
  | 'logLevelServerChoice'
  | 'logLevelNone'
  | 'logLevelLocal'
  | 'clearLog'
  | 'clearLogOf'
  | 'noLog'
  | 'noLogAtLevel'
  | 'catalogSizes'
  | 'pageToolsHeading'
  | 'pageToolsCount'
  | 'pageToolsUnavailable'
  | 'publishedHeading'
  | 'notPublished'
  | 'degradedCosts'
  | 'noLiveNotifications'
  | 'exportTraceHint'
  | 'deleted'
  | 'restore'
  | 'logLevel'
  | 'invalidTools'
  | 'baseUrl'
  | 'listModels'
  | 'preview'
  | 'noModelsListed'
  | 'modelsUnreachable'
  | 'signOutOf'
  | 'noServer'
  | 'noServerEditable'
  | 'pageModel'
  | 'ollamaFound'
  | 'useOllama'
  | 'providerName'
  | 'ollamaNoKey'
  | 'keyNote'
  | 'rememberKey'
  | 'useModel'
  | 'historyOff'
  | 'syncHeading'
  | 'syncUpToDate'
  | 'syncSyncing'
  | 'syncOffline'
  | 'syncFailed'
  | 'syncRetry'
  | 'syncSignOut'
  | 'syncSignOutQuestion'
  | 'syncKeepHere'
  | 'syncClearHere'
  | 'syncOff'
  | 'syncAgain'
  | 'syncConflict'
  | 'syncError'
  | 'shareConversation'
  | 'shareMaking'
  | 'shareLinkLabel'
  | 'shareHint'
  | 'shareCopy'
  | 'shareCopied'
  | 'shareStop'
  | 'shareStopped'
  | 'shareFailed'
  | 'sharedBanner'
  | 'sharedOpening'
  | 'sharedGone'
  | 'renameConversation'
  | 'exportConversation'
  | 'deleteConversation'
  | 'renameShort'
  | 'exportShort'
  | 'newShort'
  | 'importFile'
  | 'importLabel'
  | 'searchConversations'
  | 'memoryOnly'
  | 'noConversationMatch'
  | 'savedConversations'
  | 'newTitleFor'
  | 'confirmDelete'
  | 'noConnectedServer'
  | 'noResources'
  | 'attachResource'
  | 'uriFor'
  | 'fillTemplate'
  | 'listFailed'
  | 'renamed'
  | 'renameFailed'
  | 'deleteFailed'
  | 'exportFailed'
  | 'importFailed'
  | 'addFromRegistry'
  | 'registryKeyNote'
  | 'registrySearch'
  | 'discoveryFound'
  | 'discoveryTried'
  | 'discoveryStopped';

/** The keys of the English table that are not in the chat's first load (added by {@link addLaterEnglish}). */
export type LaterEnglishKey = PanelEnglishKey | AnswerEnglishKey;

/** English (the default), but the keys of {@link LaterEnglishKey}. */
/**
 * A whole number with its thousands grouped by commas, as `toLocaleString('en-US')` writes it, without
 * the locale's number format: a page's first `toLocaleString` sets that up, 50-110 ms on the benchmark
 * machine, inside the servers' connecting (the palette's warm-up) or the palette's first open (issue 42).
 */
function groupDigits(n: number): string {
  return Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : n.toLocaleString('en-US');
}

const FIRST_ENGLISH: Omit<ChatStrings, LaterEnglishKey> = {
  close: 'Close',
  stopTool: (tool) => `Stop ${tool}`,
  toolResult: 'Result',
  progressOf: (tool) => `Progress of ${tool}`,
  title: 'Chat',
  placeholder: 'Message, or type / for tools',
  messageLabel: 'Message',
  send: 'Send',
  stop: 'Stop',
  attach: 'Attach files',
  dictate: 'Dictate',
  stopDictation: 'Stop dictation',
  readAloud: 'Read aloud',
  stopReading: 'Stop reading',
  handsFree: 'Hands-free',
  conversationLabel: 'Conversation',
  conversations: 'Conversations',
  resources: 'Resources',
  servers: 'Servers',
  settings: 'Settings',
  newConversation: 'New conversation',
  more: 'More',
  noModelNotice:
    'No model is set up here, so there is no one to answer. Choose a model in Settings, or type / to run a tool or a prompt yourself.',
  dismiss: 'Dismiss',
  downloadFirstReply: 'The model needs a one-time download before it can answer. Start it in Settings, then send your message again.',
  openSettings: 'Open Settings',
  browserModelName: 'Built-in model',
  onDeviceModelName: 'On-device model',
  modelNeedsDownload: 'needs a download',
  modelDownloading: (percent) => `Downloading… ${percent}%`,
  modelDownloadStarted: 'Downloading the model.',
  modelDownloaded: 'The model is downloaded and ready.',
  modelDownloadCancelled: 'Download cancelled.',
  modelDownloadFailed: (why) => `The download failed: ${why}`,
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
  waitingForYou: (tool) => `Waiting for you to fill ${tool}.`,
  imported: 'Imported',
  interrupted: 'This answer was interrupted before it finished.',
  sources: 'Sources',
  source: 'Source',
  toolSelection: (sent, total) =>
    `Sent ${sent} of ${total} tools to the model: the ones used in this conversation and the best matches of the last message; the model can search the rest.`,
  shownMessage: (n, total) => `Message ${n} of ${total}.`,
  paletteMore: (count) => `${groupDigits(count)} more: type to narrow the list.`,
  addServer: 'Add a server',
  connectingTo: (url) => `Connecting to ${url}…`,
  removeServer: (name) => `Remove ${name}`,
  restoreServer: (url) => `Restore ${url}`,
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
        degraded: 'Connected, with limits: what they cost is in Servers',
      }) as Record<string, string>
    )[state] ?? state,
  retry: 'Retry',
  diagnosis: (_diagnosis, english) => english,
  serverUnavailable: 'is not available',
  retryServer: (name) => `Retry ${name}`,
  signInNeeded: (name) => `${name} needs you to sign in before its tools can be used.`,
  signInTo: (name) => `Sign in to ${name}`,
  signOut: 'Sign out',
  degraded: (headers, costs) =>
    `Works here only without ${headers}: the server does not allow this page to send them. What that costs: ${costs}.`,
  exportTrace: 'Export trace',
  emptyTitle: 'How can I help?',
  emptyTitleNoModel: 'Run tools and prompts',
  connectedTo: (servers, tools) => `Connected to ${servers} with ${tools} ${tools === 1 ? 'tool' : 'tools'}.`,
  joinNames: (list) => (list.length < 2 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`),
  noServerYet: 'No server is connected yet.',
  askAnything: 'Ask anything; the model uses these tools when it helps.',
  suggestions: 'Suggestions',
  noModelEmpty: (slash, link) => `No model is set up. Type ${slash} to run a tool or a prompt yourself, or ${link}.`,
  chooseModelLink: 'choose a model',
  openModelEmpty: 'An open model can answer you here, running on this device. Ask your question: you will be asked before it downloads.',
  serverStatus: (state) => (state === 'degraded' ? 'connected, with limits' : state),
  serverCount: (n) => (n === 1 ? '1 server' : `${n} servers`),
  chooseModel: 'Choose a model',
  model: 'Model',
  modelTitle: (model) => `Model: ${model}`,
  panels: 'Panels',
  closeChat: 'Close chat',
  yourMessage: 'Your message',
  answer: 'Answer',
  toolsAndPrompts: 'Tools and prompts',
  noPaletteMatch: 'No tools or prompts match.',
  runTool: (title) => `Run tool: ${title}`,
  destructive: 'This tool can change or delete data',
  run: 'Run',
  provider: 'Provider',
  apiKey: 'API key',
  search: 'Search',
  save: 'Save',
  delete: 'Delete',
  openChat: 'Open chat',
  closePanel: 'Close panel',
  resourcePreview: 'Resource preview',
  tryAgain: 'Try again',
  loading: 'Loading…',
  thinking: 'The model is thinking',
  serversSkipped: (names) => `${names} did not connect; answering without its tools.`,
  turnFailed: 'The model did not answer.',
  removeAttachment: 'Remove attachment',
  storeError: (kind, detail) =>
    (
      ({
        pairing:
          'the last tool call of this conversation has no saved result, so the store refused what followed. Start a new conversation (New) to keep saving.',
        'quota-exceeded':
          "the browser's storage for this site is full. Delete old conversations (Conversations panel) or free some space, then try again.",
        'invalid-messages': `the store refused it (${detail}).`,
        closed: 'the conversation store was closed, perhaps by another tab that updated it. Reload the page to keep saving.',
        unavailable:
          'this browser does not allow saving here (private window or storage turned off); the conversation is kept only until the page is left.',
        'upgrade-blocked':
          'another tab holds an older version of the conversation store open. Close the other tabs of this site and reload.',
        'not-found': 'that conversation no longer exists (it may have been deleted in another tab).',
        'invalid-import': detail,
      }) as Record<string, string>
    )[kind] ?? `the browser's storage reported an error (${detail}). Try again; if it keeps failing, reload the page.`,
  openFailed: (reason) => `The conversation could not be opened: ${reason}`,
  readFailed: (uri, reason) => `Could not read ${uri}: ${reason}`,
  clipboardFailed: 'The text could not be copied: the browser did not allow access to the clipboard.',
  maxRounds: (rounds) => `The model was stopped after ${rounds} calls (the limit for one answer). Send a message to let it continue.`,
  repeatedCall: (tool, times) =>
    `The model called ${tool} ${times} times in a row with the same input, so it was stopped there. Ask again in other words, ` +
    `or choose another model in Settings.`,
  badNumberAttribute: (name, value, fallback) => `${name}="${value}" is not a whole number above 0, so ${fallback} is used.`,
  promptFailed: (name, reason) => `The prompt ${name} failed: ${reason}`,
  skillLoaded: (name, server) => `The skill ${name} of ${server} is in the conversation: it guides the model from your next message on.`,
  skillFailed: (name, reason) => `The skill ${name} could not be loaded: ${reason}`,
  notSaved: (reason) => `Conversations will not be saved: ${reason}`,
  olderNotRead: (reason) => `The older messages of this conversation could not be read: ${reason}`,
  otherTabNotShown: (reason) =>
    `This conversation changed in another tab, and its new messages could not be shown here: ${reason} Reload the page to see them.`,
  messageNotSaved: (reason) => `This message could not be saved: ${reason}`,
  taskNotSaved: (reason) => `The task of this tool call could not be saved (a reload will not find its result): ${reason}`,
  toolTitle: (tool) => `Tool: ${tool}`,
  running: (tool) => `Running ${tool}.`,
  toolStatus: (tool, status) => `${tool}: ${status}.`,
  willRunAfter: (tool) => `${tool} will run when the current work ends.`,
  noToolOffers: (tool) => `No connected server offers the tool ${tool}.`,
  askedForInput: (server, reason) => `${server} asked for input: ${reason}`,
  askedForAnswer: (server, reason) => `${server} asked for a model answer: ${reason}`,
  logLevelRefused: (server, level, reason) =>
    `${server} did not accept the log level "${level}" (${reason}). Its messages are still filtered here.`,
  signedIn: (server) => `Signed in to ${server}.`,
  signInFailed: (server, reason) => `Sign-in to ${server} did not complete: ${reason}`,
  signedOut: (server) => `Signed out of ${server}.`,
  signOutFailed: (server, reason) => `Sign-out of ${server} failed: ${reason}`,
  discoveryLooking: "Looking for this site's MCP server…",
  discoveryNone: 'No MCP server found on this site.',
  discoveryNoneHint: 'You can still chat with the model, or add a server in the Servers panel.',
};

/**
 * The English table: whole once the panels' and the answers' text has been added
 * ({@link addLaterEnglish}: with the code that reads it in the single-file bundle, at
 * import with the package's index). Until then only the keys that code reads
 * are missing.
 */
export const CHAT_STRINGS_EN = FIRST_ENGLISH as ChatStrings;

let englishVersion = 0;

/** Adds a later part of the English text (the panels', the answers') to {@link CHAT_STRINGS_EN} (once; again does nothing). */
export function addLaterEnglish(later: Partial<Pick<ChatStrings, LaterEnglishKey>>): void {
  if (Object.keys(later).every((key) => key in CHAT_STRINGS_EN)) return;
  Object.assign(CHAT_STRINGS_EN, later);
  englishVersion += 1;
}

/** Changes when text is added to the English table (a copy made before is then out of date). */
export function englishTableVersion(): number {
  return englishVersion;
}

/**
 * Languages shipped with the element, by primary language subtag: English,
 * and the others once loaded (the package's index adds Arabic at once; the
 * single-file bundle loads it when a chat first needs it, see
 * {@link languageReady}).
 */
export const CHAT_LANGUAGES: Record<string, ChatStrings> = { en: CHAT_STRINGS_EN };

const loading: Record<string, Promise<void>> = {};

const primary = (lang: string | undefined) => (lang ?? '').toLowerCase().split('-')[0]!;

/**
 * Undefined when the table of `lang` is there (or `lang` is not shipped: the
 * chat is in English); else a promise that settles once it is loaded (or
 * could not be: the chat is then in English). `loadable` holds the tables
 * not in the first load (the chat's `LANGUAGE_CHUNKS`, chunks.ts). The chat waits for it before
 * it renders, so a page in Arabic never shows English first.
 */
export function languageReady(
  lang: string | undefined,
  loadable: Readonly<Record<string, () => Promise<ChatStrings>>>,
): Promise<void> | undefined {
  const key = primary(lang);
  if (CHAT_LANGUAGES[key] || !loadable[key]) return undefined;
  return (loading[key] ??= loadable[key]().then(
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
