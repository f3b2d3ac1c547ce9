import { html, nothing } from 'lit';

/** One input of a generated form (a tool argument or a prompt argument). */
export interface FormField {
  name: string;
  label: string;
  description?: string;
  required: boolean;
  kind: 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';
  options?: string[];
  defaultValue?: unknown;
}

/** Fields for a tool's `inputSchema`: primitives get inputs, anything else a JSON box. */
export function fieldsFromSchema(schema: { properties?: Record<string, unknown>; required?: string[] } | undefined): FormField[] {
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {}).map(([name, raw]) => {
    const prop = (raw ?? {}) as Record<string, unknown>;
    const type = Array.isArray(prop.type) ? prop.type.find((t) => t !== 'null') : prop.type;
    const options = Array.isArray(prop.enum) ? prop.enum.map(String) : undefined;
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
      defaultValue: prop.default,
    };
  });
}

/** Fields for a prompt's arguments (all strings). */
export function fieldsFromPromptArguments(args: Array<{ name: string; title?: string; description?: string; required?: boolean }> | undefined): FormField[] {
  return (args ?? []).map((a) => ({ name: a.name, label: a.title ?? a.name, description: a.description, required: a.required ?? false, kind: 'string' }));
}

/**
 * Reads a generated form into arguments: numbers as numbers, booleans as
 * booleans, JSON boxes parsed; empty optional fields left out.
 * @throws Error naming the field whose JSON does not parse.
 */
export function readForm(form: HTMLFormElement, fields: FormField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const input = form.elements.namedItem(field.name) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null;
    if (!input) continue;
    if (field.kind === 'boolean') {
      out[field.name] = (input as HTMLInputElement).checked;
      continue;
    }
    const value = input.value;
    if (value === '' && !field.required) continue;
    if (field.kind === 'number' || field.kind === 'integer') out[field.name] = Number(value);
    else if (field.kind === 'json') {
      try {
        out[field.name] = JSON.parse(value);
      } catch {
        throw new Error(`${field.label} must be JSON.`);
      }
    } else out[field.name] = value;
  }
  return out;
}

/** Inputs for `fields`; `completions` fill a datalist per field (prompt argument completion). */
export function renderFields(idPrefix: string, fields: FormField[], completions: Record<string, string[]>, onInput?: (field: FormField, event: Event) => void) {
  return fields.map((field) => {
    const id = `${idPrefix}-${field.name}`;
    const hint = field.description ? html`<span class="hint">${field.description}</span>` : nothing;
    const input = (e: Event) => onInput?.(field, e);
    const def = field.defaultValue;
    switch (field.kind) {
      case 'boolean':
        return html`<label for=${id} class="check"
          ><input id=${id} name=${field.name} type="checkbox" ?checked=${def === true} />${field.label}${hint}</label
        >`;
      case 'enum':
        return html`<label for=${id}
          >${field.label}${field.required ? ' *' : ''}
          <select id=${id} name=${field.name} ?required=${field.required}>
            ${field.required ? nothing : html`<option value=""></option>`}
            ${field.options!.map((o) => html`<option ?selected=${def === o}>${o}</option>`)}
          </select>
          ${hint}</label
        >`;
      case 'json':
        return html`<label for=${id}
          >${field.label}${field.required ? ' *' : ''} (JSON)
          <textarea id=${id} name=${field.name} rows="3" ?required=${field.required} .value=${def === undefined ? '' : JSON.stringify(def)}></textarea>
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
