// The conversation feature's leaf contract: the constants and types its lazy
// chunks (model.chunk.ts, resume.chunk.ts) share with the session that loads
// them. It imports nothing of the feature, so a chunk importing it never
// reaches back up to the session or the loader (docs/architecture.md).
import type { ReactiveControllerHost } from 'lit';
import type { ApprovalPolicy, TurnResult } from '../../../agent/types.js';
import type { ContentBlock, ToolCallOutcome, ToolResultBlock, ToolUseBlock } from '../../../content/index.js';
import type { ToolTaskRecord } from '../../../content/tool-result.js';
import type { HistoryStore } from '../../../history/index.js';
import type { ModelProvider } from '../../../providers/types.js';
import type { ChatErrorSource } from '../contract.js';
import type { ServerSet } from '../servers/server-set.js';
import type { ChatStrings } from '../strings.js';

/** What the session needs from its element. Read at the moment of use, so property changes apply to the next turn. */
export interface ChatSessionHost extends ReactiveControllerHost {
  /** The chat's interface text (strings table). */
  readonly text: ChatStrings;
  readonly servers: ServerSet;
  readonly provider: ModelProvider | undefined;
  readonly store: HistoryStore | undefined;
  /** Resolves once the history store is open (or known to be none): saves wait for it, so a message sent before it opened is kept. */
  whenStore(): Promise<void>;
  /** The element's turn settings (`system-prompt`, `max-rounds`, `policy`, `model`), and the pictures app views asked the model to see. */
  readonly turnSettings: {
    systemPrompt?: string;
    appContext?: { prompt?: string; pictures: ContentBlock[] };
    maxRounds: number;
    policy?: ApprovalPolicy;
    model?: string;
  };
  /** Called for every streamed piece (the element repaints once per frame). */
  streamChanged(): void;
  /** A model streams the arguments of tool call `id` (`name`): the JSON text so far (an app view shows them as they come). */
  toolInputStreaming?(id: string, name: string, argumentsText: string): void;
  /** Tells screen reader users something, politely. */
  announce(text: string): void;
  /** Reports an error to the person and as an `mcp-chat-error` event. */
  reportError(source: ChatErrorSource, message: string, error: unknown): void;
  /** A conversation was created in the store (the list of conversations changed). */
  conversationCreated(): void;
  /** A stored conversation is about to be shown in place of the current one (the list shows its newest messages, following the end). */
  conversationShown(): void;
  /** A turn ended (the element fires `mcp-turn-end`). */
  turnEnded(result: TurnResult): void;
  /** A tool waits for the person's approval (`tool`: its title, else its name); the card asks on screen. */
  approvalAsked?(tool: string): void;
  /** A tool call ended (the element fires `mcp-tool-call`). */
  toolCalled(use: ToolUseBlock, result: ToolResultBlock, status: ToolCallOutcome, server?: string): void;
}

/** Marks tool calls the person ran from the palette (not asked by a model). */
export const MANUAL_META_KEY = 'mcp-elements/manual';

/**
 * Marks an assistant answer whose stream never finished (saved as it
 * streamed, then the page went away; or the stream failed or was stopped).
 * While it streams, its text is saved about once a second (and on
 * `pagehide`), each save replacing the previous one through
 * `REPLACES_META_KEY`; the finished answer replaces the last of them.
 */
export const INTERRUPTED_META_KEY = 'mcp-elements/interrupted';

/** Follows the MCP task of one call: `ontask` for the call's options, the task's id once known, `end` when the call ends. */
export interface TaskTracker {
  ontask: (task: { taskId: string; statusMessage?: string }) => void;
  id: () => string | undefined;
  end: () => void;
}

/** Web Locks name of a task: the tab following it holds it, so another tab does not follow it too. */
export const taskLock = (task: ToolTaskRecord) => `mcp-elements/task/${task.server}/${task.id}`;
