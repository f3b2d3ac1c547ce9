// Each feature's own host: the few closures and read-only handles that one
// feature is constructed with, typed by that feature's host interface and
// holding nothing else (an object literal is checked for extra members). A
// host is given the features it uses, built before it (compose.ts builds in
// dependency order); what it needs of one built later it asks by a named
// intent (intents.ts). A feature never sees the element, another feature's
// host, or a merged object of every feature. Part of wiring/, above the
// features (docs/architecture.md, "The chat as features").
import type { CSSResult, ReactiveControllerHost } from 'lit';
import type { ContentBlock, Message, ToolCallOutcome, ToolResultBlock, ToolUseBlock } from '../../../content/index.js';
import type { TurnResult } from '../../../agent/types.js';
import { McpToolCallEvent } from '../../../events/tool-call.js';
import { McpTurnEndEvent } from '../../../events/turn-end.js';
import { addStyles } from '../../shared/add-styles.js';
import type { ChatAppsHost } from '../apps/chat-apps.js';
import { APP_VIEWS_META_KEY, withSavedView, type SavedAppView } from '../apps/saved-views.js';
import type { ChatComposerHost } from '../composer/chat-composer.js';
import type { ChatErrorSource } from '../contract.js';
import type { ChatPersistenceHost } from '../conversation/chat-persistence.js';
import type { ChatScrollHost } from '../conversation/chat-scroll.js';
import type { ChatSessionHost } from '../conversation/contract.js';
import type { ConversationViewHost } from '../conversation/conversation-view.js';
import type { ChatConversationsHost } from '../conversations/chat-conversations.js';
import type { ChatDiscoveryHost } from '../discovery/chat-discovery.js';
import type { ModelSettingsHost } from '../model/model-settings.js';
import { messageCode } from './orchestration.js';
import type { ChatPageToolsHost } from '../page-tools/chat-page-tools.js';
import type { ChatPaletteHost } from '../palette/chat-palette.js';
import type { InputRequestsHost } from '../requests/contract.js';
import type { ChatResourcesHost } from '../resources/chat-resources.js';
import type { ChatServersHost } from '../servers/chat-servers.js';
import type { ChatShellHost } from '../shell/chat-shell.js';
import type { ChatStrings } from '../strings.js';
import type { ChatVoiceHost } from '../voice/chat-voice.js';
import { messageText } from '../conversation/conversation-branches.js';
import type { ChatFeatures, ElementWiring } from './types.js';
import type { ChatIntents } from './intents.js';

/** A feature's own members (its host interface less the element's `ReactiveControllerHost` methods). */
type Own<H> = Omit<H, keyof ReactiveControllerHost>;

/** `own` plus the element's `ReactiveControllerHost` methods (getters stay live: they are copied as getters, not read). */
function hostOf<H extends ReactiveControllerHost>(w: ElementWiring, own: Own<H>): H {
  const { chat } = w;
  const host: ReactiveControllerHost = {
    addController: (controller) => chat.addController(controller),
    removeController: (controller) => chat.removeController(controller),
    requestUpdate: () => chat.requestUpdate(),
    get updateComplete() {
      return chat.updateComplete;
    },
  };
  return Object.defineProperties(host, Object.getOwnPropertyDescriptors(own)) as H;
}

/** What every feature reports through: the shell's live region and error list, and focus after the next update. */
function reporting(w: ElementWiring, shell: ChatFeatures['shell']) {
  return {
    announce: (text: string) => shell.announce(text),
    reportError: (source: ChatErrorSource, message: string, error: unknown) => shell.reportError(source, message, error),
    focus: (selector: string) => void w.focusAfterUpdate(selector),
  };
}

/** The one place the element's `attachments` is written (the composer's host, and the resources' attach that adds to it). */
const setAttachments = (w: ElementWiring) => (blocks: ContentBlock[]) => (w.chat.attachments = blocks);

/** The message elements' code is loaded and the chat has drawn: an element just added to the list can be found. */
const messagesReady = (w: ElementWiring) => async () => {
  if (!w.messagesCode.value) await w.messagesCode.load().catch(() => {});
  await w.chat.updateComplete;
};

