import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { repeat } from 'lit/directives/repeat.js';
import type { Message } from '../../../content/index.js';
import type { ToolCallView } from '../../content/mcp-message/mcp-message.js';
// <mcp-message> (and the content elements inside it) is defined by <mcp-chat>
// when the first message is shown (a dynamic import: see mcp-chat.ts).
import { INTERRUPTED_META_KEY } from './contract.js';
import type { ContentStrings } from '../../shared/content-strings.js';
import { renderMessageActions, type MessageActions, type MessageActionsView } from './message-actions.js';

/** The parts of `<mcp-message>` (and the renderers inside it) that `<mcp-chat>` re-exports. */
export const MESSAGE_PARTS =
  'message, user-message, assistant-message, role, text, tool-card, tool-summary, tool-name, tool-status, tool-arguments, ' +
  'tool-result, tool-structured, tool-error, tool-progress, tool-stop-button, tool-raw-button, tool-raw, tool-approve-button, ' +
  'tool-always-button, tool-deny-button, md-code, md-code-header, md-code-language, md-copy-button, md-table, md-blockquote, ' +
  'md-link, md-image, image-button, image, image-dialog, audio, resource-link, resource, resource-text, download-button';

const visibleCache = new WeakMap<readonly Message[], Message[]>();

/**
 * Messages the list shows: user messages made only of tool results appear
 * inside their tool cards instead. Computed once per messages array (the
 * session replaces the array on every change).
 */
export function visibleMessages(messages: readonly Message[]): Message[] {
  let visible = visibleCache.get(messages);
  if (!visible) {
    visible = messages.filter((m) => !(m.role === 'user' && m.content.length > 0 && m.content.every((b) => b.type === 'tool_result')));
    visibleCache.set(messages, visible);
  }
  return visible;
}

/** The streaming message before its first tool call (one at a time). */
const STREAMING_KEY = {};

/**
 * A message's key in the list: its first tool call's id when it has one (the
 * streaming message and the finished one it becomes share it), else the
 * message itself (the streaming one without calls: one shared key).
 */
function messageKey(m: Message): unknown {
  for (const b of m.content) if (b?.type === 'tool_use') return `use:${b.id}`;
  return streamingMessages.has(m) ? STREAMING_KEY : m;
}

/** Messages that were given as `streaming` (their key is the shared one until a call opens). */
const streamingMessages = new WeakSet<Message>();

/** What the message list draws. */
export interface MessageListView {
  messages: readonly Message[];
  /** The assistant message streaming in, if any. */
  streaming: Message | undefined;
  theme?: 'light' | 'dark';
  /** The tool calls of a message (result, status, progress...). */
  toolCallsOf(message: Message): ReadonlyMap<string, ToolCallView>;
  /** Elements shown under the calls of a message (inline forms, sampling approvals). */
  inlineOf(message: Message): readonly HTMLElement[];
  /** The model has been asked and has not sent its first token: show the typing indicator. */
  thinking: boolean;
  /** Copy, regenerate, edit (see `message-actions.ts`); none when absent. */
  actions?: { view: MessageActionsView; actions: MessageActions };
  /** The note under an answer whose stream never finished (`INTERRUPTED_META_KEY`). */
  interrupted: string;
  /** The typing indicator's label. */
  thinkingLabel?: string;
  /**
   * The part of the visible messages to render (see `ChatScroll.range`): long
   * conversations render a window of them, not every message.
   */
  range?(visible: readonly Message[]): { start: number; end: number };
  /** Interface text of the renderers (code copy buttons, enlarged images). */
  strings?: Partial<ContentStrings>;
  /** What shows under a finished answer before its actions (its sources: see `sources/`). */
  afterAnswer?(message: Message): unknown;
}

/**
 * The messages of the conversation, then the one streaming in. Per-message
 * controls (message actions) belong next to the `<mcp-message>` drawn here,
 * taking the message and callbacks, like the rest of `render/`.
 */
export function renderMessageList(view: MessageListView) {
  if (view.streaming) streamingMessages.add(view.streaming);
  const visible = visibleMessages(view.messages);
  const { start, end } = view.range?.(visible) ?? { start: 0, end: visible.length };
  const theme = ifDefined(view.theme);
  const shown = start === 0 && end === visible.length ? visible : visible.slice(start, end);
  // Never two items with one key: a streaming message whose call is already in the list is not drawn twice.
  const liveKey = view.streaming && messageKey(view.streaming);
  const streaming = typeof liveKey === 'string' && shown.some((m) => messageKey(m) === liveKey) ? undefined : view.streaming;
  // The message streaming in is drawn by the same template as the others and keyed by its first
  // tool call: when the call joins the conversation, the finished message takes over the same
  // <mcp-message>, so what sits under the call (an app view fed the arguments as they stream)
  // stays where it is instead of being moved (a moved frame reloads).
  return html`${repeat(streaming ? [...shown, streaming] : shown, messageKey, (m, i) => {
    const live = m === streaming;
    const inline = view.inlineOf(m);
    const interrupted = !live && (m._meta as Record<string, unknown> | undefined)?.[INTERRUPTED_META_KEY] === true;
    return html`<mcp-message class=${live ? 'streaming' : ''} data-index=${ifDefined(live ? undefined : start + i)}
      theme=${theme} exportparts=${MESSAGE_PARTS} .message=${m} .strings=${view.strings}
      .toolCalls=${view.toolCallsOf(m)} ?streaming=${live}>${inline.length ? inline : nothing}</mcp-message>
          ${interrupted ? html`<p part="interrupted-note" class="interrupted-note">${view.interrupted}</p>` : nothing}
          ${!live && view.afterAnswer ? view.afterAnswer(m) : nothing}
          ${view.actions && !live ? renderMessageActions(m, view.actions.view, view.actions.actions) : nothing}`;
  })}
    ${
      view.thinking
        ? html`<div part="typing" class="typing" role="status" aria-label=${
            view.thinkingLabel ?? 'The model is thinking'
          }><span></span><span></span><span></span></div>`
        : nothing
    }`;
}
