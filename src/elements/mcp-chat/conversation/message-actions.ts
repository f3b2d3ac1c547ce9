import { html, nothing } from 'lit';
import { icon } from '../../shared/icons.js';
import type { Message } from '../../../content/index.js';
import { isUnreadable } from '../../../content/unreadable.js';
import { messageText } from './conversation-branches.js';

/** What the message actions can do (the element passes its session's methods). */
export interface MessageActions {
  copy(message: Message): void;
  /** Copy the stored form (JSON) of a row that could not be read (`UNREADABLE_META_KEY`). */
  copyRaw(message: Message): void;
  /** Answer the last question again (only on the last answer). */
  regenerate(message: Message): void;
  /** Show the edit form of a person's message (or none). */
  startEdit(message: Message | undefined): void;
  /** Replace the person's message with `text` and resend it. */
  resend(message: Message, text: string): void;
}

/** What the actions of one message depend on. */
export interface MessageActionsView {
  /** The last assistant message (Regenerate is offered on it only). */
  lastAnswer: Message | undefined;
  /** The person's message being edited, if any. */
  editing: Message | undefined;
  /** False while a turn or call runs (nothing that changes the conversation is offered). */
  idle: boolean;
  /** Whether a model is set up (Regenerate and resend need one to answer). */
  hasModel: boolean;
  /** Read aloud on an answer (voice/), or nothing where the browser cannot speak. */
  readAloud?: (message: Message, text: string) => unknown;
  /** Interface text. */
  text: {
    copy: string;
    copyRaw: string;
    regenerate: string;
    edit: string;
    save: string;
    cancel: string;
    editLabel: string;
    yourMessage: string;
    answer: string;
  };
}

/**
 * "Copy raw JSON" (only) on a stored row that could not be read; else
 * Copy on every message with text; Regenerate on the last answer; Edit on the
 * person's messages (an inline form: Save and send replaces what followed).
 */
export function renderMessageActions(message: Message, view: MessageActionsView, actions: MessageActions) {
  const text = messageText(message);
  const t = view.text;
  if (view.editing === message) {
    const save = (e: SubmitEvent) => {
      e.preventDefault();
      const value = ((e.target as HTMLFormElement).elements.namedItem('text') as HTMLTextAreaElement).value;
      if (value.trim()) actions.resend(message, value);
    };
    return html`<form part="edit-form" class="edit-form" @submit=${save}
      @keydown=${(e: KeyboardEvent) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          actions.startEdit(undefined);
        }
      }}>
      <textarea name="text" rows="3" aria-label=${t.editLabel} .value=${text}></textarea>
      <div class="row">
        <button type="submit" class="primary">${t.save}</button>
        <button type="button" @click=${() => actions.startEdit(undefined)}>${t.cancel}</button>
      </div>
    </form>`;
  }
  const isPerson = message.role === 'user';
  if (isUnreadable(message)) {
    return html`<div part="message-actions" class=${isPerson ? 'message-actions mine' : 'message-actions'}
      role="group" aria-label=${isPerson ? t.yourMessage : t.answer}>
      <button type="button" class="icon-button" part="message-action copy-raw-button" aria-label=${t.copyRaw}
        data-tip=${t.copyRaw} @click=${() => actions.copyRaw(message)}>${icon('copy')}</button>
    </div>`;
  }
  const canRegenerate = !isPerson && view.idle && view.hasModel && message === view.lastAnswer;
  const canEdit = isPerson && view.idle && text !== '' && message.content.every((b) => b.type === 'text');
  if (!text && !canRegenerate) return nothing;
  return html`<div part="message-actions" class=${isPerson ? 'message-actions mine' : 'message-actions'}
    role="group" aria-label=${isPerson ? t.yourMessage : t.answer}>
    ${
      text
        ? html`<button type="button" class="icon-button" part="message-action copy-button" aria-label=${t.copy}
          data-tip=${t.copy} @click=${() => actions.copy(message)}>${icon('copy')}</button>`
        : nothing
    }
    ${!isPerson && text && view.readAloud ? view.readAloud(message, text) : nothing}
    ${
      canRegenerate
        ? html`<button type="button" class="icon-button" part="message-action regenerate-button" aria-label=${t.regenerate}
          data-tip=${t.regenerate} @click=${() => actions.regenerate(message)}>${icon('rotate-ccw')}</button>`
        : nothing
    }
    ${
      canEdit
        ? html`<button type="button" class="icon-button" part="message-action edit-button" aria-label=${t.edit}
          data-tip=${t.edit} @click=${() => actions.startEdit(message)}>${icon('pencil')}</button>`
        : nothing
    }
  </div>`;
}