export function shellHost(w: ElementWiring): ChatShellHost {
  const { chat } = w;
  return hostOf<ChatShellHost>(w, {
    get renderRoot() {
      return chat.renderRoot;
    },
    dispatchEvent: (event: Event) => chat.dispatchEvent(event),
  });
}

export function sessionHost(
  w: ElementWiring,
  { shell, voice }: Pick<ChatFeatures, 'shell' | 'voice'>,
  intents: ChatIntents,
): ChatSessionHost {
  const { chat } = w;
  const { announce, reportError } = reporting(w, shell);
  return hostOf<ChatSessionHost>(w, {
    get text() {
      return w.text.t;
    },
    servers: chat.serverSet,
    get provider() {
      return chat.chatProvider;
    },
    get store() {
      return chat.chatStore;
    },
    whenStore: () => intents.ask('store-ready'),
    get turnSettings() {
      // What app views asked the model to know (ui/update-model-context) goes with every turn after it.
      const appContext = intents.ask('model-context');
      return { systemPrompt: chat.systemPrompt, appContext, maxRounds: w.maxRounds, policy: chat.policy, model: chat.model };
    },
    streamChanged: () => intents.ask('stream-changed'),
    toolInputStreaming: (id: string, name: string, argumentsText: string) =>
      intents.ask('tool-input-streaming', { id, name, argumentsText }),
    announce,
    reportError,
    conversationCreated: () => intents.ask('conversation-created'),
    // Before the messages change: the one update that shows them renders the newest first.
    conversationShown: () => intents.ask('conversation-shown'),
    turnEnded: (result: TurnResult) => {
      if (result.reason === 'maxRounds') shell.showError(w.text.t.maxRounds(result.rounds));
      if (result.reason === 'repeated' && result.repeated) {
        const tool = chat.serverSet.listTools().find((t) => t.name === result.repeated!.tool);
        shell.showError(w.text.t.repeatedCall(tool?.title ?? result.repeated.tool, result.repeated.times));
      }
      chat.dispatchEvent(new McpTurnEndEvent(result.reason, result.messages, result.rounds));
      intents.ask('turn-ended', result);
      // Hands-free reads the answer, then listens again (not after the person's Stop).
      const answer = result.reason === 'endTurn' ? result.messages.findLast((m) => m.role === 'assistant') : undefined;
      if (result.reason !== 'stopped') voice.turnEnded(answer ? messageText(answer) : '');
    },
    approvalAsked: (tool: string) => voice.approvalAsked(tool),
    toolCalled: (use: ToolUseBlock, result: ToolResultBlock, status: ToolCallOutcome, server?: string) =>
      void chat.dispatchEvent(new McpToolCallEvent(use, result, status, server)),
  });
}

export function scrollHost(w: ElementWiring, { session }: Pick<ChatFeatures, 'session'>): ChatScrollHost {
  return hostOf<ChatScrollHost>(w, {
    get renderRoot() {
      return w.chat.renderRoot;
    },
    get streaming() {
      return session.streaming;
    },
  });
}

export function viewHost(
  w: ElementWiring,
  { shell, session, voice }: Pick<ChatFeatures, 'shell' | 'session' | 'voice'>,
): ConversationViewHost {
  const { chat } = w;
  return hostOf<ConversationViewHost>(w, {
    ...reporting(w, shell),
    messagesCode: w.messagesCode,
    get theme() {
      return chat.theme;
    },
    get renderRoot() {
      return chat.renderRoot;
    },
    get text() {
      return w.text.t;
    },
    get feedback() {
      return chat.feedback;
    },
    get conversationId() {
      return session.conversation?.id;
    },
    get feedbackTool() {
      return chat.feedbackTool;
    },
    get connections() {
      return chat.serverSet.connections;
    },
    dispatchEvent: (event: Event) => chat.dispatchEvent(event),
    readAloud: (message: Message, text: string, t: ChatStrings) => voice.renderReadAloud(message, text, t),
  });
}

