// The conversation's part of the chat's wiring: what the session, the scroll,
// the view and persistence read from the element.
import type { TurnResult } from '../../../agent/types.js';
import type { ToolCallOutcome, ToolResultBlock, ToolUseBlock } from '../../../content/index.js';
import { McpToolCallEvent } from '../../../events/tool-call.js';
import { McpTurnEndEvent } from '../../../events/turn-end.js';
import { messageCode } from './orchestration.js';
import type { Wiring } from './types.js';

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
