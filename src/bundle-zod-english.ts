/**
 * zod's English issue messages, for mcp-web-elements.js only (vite.bundle.config.ts,
 * `zodEnglishCompact`, puts it where zod's classic schemas import `locales/en.js`).
 *
 * A person reads these: a server's tool that breaks the MCP format is listed
 * with zod's first issue ("It does not follow the MCP tool format at
 * annotations.title: Invalid input: expected string, received number"). zod's
 * own English is 0.9 KB gzip of the first load, most of it names for the 30
 * string formats (`jwt`, `cuid2`, `E.164 number`…) and the units of sizes. This
 * one says the same sentences for every issue code, with the names of the
 * formats the MCP schemas use and the raw format name for the others
 * ("Invalid cuid2"). The package's modules (dist/, for bundlers) keep zod's own.
 * test/unit/zod-english.test.ts holds it to zod's sentences.
 */
import { util, type $ZodRawIssue } from 'zod/v4/core';

const formats: Record<string, string> = {
  regex: 'input',
  url: 'URL',
  email: 'email address',
  uuid: 'UUID',
  datetime: 'ISO datetime',
  date: 'ISO date',
  base64: 'base64-encoded string',
  template_literal: 'input',
};
const units: Record<string, string> = { string: 'characters', file: 'bytes', array: 'items', set: 'items', map: 'entries' };

type Issue = $ZodRawIssue & Record<string, any>;

const typeName = (type: string, input?: unknown) =>
  type === 'number' && typeof input === 'number' && !Number.isFinite(input) ? String(input) : type === 'nan' ? 'NaN' : type;

function size(issue: Issue, big: boolean): string {
  const adj = issue.exact ? 'exactly ' : issue.inclusive ? (big ? '<=' : '>=') : big ? '<' : '>';
  const unit = units[issue.origin];
  const limit = String(big ? issue.maximum : issue.minimum);
  const origin = big ? (issue.origin ?? 'value') : issue.origin;
  return `Too ${big ? 'big' : 'small'}: expected ${origin} ${unit ? `to have ${adj}${limit} ${unit}` : `to be ${adj}${limit}`}`;
}

function message(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `Invalid input: expected ${typeName(issue.expected)}, received ${typeName(util.parsedType(issue.input), issue.input)}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Invalid input: expected ${util.stringifyPrimitive(issue.values[0])}`
        : `Invalid option: expected one of ${util.joinValues(issue.values, '|')}`;
    case 'too_big':
      return size(issue, true);
    case 'too_small':
      return size(issue, false);
    case 'invalid_format': {
      const f = issue.format;
      if (f === 'starts_with') return `Invalid string: must start with "${issue.prefix}"`;
      if (f === 'ends_with') return `Invalid string: must end with "${issue.suffix}"`;
      if (f === 'includes') return `Invalid string: must include "${issue.includes}"`;
      if (f === 'regex') return `Invalid string: must match pattern ${issue.pattern}`;
      return `Invalid ${formats[f] ?? f}`;
    }
    case 'not_multiple_of':
      return `Invalid number: must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `Unrecognized key${issue.keys.length > 1 ? 's' : ''}: ${util.joinValues(issue.keys, ', ')}`;
    case 'invalid_key':
      return `Invalid key in ${issue.origin}`;
    case 'invalid_union':
      if (Array.isArray(issue.options) && issue.options.length > 0)
        return `Invalid discriminator value. Expected ${issue.options.map((o: unknown) => `'${o}'`).join(' | ')}`;
      return issue.inclusive === false ? 'Invalid input: more than one option matched' : 'Invalid input';
    case 'invalid_element':
      return `Invalid value in ${issue.origin}`;
    default:
      return 'Invalid input';
  }
}

/** The same shape as zod's `locales/en.js`: a function returning `{ localeError }`. */
export default function english(): { localeError: (issue: $ZodRawIssue) => string } {
  return { localeError: (issue) => message(issue as Issue) };
}