export function persistenceHost(w: ElementWiring, { shell, session }: Pick<ChatFeatures, 'shell' | 'session'>): ChatPersistenceHost {
  const { chat } = w;
  return hostOf<ChatPersistenceHost>(w, {
    get text() {
      return w.text.t;
    },
    get storageKey() {
      return chat.storageKey;
    },
    servers: chat.serverSet,
    get pageStore() {
      return chat.store;
    },
    get conversationId() {
      return session.conversation?.id;
    },
    get messages() {
      return session.messages;
    },
    get chatBusy() {
      return session.busy;
    },
    reopen: (id: string) => session.open(id, messageCode(w, shell)),
    mergeStored: (id: string, fromSeq: number, toSeq: number) => session.mergeStored(id, fromSeq, toSeq),
    reportError: reporting(w, shell).reportError,
  });
}

export function settingsHost(w: ElementWiring, { shell, session }: Pick<ChatFeatures, 'shell' | 'session'>): ModelSettingsHost {
  const { chat } = w;
  const { announce, reportError } = reporting(w, shell);
  return hostOf<ModelSettingsHost>(w, {
    get text() {
      return w.text.t;
    },
    get lang() {
      return w.text.lang;
    },
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
      return {
        provider: chat.provider,
        model: chat.model,
        baseUrl: chat.baseUrl,
        modelUrl: chat.modelUrl,
        modelSize: chat.modelSize,
        modelSha256: chat.modelSha256,
        openModel: chat.openModel,
      };
    },
    announce,
    serversSettled: () => chat.serverSet.whenConnected(1500),
    setPageModel: (model: string) => (chat.model = model),
    reportError,
    adoptStyles: (styles: CSSResult) => addStyles(chat.renderRoot as ShadowRoot, styles),
    // A message kept while the model downloaded is answered once it is ready (in the conversation it was sent in).
    answerKept: (conversation: string | undefined) => {
      if (session.conversation?.id === conversation && !session.busy) void session.runTurn();
    },
  });
}

export function paletteHost(
  w: ElementWiring,
  { shell, session }: Pick<ChatFeatures, 'shell' | 'session'>,
  intents: ChatIntents,
): ChatPaletteHost {
  const { chat } = w;
  const { announce, reportError } = reporting(w, shell);
  return hostOf<ChatPaletteHost>(w, {
    get text() {
      return w.text.t;
    },
    servers: chat.serverSet,
    clearComposer: () => intents.ask('composer-clear'),
    focusComposer: () => intents.ask('composer-focus'),
    focusRunForm: () => void w.focusAfterUpdate('.run-form input, .run-form select, .run-form textarea, .run-form button[type=submit]'),
    runTool: (name: string, args: Record<string, unknown>) => session.runToolDirectly(name, args),
    // A prompt's messages join the conversation; the model answers when the last one is the person's.
    insertPrompt: async (messages: Message[]) => {
      for (const message of messages) await session.append(message);
      if (messages.at(-1)?.role === 'user' && chat.chatProvider) await session.runTurn();
    },
    addToConversation: (message: Message) => session.append(message),
    announce,
    reportError,
    adoptStyles: (styles: CSSResult) => addStyles(chat.renderRoot as ShadowRoot, styles),
  });
}

export function composerHost(w: ElementWiring, { session }: Pick<ChatFeatures, 'session'>): ChatComposerHost {
  const { chat } = w;
  return hostOf<ChatComposerHost>(w, {
    get renderRoot() {
      return chat.renderRoot;
    },
    get chatBusy() {
      return session.busy;
    },
    get placeholder() {
      return chat.placeholder;
    },
    get lang() {
      return w.text.lang;
    },
    get attachments() {
      return chat.attachments;
    },
    setAttachments: setAttachments(w),
    get fileLimits() {
      return { accept: chat.accept, sizes: chat.fileSizeLimits, maxFiles: chat.maxFiles };
    },
    send: (text: string, attachments: ContentBlock[]) => void chat.send(text, attachments),
    stop: () => chat.stop(),
  });
}

export function conversationsHost(
  w: ElementWiring,
  { shell, session, view }: Pick<ChatFeatures, 'shell' | 'session' | 'view'>,
): ChatConversationsHost {
  const { chat } = w;
  const { announce, reportError, focus } = reporting(w, shell);
  return hostOf<ChatConversationsHost>(w, {
    get text() {
      return w.text.t;
    },
    get store() {
      return chat.chatStore;
    },
    announce,
    reportError,
    // A conversation found by search opens at the message that matched (its `seq` in the store).
    openAt: async (id: string, seq?: number) => {
      await chat.openConversation(id);
      if (seq === undefined || session.conversation?.id !== id) return;
      await session.whenLoaded();
      const index = session.indexOfSeq(seq);
      if (index >= 0) await view.showMessage(index);
    },
    newConversation: () => chat.newConversation(),
    focus,
    pickImport: () => chat.renderRoot.querySelector<HTMLInputElement>('input.import')?.click(),
    get renderRoot() {
      return chat.renderRoot;
    },
  });
}

