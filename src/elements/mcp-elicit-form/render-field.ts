import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { ElicitField, TextField } from './form-schema.js';
import type { RawValue } from './form-values.js';
import type { FormStrings } from '../shared/form-strings.js';
import { renderFilePicker } from '../shared/file-field.js';

/**
 * Renders one form field: a label tied to its input, the description and the
 * error message linked through `aria-describedby`, the error in a polite live
 * region. Server text goes through Lit text bindings only, never as HTML.
 */
export interface FieldView {
  field: ElicitField;
  /** Stable id prefix for this field inside the shadow root (`f0`, `f1`, ...). */
  id: string;
  value: RawValue;
  /** The message to show, when the field has been touched and is invalid. */
  error?: string;
  disabled: boolean;
  /** The form's interface text (the empty choice of a select, a file field's words). */
  t: Pick<
    FormStrings,
    | 'elicitChoose'
    | 'elicitNoChoice'
    | 'elicitChooseFile'
    | 'elicitChooseAnother'
    | 'elicitOrDrop'
    | 'elicitRemoveFile'
    | 'elicitReadingFile'
  >;
  /** A file field: the picked file (its name, and its type and size in words), while it is read too. */
  file?: { name: string; facts: string; reading: boolean };
  /** A file field: what it takes, in words ("Takes CSV files, images, up to 1 MB."). */
  fileHint?: string;
  /** A file field: a file was picked (or dropped), or removed (`undefined`). */
  onFile?(file: File | undefined): void;
  /** Called with the new raw value on every edit. */
  onValue(value: RawValue): void;
  /** Called when the person leaves or commits the field (shows its errors). */
  onTouch(): void;
}

const INPUT_TYPES: Record<NonNullable<TextField['format']> | 'plain', string> = {
  plain: 'text',
  email: 'email',
  uri: 'url',
  date: 'date',
  'date-time': 'datetime-local',
};

function describedBy(view: FieldView): string {
  const ids = [
    view.field.description ? `${view.id}-desc` : '',
    view.field.kind === 'file' ? `${view.id}-hint` : '',
    `${view.id}-err`,
  ].filter(Boolean);
  return ids.join(' ');
}

function description(view: FieldView) {
  return view.field.description
    ? html`<div part="description" class="description" id="${view.id}-desc">${view.field.description}</div>`
    : nothing;
}

function error(view: FieldView) {
  return html`<div part="error" class="error" id="${view.id}-err" aria-live="polite">${view.error ?? ''}</div>`;
}

function label(view: FieldView) {
  // The star stays outside the label so the accessible name is the title alone; aria-required says it.
  return html`<span class="label-row"><label part="label" for=${view.id}>${view.field.label}</label>${view.field.required ? html`<span class="required" aria-hidden="true"> *</span>` : nothing}</span>`;
}

