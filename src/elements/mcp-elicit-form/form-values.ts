// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../../content/no-eval.js';
import { z } from 'zod/v4';
import type { ElicitField } from './form-schema.js';
import { FORM_STRINGS_EN, type FormStrings } from '../shared/form-strings.js';

/**
 * The values of a form as the inputs hold them, and their validation into the
 * typed `content` of an `ElicitResult` with zod. Pure: no DOM, no Lit.
 *
 * Raw values per field kind: text and number inputs hold their text, a select
 * its value (`''` for none), a checkbox a boolean, a multi-select the list of
 * checked values, a file field the `data:` URI of the picked file (`''` for none). Validation turns them into what the schema asks for:
 * numbers as numbers, `date-time` as RFC 3339 with offset, multi-select as
 * string arrays; empty optional fields are left out.
 */
export type RawValue = string | boolean | string[];

/** Raw values by field name. */
export type RawValues = Record<string, RawValue>;

/** A value of an accepted elicitation's `content` (the spec's primitive types). */
export type ContentValue = string | number | boolean | string[];

/** The result of {@link validateValues}: either content, or a message per invalid field. */
export interface Validation {
  /** The typed content, present only when every field is valid. */
  content?: Record<string, ContentValue>;
  /** The first message for each invalid field, by name. */
  errors: Record<string, string>;
}

/** Turns a `datetime-local` value (local time) into RFC 3339 with offset (UTC). */
function toDateTime(local: string): string {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** Turns an RFC 3339 date-time into the `datetime-local` form of the person's time zone. */
export function toLocalDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The first raw values: the schema's defaults when `applyDefaults`, else empty. */
export function initialValues(fields: readonly ElicitField[], applyDefaults: boolean): RawValues {
  const values: RawValues = {};
  for (const field of fields) {
    const d = applyDefaults && field.kind !== 'file' ? field.default : undefined;
    switch (field.kind) {
      case 'text':
        values[field.name] = d === undefined ? '' : field.format === 'date-time' ? toLocalDateTime(d as string) : (d as string);
        break;
      case 'number':
        values[field.name] = d === undefined ? '' : String(d);
        break;
      case 'boolean':
        values[field.name] = (d as boolean | undefined) ?? false;
        break;
      case 'select':
        values[field.name] = (d as string | undefined) ?? '';
        break;
      case 'multi':
        values[field.name] = [...((d as string[] | undefined) ?? [])];
        break;
      case 'file':
        // Never a default: a file is what the person picks.
        values[field.name] = '';
        break;
    }
  }
  return values;
}

function stringSchema(field: Extract<ElicitField, { kind: 'text' }>, t: FormStrings): z.ZodType {
  const REQUIRED = t.elicitRequired;
  const typed = { error: (issue: { input?: unknown }) => (issue.input === undefined ? REQUIRED : t.elicitEnterText) };
  let s: z.ZodType;
  switch (field.format) {
    case 'email':
      s = z.email({ error: (i) => (i.input === undefined ? REQUIRED : t.elicitEnterEmail) });
      break;
    case 'uri':
      s = z.url({ error: (i) => (i.input === undefined ? REQUIRED : t.elicitEnterUrl) });
      break;
    case 'date':
      s = z.iso.date({ error: (i) => (i.input === undefined ? REQUIRED : t.elicitEnterDate) });
      break;
    case 'date-time':
      s = z.iso.datetime({ offset: true, error: (i) => (i.input === undefined ? REQUIRED : t.elicitEnterDateTime) });
      break;
    default:
      s = z.string(typed);
  }
  let str = s as z.ZodString;
  if (field.minLength !== undefined) str = str.min(field.minLength, t.elicitMinLength(field.minLength));
  if (field.maxLength !== undefined) str = str.max(field.maxLength, t.elicitMaxLength(field.maxLength));
  if (field.pattern !== undefined) str = str.regex(new RegExp(field.pattern, 'u'), t.elicitPattern(field.pattern));
  return str;
}

function fieldSchema(field: ElicitField, t: FormStrings): z.ZodType {
  const REQUIRED = t.elicitRequired;
  switch (field.kind) {
    case 'text':
      return stringSchema(field, t);
    case 'number': {
      let n = z.number({ error: (i) => (i.input === undefined ? REQUIRED : t.elicitEnterNumber) });
      if (field.integer) n = n.int(t.elicitEnterWhole);
      if (field.minimum !== undefined) n = n.min(field.minimum, t.elicitMin(field.minimum));
      if (field.maximum !== undefined) n = n.max(field.maximum, t.elicitMax(field.maximum));
      return n;
    }
    case 'boolean':
      return z.boolean();
    case 'select': {
      const values = field.options.map((o) => o.value);
      return z.string({ error: () => t.elicitChooseOption }).refine((v) => values.includes(v), t.elicitChooseOneOf);
    }
    case 'file':
      // The value is the data: URI the element made from the picked file (checked against the field's rule before).
      return z.string({ error: () => t.elicitChooseFileFirst }).startsWith('data:', t.elicitChooseFileFirst);
    case 'multi': {
      const values = field.options.map((o) => o.value);
      let a = z.array(
        z.string().refine((v) => values.includes(v), t.elicitChooseAmong),
        { error: () => REQUIRED },
      );
      if (field.minItems !== undefined) a = a.min(field.minItems, t.elicitMinItems(field.minItems));
      if (field.maxItems !== undefined) a = a.max(field.maxItems, t.elicitMaxItems(field.maxItems));
      return a;
    }
  }
}

/** Builds the zod schema of a whole form (typed content in, typed content out); its messages in the words of `t`. */
export function buildContentSchema(
  fields: readonly ElicitField[],
  t: FormStrings = FORM_STRINGS_EN,
): z.ZodType<Record<string, ContentValue>> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    const schema = fieldSchema(field, t);
    shape[field.name] = field.required ? schema : schema.optional();
  }
  return z.object(shape) as unknown as z.ZodType<Record<string, ContentValue>>;
}

/** Raw input values to typed candidate content (before validation). */
export function toCandidate(fields: readonly ElicitField[], values: RawValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const raw = values[field.name];
    switch (field.kind) {
      case 'text':
        if (typeof raw === 'string' && raw !== '') out[field.name] = field.format === 'date-time' ? toDateTime(raw) : raw;
        break;
      case 'number':
        if (typeof raw === 'string' && raw.trim() !== '') out[field.name] = Number(raw);
        break;
      case 'boolean':
        out[field.name] = raw === true;
        break;
      case 'select':
      case 'file':
        if (typeof raw === 'string' && raw !== '') out[field.name] = raw;
        break;
      case 'multi':
        if (Array.isArray(raw) && (raw.length > 0 || field.required)) out[field.name] = [...raw];
        break;
    }
  }
  return out;
}

/** Validates raw values against a schema built by {@link buildContentSchema}. */
export function validateValues(
  fields: readonly ElicitField[],
  schema: z.ZodType<Record<string, ContentValue>>,
  values: RawValues,
): Validation {
  const parsed = schema.safeParse(toCandidate(fields, values));
  if (parsed.success) return { content: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (!(name in errors)) errors[name] = issue.message;
  }
  return { errors };
}
