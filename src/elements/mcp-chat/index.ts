// <mcp-chat> and what its properties take.
export { McpChat } from './mcp-chat.js';
export { ServerSet } from './servers/server-set.js';
export type { ChatServer } from './servers/server-set.js';
export { DEFAULT_BASE_URLS, DEFAULT_OLLAMA_URL, findOllama, PROVIDER_KINDS } from './model/provider-config.js';
export { listModelIds, providerFromConfig } from './model/provider-factory.js';
export type { FindOllamaOptions, ProviderConfig, ProviderKind } from './model/provider-config.js';
export type { ChatServerAuth, ChatServerConfig } from './servers/auth.js';
export { MANUAL_META_KEY } from './conversation/contract.js';
export type { ChatPanel } from './shell/panel.js';
import { CHAT_LANGUAGES } from './strings.js';
import { CHAT_STRINGS_AR } from './strings-ar.js';
// With the package, the panels' English text is there at once too (the single-file bundle adds it with the panels).
import './strings-en-later.js';
import './strings-en-answers.js';
// With the package (a bundler), Arabic is there at once; the single-file bundle loads it when first needed.
CHAT_LANGUAGES.ar ??= CHAT_STRINGS_AR;
export { CHAT_LANGUAGES, CHAT_STRINGS_EN, chatStrings } from './strings.js';
export { CHAT_STRINGS_AR };
export type { ChatStrings } from './strings.js';
export { REPLACES_META_KEY } from './conversation/conversation-branches.js';
