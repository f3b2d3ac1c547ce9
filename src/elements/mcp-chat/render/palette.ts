import { html, nothing } from 'lit';
import { PALETTE_SHOWN, type PaletteForm, type PaletteItem } from '../controllers/chat-palette.js';
import { icon } from '../../shared/icons.js';
import type { FormField } from '../../shared/schema-fields.js';
import { renderFields } from './run-form-fields.js';

/** What the palette shows. */
export interface PaletteView {
  open: boolean;
  items: readonly PaletteItem[];
  index: number;
  form: PaletteForm | undefined;
  /** The line under the list when more entries match than it shows. */
  moreText?: (count: number) => string;
}

/** What the palette's controls do. */
export interface PaletteActions {
  choose(item: PaletteItem): void;
  submit(form: HTMLFormElement): void;
  close(): void;
  complete(field: FormField, input: HTMLInputElement): void;
  /** True when the tool says it is destructive (`annotations.destructiveHint`). */
  destructive(toolName: string): boolean;
}

/**
 * The "/" list of tools and prompts (the best {@link PALETTE_SHOWN}, then how
 * many more match), and the Run / Insert form of the picked one.
 */
export function renderPalette(view: PaletteView, actions: PaletteActions) {
  const shown = view.items.length > PALETTE_SHOWN ? view.items.slice(0, PALETTE_SHOWN) : view.items;
  const more = view.items.length - shown.length;
  const list = view.open
    ? html`<ul part="palette" id="palette" class="palette" role="listbox" aria-label="Tools and prompts">
        ${view.items.length === 0 ? html`<li aria-disabled="true">No tools or prompts match.</li>` : nothing}
        ${shown.map(
          (item, i) => html`<li
            part="palette-item"
            role="option"
            id=${`palette-${i}`}
            aria-selected=${i === view.index ? 'true' : 'false'}
            @mousedown=${(e: Event) => e.preventDefault()}
            @click=${() => actions.choose(item)}
          >
            <span class="kind">${item.kind}</span><strong dir="auto">${item.title}</strong>
            <span class="desc" dir="auto">${item.server ? `${item.server} · ` : ''}${item.description ?? ''}</span>
          </li>`,
        )}
        ${more > 0 ? html`<li part="palette-more" class="palette-more" role="option" aria-disabled="true" aria-selected="false">${view.moreText?.(more) ?? `${more} more: type to narrow the list.`}</li>` : nothing}
      </ul>`
    : nothing;
  const form = view.form;
  const runForm = form
    ? html`<form
        part="run-form"
        class="run-form"
        aria-label=${`${form.item.kind} ${form.item.title}`}
        @submit=${(e: SubmitEvent) => {
          e.preventDefault();
          actions.submit(e.target as HTMLFormElement);
        }}
        @keydown=${(e: KeyboardEvent) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            actions.close();
          }
          // Enter runs the form from any field; on a <select> it would open the list instead.
          else if (e.key === 'Enter' && !e.shiftKey && !e.altKey && !e.isComposing && (e.target as Element).localName === 'select') {
            e.preventDefault();
            (e.currentTarget as HTMLFormElement).requestSubmit();
          }
        }}
      >
        <p class="form-title"><strong>${form.item.kind === 'tool' ? 'Run tool' : 'Use prompt'}: ${form.item.title}</strong></p>
        ${form.item.description ? html`<p class="hint">${form.item.description}</p>` : nothing}
        ${form.item.kind === 'tool' && actions.destructive(form.item.name)
          ? html`<p part="destructive-note" class="destructive-note" role="note">
              ${icon('triangle-alert')}<span><strong>This tool can change or delete data</strong> on ${form.item.server ?? 'its server'}. It runs as soon as you press Run.</span>
            </p>`
          : nothing}
        ${renderFields(`f-${form.item.kind}-${form.item.name}`, form.fields, form.completions, (f, e) => actions.complete(f, e.target as HTMLInputElement), form.errors)}
        <div class="row">
          <button type="submit" class=${form.item.kind === 'tool' && actions.destructive(form.item.name) ? 'primary destructive' : 'primary'}>${form.item.kind === 'tool' ? 'Run' : 'Insert'}</button>
          <button type="button" @click=${() => actions.close()}>Cancel</button>
        </div>
      </form>`
    : nothing;
  return html`${list}${runForm}`;
}
