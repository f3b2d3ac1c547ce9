// What the element hands its wiring (the files of this folder, the layer above
// the features): the element's public surface, read at the moment of use, and
// the features it composed, each function taking only those it names
// (`Pick<ChatFeatures, …>`). Types only; no feature imports this folder
// (test/unit/import-cycles.test.ts holds it).
import type { ReactiveControllerHost } from 'lit';
import type { ApprovalPolicy } from '../../../agent/types.js';
import type { ContentBlock } from '../../../content/index.js';
import type { HistoryStore } from '../../../history/index.js';
import type { ModelProvider } from '../../../providers/types.js';
import type { ChatApps } from '../apps/chat-apps.js';
import type { ChatComposer } from '../composer/chat-composer.js';
import type { ChatPersistence } from '../conversation/chat-persistence.js';
import type { ChatScroll } from '../conversation/chat-scroll.js';
import type { ChatSession } from '../conversation/chat-session.js';
import type { ConversationView } from '../conversation/conversation-view.js';
import type { ChatStarter } from '../conversation/empty-state.js';
import type { ChatConversations } from '../conversations/chat-conversations.js';
import type { ChatDiscovery } from '../discovery/chat-discovery.js';
import type { ModelSettings } from '../model/model-settings.js';
import type { ProviderConfig, ProviderKind } from '../model/provider-config.js';
import type { ChatPageTools } from '../page-tools/chat-page-tools.js';
import type { ChatPalette } from '../palette/chat-palette.js';
import type { InputRequests } from '../requests/input-requests.js';
import type { ChatResources } from '../resources/chat-resources.js';
import type { ChatServers } from '../servers/chat-servers.js';
import type { ChatServer, ServerSet } from '../servers/server-set.js';
import type { ChatShell } from '../shell/chat-shell.js';
import type { ChatStrings } from '../strings.js';
import type { SyncTokenSource } from '../../../history/sync-contract.js';
import type { ChatText } from '../shell/chat-text.js';
import type * as Panels from '../shell/panels.chunk.js';
import type { Loader } from '../../shared/lazy.js';
import type { ChatPanel } from '../shell/panel.js';
import type { ChatVoice } from '../voice/chat-voice.js';
import type { Transcriber } from '../voice/contract.js';
import type * as ServerStarters from './server-starters.js';

/** `<mcp-chat>` as its wiring sees it: its public properties and methods (see mcp-chat.ts for what each means). */
export interface ChatSurface extends ReactiveControllerHost, EventTarget {
  readonly server?: string;
  readonly servers: ChatServer[];
  readonly provider?: ModelProvider | ProviderConfig | ProviderKind;
  model?: string;
  readonly baseUrl?: string;
  readonly modelUrl?: string;
  readonly modelSize?: number;
  readonly modelSha256?: string;
  readonly openModel?: 'off' | 'default';
  readonly placeholder?: string;
  readonly theme?: 'light' | 'dark';
  readonly systemPrompt?: string;
  readonly sandboxUrl?: string;
  readonly policy?: ApprovalPolicy;
  readonly store?: HistoryStore | null;
  readonly sync?: string;
  readonly syncToken?: SyncTokenSource;
  readonly storageKey: string;
  readonly allowKeyStorage: boolean;
  readonly fixedServers: boolean;
  readonly ollamaUrl: string;
  readonly starters?: ChatStarter[];
  readonly startersPrompt?: string;
  readonly startersTool?: string;
  readonly launcher: boolean;
  readonly feedback: boolean;
  readonly feedbackTool?: string;
  open: boolean;
  readonly auto: boolean;
  readonly discoveryOrigin?: string;
  readonly oauthRedirect?: string;
  readonly registry: string;
  readonly transcribe?: Transcriber;
  readonly noVoice: boolean;
  readonly serverSet: ServerSet;
  panel: ChatPanel | undefined;
  attachments: ContentBlock[];
  readonly accept?: string;
  readonly fileSizeLimits?: string;
  readonly maxFiles?: number;
  readonly chatProvider: ModelProvider | undefined;
  readonly chatStore: HistoryStore | undefined;
  readonly renderRoot: HTMLElement | DocumentFragment;
  send(text: string, attachments?: ContentBlock[]): Promise<void>;
  stop(): void;
  newConversation(): void;
  openConversation(id: string): Promise<void>;
  showMessage(index: number): Promise<void>;
  attachFiles(files: File[]): Promise<void>;
}

/** The features of one chat, built by the element. */
export interface ChatFeatures {
  readonly shell: ChatShell<typeof Panels>;
  readonly session: ChatSession;
  readonly scroll: ChatScroll;
  readonly view: ConversationView;
  readonly persistence: ChatPersistence;
  readonly settings: ModelSettings;
  readonly palette: ChatPalette;
  readonly composer: ChatComposer;
  readonly conversations: ChatConversations;
  readonly inputs: InputRequests;
  readonly apps: ChatApps;
  readonly servers: ChatServers;
  readonly discovery: ChatDiscovery;
  readonly resources: ChatResources;
  readonly pageTools: ChatPageTools;
  readonly voice: ChatVoice;
  /** The sync's feature, set by the sync chunk once `sync` is set (docs/sync.md): the first load carries none of it. */
  sync?: { renderSection(t: ChatStrings): unknown; renderShared(t: ChatStrings): unknown };
}

/**
 * What only the element knows, as its features' hosts read it: its public
 * surface, its text, the checked `max-rounds`, the message elements' code.
 * No feature: compose.ts gives each host the features it needs, built before it.
 */
export interface ElementWiring {
  readonly chat: ChatSurface;
  readonly text: ChatText;
  /** `max-rounds` as checked (the default when invalid). */
  readonly maxRounds: number;
  /** The message elements and the markdown code (the element's loader of that chunk). */
  readonly messagesCode: Loader<{ markdownReady(): Promise<void> | undefined }>;
  /** The code that reads the questions of `starters-tool` and `starters-prompt` (server-starters.ts; the element's loader of that chunk). */
  readonly startersCode: Loader<typeof ServerStarters>;
  /** Focuses what `selector` finds in the chat once it has updated. */
  focusAfterUpdate(selector: string): Promise<void>;
}