export function inputsHost(
  w: ElementWiring,
  { shell, session, scroll }: Pick<ChatFeatures, 'shell' | 'session' | 'scroll'>,
): InputRequestsHost {
  const { chat } = w;
  return hostOf<InputRequestsHost>(w, {
    addEventListener: chat.addEventListener.bind(chat),
    removeEventListener: chat.removeEventListener.bind(chat),
    dispatchEvent: (event: Event) => chat.dispatchEvent(event),
    get text() {
      return w.text.t;
    },
    servers: chat.serverSet,
    get provider() {
      return chat.chatProvider;
    },
    get store() {
      return chat.chatStore;
    },
    get theme() {
      return chat.theme;
    },
    get storageKey() {
      return chat.storageKey;
    },
    get conversationId() {
      return session.conversation?.id;
    },
    get calls() {
      return session.calls;
    },
    get messages() {
      return session.messages;
    },
    messagesReady: messagesReady(w),
    requestArea: () => (chat.renderRoot.querySelector<HTMLElement>('.requests') ?? chat.renderRoot) as HTMLElement,
    showInList: (element: HTMLElement) => scroll.showInList(element),
    attachFiles: (files: File[]) => chat.attachFiles(files),
    reportError: reporting(w, shell).reportError,
  });
}

export function appsHost(w: ElementWiring, { shell, session, scroll }: Pick<ChatFeatures, 'shell' | 'session' | 'scroll'>): ChatAppsHost {
  const { chat } = w;
  const { announce, reportError } = reporting(w, shell);
  return hostOf<ChatAppsHost>(w, {
    addEventListener: chat.addEventListener.bind(chat),
    removeEventListener: chat.removeEventListener.bind(chat),
    dispatchEvent: (event: Event) => chat.dispatchEvent(event),
    get text() {
      return w.text.t;
    },
    get policy() {
      return chat.policy;
    },
    get alwaysAllowed() {
      return session.alwaysAllowed;
    },
    announce,
    showInList: (element: HTMLElement) => scroll.showInList(element),
    servers: chat.serverSet,
    get messages() {
      return session.messages;
    },
    get streaming() {
      return session.streaming;
    },
    get theme() {
      return chat.theme;
    },
    get sandboxUrl() {
      return chat.sandboxUrl;
    },
    get canSendAppMessage() {
      return !!chat.chatProvider;
    },
    // An app's `ui/message`: the person's next message, sent once the running turn or call has ended.
    sendAppMessage: (content: ContentBlock[]) => void session.whenIdle().then(() => chat.send('', content)),
    get savedAppViews() {
      return session.conversation?.metadata[APP_VIEWS_META_KEY];
    },
    // After the saves before it: the conversation is saved by then if it is going to be.
    saveAppView: (toolUseId: string, saved: SavedAppView) =>
      session.saved().then(() => {
        const id = session.conversation?.id;
        return id ? session.saveMetadata(id, APP_VIEWS_META_KEY, (all) => withSavedView(all, toolUseId, saved)) : false;
      }),
    recordAppCall: (use: Message, result: Message) =>
      void session.whenIdle().then(() => (void session.append(use), session.append(result))),
    reportError,
    get renderRoot() {
      return chat.renderRoot;
    },
  });
}

