// The chat's orchestration, above its features: what the element's methods
// and its layout do across features (send, open, new conversation, the empty
// state, the side panel, Escape). Features never import it. Each function
// is given the element's wiring (types.ts) and, as a typed parameter, only the
// features it reads (`Pick<ChatFeatures, …>`: the element passes what it
// composed); nothing here holds a handle to every feature. See "The chat as
// features" in docs/architecture.md.
import { html, nothing, type ReactiveController } from 'lit';
import type { ContentBlock, Message } from '../../../content/index.js';
import { McpMessageSendEvent } from '../../../events/message-send.js';
import type { McpConnection } from '../../../mcp/connection.js';
import { icon } from '../../shared/icons.js';
import { errorInWords } from '../error-words.js';
import { renderEmptyState, type StarterView } from '../conversation/empty-state.js';
import { visibleMessages } from '../conversation/messages.js';
import { renderServerProblems, renderSignInNotice } from '../servers/notices.js';
import { renderHeader } from '../shell/header.js';
import type { ChatPanel } from '../shell/panel.js';
import type { ChatFeatures, ElementWiring } from './types.js';
import { questionAsked } from './analytics.js';

/** `send()`: the person's message joins the conversation and the model answers (when one is set up). */
export async function sendMessage(
  { chat }: ElementWiring,
  { session, scroll, settings }: Pick<ChatFeatures, 'session' | 'scroll' | 'settings'>,
  text: string,
  attachments: ContentBlock[],
): Promise<void> {
  const content: Message['content'] = [...attachments];
  if (text.trim()) content.unshift({ type: 'text', text });
  if (!content.length || session.busy) return;
  const message: Message = { role: 'user', content };
  if (!chat.dispatchEvent(new McpMessageSendEvent(message))) return;
  scroll.follow();
  await session.append(message);
  if (await settings.blocked(session.conversation?.id)) return;
  questionAsked(chat, session, message);
  await session.runTurn();
}

/** `newConversation()`. */
export function newConversation({
  view,
  session,
  scroll,
  persistence,
  composer,
}: Pick<ChatFeatures, 'view' | 'session' | 'scroll' | 'persistence' | 'composer'>): void {
  view.stopEditing();
  session.clear();
  scroll.reset();
  persistence.forgetOpen();
  composer.focus();
}

