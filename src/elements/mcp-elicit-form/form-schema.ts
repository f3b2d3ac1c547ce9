/**
 * Reads an elicitation `requestedSchema` into a list of form fields, and says
 * precisely what it cannot render. Pure: no DOM, no Lit.
 *
 * The spec allows a flat object of primitives only: strings (minLength,
 * maxLength, pattern, format email | uri | date | date-time), numbers and
 * integers (minimum, maximum), booleans, single-select enums (untitled `enum`,
 * titled `oneOf` of `{ const, title }`, legacy `enumNames`) and multi-select
 * arrays (`items.enum` or `items.anyOf`, minItems, maxItems); and, from
 * SEP-2356, files (a string marked `x-mcp-file`). Anything else
 * (nested objects, arrays of objects, `$ref`, unknown types) is reported as a
 * problem instead of producing a broken form.
 */

/** A choice of a select or multi-select field. */
export interface FieldOption {
  /** The value sent to the server. */
  value: string;
  /** What the person sees. */
  label: string;
}

/** The string formats the spec allows, rendered with native inputs. */
export type StringFormat = 'email' | 'uri' | 'date' | 'date-time';

interface FieldBase {
  /** Property name in `requestedSchema.properties` (the key in `content`). */
  name: string;
  /** Title, else the property name. */
  label: string;
  description?: string;
  required: boolean;
}

/** A text input (plain or with a format). */
export interface TextField extends FieldBase {
  kind: 'text';
  format?: StringFormat;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: string;
}

/** A number or integer input. */
export interface NumberField extends FieldBase {
  kind: 'number';
  integer: boolean;
  minimum?: number;
  maximum?: number;
  default?: number;
}

/** A checkbox. */
export interface BooleanField extends FieldBase {
  kind: 'boolean';
  default?: boolean;
}

/** One choice among options (`enum`, `oneOf`, `enumNames`). */
export interface SelectField extends FieldBase {
  kind: 'select';
  options: FieldOption[];
  default?: string;
}

/** Several choices among options (array of `enum` or `anyOf`). */
export interface MultiSelectField extends FieldBase {
  kind: 'multi';
  options: FieldOption[];
  minItems?: number;
  maxItems?: number;
  default?: string[];
}

/**
 * A file the person picks (SEP-2356: a string property marked `x-mcp-file`), sent as a `data:` URI with its name and
 * type. `accept` and `maxSize` are the server's, checked before the file is read.
 */
export interface FileField extends FieldBase {
  kind: 'file';
  /** MIME types, `type/*` and `.ext`; empty: any file. */
  accept: string[];
  /** The largest file in bytes (the server's `maxSize`, else `FILE_INPUT_MAX_BYTES`). */
  maxSize: number;
}

/** One field of the form, by kind. */
export type ElicitField = TextField | NumberField | BooleanField | SelectField | MultiSelectField | FileField;

/** What {@link readFormSchema} found: the fields it can render and the problems it cannot. */
export interface FormSchema {
  fields: ElicitField[];
  /** Human-readable reasons, one per property (or the schema) that cannot be rendered. Empty when all is well. */
  problems: string[];
}

import { FORM_STRINGS_EN, type FormStrings } from '../shared/form-strings.js';
import { FILE_INPUT_MAX_BYTES, fileInputRule } from '../shared/file-input.js';

type Json = Record<string, unknown>;

const FORMATS: readonly string[] = ['email', 'uri', 'date', 'date-time'];

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

function titledOptions(list: unknown): FieldOption[] | undefined {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const options: FieldOption[] = [];
  for (const item of list) {
    if (!isObject(item) || typeof item.const !== 'string') return undefined;
    options.push({ value: item.const, label: typeof item.title === 'string' ? item.title : item.const });
  }
  return options;
}

function untitledOptions(values: string[], names?: unknown): FieldOption[] {
  const labels = isStringArray(names) && names.length === values.length ? names : undefined;
  return values.map((value, i) => ({ value, label: labels ? labels[i]! : value }));
}

