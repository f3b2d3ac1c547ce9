import { html, nothing } from 'lit';
import { readFields, type FieldStrings, type FormField } from '../../shared/schema-fields.js';
import { FORM_STRINGS_EN } from '../../shared/form-strings.js';
import { languageOf } from '../../shared/language.js';
import { fileHint, renderFilePicker, type FileFieldWords, type FilePicks } from '../../shared/file-field.js';

/** What a form's file fields need (SEP-2356 `x-mcp-file`): the files picked, their words and the language of sizes. */
export interface FileFieldsHost {
  picks: FilePicks;
  t: FileFieldWords;
  language: string | undefined;
}

/** A field's value does not fit its schema; shown at that field. */
export class FormFieldError extends Error {
  override name = 'FormFieldError';
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/**
 * Reads a rendered Run form into arguments (see `readFields`: typed values,
 * numeric enums as numbers, `minimum` / `maximum` checked, empty optional
 * fields and unchecked optional booleans left out). Its messages are in the
 * words of `t` (the chat's table: the form keys it has, English for the rest).
 * @throws FormFieldError naming the field whose value does not fit.
 */
export function readForm(form: HTMLFormElement, fields: FormField[], t?: Partial<FieldStrings>): Record<string, unknown> {
  const present: FormField[] = [];
  const raw: Record<string, string | boolean> = {};
  for (const field of fields) {
    const input = form.elements.namedItem(field.name) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null;
    if (!input) continue;
    present.push(field);
    raw[field.name] = field.kind === 'boolean' ? (input as HTMLInputElement).checked : input.value;
  }
  const reading = readFields(present, raw, t ? { ...FORM_STRINGS_EN, ...t } : FORM_STRINGS_EN);
  if (!reading.ok) throw new FormFieldError(reading.field ?? '', `${reading.error}.`);
  return reading.value;
}

/**
 * Inputs for `fields`; `completions` fill a datalist per field (prompt
 * argument completion); `errors` are shown at their field (and the field is
 * marked invalid and described by its error). With `files`, a string that
 * takes a file (`field.file`) is the shared file field, its value (the
 * picked file's `data:` URI) in a hidden input of the field's name.
 */
export function renderFields(
  idPrefix: string,
  fields: FormField[],
  completions: Record<string, string[]>,
  onInput?: (field: FormField, event: Event) => void,
  errors: Record<string, string> = {},
  files?: FileFieldsHost,
) {
  return fields.map((field) => {
    const id = `${idPrefix}-${field.name}`;
    if (field.file && files) return renderFileField(id, field, field.file, files, errors[field.name]);
    const problem = errors[field.name];
    const hint = html`${field.description ? html`<span class="hint">${field.description}</span>` : nothing}${
      problem ? html`<span part="field-error" class="diagnosis field-error" id=${`${id}-error`} role="alert">${problem}</span>` : nothing
    }`;
    const invalid = problem ? 'true' : nothing;
    const describedBy = problem ? `${id}-error` : nothing;
    const input = (e: Event) => onInput?.(field, e);
    const def = field.defaultValue;
    // Text of several lines (a default with line breaks, a long text): a box that keeps them.
    if (field.kind === 'string' && field.multiline) {
      return html`<label for=${id}
        >${field.label}${field.required ? ' *' : ''}
        <textarea
          id=${id}
          name=${field.name}
          rows=${Math.min(12, Math.max(4, String(def ?? '').split('\n').length + 1))}
          ?required=${field.required}
          aria-invalid=${invalid}
          aria-describedby=${describedBy}
          spellcheck="false"
          .value=${def === undefined ? '' : String(def)}
          @input=${input}
        ></textarea>
        ${hint}</label
      >`;
    }
    switch (field.kind) {
      case 'boolean':
        return html`<label for=${id} class="check"
          ><input id=${id} name=${field.name} type="checkbox" ?checked=${def === true} aria-invalid=${invalid}
            aria-describedby=${describedBy} />${field.label}${hint}</label
        >`;
      case 'enum':
        return html`<label for=${id}
          >${field.label}${field.required ? ' *' : ''}
          <select id=${id} name=${field.name} ?required=${field.required} aria-invalid=${invalid} aria-describedby=${describedBy}>
            ${field.required ? nothing : html`<option value=""></option>`}
            ${field.options!.map((o, i) => html`<option ?selected=${def !== undefined && (def === o || def === field.values?.[i])}>${o}</option>`)}
          </select>
          ${hint}</label
        >`;
      case 'json':
        return html`<label for=${id}
          >${field.label}${field.required ? ' *' : ''} (JSON)
          <textarea id=${id} name=${field.name} rows="3" ?required=${field.required} aria-invalid=${invalid}
            aria-describedby=${describedBy} .value=${def === undefined ? '' : JSON.stringify(def)}></textarea>
          ${hint}</label
        >`;
      default: {
        const list = completions[field.name];
        return html`<label for=${id}
          >${field.label}${field.required ? ' *' : ''}
          <input
            id=${id}
            name=${field.name}
            type=${field.kind === 'string' ? 'text' : 'number'}
            step=${field.kind === 'integer' ? '1' : 'any'}
            min=${field.min ?? nothing}
            max=${field.max ?? nothing}
            aria-invalid=${invalid}
            aria-describedby=${describedBy}
            ?required=${field.required}
            .value=${def === undefined ? '' : String(def)}
            list=${list?.length ? `${id}-list` : nothing}
            autocomplete="off"
            @input=${input}
          />
          ${list?.length ? html`<datalist id=${`${id}-list`}>${list.map((v) => html`<option value=${v}></option>`)}</datalist>` : nothing}
          ${hint}</label
        >`;
      }
    }
  });
}

/**
 * A file argument: its label (and description), the shared picker, what it takes, the picked file, and why a file was
 * refused (said at once, before any byte is read) or the form's error. Its value goes in a hidden input of its name.
 */
function renderFileField(id: string, field: FormField, limits: NonNullable<FormField['file']>, files: FileFieldsHost, formError?: string) {
  const { picks, t, language } = files;
  const problem = picks.errors[field.name] ?? formError;
  return html`<div class="file-field">
    <label for=${id}>${field.label}${field.required ? ' *' : ''}${field.description ? html`<span class="hint">${field.description}</span>` : nothing}</label>
    ${renderFilePicker({
      id,
      accept: limits.accept,
      required: field.required,
      disabled: false,
      invalid: Boolean(problem),
      describedBy: problem ? `${id}-hint ${id}-error` : `${id}-hint`,
      file: picks.files[field.name],
      hint: fileHint(limits, t, language),
      t,
      onFile: (file, from) => {
        picks.pick(field.name, limits, file, t, languageOf(from));
        // The chip's Remove button goes away: focus goes back to the file input.
        if (!file) (from.getRootNode() as ParentNode).querySelector<HTMLElement>(`[id="${id}"]`)?.focus();
      },
    })}
    <input type="hidden" name=${field.name} .value=${picks.values[field.name] ?? ''} />
    ${problem ? html`<span part="field-error" class="diagnosis field-error" id=${`${id}-error`} role="alert">${problem}</span>` : nothing}
  </div>`;
}
