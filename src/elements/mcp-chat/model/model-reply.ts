import { html } from 'lit';
import type { ChatStrings } from '../strings.js';

/**
 * The chat's own answer to a message that could not go to a model: `none`
 * (no model at all here) or `download` (the built-in model in use waits for
 * the person to agree to its download). Shown after the conversation's
 * messages, on the assistant's side, and not saved: it is about this page's
 * setup, not part of the conversation.
 */
export interface ModelReply {
  kind: 'none' | 'download';
  /** The conversation it answers (it is not shown in another). */
  conversation: string | undefined;
}

/** The reply, with a button that opens Settings. */
export function renderModelReply(reply: ModelReply, t: ChatStrings, openSettings: () => void) {
  return html`<div part="model-reply" class="model-reply" role="note">
    <p dir="auto">${reply.kind === 'none' ? t.noModelNotice : t.downloadFirstReply}</p>
    <button type="button" class="primary" @click=${openSettings}>${t.openSettings}</button>
  </div>`;
}
