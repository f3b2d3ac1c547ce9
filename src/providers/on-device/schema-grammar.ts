/**
 * JSON Schema -> GBNF (llama.cpp's grammar format), for constrained decoding
 * on the visitor's device. Pure; tested in Node.
 *
 * Every value the grammar accepts is **bounded**: a model that never wants to
 * stop (a small model, or the random-weight test model) still reaches the end
 * of the grammar, after which llama.cpp only allows the end token. So:
 * - strings have at most `maxString` characters (or the schema's smaller `maxLength`),
 * - arrays at most `maxItems` items (or the schema's smaller `maxItems`),
 * - numbers at most 16 digits before and after the point, no exponent,
 * - objects have only their declared properties (extra keys are never
 *   generated, whatever `additionalProperties` says), in declared order,
 * - nesting deeper than `maxDepth` (recursive `$ref`s) becomes a scalar,
 * - JSON is compact: no whitespace between tokens.
 * What a grammar cannot express cheaply (`pattern`, `minimum`, `format`,
 * `uniqueItems`, `not`, `if`) is not enforced here; the tool's server checks
 * its arguments as for any model.
 */

/** Bounds of the generated grammar (see the module comment). */
export interface GrammarBounds {
  maxString: number;
  maxItems: number;
  maxDepth: number;
}

/** Defaults: generous for a real model, finite for one that never stops. */
export const DEFAULT_GRAMMAR_BOUNDS: GrammarBounds = { maxString: 256, maxItems: 16, maxDepth: 6 };

type Schema = Record<string, unknown>;

