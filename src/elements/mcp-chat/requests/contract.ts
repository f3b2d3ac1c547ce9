// What the input requests' feature and its chunks (elicit.chunk.ts,
// sampling.chunk.ts) share: the host they are given and how a request's
// element is put in the chat. Types only, so a chunk imports no controller.
import type { ReactiveControllerHost } from 'lit';
import type { Message } from '../../../content/index.js';
import type { HistoryStore } from '../../../history/index.js';
import type { InputRequestContext } from '../../../mcp/input-types.js';
import type { ModelProvider } from '../../../providers/types.js';
import type { ChatErrorSource } from '../contract.js';
import type { ToolCalls } from '../conversation/tool-calls.js';
import type { ServerSet } from '../servers/server-set.js';
import type { ChatStrings } from '../strings.js';

/** What the input requests need from their element. */
export interface InputRequestsHost extends ReactiveControllerHost, EventTarget {
  /** The chat's interface text (strings table). */
  readonly text: ChatStrings;
  readonly servers: ServerSet;
  readonly provider: ModelProvider | undefined;
  readonly store: HistoryStore | undefined;
  readonly theme?: 'light' | 'dark';
  /** Where the chat keeps its settings; sampling policies are kept under it across reloads. */
  readonly storageKey: string;
  /** The saved conversation shown now, if any (activity is logged to it). */
  readonly conversationId: string | undefined;
  /** The calls, to put a request under the call that caused it. */
  readonly calls: ToolCalls;
  readonly messages: readonly Message[];
  /** Resolves once the message elements are defined and drawn (a request may go under a tool call's card). */
  messagesReady(): Promise<void>;
  /** Where a request not tied to a known call goes (above the composer). */
  requestArea(): HTMLElement;
  /** Brings a request shown under a tool call (inside the message list) into view and keeps it there. */
  showInList(element: HTMLElement): void;
  /** Files pasted or dropped on the chat. */
  attachFiles(files: File[]): Promise<void>;
  reportError(source: ChatErrorSource, message: string, error: unknown): void;
}

/**
 * Puts a request's element under the tool call that caused it, or in the
 * request area when no tool call is known; returns a function that takes it
 * down (InputRequests' `#place`).
 */
export type PlaceRequest = (element: HTMLElement, context?: InputRequestContext) => () => void;
