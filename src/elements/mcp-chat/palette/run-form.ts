import { html, nothing } from 'lit';
import type { PaletteActions, PaletteForm, PaletteText } from './contract.js';
import { icon } from '../../shared/icons-later.js';
import { renderFields } from './run-form-fields.js';
import { FORM_STRINGS_EN } from '../../shared/form-strings.js';
import type { FileFieldWords } from '../../shared/file-field.js';
import { languageOf } from '../../shared/language.js';
// The English text of answers (`AnswerEnglishKey`): added to the table before this module's code runs.
import '../strings-en-answers.js';

/** The Run / Insert form of the tool or prompt picked in the "/" palette (loaded when first picked: run-form.chunk.ts). */
export function renderRunForm(form: PaletteForm, actions: PaletteActions, t: PaletteText) {
  return html`<form
      part="run-form"
      class="run-form"
      aria-label=${form.item.kind === 'tool' ? t.runTool(form.item.title) : t.usePrompt(form.item.title)}
      @submit=${(e: SubmitEvent) => {
        e.preventDefault();
        actions.submit(e.target as HTMLFormElement);
      }}
      @focusin=${(e: FocusEvent) =>
        // The chat's language (its `lang` or an ancestor's), for the file fields' sizes and kinds: read from the form
        // here, once it is on the page (the palette focuses it when shown), so the chat's first load does not carry it.
        form.files?.setLanguage(languageOf(e.currentTarget as Element))}
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
      <p class="form-title"><strong>${form.item.kind === 'tool' ? t.runTool(form.item.title) : t.usePrompt(form.item.title)}</strong></p>
      ${form.item.description ? html`<p class="hint">${form.item.description}</p>` : nothing}
      ${
        form.item.kind === 'tool' && actions.destructive(form.item.name)
          ? html`<p part="destructive-note" class="destructive-note" role="note">
            ${icon('triangle-alert')}<span><strong>${t.destructive}</strong>${t.destructiveRest(form.item.server ?? t.itsServer)}</span>
          </p>`
          : nothing
      }
      ${renderFields(
        `f-${form.item.kind}-${form.item.name}`,
        form.fields,
        form.completions,
        (f, e) => actions.complete(f, e.target as HTMLInputElement),
        form.errors,
        form.files && {
          picks: form.files,
          // The chat's table has the form's words in its languages (the Arabic one all of them); English for the rest.
          t: { ...FORM_STRINGS_EN, ...(t as Partial<FileFieldWords>) },
          language: form.files.language,
        },
      )}
      <div class="row">
        <button type="submit"
          class=${
            form.item.kind === 'tool' && actions.destructive(form.item.name) ? 'primary destructive' : 'primary'
          }>${form.item.kind === 'tool' ? t.run : t.insert}</button>
        <button type="button" @click=${() => actions.close()}>${t.cancel}</button>
      </div>
    </form>`;
}
