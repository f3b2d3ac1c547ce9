/**
 * Turns a tool's input schema into simple form fields, and the values a
 * person typed back into an input object. Covers what tool schemas use at the
 * top level (string, number, integer, boolean, enum); anything else is edited
 * as JSON text. Pure: no DOM.
 */

/** The kinds of field the form can show. */
export const FieldKind = {
  Text: 'text',
  Number: 'number',
  Integer: 'integer',
  Boolean: 'boolean',
  Choice: 'choice',
  Json: 'json',
} as const;
/** One of {@link FieldKind}. */
export type FieldKind = (typeof FieldKind)[keyof typeof FieldKind];

/** One field of a form built from a schema. */
export interface SchemaField {
  name: string;
  kind: FieldKind;
  title: string;
  description?: string;
  required: boolean;
  /** For `choice` fields: the allowed values. */
  options?: Array<string | number | boolean>;
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields for the top-level properties of an object schema. */
export function schemaFields(schema: unknown): SchemaField[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return Object.entries(schema.properties).map(([name, raw]) => {
    const prop = isObject(raw) ? raw : {};
    const base = {
      name,
      title: typeof prop.title === 'string' ? prop.title : name,
      description: typeof prop.description === 'string' ? prop.description : undefined,
      required: required.includes(name),
      default: prop.default,
      minimum: typeof prop.minimum === 'number' ? prop.minimum : undefined,
      maximum: typeof prop.maximum === 'number' ? prop.maximum : undefined,
    };
    if (Array.isArray(prop.enum)) return { ...base, kind: FieldKind.Choice, options: prop.enum as SchemaField['options'] };
    switch (prop.type) {
      case 'string':
        return { ...base, kind: FieldKind.Text };
      case 'number':
        return { ...base, kind: FieldKind.Number };
      case 'integer':
        return { ...base, kind: FieldKind.Integer };
      case 'boolean':
        return { ...base, kind: FieldKind.Boolean };
      default:
        return { ...base, kind: FieldKind.Json };
    }
  });
}

/** The result of reading a form: the input object, or the first problem. */
export type FieldsReading = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/**
 * Builds the input object from raw form values (strings from inputs, booleans
 * from checkboxes). Empty optional fields are left out.
 */
export function readFields(fields: SchemaField[], raw: Record<string, string | boolean | undefined>): FieldsReading {
  const value: Record<string, unknown> = {};
  for (const field of fields) {
    const input = raw[field.name];
    if (field.kind === FieldKind.Boolean) {
      if (input !== undefined) value[field.name] = input === true || input === 'true';
      continue;
    }
    const text = typeof input === 'string' ? input.trim() : '';
    if (text === '') {
      if (field.required) return { ok: false, error: `${field.title} is required` };
      continue;
    }
    switch (field.kind) {
      case FieldKind.Number:
      case FieldKind.Integer: {
        const n = Number(text);
        if (!Number.isFinite(n) || (field.kind === FieldKind.Integer && !Number.isInteger(n))) {
          return { ok: false, error: `${field.title} must be ${field.kind === FieldKind.Integer ? 'a whole number' : 'a number'}` };
        }
        if (field.minimum !== undefined && n < field.minimum) return { ok: false, error: `${field.title} must be at least ${field.minimum}` };
        if (field.maximum !== undefined && n > field.maximum) return { ok: false, error: `${field.title} must be at most ${field.maximum}` };
        value[field.name] = n;
        break;
      }
      case FieldKind.Choice: {
        const match = field.options?.find((o) => String(o) === text);
        if (match === undefined) return { ok: false, error: `${field.title} must be one of ${field.options?.join(', ')}` };
        value[field.name] = match;
        break;
      }
      case FieldKind.Json:
        try {
          value[field.name] = JSON.parse(text);
        } catch {
          return { ok: false, error: `${field.title} is not valid JSON` };
        }
        break;
      case FieldKind.Text:
        value[field.name] = typeof input === 'string' ? input : '';
        break;
      default:
        return { ok: false, error: `${field.title}: unsupported field` };
    }
  }
  return { ok: true, value };
}

/** Parses JSON a person edited as an object input; says why when it is not one. */
export function parseObjectJson(text: string): FieldsReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `not valid JSON: ${(error as Error).message}` };
  }
  if (!isObject(parsed)) return { ok: false, error: 'the input must be a JSON object' };
  return { ok: true, value: parsed };
}

/** Names of required properties of `schema` missing from `value` (a light check; the server validates fully). */
export function missingRequired(schema: unknown, value: Record<string, unknown>): string[] {
  if (!isObject(schema) || !Array.isArray(schema.required)) return [];
  return (schema.required as unknown[]).filter((k): k is string => typeof k === 'string' && !(k in value));
}
