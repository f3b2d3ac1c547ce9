// The chat's intents: how a feature built earlier reaches one built later.
// compose.ts builds the features in dependency order, each with the handles of
// those before it; where two truly depend on each other, the earlier one's
// host asks by a named, typed intent and the later one, its owner, handles it
// once built (as Material's menu asks its list by a `request-selection`
// event). No feature holds a late-bound handle to another; each intent names
// what is asked and who answers. Part of wiring/, above the features.
import type { TurnResult } from '../../../agent/types.js';
import type { ContentBlock } from '../../../content/index.js';

/** Each intent: what the asker gives, and what its owner answers. */
export interface ChatIntentMap {
  /** session -> persistence: the page's store is open (or could not be): a first save waits for it. */
  'store-ready': [detail: void, answer: Promise<void>];
  /** session -> apps: what live app views asked the model to know (`ui/update-model-context`): text for the system prompt, and pictures. */
  'model-context': [detail: void, answer: { prompt?: string; pictures: ContentBlock[] } | undefined];
  /** session -> apps: a tool call's arguments are streaming in (an app view shows them as they come). */
  'tool-input-streaming': [detail: { id: string; name: string; argumentsText: string }, answer: void];
  /** session -> scroll and the analytics: the streaming answer changed. */
  'stream-changed': [detail: void, answer: void];
  /** session -> scroll: another conversation is about to be shown (the list starts at its newest message). */
  'conversation-shown': [detail: void, answer: void];
  /** session -> conversations: a conversation was created (the open list shows it). */
  'conversation-created': [detail: void, answer: void];
  /** session -> the analytics: a turn ended (`mcp-answer`). */
  'turn-ended': [detail: TurnResult, answer: void];
  /** palette -> composer: the text that chose a command is cleared. */
  'composer-clear': [detail: void, answer: void];
  /** palette -> composer: focus goes back to where the person types. */
  'composer-focus': [detail: void, answer: void];
  /** discovery and the server edits -> servers: the chat's list of servers changed; connections follow it. */
  'servers-edited': [detail: void, answer: void];
}

export type ChatIntent = keyof ChatIntentMap;

/** Every intent, for the check that each has an owner (the type makes it complete). */
const EVERY_INTENT: Record<ChatIntent, true> = {
  'store-ready': true,
  'model-context': true,
  'tool-input-streaming': true,
  'stream-changed': true,
  'conversation-shown': true,
  'conversation-created': true,
  'turn-ended': true,
  'composer-clear': true,
  'composer-focus': true,
  'servers-edited': true,
};
type Detail<K extends ChatIntent> = ChatIntentMap[K][0];
type Answer<K extends ChatIntent> = ChatIntentMap[K][1];

/** One chat's intents and their owners. */
export class ChatIntents {
  readonly #owners = new Map<ChatIntent, (detail: never) => unknown>();

  /** `name`'s owner answers it from now on (one owner per intent: a second is a wiring mistake). */
  handle<K extends ChatIntent>(name: K, owner: (detail: Detail<K>) => Answer<K>): void {
    if (this.#owners.has(name)) throw new Error(`The chat's "${name}" intent already has an owner.`);
    this.#owners.set(name, owner as (detail: never) => unknown);
  }

  /** Asks `name`'s owner. Every owner is in place once the chat is composed (compose.ts checks it). */
  ask<K extends ChatIntent>(name: K, ...detail: Detail<K> extends void ? [] : [Detail<K>]): Answer<K> {
    const owner = this.#owners.get(name);
    if (!owner) throw new Error(`The chat's "${name}" intent has no owner.`);
    return (owner as (detail: Detail<K>) => Answer<K>)(detail[0] as Detail<K>);
  }

  /** The intents that have no owner yet (none once the chat is composed: compose.ts checks). */
  unowned(): ChatIntent[] {
    return (Object.keys(EVERY_INTENT) as ChatIntent[]).filter((name) => !this.#owners.has(name));
  }
}
