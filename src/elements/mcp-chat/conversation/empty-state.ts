import { html, nothing } from 'lit';
import { icon } from '../../shared/icons.js';
import { CHAT_STRINGS_EN, type ChatStrings } from '../strings.js';

/** A starter suggestion of the empty state. */
export interface StarterView {
  label: string;
  description?: string;
  run(): void;
}

/** What the empty state draws. */
export interface EmptyStateView {
  /** Names of the connected servers. */
  servers: readonly string[];
  tools: number;
  starters: readonly StarterView[];
  /** No model is set up: say how to choose one, or use "/". */
  noModel: boolean;
  /** No model yet, but the open model is offered: the first question brings its download consent, so the chat invites questions. */
  openModelOffered?: boolean;
  /** Whether there is a model is not known yet (the browser's model is being checked): neither notice is said, so none flips into the other. */
  modelPending?: boolean;
  /** Said instead of "No server connected yet" while no server is connected (`auto`: looking for the site's server, or none found). */
  serverNote?: unknown;
}

/** The keys of the strings table the empty state draws. */
export type EmptyStateText = Pick<
  ChatStrings,
  | 'emptyTitle'
  | 'emptyTitleNoModel'
  | 'connectedTo'
  | 'joinNames'
  | 'noServerYet'
  | 'askAnything'
  | 'suggestions'
  | 'noModelEmpty'
  | 'chooseModelLink'
  | 'openModelEmpty'
>;

/** `words` called with one marker per part, the markers replaced by the parts (a bold name, a button). */
function fill(words: (...marks: string[]) => string, ...parts: unknown[]) {
  const split = words(...parts.map((_, i) => `\u0001${i}\u0001`)).split('\u0001');
  return split.map((piece, i) => (i % 2 ? parts[Number(piece)] : piece));
}

/**
 * Shown while the conversation is empty, said once: what the chat can do
 * here (servers and tools), a few starters, and how to choose a model when
 * none is set up. The `empty` slot replaces all of it.
 */
export function renderEmptyState(view: EmptyStateView, openSettings: () => void, t: EmptyStateText = CHAT_STRINGS_EN) {
  // With the open model on offer the chat can answer (after the person agrees to the download): it reads as a chat with a model.
  const noModel = view.noModel && !view.openModelOffered && !view.modelPending;
  const what = view.servers.length
    ? fill((s) => t.connectedTo(s!, view.tools), html`<strong>${t.joinNames(view.servers)}</strong>`)
    : (view.serverNote ?? t.noServerYet);
  return html`<div part="empty-state" class="empty">
    <slot name="empty">
      <div class="empty-mark" aria-hidden="true">${icon('message-circle')}</div>
      <h2>${noModel ? t.emptyTitleNoModel : t.emptyTitle}</h2>
      <p>${what}${noModel || !view.servers.length ? nothing : ` ${t.askAnything}`}</p>
      ${
        view.starters.length
          ? html`<ul class="starters" aria-label=${t.suggestions}>
            ${view.starters.map(
              (s) => html`<li>
                <button part="starter" class="starter" type="button" @click=${() => s.run()}>
                  <strong dir="auto">${s.label}</strong>${s.description ? html`<span dir="auto">${s.description}</span>` : nothing}
                </button>
              </li>`,
            )}
          </ul>`
          : nothing
      }
      ${view.noModel && view.openModelOffered ? html`<p part="notice" class="notice open-model">${t.openModelEmpty}</p>` : nothing}
      ${
        noModel
          ? html`<p part="notice" class="notice no-model">
            ${fill(
              (slash, link) => t.noModelEmpty(slash!, link!),
              html`<kbd>/</kbd>`,
              html`<button type="button" class="link-button" @click=${openSettings}>${t.chooseModelLink}</button>`,
            )}
          </p>`
          : nothing
      }
    </slot>
  </div>`;
}

/** A starter suggestion the page gives (`starters`): the text to send, or a label and the text. */
export type ChatStarter = string | { label: string; text: string; description?: string };