/** Renders a field according to its kind. */
export function renderField(view: FieldView): TemplateResult {
  const { field, id } = view;
  const invalid = view.error ? 'true' : 'false';
  switch (field.kind) {
    case 'text':
    case 'number': {
      const isNumber = field.kind === 'number';
      return html`<div part="field" class="field" data-name=${field.name}>
        ${label(view)} ${description(view)}
        <input
          part="input"
          id=${id}
          name=${field.name}
          type=${isNumber ? 'number' : INPUT_TYPES[field.format ?? 'plain']}
          .value=${view.value as string}
          ?disabled=${view.disabled}
          aria-required=${field.required ? 'true' : 'false'}
          aria-invalid=${invalid}
          aria-describedby=${ifDefined(describedBy(view))}
          min=${ifDefined(isNumber ? field.minimum : undefined)}
          max=${ifDefined(isNumber ? field.maximum : undefined)}
          step=${ifDefined(isNumber ? (field.integer ? '1' : 'any') : undefined)}
          inputmode=${ifDefined(isNumber ? (field.integer ? 'numeric' : 'decimal') : undefined)}
          autocomplete=${ifDefined(field.kind === 'text' && field.format === 'email' ? 'email' : undefined)}
          @input=${(e: Event) => {
            const input = e.target as HTMLInputElement;
            // A number input reports '' for text it cannot parse; keep a marker so the person is told.
            view.onValue(isNumber && input.validity.badInput ? 'not a number' : input.value);
          }}
          @change=${view.onTouch}
          @blur=${view.onTouch}
        />
        ${error(view)}
      </div>`;
    }
    case 'boolean':
      return html`<div part="field" class="field checkbox" data-name=${field.name}>
        <input
          part="input"
          id=${id}
          name=${field.name}
          type="checkbox"
          .checked=${view.value === true}
          ?disabled=${view.disabled}
          aria-describedby=${ifDefined(describedBy(view))}
          @change=${(e: Event) => {
            view.onValue((e.target as HTMLInputElement).checked);
            view.onTouch();
          }}
        />
        ${label(view)} ${description(view)} ${error(view)}
      </div>`;
    case 'select': {
      const value = view.value as string;
      const blank = !(field.required && field.default !== undefined && value !== '');
      return html`<div part="field" class="field" data-name=${field.name}>
        ${label(view)} ${description(view)}
        <select
          part="input"
          id=${id}
          name=${field.name}
          ?disabled=${view.disabled}
          aria-required=${field.required ? 'true' : 'false'}
          aria-invalid=${invalid}
          aria-describedby=${ifDefined(describedBy(view))}
          @change=${(e: Event) => {
            view.onValue((e.target as HTMLSelectElement).value);
            view.onTouch();
          }}
          @blur=${view.onTouch}
        >
          ${blank ? html`<option value="" ?selected=${value === ''}>${field.required ? view.t.elicitChoose : view.t.elicitNoChoice}</option>` : nothing}
          ${field.options.map((o) => html`<option value=${o.value} ?selected=${o.value === value}>${o.label}</option>`)}
        </select>
        ${error(view)}
      </div>`;
    }
    case 'file':
      return renderFileField(view, field);
    case 'multi': {
      const chosen = view.value as string[];
      return html`<fieldset
        part="field"
        class="field multi"
        data-name=${field.name}
        ?disabled=${view.disabled}
        aria-invalid=${invalid}
        aria-describedby=${ifDefined(describedBy(view))}
      >
        <legend part="label">${field.label}${field.required ? html`<span class="required" aria-hidden="true"> *</span>` : nothing}</legend>
        ${description(view)}
        ${field.options.map(
          (o, i) => html`<label class="choice">
            <input
              part="input"
              id=${i === 0 ? id : `${id}-${i}`}
              type="checkbox"
              name=${field.name}
              .checked=${chosen.includes(o.value)}
              @change=${(e: Event) => {
                const on = (e.target as HTMLInputElement).checked;
                // Keep the schema's order, whatever order the boxes were ticked in.
                const next = field.options.map((x) => x.value).filter((v) => (v === o.value ? on : chosen.includes(v)));
                view.onValue(next);
                view.onTouch();
              }}
            />
            <span>${o.label}</span>
          </label>`,
        )}
        ${error(view)}
      </fieldset>`;
    }
  }
}

/** A file field (SEP-2356): its label and description, the shared picker (`shared/file-field.ts`), its error. */
function renderFileField(view: FieldView, field: Extract<ElicitField, { kind: 'file' }>): TemplateResult {
  return html`<div part="field" class="field file" data-name=${field.name}>
    ${label(view)} ${description(view)}
    ${renderFilePicker({
      id: view.id,
      name: field.name,
      accept: field.accept,
      required: field.required,
      disabled: view.disabled,
      invalid: Boolean(view.error),
      describedBy: describedBy(view),
      file: view.file,
      hint: view.fileHint ?? '',
      t: view.t,
      onFile: (file) => view.onFile?.(file),
      onTouch: view.onTouch,
    })}
    ${error(view)}
  </div>`;
}
