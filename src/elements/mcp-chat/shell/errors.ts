import { html, nothing } from 'lit';

/** One error the person was told about, until they dismiss it. */
export interface ChatErrorLine {
  id: number;
  text: string;
}

/** At most this many errors are listed; the oldest go first. */
export const MAX_ERROR_LINES = 5;

/**
 * Adds an error to the list: none hides another (a repeat of a listed error
 * moves to the end instead of showing twice).
 */
export function addErrorLine(lines: readonly ChatErrorLine[], text: string, id: number): ChatErrorLine[] {
  return [...lines.filter((l) => l.text !== text), { id, text }].slice(-MAX_ERROR_LINES);
}

/** The errors above the composer, each with its own Dismiss button. */
export function renderErrors(lines: readonly ChatErrorLine[], dismiss: (id: number) => void, dismissLabel = 'Dismiss') {
  if (!lines.length) return nothing;
  return html`<ul part="errors" class="errors" role="list">
    ${lines.map(
      (line) => html`<li part="error" class="error" role="alert">
        <span class="error-text">${line.text}</span>
        <button type="button" aria-label=${`${dismissLabel}: ${line.text}`} @click=${() => dismiss(line.id)}>${dismissLabel}</button>
      </li>`,
    )}
  </ul>`;
}
