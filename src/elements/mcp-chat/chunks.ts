// The one lazy boundary of <mcp-chat>: every part of the chat that is loaded
// when first needed (a dynamic `import()`; in the single-file bundle, a chunk
// beside it) is listed here, and nowhere else in the chat calls `import()`.
// Only the element (mcp-chat.ts, the composition) imports this module; it
// hands each feature the loaders it uses. A chunk implements its feature's
// leaf contract and imports only downward (never a feature's controller,
// this module or the element), so no import circle runs through a loader.
// See docs/architecture.md, "The chat as features".
import { LazyPart } from '../shared/lazy.js';
import type { ChatStrings } from './strings.js';
import { ServerSet } from './servers/server-set.js';

/** <mcp-message> and the content elements (tool card, content blocks, markdown's element): when the first message is shown. */
export const messagesChunk = new LazyPart('shows messages', () => import('../content/mcp-message/mcp-message.js'));

/** The side panels (conversations, servers, settings, resources) and the Conversations panel's list: when one is first opened. */
export const panelsChunk = new LazyPart('shows this panel', () => import('./shell/panels.chunk.js'));

/** The MCP SDK client behind McpHub: right after the first paint (the first-load figure of `npm run size` counts it). */
export const connectChunk = new LazyPart('connects to servers', () => import('./servers/connect.chunk.js'));

/** The browser OAuth provider: when a server configured with `auth` is first connected. */
export const oauthChunk = new LazyPart('signs in to servers', () => import('../../mcp/oauth/browser-oauth-provider.js'));

/** The model providers, the turn loop and the chat's turn code: when a model is first used. */
export const turnChunk = new LazyPart('talks to the model', () => import('./conversation/model.chunk.js'));

/** The browser's own model (Prompt API): its state and its download, without the provider: when the chat checks whether the browser has a model. */
export const browserModelChunk = new LazyPart(
  "checks this browser's own model",
  () => import('../../providers/browser/browser-model-status.js'),
);

/** The on-device model's consent in the conversation (what, how large, from where): when a message waits for its download. */
export const modelConsentChunk = new LazyPart('asks before downloading a model', () => import('./model/built-in-view.js'));

/** The page's WebMCP tools in the chat and the servers' tools for browser agents: when `page-tools` or `publish-tools` is first set. */
export const webMcpChunk = new LazyPart("uses this page's WebMCP tools", () => import('./page-tools/web-mcp.chunk.js'));

/** The registry of the page's own tools: at the page's first `chat.registerTool()`. */
export const pageToolRegistryChunk = new LazyPart(
  "gives the chat this page's tools",
  () => import('../../page-tools/page-tool-registry.js'),
);

/** Following the tasks of a reopened conversation's last calls: only for such a conversation. */
export const resumeChunk = new LazyPart(
  'follows the tool calls that were still running when the page was closed',
  () => import('./conversation/resume.chunk.js'),
);

/** The conversation store (IndexedDB, or memory): after the chat has painted. */
export const historyChunk = new LazyPart('saves conversations', () => import('./conversation/history.chunk.js'));

/** The sync with the site's server (engine, HTTP adapter): only when `sync` is set. */
export const syncChunk = new LazyPart('syncs conversations with your other devices', () => import('./sync/sync.chunk.js'));

/** An answer's sources (the chips under it, the facts of `mcp-answer`): when an answer follows a tool result. */
export const sourcesChunk = new LazyPart('shows the sources of an answer', () => import('./sources/sources.chunk.js'));

/** "Was this answer helpful?" under answers: when the first answer is shown with `feedback`. */
export const feedbackChunk = new LazyPart('asks whether an answer helped', () => import('./feedback/answer-feedback.js'));

/** The palette's run form (fields from a schema, read back and checked): when "/" is first typed or an entry first picked. */
export const runFormChunk = new LazyPart('shows the form of a tool or prompt', () => import('./palette/run-form.chunk.js'));

/** The elicitation form: when a server first asks the person for input. */
export const elicitChunk = new LazyPart('shows the forms servers ask you to fill in', () => import('./requests/elicit.chunk.js'));

/** The sampling approval: when a server first asks for a model answer. */
export const samplingChunk = new LazyPart('asks you to approve requests for a model answer', () => import('./requests/sampling.chunk.js'));

/**
 * <mcp-app-view> and the chat's app views (apps/app-views.chunk.ts): when a tool call first has an
 * interactive view (MCP Apps). The element's own chunk is asked for at the same time (the app views'
 * chunk imports it), not after the app views' chunk has arrived.
 */
export const appViewChunk = new LazyPart('shows interactive tool views (MCP Apps)', () =>
  Promise.all([import('./apps/app-views.chunk.js'), import('../mcp-app-view/mcp-app-view.js')]).then(([code]) => code),
);

/** Reading attached files into blocks (in pieces: a large file never holds the page): when a file is first attached. */
export const filesChunk = new LazyPart('reads attached files', () => import('./composer/read-files.chunk.js'));

/** Dictation, read-aloud and hands-free (voice/voice.chunk.ts): when the person first presses the microphone, Read aloud or Hands-free. */
export const voiceChunk = new LazyPart('listens and reads aloud', () => import('./voice/voice.chunk.js'));

/** Reading the suggested questions of the site's server (wiring/server-starters.ts): at the first empty state with `starters-tool` or `starters-prompt`. */
export const startersChunk = new LazyPart(
  "reads the suggested questions of this site's server",
  () => import('./wiring/server-starters.js'),
);

/** Finding the site's own MCP server (`auto`): when the chat has no server and `auto` is set. */
export const discoverChunk = new LazyPart("looks for this site's MCP server", () => import('./discovery/discovery.chunk.js'));

/** <mcp-registry-search>: when the Servers panel's "Add from the MCP Registry" is first opened. */
export const registrySearchChunk = new LazyPart('searches the MCP Registry', () => import('../mcp-registry-search/mcp-registry-search.js'));

/**
 * Interface text shipped with the element but not in its first load, by
 * primary language subtag (see `languageReady` in strings.ts). With the
 * package's index, Arabic is there at once.
 */
export const LANGUAGE_CHUNKS: Readonly<Record<string, () => Promise<ChatStrings>>> = {
  ar: () => import('./strings-ar.js').then((m) => m.CHAT_STRINGS_AR),
};

// A ServerSet made without loaders (outside a chat) uses the chat's.
ServerSet.defaultChunks ??= { connect: connectChunk, oauth: oauthChunk };
