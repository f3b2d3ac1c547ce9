import { html, nothing } from 'lit';

/** One input of a generated form (a tool argument or a prompt argument). */
export interface FormField {
  name: string;
  label: string;
  description?: string;
  required: boolean;
  kind: 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';
  options?: string[];
  /** The schema's enum values as they are (numbers stay numbers), parallel to `options`. */
  values?: unknown[];
  /** `minimum` / `maximum` of a number. */
  min?: number;
  max?: number;
  defaultValue?: unknown;
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

/** Fields for a tool's `inputSchema`: primitives get inputs, anything else a JSON box. */
export function fieldsFromSchema(schema: { properties?: Record<string, unknown>; required?: string[] } | undefined): FormField[] {
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {}).map(([name, raw]) => {
    const prop = (raw ?? {}) as Record<string, unknown>;
    const type = Array.isArray(prop.type) ? prop.type.find((t) => t !== 'null') : prop.type;
    const values = Array.isArray(prop.enum) ? (prop.enum as unknown[]) : undefined;
    const options = values?.map(String);
    const kind: FormField['kind'] = options
      ? 'enum'
      : type === 'string' || type === 'number' || type === 'integer' || type === 'boolean'
        ? type
        : 'json';
    return {
      name,
      label: typeof prop.title === 'string' ? prop.title : name,
      description: typeof prop.description === 'string' ? prop.description : undefined,
      required: required.has(name),
      kind,
      options,
      values,
      min: typeof prop.minimum === 'number' ? prop.minimum : undefined,
      max: typeof prop.maximum === 'number' ? prop.maximum : undefined,
      defaultValue: prop.default,
    };
  });
}

/** Fields for a prompt's arguments (all strings). */
export function fieldsFromPromptArguments(args: Array<{ name: string; title?: string; description?: string; required?: boolean }> | undefined): FormField[] {
  return (args ?? []).map((a) => ({ name: a.name, label: a.title ?? a.name, description: a.description, required: a.required ?? false, kind: 'string' }));
}

/**
 * Reads a generated form into arguments: numbers as numbers (within
 * `minimum` / `maximum`), an enum's value as the schema wrote it (a number
 * stays a number), JSON boxes parsed; empty optional fields and unchecked
 * optional booleans (without a `true` default) left out.
 * @throws FormFieldError naming the field whose value does not fit.
 */
export function readForm(form: HTMLFormElement, fields: FormField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const input = form.elements.namedItem(field.name) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null;
    if (!input) continue;
    if (field.kind === 'boolean') {
      const checked = (input as HTMLInputElement).checked;
      if (checked || field.required || field.defaultValue === true) out[field.name] = checked;
      continue;
    }
    const value = input.value;
    if (value === '' && !field.required) continue;
    if (field.kind === 'number' || field.kind === 'integer') {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n)) throw new FormFieldError(field.name, `${field.label} must be a number.`);
      if (field.kind === 'integer' && !Number.isInteger(n)) throw new FormFieldError(field.name, `${field.label} must be a whole number.`);
      if (field.min !== undefined && n < field.min) throw new FormFieldError(field.name, `${field.label} must be at least ${field.min}.`);
      if (field.max !== undefined && n > field.max) throw new FormFieldError(field.name, `${field.label} must be at most ${field.max}.`);
      out[field.name] = n;
    } else if (field.kind === 'enum') {
      const i = field.options!.indexOf(value);
      out[field.name] = i >= 0 && field.values ? field.values[i] : value;
    } else if (field.kind === 'json') {
      try {
        out[field.name] = JSON.parse(value);
      } catch {
        throw new FormFieldError(field.name, `${field.label} must be JSON.`);
      }
    } else out[field.name] = value;
  }
  return out;
}

/**
 * Inputs for `fields`; `completions` fill a datalist per field (prompt
 * argument completion); `errors` are shown at their field (and the field is
 * marked invalid and described by its error).
 */
export function renderFields(
  idPrefix: string,
  fields: FormField[],
  completions: Record<string, string[]>,
  onInput?: (field: FormField, event: Event) => void,
  errors: Record<string, string> = {},
) {
  return fields.map((field) => {
    const id = `${idPrefix}-${field.name}`;
    const problem = errors[field.name];
    const hint = html`${field.description ? html`<span class="hint">${field.description}</span>` : nothing}${problem
      ? html`<span part="field-error" class="diagnosis field-error" id=${`${id}-error`} role="alert">${problem}</span>`
      : nothing}`;
    const invalid = problem ? 'true' : nothing;
    const describedBy = problem ? `${id}-error` : nothing;
    const input = (e: Event) => onInput?.(field, e);
    const def = field.defaultValue;
    switch (field.kind) {
      case 'boolean':
        return html`<label for=${id} class="check"
          ><input id=${id} name=${field.name} type="checkbox" ?checked=${def === true} aria-invalid=${invalid} aria-describedby=${describedBy} />${field.label}${hint}</label
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
          <textarea id=${id} name=${field.name} rows="3" ?required=${field.required} aria-invalid=${invalid} aria-describedby=${describedBy} .value=${def === undefined ? '' : JSON.stringify(def)}></textarea>
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
