import type { Message, ToolUseBlock } from '../../../content/index.js';
import type { Conversation, StoredMessage } from '../../../history/index.js';
import type { saveMessages } from '../../../history/save.js';
import type { Loader } from '../../shared/lazy.js';
import { errorInWords } from '../error-words.js';
import type { ChatSessionHost } from './contract.js';
import { foldBranches, replacesFrom } from './conversation-branches.js';
import { mergeStored, mergeWhole } from './merge-stored.js';

/** A long conversation is shown from its last this-many messages first, then read whole in pieces of READ_PIECE. */
const FIRST_READ = 60;
const READ_PIECE = 1000;

/**
 * Resolves in a task of its own once the page is idle (after the frame that
 * shows what was rendered), or after `timeout` ms at the latest.
 */
function whenIdle(timeout: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout });
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/** What the messages need from the element. */
export type MessagesHost = Pick<
  ChatSessionHost,
  | 'text'
  | 'servers'
  | 'provider'
  | 'store'
  | 'whenStore'
  | 'turnSettings'
  | 'requestUpdate'
  | 'reportError'
  | 'conversationCreated'
  | 'conversationShown'
>;

/** What the one who appends a message does around it (`SessionCalls`: task ids, cards settled, task records dropped). */
export interface AppendHooks {
  /** The message as it is added (may return another one). */
  prepare?(message: Message): Message;
  /** The message is in the conversation (not saved yet). */
  shown?(message: Message): void;
  /** The message is saved in conversation `id` (runs in the save queue; a failure is the hook's to handle). */
  saved?(id: string, message: Message): Promise<void>;
}

/**
 * The messages of one `<mcp-chat>`'s conversation (the one place a tool
 * result lives) and its stored conversation: reading a stored one (a long
 * one in pieces), merging what another tab appended, and saving as messages
 * happen, in order. Its state is written only here.
 */
export class ConversationMessages {
  #messages: readonly Message[] = [];
  #conversation: Conversation | undefined;
  #saving: Promise<unknown> = Promise.resolve();
  #openGeneration = 0;
  #loading: Promise<void> = Promise.resolve();
  /** True while the older messages of the opened conversation are being read. */
  #pending = false;
  /** Store sequence numbers of the messages of the opened conversation. */
  #seqs = new WeakMap<Message, number>();
  readonly #host: MessagesHost;

  constructor(
    host: MessagesHost,
    private readonly save: Loader<{ saveMessages: typeof saveMessages }>,
  ) {
    this.#host = host;
  }

  /** The conversation's messages (MCP messages, as stored). */
  get messages(): readonly Message[] {
    return this.#messages;
  }

  /** The stored conversation shown, once it has one. */
  get conversation(): Conversation | undefined {
    return this.#conversation;
  }

  /** The older messages of the opened conversation are still being read ({@link whenLoaded} resolves when they are). */
  get reading(): boolean {
    return this.#pending;
  }

  /** Resolves when the opened conversation is wholly read (at once, unless a long one is being read). */
  whenLoaded(): Promise<void> {
    return this.#loading;
  }

  /** Empties the conversation (a new one is saved when its first message is). */
  clear(): void {
    this.#openGeneration += 1;
    this.#pending = false;
    this.#loading = Promise.resolve();
    this.#messages = [];
    this.#conversation = undefined;
  }

