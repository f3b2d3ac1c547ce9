/**
 * The one JSON Schema -> form fields module for tool input (the chat
 * palette's Run form, which the docs page's runner is too, and the sampling
 * approval's hand-written tool call): a tool's `inputSchema` or a prompt's
 * arguments become simple fields, and the values a person typed become the
 * input object. Covers what tool schemas use at the top level (string,
 * number, integer, boolean, enum; a `["string", "null"]` type counts as its
 * non-null type); anything else is edited as JSON text. Pure: no DOM. The
 * elicitation form reads its stricter schema subset itself
 * (`mcp-elicit-form/form-schema.ts`). Messages come from a form table
 * (form-strings.ts; English unless the caller passes its language's).
 */
import { FORM_STRINGS_EN, type FormStrings } from './form-strings.js';
import { FILE_INPUT_MAX_BYTES, fileInputRule } from './file-input.js';

/** The keys of a form table the readers below speak with. */
export type FieldStrings = Pick<
  FormStrings,
  | 'fieldRequired'
  | 'fieldNotNumber'
  | 'fieldNotWhole'
  | 'fieldAtLeast'
  | 'fieldAtMost'
  | 'fieldOneOf'
  | 'fieldNotJson'
  | 'jsonInvalid'
  | 'jsonNotObject'
>;

/** One input of a generated form (a tool argument or a prompt argument). */
export interface FormField {
  name: string;
  /** The schema's `title`, else the name. */
  label: string;
  description?: string;
  required: boolean;
  kind: 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';
  /** For `enum` fields: the values as the person sees them. */
  options?: string[];
  /** The schema's enum values as they are (numbers stay numbers), parallel to `options`. */
  values?: unknown[];
  /** `minimum` / `maximum` of a number. */
  min?: number;
  max?: number;
  defaultValue?: unknown;
  /**
   * A `string` that is text of several lines: its default or an example has a
   * line break, or the schema says so (`format: "textarea"` / `"multiline"`,
   * `contentMediaType: "text/..."`, `maxLength` of 1,000 or more). Drawn as a
   * multi-line box, so its line breaks are kept.
   */
  multiline?: boolean;
  /**
   * A `string` that takes a file (SEP-2356 `x-mcp-file`): what it takes (`maxSize` the server's, else
   * `FILE_INPUT_MAX_BYTES`). Drawn as a file field; its value is the picked file's `data:` URI.
   */
  file?: { accept: string[]; maxSize: number };
}

/** Whether a string property holds text of several lines (see `FormField.multiline`). */
function isMultiline(prop: Schema): boolean {
  const breaks = (v: unknown) => typeof v === 'string' && /[\r\n]/.test(v);
  if (breaks(prop.default) || (Array.isArray(prop.examples) && prop.examples.some(breaks))) return true;
  if (prop.format === 'textarea' || prop.format === 'multiline') return true;
  if (typeof prop.contentMediaType === 'string' && prop.contentMediaType.startsWith('text/')) return true;
  return typeof prop.maxLength === 'number' && prop.maxLength >= 1000;
}

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A file input's limits (see `FormField.file`), as `{ file }`, or nothing. */
function fileOf(prop: Schema): { file: NonNullable<FormField['file']> } | undefined {
  const rule = fileInputRule(prop);
  return rule && { file: { accept: rule.accept, maxSize: rule.maxSize ?? FILE_INPUT_MAX_BYTES } };
}

/** Fields for a tool's `inputSchema`: primitives get inputs, anything else a JSON box. */
export function fieldsFromSchema(schema: unknown): FormField[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(schema.properties).map(([name, raw]) => {
    const prop = isObject(raw) ? raw : {};
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
      ...(kind === 'string' && isMultiline(prop) ? { multiline: true } : {}),
      ...(kind === 'string' && fileOf(prop)),
    };
  });
}

/** Fields for a prompt's arguments (all strings). */
export function fieldsFromPromptArguments(
  args: Array<{ name: string; title?: string; description?: string; required?: boolean }> | undefined,
): FormField[] {
  return (args ?? []).map((a) => ({
    name: a.name,
    label: a.title ?? a.name,
    description: a.description,
    required: a.required ?? false,
    kind: 'string',
  }));
}

/** The result of reading a form: the input object, or the first problem and its field. */
export type FieldsReading = { ok: true; value: Record<string, unknown> } | { ok: false; error: string; field?: string };

/**
 * Builds the input object from raw form values (strings from inputs, booleans
 * from checkboxes): numbers as numbers (within `minimum` / `maximum`), an
 * enum's value as the schema wrote it (a number stays a number), JSON boxes
 * parsed; empty optional fields and unchecked optional booleans (without a
 * `true` default) left out.
 */
export function readFields(
  fields: FormField[],
  raw: Record<string, string | boolean | undefined>,
  t: FieldStrings = FORM_STRINGS_EN,
): FieldsReading {
  const value: Record<string, unknown> = {};
  const problem = (field: FormField, error: string): FieldsReading => ({ ok: false, error, field: field.name });
  for (const field of fields) {
    const input = raw[field.name];
    if (field.kind === 'boolean') {
      const checked = input === true || input === 'true';
      if (checked || field.required || field.defaultValue === true) value[field.name] = checked;
      continue;
    }
    const text = typeof input === 'string' ? input : '';
    if (text.trim() === '') {
      if (field.required) return problem(field, t.fieldRequired(field.label));
      continue;
    }
    switch (field.kind) {
      case 'number':
      case 'integer': {
        const n = Number(text);
        if (!Number.isFinite(n)) return problem(field, t.fieldNotNumber(field.label));
        if (field.kind === 'integer' && !Number.isInteger(n)) return problem(field, t.fieldNotWhole(field.label));
        if (field.min !== undefined && n < field.min) return problem(field, t.fieldAtLeast(field.label, field.min));
        if (field.max !== undefined && n > field.max) return problem(field, t.fieldAtMost(field.label, field.max));
        value[field.name] = n;
        break;
      }
      case 'enum': {
        const i = field.options?.indexOf(text) ?? -1;
        if (i < 0) return problem(field, t.fieldOneOf(field.label, field.options?.join(', ') ?? ''));
        value[field.name] = field.values ? field.values[i] : text;
        break;
      }
      case 'json':
        try {
          value[field.name] = JSON.parse(text);
        } catch {
          return problem(field, t.fieldNotJson(field.label));
        }
        break;
      default:
        value[field.name] = text;
    }
  }
  return { ok: true, value };
}

/** Parses JSON a person edited as an object input; says why when it is not one. */
export function parseObjectJson(text: string, t: Pick<FormStrings, 'jsonInvalid' | 'jsonNotObject'> = FORM_STRINGS_EN): FieldsReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: t.jsonInvalid((error as Error).message) };
  }
  if (!isObject(parsed)) return { ok: false, error: t.jsonNotObject };
  return { ok: true, value: parsed };
}

/** Names of required properties of `schema` missing from `value` (a light check; the server validates fully). */
export function missingRequired(schema: unknown, value: Record<string, unknown>): string[] {
  if (!isObject(schema) || !Array.isArray(schema.required)) return [];
  return (schema.required as unknown[]).filter((k): k is string => typeof k === 'string' && !(k in value));
}
