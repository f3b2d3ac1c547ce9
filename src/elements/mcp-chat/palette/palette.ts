import { html, nothing } from 'lit';
import { PALETTE_SHOWN, type PaletteItem, type PaletteText, type PaletteActions } from './contract.js';
import { CHAT_STRINGS_EN } from '../strings.js';
export type { PaletteActions, PaletteText } from './contract.js';

/** What the palette shows. */
export interface PaletteView {
  open: boolean;
  items: readonly PaletteItem[];
  index: number;
  /** The line under the list when more entries match than it shows. */
  moreText?: (count: number) => string;
  /** Interface text (the strings table). */
  text?: PaletteText;
  /** Draw at most this many entries now (the frame that opens the list); the "N more" count is as for {@link PALETTE_SHOWN}. */
  limit?: number;
}

/**
 * The "/" list of tools and prompts (the best {@link PALETTE_SHOWN}, then how
 * many more match). The palette draws it in its own place (`ChatPalette`), not in the chat's update.
 */
export function renderPalette(view: PaletteView, actions: PaletteActions) {
  const listed = Math.min(view.items.length, PALETTE_SHOWN);
  const drawn = Math.min(listed, view.limit ?? PALETTE_SHOWN);
  const shown = drawn < view.items.length ? view.items.slice(0, drawn) : view.items;
  const more = view.items.length - listed;
  const t = view.text ?? CHAT_STRINGS_EN;
  // One listener pair on the list, not two per entry: an entry is found by its index (`palette-N`).
  const entry = (e: Event) => (e.target as Element).closest?.<HTMLElement>('[part="palette-item"]');
  return view.open
    ? html`<ul
        part="palette"
        id="palette"
        class="palette"
        role="listbox"
        aria-label=${t.toolsAndPrompts}
        @mousedown=${(e: Event) => entry(e) && e.preventDefault()}
        @click=${(e: Event) => {
          const item = shown[Number(entry(e)?.id.slice('palette-'.length))];
          if (item) actions.choose(item);
        }}
      >
        ${view.items.length === 0 ? html`<li aria-disabled="true">${t.noPaletteMatch}</li>` : nothing}
        ${shown.map(
          (item, i) =>
            html`<li part="palette-item" role="option" id=${`palette-${i}`} aria-selected=${i === view.index ? 'true' : 'false'}>
              <span class="kind">${item.kind}</span><strong dir="auto">${item.title}</strong>
              <span class="desc" dir="auto">${item.server ? `${item.server} · ${item.description ?? ''}` : (item.description ?? '')}</span>
            </li>`,
        )}
        ${
          more > 0
            ? html`<li part="palette-more" class="palette-more" role="option" aria-disabled="true" aria-selected="false">${
                view.moreText?.(more) ?? `${more} more: type to narrow the list.`
              }</li>`
            : nothing
        }
      </ul>`
    : nothing;
}
