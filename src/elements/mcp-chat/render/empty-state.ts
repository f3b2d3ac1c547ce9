import { html, nothing } from 'lit';
import { icon } from '../../shared/icons.js';

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
}

/** Joins names as people write them: "A", "A and B", "A, B and C". */
function names(list: readonly string[]): string {
  return list.length < 2 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

/**
 * Shown while the conversation is empty, said once: what the chat can do
 * here (servers and tools), a few starters, and how to choose a model when
 * none is set up. The `empty` slot replaces all of it.
 */
export function renderEmptyState(view: EmptyStateView, openSettings: () => void) {
  const what = view.servers.length
    ? html`Connected to <strong>${names(view.servers)}</strong> with ${view.tools} ${view.tools === 1 ? 'tool' : 'tools'}.`
    : html`No server is connected yet.`;
  return html`<div part="empty-state" class="empty">
    <slot name="empty">
      <div class="empty-mark" aria-hidden="true">${icon('message-circle')}</div>
      <h2>${view.noModel ? 'Run tools and prompts' : 'How can I help?'}</h2>
      <p>${what}${view.noModel ? nothing : ' Ask anything; the model uses these tools when it helps.'}</p>
      ${view.starters.length
        ? html`<ul class="starters" aria-label="Suggestions">
            ${view.starters.map(
              (s) => html`<li>
                <button part="starter" class="starter" type="button" @click=${() => s.run()}>
                  <strong>${s.label}</strong>${s.description ? html`<span>${s.description}</span>` : nothing}
                </button>
              </li>`,
            )}
          </ul>`
        : nothing}
      ${view.noModel
        ? html`<p part="notice" class="notice no-model">
            No model is set up. Type <kbd>/</kbd> to run a tool or a prompt yourself, or
            <button type="button" class="link-button" @click=${openSettings}>choose a model</button>.
          </p>`
        : nothing}
    </slot>
  </div>`;
}

/** A starter suggestion the page gives (`starters`): the text to send, or a label and the text. */
export type ChatStarter = string | { label: string; text: string; description?: string };