/** Reads one property; returns a field or a problem sentence. */
function readProperty(name: string, prop: unknown, required: boolean, t: FormStrings): ElicitField | string {
  if (!isObject(prop)) return t.schemaNoObject(name);
  if ('$ref' in prop) return t.schemaRef(name);
  const base = {
    name,
    label: str(prop.title) || name,
    description: str(prop.description),
    required,
  };
  const type = prop.type;
  switch (type) {
    case 'string': {
      const file = fileInputRule(prop);
      if (file) return { ...base, kind: 'file', accept: file.accept, maxSize: file.maxSize ?? FILE_INPUT_MAX_BYTES };
      if (isStringArray(prop.enum) && prop.enum.length > 0) {
        return { ...base, kind: 'select', options: untitledOptions(prop.enum, prop.enumNames), default: str(prop.default) };
      }
      if (prop.oneOf !== undefined) {
        const options = titledOptions(prop.oneOf);
        if (!options) return t.schemaBadOneOf(name);
        return { ...base, kind: 'select', options, default: str(prop.default) };
      }
      const format = str(prop.format);
      if (format !== undefined && !FORMATS.includes(format)) return t.schemaFormat(name, format, FORMATS.join(', '));
      const pattern = str(prop.pattern);
      if (pattern !== undefined) {
        try {
          new RegExp(pattern, 'u');
        } catch {
          return t.schemaBadPattern(name);
        }
      }
      return {
        ...base,
        kind: 'text',
        format: format as StringFormat | undefined,
        minLength: num(prop.minLength),
        maxLength: num(prop.maxLength),
        pattern,
        default: str(prop.default),
      };
    }
    case 'number':
    case 'integer':
      return {
        ...base,
        kind: 'number',
        integer: type === 'integer',
        minimum: num(prop.minimum),
        maximum: num(prop.maximum),
        default: num(prop.default),
      };
    case 'boolean':
      return { ...base, kind: 'boolean', default: typeof prop.default === 'boolean' ? prop.default : undefined };
    case 'array': {
      const items = prop.items;
      if (!isObject(items)) return t.schemaNoItems(name);
      if (items.type === 'object' || isObject(items.properties)) return t.schemaObjectItems(name);
      let options: FieldOption[] | undefined;
      if (isStringArray(items.enum) && items.enum.length > 0) options = untitledOptions(items.enum);
      else if (items.anyOf !== undefined || items.oneOf !== undefined) options = titledOptions(items.anyOf ?? items.oneOf);
      if (!options) return t.schemaNotChoices(name);
      return {
        ...base,
        kind: 'multi',
        options,
        minItems: num(prop.minItems),
        maxItems: num(prop.maxItems),
        default: isStringArray(prop.default) ? prop.default : undefined,
      };
    }
    case 'object':
      return t.schemaNested(name);
    default:
      return type === undefined ? t.schemaNoType(name) : t.schemaType(name, JSON.stringify(type));
  }
}

/** Reads a `requestedSchema` (untrusted input from a server) into fields and problems (in the words of `t`). */
export function readFormSchema(schema: unknown, t: FormStrings = FORM_STRINGS_EN): FormSchema {
  if (!isObject(schema)) return { fields: [], problems: [t.schemaMissing] };
  const problems: string[] = [];
  if (schema.type !== 'object') problems.push(t.schemaNotObject(JSON.stringify(schema.type)));
  if ('$ref' in schema || '$defs' in schema || 'definitions' in schema) problems.push(t.schemaDefs);
  const required = new Set(isStringArray(schema.required) ? schema.required : []);
  const properties = isObject(schema.properties) ? schema.properties : {};
  const fields: ElicitField[] = [];
  for (const [name, prop] of Object.entries(properties)) {
    const read = readProperty(name, prop, required.has(name), t);
    if (typeof read === 'string') problems.push(read);
    else fields.push(read);
  }
  return { fields, problems };
}