/** `openConversation()`: a failure is said above the composer. */
export async function openConversation(
  w: ElementWiring,
  { session, shell }: Pick<ChatFeatures, 'session' | 'shell'>,
  id: string,
): Promise<void> {
  try {
    await session.open(id, messageCode(w, shell));
  } catch (error) {
    shell.reportError('history', w.text.t.openFailed(errorInWords(error, w.text.t)), error);
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
export function messageCode(w: ElementWiring, shell: Pick<ChatFeatures['shell'], 'showError'>): Promise<void> | undefined {
  const code = w.messagesCode;
  const engine = code.value?.markdownReady();
  if (code.value && !engine) return undefined;
  const ready = (
    engine ??
    code.load().then(
      (m) => m.markdownReady(),
      () => {},
    )
  ).catch((error: Error) => shell.showError(error.message));
  return Promise.race([ready, new Promise<void>((resolve) => setTimeout(resolve, 1000))]);
}

/** Something the message elements draw is on screen (messages, an answer streaming in, a resource preview). */
export function showsMessages({ session, resources }: Pick<ChatFeatures, 'session' | 'resources'>): boolean {
  return visibleMessages(session.messages).length > 0 || Boolean(session.streaming) || resources.previewing;
}

/**
 * The questions of `starters-tool`, else of `starters-prompt`: undefined while they are read (their code,
 * wiring/server-starters.ts, loads first, at the first empty state that needs it), none when they could not
 * be (nor their code loaded: the chat's own suggestions are shown instead).
 */
function serverStarters(w: ElementWiring): readonly string[] | undefined {
  const { chat, startersCode } = w;
  const code = startersCode.value;
  if (!code) {
    if (startersCode.failedWithin(5000)) return [];
    void startersCode.load().then(
      () => chat.requestUpdate(),
      () => chat.requestUpdate(),
    );
    return undefined;
  }
  const changed = () => chat.requestUpdate();
  if (chat.startersTool) {
    const questions = code.serverToolQuestions(chat.serverSet.connections, chat.startersTool, changed);
    if (questions?.length !== 0 || !chat.startersPrompt) return questions;
  }
  return chat.startersPrompt ? code.serverQuestions(chat.serverSet.connections, chat.startersPrompt, changed) : [];
}

/** The empty state's suggestions: `starters`, else the questions of `starters-tool` or `starters-prompt`, else the connected servers' prompts. */
function starters(w: ElementWiring, { composer, palette }: Pick<ChatFeatures, 'composer' | 'palette'>): StarterView[] {
  const { chat } = w;
  const ask = (text: string) => (chat.chatProvider ? void chat.send(text) : composer.offer(text));
  if (!chat.starters && (chat.startersTool || chat.startersPrompt)) {
    const questions = serverStarters(w);
    if (!questions) return [];
    if (questions.length) return questions.map((q) => ({ label: q, run: () => ask(q) }));
  }
  if (chat.starters) {
    return chat.starters.map((s) => {
      const { label, text, description } = typeof s === 'string' ? { label: s, text: s, description: undefined } : s;
      return { label, description, run: () => ask(text) };
    });
  }
  return chat.serverSet
    .listPrompts()
    .slice(0, 4)
    .map(({ prompt, connection }) => ({
      label: prompt.title ?? prompt.name,
      description: prompt.description,
      run: () =>
        void palette.choose({
          kind: 'prompt',
          name: prompt.name,
          title: prompt.title ?? prompt.name,
          description: prompt.description,
          server: connection.name,
          prompt,
          connection,
        }),
    }));
}

/** What the empty state reads: the conversation, the model's state, discovery's note, and where a starter goes. */
export type EmptyFeatures = Pick<ChatFeatures, 'session' | 'settings' | 'discovery' | 'composer' | 'palette'>;

/** The empty state, while nothing is in the conversation: the connected servers, their tools, starters. */
export function renderEmpty(w: ElementWiring, f: EmptyFeatures) {
  const { chat } = w;
  const { session, settings, discovery } = f;
  if (visibleMessages(session.messages).length > 0 || session.streaming) return undefined;
  // Connected, or still loading prompts and resources with the tools in: the tools are shown at once.
  const connected = chat.serverSet.connections.filter((c) => c.toolsReady);
  const view = {
    servers: connected.map((c) => chat.serverSet.nameOf(c)),
    // The connected servers' tools, as the Servers panel counts them (also those only their apps call, hidden from the model).
    tools: connected.reduce((n, c) => n + c.tools.length, 0),
    starters: starters(w, f),
    noModel: !chat.chatProvider,
    openModelOffered: settings.openModelOffered,
    modelPending: settings.modelPending,
    serverNote: discovery.renderNotice(w.text.t),
  };
  return renderEmptyState(view, () => setPanel(w, 'settings'), w.text.t);
}

/** While a call runs, the chat repaints once a second so the time it has waited is shown (registered with the element). */
export function waitClock({ chat }: ElementWiring, { session }: Pick<ChatFeatures, 'session'>): ReactiveController {
  let tick: ReturnType<typeof setTimeout> | undefined;
  return {
    hostUpdated() {
      if (tick !== undefined || !session.calls.anyRunning) return;
      tick = setTimeout(() => {
        tick = undefined;
        chat.requestUpdate();
      }, 1000);
    },
  };
}

/**
 * Opens a panel, or closes the panels (`undefined`): the one place the
 * element's `panel` is written; `focus` is what gets focus once it has
 * updated (the panel, or what opened it).
 */
export function setPanel(w: ElementWiring, panel: ChatPanel | undefined, focus?: string): void {
  w.chat.panel = panel;
  if (focus) void w.focusAfterUpdate(focus);
}

/** Opens a panel (or closes the panels) and moves focus into it. */
function showPanel(w: ElementWiring, panel: ChatPanel | undefined): void {
  setPanel(w, panel, '[part="panel"]');
}

/** The launcher's panel closes and focus returns to the launcher's button. */
export function closeLauncher(w: ElementWiring): void {
  w.chat.open = false;
  void w.focusAfterUpdate('.launcher-button');
}

/**
 * Escape (not taken by the menu's popover, a form or the composer) closes
 * the open panel, then the launcher's panel; focus returns to what opened it.
 */
export function onEscape(w: ElementWiring, { voice }: Pick<ChatFeatures, 'voice'>, event: KeyboardEvent): void {
  const { chat } = w;
  // The open menu takes this Escape itself (a popover): one Escape closes one thing.
  if (event.key !== 'Escape' || event.defaultPrevented || chat.renderRoot.querySelector('.menu:popover-open')) return;
  // Dictating: Escape cancels it (the composer's text goes back to what was typed before).
  if (voice.onEscape()) return void event.preventDefault();
  if (chat.panel) setPanel(w, undefined, '.more');
  else if (chat.launcher && chat.open) closeLauncher(w);
  else return;
  event.preventDefault();
}

/** The header: `shown` are the servers to name (connections, and those whose connection cannot start yet). */
export function renderChatHeader(w: ElementWiring, { settings }: Pick<ChatFeatures, 'settings'>, shown: readonly McpConnection[]) {
  const { chat } = w;
  return renderHeader(
    {
      connections: shown,
      panel: chat.panel,
      model: settings.modelName(),
      models: settings.models,
      closable: chat.launcher,
      text: w.text.t,
    },
    {
      showPanel: (p) => showPanel(w, p),
      newConversation: () => chat.newConversation(),
      chooseModel: (m) => settings.chooseModel(m),
      nameOf: (c) => chat.serverSet.nameOf(c),
      close: () => closeLauncher(w),
    },
  );
}

/** What the side panel draws: each panel's feature (and the shell that frames them). */
export type PanelFeatures = Pick<
  ChatFeatures,
  'shell' | 'conversations' | 'session' | 'servers' | 'discovery' | 'pageTools' | 'settings' | 'resources' | 'sync'
>;

/** The open side panel, if any: its frame, and the content the feature it belongs to draws with the panels' code (shell/panel.ts). */
export function renderPanel(w: ElementWiring, f: PanelFeatures) {
  const { chat } = w;
  const panel = chat.panel;
  if (!panel) return nothing;
  const t = w.text.t;
  const content = f.shell.renderPanelContent(t, (panels) => {
    switch (panel) {
      case 'conversations':
        return f.conversations.renderPanel(panels, {
          hasStore: Boolean(chat.chatStore),
          persistent: chat.chatStore?.persistent ?? false,
          currentId: f.session.conversation?.id,
          text: t,
          lang: w.text.lang,
          above: f.sync?.renderSection(t),
        });
      case 'servers': {
        const servers = f.servers.renderPanel(panels, f.session.toolSelection, w.text.lang, f.discovery.note(t));
        return html`${servers}${panels.renderPageToolsSection(f.pageTools.status, t)}`;
      }
      case 'settings':
        return panels.renderModelSettingsPanel(f.settings, t, () => setPanel(w, undefined));
      case 'resources':
        return f.resources.renderPanel(panels.renderResourcesPanel);
      default: {
        const never: never = panel;
        return never;
      }
    }
  });
  return html`<aside part="panel" class="panel" tabindex="-1" aria-label=${t[panel]}>
    <button class="icon-button panel-close" aria-label=${t.closePanel} data-tip=${t.close} data-tip-end
      @click=${() => setPanel(w, undefined)}>${icon('x')}</button>
    ${content}
  </aside>`;
}

/**
 * Servers to show: the connections, and those whose connection cannot start yet (the connecting code loads, or
 * failed to), shown as connecting, or failed with Retry.
 */
export function shownServers(w: ElementWiring): McpConnection[] {
  const set = w.chat.serverSet;
  return [...set.connections, ...(set.pending as unknown as McpConnection[])];
}

/** Above the composer: servers that need sign-in, and those that could not be reached. */
export function renderServerNotices(w: ElementWiring, { servers }: Pick<ChatFeatures, 'servers'>) {
  const t = w.text.t;
  return [renderSignInNotice(w.chat.serverSet.connections, (c) => servers.signIn(c), t), renderServerProblems(shownServers(w), t)];
}
