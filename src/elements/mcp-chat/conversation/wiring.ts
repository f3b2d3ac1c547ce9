// The conversation's part of the chat's wiring: what the session, the scroll,
// the view and persistence read from the element, and the element's
// conversation methods (send, open, new) written once here.
import type { ReactiveController } from 'lit';
import type { TurnResult } from '../../../agent/types.js';
import type { ContentBlock, Message, ToolCallOutcome, ToolResultBlock, ToolUseBlock } from '../../../content/index.js';
import { McpMessageSendEvent } from '../../../events/message-send.js';
import { McpToolCallEvent } from '../../../events/tool-call.js';
import { McpTurnEndEvent } from '../../../events/turn-end.js';
import { errorInWords } from '../error-words.js';
import type { Wiring } from '../wiring.js';
import { renderEmptyState, type StarterView } from './empty-state.js';
import { visibleMessages } from './messages.js';

/** The conversation's members of the features' host. */
export function conversationWiring(w: Wiring) {
  const { chat } = w;
  const session = () => w.f.session;
  return {
    get store() {
      return chat.chatStore;
    },
    get pageStore() {
      return chat.store;
    },
    whenStore: () => w.f.persistence.whenStore(),
    get storageKey() {
      return chat.storageKey;
    },
    get turnSettings() {
      // What app views asked the model to know (ui/update-model-context) goes with every turn after it.
      const systemPrompt = [chat.systemPrompt, w.f.apps.contextPrompt()].filter(Boolean).join('\n\n') || undefined;
      return { systemPrompt, maxRounds: w.maxRounds, policy: chat.policy, model: chat.model };
    },
    get streaming() {
      return session().streaming;
    },
    get messages() {
      return session().messages;
    },
    get calls() {
      return session().calls;
    },
    get chatBusy() {
      return session().busy;
    },
    get conversationId() {
      return session().conversation?.id;
    },
    get policy() {
      return chat.policy;
    },
    get alwaysAllowed() {
      return session().alwaysAllowed;
    },
    messagesCode: w.messagesCode,
    streamChanged: () => w.f.scroll.streamChanged(),
    conversationCreated: () => {
      if (chat.panel === 'conversations') w.f.conversations.refresh();
    },
    // Before the messages change: the one update that shows them renders the newest first.
    conversationShown: () => w.f.scroll.reset(),
    turnEnded: (result: TurnResult) => {
      if (result.reason === 'maxRounds') w.f.shell.showError(w.text.t.maxRounds(result.rounds));
      chat.dispatchEvent(new McpTurnEndEvent(result.reason, result.messages, result.rounds));
    },
    toolCalled: (use: ToolUseBlock, result: ToolResultBlock, status: ToolCallOutcome, server?: string) =>
      void chat.dispatchEvent(new McpToolCallEvent(use, result, status, server)),
    reopen: (id: string) => session().open(id, messageCode(w)),
    mergeStored: (id: string, fromSeq: number, toSeq: number) => session().mergeStored(id, fromSeq, toSeq),
    messagesReady: async () => {
      if (!w.messagesCode.value) await w.messagesCode.load().catch(() => {});
      await chat.updateComplete;
    },
    showInList: (element: HTMLElement) => w.f.scroll.showInList(element),
  };
}

/** `send()`: the person's message joins the conversation and the model answers (when one is set up). */
export async function sendMessage(w: Wiring, text: string, attachments: ContentBlock[]): Promise<void> {
  const { chat, f } = w;
  const content: Message['content'] = [...attachments];
  if (text.trim()) content.unshift({ type: 'text', text });
  if (!content.length || f.session.busy) return;
  const message: Message = { role: 'user', content };
  if (!chat.dispatchEvent(new McpMessageSendEvent(message))) return;
  f.scroll.follow();
  await f.session.append(message);
  if (await f.settings.blocked(f.session.conversation?.id)) return;
  await f.session.runTurn();
}

/** `newConversation()`. */
export function newConversation(w: Wiring): void {
  w.f.view.stopEditing();
  w.f.session.clear();
  w.f.scroll.reset();
  w.f.persistence.forgetOpen();
  w.f.composer.focus();
}

/** `openConversation()`: a failure is said above the composer. */
export async function openConversation(w: Wiring, id: string): Promise<void> {
  try {
    await w.f.session.open(id, messageCode(w));
  } catch (error) {
    w.f.shell.reportError('history', w.text.t.openFailed(errorInWords(error, w.text.t)), error);
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
function messageCode(w: Wiring): Promise<void> | undefined {
  const code = w.messagesCode;
  const engine = code.value?.markdownReady();
  if (code.value && !engine) return undefined;
  const ready = (engine ?? code.load().then((m) => m.markdownReady(), () => {})).catch((error: Error) => w.f.shell.showError(error.message));
  return Promise.race([ready, new Promise<void>((resolve) => setTimeout(resolve, 1000))]);
}

/** Something the message elements draw is on screen (messages, an answer streaming in, a resource preview). */
export function showsMessages(w: Wiring): boolean {
  const { session, resources } = w.f;
  return visibleMessages(session.messages).length > 0 || Boolean(session.streaming) || resources.previewing;
}

/** The empty state's suggestions: `starters`, else the connected servers' prompts. */
function starters(w: Wiring): StarterView[] {
  const { chat, f } = w;
  if (chat.starters) {
    return chat.starters.map((s) => {
      const { label, text, description } = typeof s === 'string' ? { label: s, text: s, description: undefined } : s;
      return { label, description, run: () => (chat.chatProvider ? void chat.send(text) : f.composer.offer(text)) };
    });
  }
  return chat.serverSet
    .listPrompts()
    .slice(0, 4)
    .map(({ prompt, connection }) => ({
      label: prompt.title ?? prompt.name,
      description: prompt.description,
      run: () => void f.palette.choose({ kind: 'prompt', name: prompt.name, title: prompt.title ?? prompt.name, description: prompt.description, server: connection.name, prompt, connection }),
    }));
}

/** The empty state, while nothing is in the conversation: the connected servers, their tools, starters. */
export function renderEmpty(w: Wiring) {
  const { chat, f } = w;
  if (visibleMessages(f.session.messages).length > 0 || f.session.streaming) return undefined;
  // Connected, or still loading prompts and resources with the tools in: the tools are shown at once.
  const connected = chat.serverSet.connections.filter((c) => c.toolsReady);
  const view = { servers: connected.map((c) => chat.serverSet.nameOf(c)), tools: chat.serverSet.listTools().length, starters: starters(w), noModel: !chat.chatProvider, serverNote: f.discovery.renderNotice(w.text.t) };
  return renderEmptyState(view, () => (chat.panel = 'settings'), w.text.t);
}

/** While a call runs, the chat repaints once a second so the time it has waited is shown (registered with the element). */
export function waitClock(w: Wiring): ReactiveController {
  let tick: ReturnType<typeof setTimeout> | undefined;
  return {
    hostUpdated() {
      if (tick !== undefined || !w.f.session.calls.anyRunning) return;
      tick = setTimeout(() => {
        tick = undefined;
        w.chat.requestUpdate();
      }, 1000);
    },
  };
}