  /**
   * Shows stored conversation `id` (see `ChatSession.open`); `shown` runs as
   * its messages take the place of the ones shown. Resolves `'whole'` when the
   * whole conversation is shown, `'tail'` when its newest messages are and
   * the rest is being read, `undefined` when another was opened meanwhile.
   */
  async open(id: string, ready: Promise<unknown> | undefined, shown: () => void): Promise<'whole' | 'tail' | undefined> {
    const store = this.#host.store;
    if (!store) return undefined;
    const generation = ++this.#openGeneration;
    // `ready`: the code that draws the messages, loaded while the conversation is read (it never rejects).
    const [conversation] = await Promise.all([store.getConversation(id), ready]);
    if (!conversation) throw new Error(`There is no saved conversation ${id}.`);
    const seqs = new WeakMap<Message, number>();
    const toMessage = ({ role, content, _meta, seq }: StoredMessage): Message => {
      const message: Message = _meta ? { role, content, _meta } : { role, content };
      seqs.set(message, seq);
      return message;
    };
    if (conversation.messageCount > FIRST_READ * 2) {
      const tail = await store.loadLast(id, FIRST_READ);
      if (generation !== this.#openGeneration) return undefined;
      // Only when none of them replaces earlier messages (edits are rare): folding those needs the whole conversation.
      if (tail.length && !tail.some((m) => replacesFrom(m) !== undefined)) {
        const shownBySeq = new Map<number, Message>();
        this.#host.conversationShown();
        this.#host.requestUpdate();
        this.#conversation = conversation;
        this.#messages = tail.map((m) => {
          const message = toMessage(m);
          shownBySeq.set(m.seq, message);
          return message;
        });
        this.#seqs = seqs;
        shown();
        let loaded = () => {};
        this.#loading = new Promise<void>((resolve) => (loaded = resolve));
        this.#pending = true;
        void this.#readOlder(id, tail, shownBySeq, toMessage, generation).finally(() => {
          if (generation === this.#openGeneration) this.#pending = false;
          loaded();
        });
        return 'tail';
      }
    }
    const stored = await store.loadLast(id, Math.max(conversation.messageCount, 1));
    if (generation !== this.#openGeneration) return undefined;
    this.#host.conversationShown();
    this.#host.requestUpdate();
    this.#conversation = conversation;
    this.#messages = foldBranches(stored).map(toMessage);
    this.#seqs = seqs;
    this.#pending = false;
    this.#loading = Promise.resolve();
    shown();
    return 'whole';
  }

  /** Reads the messages before `tail` in pieces, then shows the whole conversation (the shown messages keep their identity, so they are not drawn again). */
  async #readOlder(
    id: string,
    tail: StoredMessage[],
    shown: Map<number, Message>,
    toMessage: (m: StoredMessage) => Message,
    generation: number,
  ): Promise<void> {
    const store = this.#host.store!;
    const pieces: StoredMessage[][] = [];
    let before = tail[0]!.seq;
    try {
      while (before > 1) {
        // A task of its own for each piece, the first once the newest messages are painted: the page stays responsive while a long conversation is read.
        await whenIdle(200);
        const piece = await store.loadBefore(id, before, READ_PIECE);
        if (generation !== this.#openGeneration) return;
        if (!piece.length) break;
        pieces.unshift(piece);
        before = piece[0]!.seq;
      }
    } catch (error) {
      if (generation === this.#openGeneration)
        this.#host.reportError('history', this.#host.text.olderNotRead(errorInWords(error, this.#host.text)), error);
      return;
    }
    if (generation !== this.#openGeneration) return;
    const stored = [...pieces.flat(), ...tail];
    this.#messages = foldBranches(stored).map((m) => shown.get(m.seq) ?? toMessage(m));
    this.#host.requestUpdate();
  }

  /** See `ChatSession.mergeStored`. */
  async mergeStored(id: string, fromSeq: number, toSeq: number): Promise<void> {
    const store = this.#host.store;
    if (!store || this.conversation?.id !== id) return;
    if (this.#pending) await this.#loading;
    await this.#saving;
    const generation = this.#openGeneration;
    const seqs = this.#seqs;
    const toMessage = ({ role, content, _meta, seq }: StoredMessage): Message => {
      const message: Message = _meta ? { role, content, _meta } : { role, content };
      seqs.set(message, seq);
      return message;
    };
    const rows = await store.loadBefore(id, toSeq + 1, toSeq - fromSeq + 1);
    if (generation !== this.#openGeneration || this.conversation?.id !== id) return;
    const shown = { messages: this.messages, seqOf: (m: Message) => seqs.get(m) };
    let merged = mergeStored(shown, rows, toMessage);
    if (!merged) {
      const conversation = await store.getConversation(id);
      const all = conversation ? await store.loadLast(id, Math.max(conversation.messageCount, 1)) : [];
      if (generation !== this.#openGeneration || this.conversation?.id !== id) return;
      merged = mergeWhole({ messages: this.messages, seqOf: shown.seqOf }, all, toMessage);
    }
    if (merged.length === this.messages.length && merged.every((m, i) => m === this.messages[i])) return;
    this.#messages = merged;
    this.#host.requestUpdate();
  }

  /** Where the stored message `seq` is in `messages` (-1: not there, e.g. replaced by an edit). */
  indexOfSeq(seq: number): number {
    return this.messages.findIndex((m) => this.#seqs.get(m) === seq);
  }

  async #ensureConversation(first: Message): Promise<string | undefined> {
    const store = this.#host.store;
    if (!store) return undefined;
    if (!this.#conversation) {
      const text = first.content.find((b) => b.type === 'text')?.text as string | undefined;
      const tool = first.content.find((b): b is ToolUseBlock => b.type === 'tool_use')?.name;
      this.#conversation = await store.createConversation({
        title:
          (text ?? (tool ? this.#host.text.toolTitle(tool) : this.#host.text.newConversation)).trim().slice(0, 80) ||
          this.#host.text.newConversation,
        servers: this.#host.servers.connections.map((c) => ({ url: c.url, name: c.name })),
        provider: this.#host.provider?.id,
        model: this.#host.turnSettings.model,
      });
      this.#host.conversationCreated();
      // An update remembers the new conversation as the open one (ChatPersistence.hostUpdated),
      // also when nothing else repaints (no model: no streaming follows).
      this.#host.requestUpdate();
    }
    return this.#conversation.id;
  }

  /** Adds a message to the conversation and saves it (saves are kept in order). */
  async append(message: Message, extra: Record<string, unknown> = {}, on: AppendHooks = {}): Promise<void> {
    if (this.#pending) await this.#loading;
    const added = on.prepare?.(message) ?? message;
    this.#messages = [...this.messages, added];
    on.shown?.(added);
    this.#host.requestUpdate();
    this.#saving = this.#saving.then(async () => {
      try {
        await this.#host.whenStore();
        const id = await this.#ensureConversation(added);
        const saved = id ? await (await this.save.load()).saveMessages(this.#host.store!, id, [{ ...added, ...extra }]) : undefined;
        // Its place in the store: another tab's rows are merged around it by this number (mergeStored).
        const row = saved?.stored.at(-1);
        if (row && this.conversation?.id === id) this.#seqs.set(added, row.seq);
        if (saved?.notice) this.#host.reportError('history', saved.notice, saved.notKept);
        if (id) await on.saved?.(id, added);
      } catch (error) {
        this.#host.reportError('history', this.#host.text.messageNotSaved(errorInWords(error, this.#host.text)), error);
      }
    });
    await this.#saving;
  }

  /** Shows a message without saving it (the answer streaming in). */
  show(message: Message): void {
    this.#messages = [...this.messages, message];
  }

  /** Keeps the messages before `index` only (what follows is replaced: edit and resend). */
  truncate(index: number): void {
    this.#messages = this.messages.slice(0, index);
  }

  /** Runs `task` after the saves queued before it (a failure is the task's to handle). */
  queueSave(task: () => Promise<unknown>): Promise<unknown> {
    this.#saving = this.#saving.then(task);
    return this.#saving;
  }

  /** Resolves when every save queued so far is done. */
  saved(): Promise<unknown> {
    return this.#saving;
  }

  /**
   * Changes the stored conversation's metadata now (read fresh: another tab
   * may have written), not in the save queue. Resolves false when there is
   * no store or no such conversation.
   */
  async updateMetadata(conversationId: string, change: (metadata: Record<string, unknown>) => Record<string, unknown>): Promise<boolean> {
    const store = this.#host.store;
    if (!store) return false;
    const current = await store.getConversation(conversationId);
    if (!current) return false;
    const updated = await store.updateConversation(conversationId, { metadata: change(current.metadata) });
    if (this.conversation?.id === conversationId) this.#conversation = updated;
    return true;
  }

  /** See `ChatSession.saveMetadata`. */
  saveMetadata(conversationId: string, key: string, change: (value: unknown) => unknown): Promise<boolean> {
    const next = this.#saving.then(() =>
      this.updateMetadata(conversationId, (metadata) => {
        const { [key]: old, ...rest } = metadata;
        const value = change(old);
        return value === undefined ? rest : { ...rest, [key]: value };
      }),
    );
    this.#saving = next.catch(() => undefined);
    return next;
  }
}