/** A GBNF string literal for `text` (quotes, backslashes and control characters escaped). */
export function gbnfLiteral(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** The literal that matches `value` written as compact JSON. */
export const jsonLiteral = (value: unknown): string => gbnfLiteral(JSON.stringify(value));

/** Rules every grammar from {@link SchemaGrammar} may use (one definition each). */
const BASE_RULES: Record<string, string> = {
  char: '[^"\\\\\\x00-\\x1f] | "\\\\" (["\\\\/bfnrt] | "u" [0-9a-fA-F]{4})',
  integer: '"-"? ("0" | [1-9] [0-9]{0,15})',
  'integer-unsigned': '"0" | [1-9] [0-9]{0,15}',
  number: '"-"? ("0" | [1-9] [0-9]{0,15}) ("." [0-9]{1,16})?',
  boolean: '"true" | "false"',
  null: '"null"',
};

/**
 * Collects named GBNF rules while converting schemas; `rules()` writes them.
 * Rule names are derived from the path and made unique.
 */
export class SchemaGrammar {
  readonly #rules = new Map<string, string>();
  readonly #bounds: GrammarBounds;
  #root: Schema | undefined;

  constructor(bounds: Partial<GrammarBounds> = {}) {
    this.#bounds = { ...DEFAULT_GRAMMAR_BOUNDS, ...bounds };
  }

  /** Adds a rule named after `hint` (made unique) and returns its name. */
  add(hint: string, body: string): string {
    const base =
      hint
        .toLowerCase()
        .replace(/[^a-z0-9-]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'r';
    let name = base;
    for (let i = 2; this.#rules.has(name) || name in BASE_RULES || name === 'root'; i++) name = `${base}-${i}`;
    this.#rules.set(name, body);
    return name;
  }

  /** Uses a base rule (char, integer, number, boolean, null), adding it once. */
  base(name: keyof typeof BASE_RULES): string {
    if (!this.#rules.has(name)) this.#rules.set(name, BASE_RULES[name]!);
    return name;
  }

  /** A rule for a JSON string of at most `max` characters. */
  string(max: number, min = 0): string {
    const n = Math.max(0, Math.min(max, this.#bounds.maxString));
    const lo = Math.min(Math.max(0, min), n);
    const name = `string-${lo}-${n}`;
    if (!this.#rules.has(name)) this.#rules.set(name, `"\\"" ${this.base('char')}{${lo},${n}} "\\""`);
    return name;
  }

  /** The expression (a rule name or an inline alternation) for a value matching `schema`. */
  value(schema: unknown, hint: string, depth = 0): string {
    if (depth === 0) {
      // A top-level schema is the root its own `$ref`s point into.
      const previous = this.#root;
      this.#root = isObject(schema) ? schema : undefined;
      try {
        return this.#value(schema, hint, 0);
      } finally {
        this.#root = previous;
      }
    }
    return this.#value(schema, hint, depth);
  }

  #value(schema: unknown, hint: string, depth: number): string {
    if (schema === true || schema === undefined || (isObject(schema) && Object.keys(schema).length === 0)) return this.any(hint, depth);
    if (!isObject(schema)) return this.base('null'); // `false` or nonsense: the smallest value
    if (depth > this.#bounds.maxDepth) return this.scalar();
    const ref = typeof schema.$ref === 'string' ? this.#resolve(schema.$ref) : undefined;
    if (ref) return this.value(ref, hint, depth + 1);
    if ('const' in schema) return jsonLiteral(schema.const);
    if (Array.isArray(schema.enum) && schema.enum.length) return `(${schema.enum.map(jsonLiteral).join(' | ')})`;
    const variants = (Array.isArray(schema.anyOf) && schema.anyOf) || (Array.isArray(schema.oneOf) && schema.oneOf);
    if (variants && variants.length) {
      const { anyOf: _a, oneOf: _o, ...rest } = schema;
      const alts = variants.map((v, i) => this.value(isObject(v) ? { ...rest, ...v } : v, `${hint}-${i + 1}`, depth + 1));
      return this.add(hint, alts.join(' | '));
    }
    if (Array.isArray(schema.allOf) && schema.allOf.length) {
      const merged = schema.allOf.reduce<Schema>((acc, s) => (isObject(s) ? mergeSchemas(acc, s) : acc), { ...schema, allOf: undefined });
      delete merged.allOf;
      return this.value(merged, hint, depth + 1);
    }
    const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? inferTypes(schema) : [schema.type];
    if (types.length > 1) return this.add(hint, types.map((t) => this.typed(schema, String(t), `${hint}-${t}`, depth)).join(' | '));
    return this.typed(schema, String(types[0]), hint, depth);
  }

  /** Every rule collected, one `name ::= body` a line, after `root ::= rootExpr`. */
  rules(rootExpr: string): string {
    return [`root ::= ${rootExpr}`, ...[...this.#rules].map(([name, body]) => `${name} ::= ${body}`)].join('\n');
  }

  private typed(schema: Schema, type: string, hint: string, depth: number): string {
    switch (type) {
      case 'string':
        return this.string(num(schema.maxLength) ?? this.#bounds.maxString, num(schema.minLength) ?? 0);
      case 'integer':
        return (num(schema.minimum) ?? -1) >= 0 ? this.base('integer-unsigned') : this.base('integer');
      case 'number':
        return this.base('number');
      case 'boolean':
        return this.base('boolean');
      case 'null':
        return this.base('null');
      case 'array':
        return this.array(schema, hint, depth);
      case 'object':
        return this.object(schema, hint, depth);
      default:
        return this.any(hint, depth);
    }
  }

  private array(schema: Schema, hint: string, depth: number): string {
    const max = Math.min(num(schema.maxItems) ?? this.#bounds.maxItems, this.#bounds.maxItems);
    const min = Math.min(num(schema.minItems) ?? 0, max);
    const item = this.value(schema.items, `${hint}-item`, depth + 1);
    if (max === 0) return '"[]"';
    // items: min required ones, then up to (max - min) optional ones, comma-separated.
    const first = min > 0 ? `${item} ("," ${item}){${min - 1},${max - 1}}` : `(${item} ("," ${item}){0,${max - 1}})?`;
    return this.add(hint, `"[" ${first} "]"`);
  }

  private object(schema: Schema, hint: string, depth: number): string {
    const props = isObject(schema.properties) ? Object.entries(schema.properties) : [];
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    const kv = (key: string, s: unknown) => `${jsonLiteral(key)} ":" ${this.value(s, `${hint}-${key}`, depth + 1)}`;
    const must = props.filter(([k]) => required.has(k)).map(([k, s]) => kv(k, s));
    const may = props.filter(([k]) => !required.has(k)).map(([k, s]) => kv(k, s));
    if (!must.length && !may.length) return '"{}"';
    if (must.length) {
      const optional = may.map((m) => `("," ${m})?`).join(' ');
      return this.add(hint, `"{" ${must.join(' "," ')}${optional ? ` ${optional}` : ''} "}"`);
    }
    // No required property: any subset of the optional ones, in order, without a leading comma.
    let rest = '';
    const starts: string[] = [];
    for (let i = may.length - 1; i >= 0; i--) {
      starts.unshift(rest ? `${may[i]} ${rest}` : may[i]!);
      rest = rest ? `("," ${may[i]})? ${rest}` : `("," ${may[i]})?`;
    }
    return this.add(hint, `"{" (${starts.join(' | ')})? "}"`);
  }

  /** Any JSON value, bounded: scalars, and at the top levels small arrays and objects of scalars. */
  private any(hint: string, depth: number): string {
    if (depth >= this.#bounds.maxDepth - 1) return this.scalar();
    const scalar = this.scalar();
    const key = this.string(32);
    const items = Math.min(8, this.#bounds.maxItems);
    return this.add(
      `${hint}-any`,
      `${scalar} | "[" (${scalar} ("," ${scalar}){0,${items - 1}})? "]" | "{" (${key} ":" ${scalar} ("," ${key} ":" ${scalar}){0,${items - 1}})? "}"`,
    );
  }

  private scalar(): string {
    const name = 'scalar';
    if (!this.#rules.has(name))
      this.#rules.set(
        name,
        `${this.string(this.#bounds.maxString)} | ${this.base('number')} | ${this.base('boolean')} | ${this.base('null')}`,
      );
    return name;
  }

  /** A local `$ref` (`#/$defs/x`, `#/definitions/x`, any JSON pointer into the root). */
  #resolve(ref: string): unknown {
    if (!ref.startsWith('#') || !this.#root) return undefined;
    let node: unknown = this.#root;
    for (const part of ref.slice(1).split('/').filter(Boolean)) {
      const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
      node = isObject(node) ? node[key] : undefined;
    }
    return node;
  }
}

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? Math.floor(v) : undefined);

/** The type a schema without `type` describes, from its keywords. */
function inferTypes(schema: Schema): string[] {
  if ('properties' in schema || 'required' in schema) return ['object'];
  if ('items' in schema) return ['array'];
  if ('maxLength' in schema || 'minLength' in schema || 'pattern' in schema) return ['string'];
  return ['any'];
}

/** `allOf` members merged: properties and required lists joined, other keywords of later members win. */
function mergeSchemas(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a, ...b };
  if (isObject(a.properties) || isObject(b.properties))
    out.properties = { ...(isObject(a.properties) ? a.properties : {}), ...(isObject(b.properties) ? b.properties : {}) };
  if (Array.isArray(a.required) || Array.isArray(b.required))
    out.required = [...new Set([...(Array.isArray(a.required) ? a.required : []), ...(Array.isArray(b.required) ? b.required : [])])];
  return out;
}