export function serversHost(
  w: ElementWiring,
  { shell, settings, discovery }: Pick<ChatFeatures, 'shell' | 'settings' | 'discovery'>,
  intents: ChatIntents,
): ChatServersHost {
  const { chat } = w;
  const { announce, reportError, focus } = reporting(w, shell);
  return hostOf<ChatServersHost>(w, {
    get storageKey() {
      return chat.storageKey;
    },
    servers: chat.serverSet,
    get fixedServers() {
      return chat.fixedServers;
    },
    get allowKeyStorage() {
      return chat.allowKeyStorage;
    },
    get text() {
      return w.text.t;
    },
    serversEdited: () => intents.ask('servers-edited'),
    announce,
    addEventListener: (type: string, listener: EventListener) => chat.addEventListener(type, listener),
    removeEventListener: (type: string, listener: EventListener) => chat.removeEventListener(type, listener),
    // ChatTrace: the model's API key is scrubbed from every exported trace.
    traceSecrets: () => [settings.currentConfig().apiKey ?? ''].filter(Boolean),
    get pageServers() {
      return [...(chat.server ? [chat.server] : []), ...chat.servers, ...discovery.servers];
    },
    reportError,
    dispatchEvent: (event: Event) => chat.dispatchEvent(event),
    focus,
    addressField: () => chat.renderRoot.querySelector<HTMLInputElement>('.add-server input') ?? undefined,
    get registry() {
      return chat.registry;
    },
    get theme() {
      return chat.theme;
    },
  });
}

export function discoveryHost(w: ElementWiring, { shell }: Pick<ChatFeatures, 'shell'>, intents: ChatIntents): ChatDiscoveryHost {
  const { chat } = w;
  return hostOf<ChatDiscoveryHost>(w, {
    get auto() {
      return chat.auto;
    },
    get discoveryOrigin() {
      return chat.discoveryOrigin;
    },
    get givesServers() {
      return Boolean(chat.server) || chat.servers.length > 0;
    },
    get text() {
      return w.text.t;
    },
    announce: reporting(w, shell).announce,
    get oauthRedirect() {
      return chat.oauthRedirect;
    },
    serversEdited: () => intents.ask('servers-edited'),
  });
}

export function resourcesHost(w: ElementWiring, { shell }: Pick<ChatFeatures, 'shell'>): ChatResourcesHost {
  const { chat } = w;
  return hostOf<ChatResourcesHost>(w, {
    servers: chat.serverSet,
    get text() {
      return w.text.t;
    },
    get theme() {
      return chat.theme;
    },
    messagesCode: w.messagesCode,
    previewDialog: () => chat.renderRoot.querySelector<HTMLDialogElement>('dialog.preview') ?? undefined,
    attachBlocks: (blocks: ContentBlock[]) => setAttachments(w)([...chat.attachments, ...blocks]),
    reportError: reporting(w, shell).reportError,
  });
}

export function pageToolsHost(w: ElementWiring, { shell, scroll }: Pick<ChatFeatures, 'shell' | 'scroll'>): ChatPageToolsHost {
  const { chat } = w;
  return hostOf<ChatPageToolsHost>(w, {
    servers: chat.serverSet,
    get text() {
      return w.text.t;
    },
    announce: reporting(w, shell).announce,
    dispatchEvent: (event: Event) => chat.dispatchEvent(event),
    messagesReady: messagesReady(w),
    get policy() {
      return chat.policy;
    },
    get renderRoot() {
      return chat.renderRoot;
    },
    showInList: (element: HTMLElement) => scroll.showInList(element),
    /** Not a closed launcher: what the chat shows can be seen. */
    get inSight() {
      return !chat.launcher || chat.open;
    },
  });
}

export function voiceHost(w: ElementWiring, { shell }: Pick<ChatFeatures, 'shell'>): ChatVoiceHost {
  const { chat } = w;
  return hostOf<ChatVoiceHost>(w, {
    get text() {
      return w.text.t;
    },
    get lang() {
      return w.text.lang || document.documentElement.lang || navigator.language || 'en';
    },
    get transcribe() {
      return chat.transcribe;
    },
    get noVoice() {
      return chat.noVoice;
    },
    adoptStyles: (styles: CSSResult) => addStyles(chat.renderRoot as ShadowRoot, styles),
    input: () => chat.renderRoot.querySelector<HTMLTextAreaElement>('textarea.input'),
    announce: (text: string) => shell.announce(text),
    showError: (text: string) => shell.showError(text),
    // As the composer sends: the text with what is attached, and the attachments cleared.
    send: (text: string) => {
      const attachments = chat.attachments;
      setAttachments(w)([]);
      void chat.send(text, attachments);
    },
  });
}
