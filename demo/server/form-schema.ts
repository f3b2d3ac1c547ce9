import type { ElicitRequestFormParams } from '@modelcontextprotocol/server';

/** The `requestedSchema` of a form elicitation. */
export type RequestedSchema = ElicitRequestFormParams['requestedSchema'];

/**
 * The registration form of `register-form`: one field of every kind the
 * elicitation spec allows. There is no `pattern`: the spec's `StringSchema`
 * has none and the SDK drops it before a client sees it, so a pattern would
 * reject answers the person had no way to know about (the format is
 * described in words instead).
 */
export const REGISTER_FORM_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name', description: 'Between 2 and 40 characters', minLength: 2, maxLength: 40 },
    email: { type: 'string', title: 'Email', format: 'email' },
    website: { type: 'string', title: 'Website', format: 'uri', description: 'Your home page' },
    birthday: { type: 'string', title: 'Birthday', format: 'date' },
    meetingAt: { type: 'string', title: 'First meeting', format: 'date-time' },
    inviteCode: {
      type: 'string',
      title: 'Invite code',
      description: 'Three capitals, a dash, three digits (ABC-123)',
      minLength: 7,
      maxLength: 7,
    },
    age: { type: 'integer', title: 'Age', minimum: 13, maximum: 120 },
    heightM: { type: 'number', title: 'Height (m)', minimum: 0.5, maximum: 2.5, default: 1.7 },
    newsletter: { type: 'boolean', title: 'Send me the newsletter', default: false },
    color: { type: 'string', title: 'Favourite colour', enum: ['red', 'green', 'blue'], default: 'green' },
    plan: {
      type: 'string',
      title: 'Plan',
      oneOf: [
        { const: 'free', title: 'Free' },
        { const: 'pro', title: 'Pro ($10 a month)' },
        { const: 'team', title: 'Team ($25 a month)' },
      ],
      default: 'free',
    },
    shirtSize: { type: 'string', title: 'T-shirt size', enum: ['s', 'm', 'l'], enumNames: ['Small', 'Medium', 'Large'] },
    topics: {
      type: 'array',
      title: 'Topics',
      description: 'Pick one to three',
      minItems: 1,
      maxItems: 3,
      items: { type: 'string', enum: ['mcp', 'lit', 'ai', 'web'] },
      default: ['mcp'],
    },
    days: {
      type: 'array',
      title: 'Days you can meet',
      minItems: 1,
      maxItems: 2,
      items: {
        anyOf: [
          { const: 'mon', title: 'Monday' },
          { const: 'wed', title: 'Wednesday' },
          { const: 'fri', title: 'Friday' },
        ],
      },
    },
  },
  required: ['name', 'email', 'age', 'plan', 'topics'],
} as unknown as RequestedSchema;

type Field = Record<string, unknown>;

function allowedValues(field: Field): string[] | undefined {
  if (Array.isArray(field.enum)) return field.enum as string[];
  if (Array.isArray(field.oneOf)) return (field.oneOf as Field[]).map((o) => String(o.const));
  const items = field.items as Field | undefined;
  if (items && Array.isArray(items.enum)) return items.enum as string[];
  if (items && Array.isArray(items.anyOf)) return (items.anyOf as Field[]).map((o) => String(o.const));
  return undefined;
}

const FORMATS: Record<string, (v: string) => boolean> = {
  email: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  uri: (v) => URL.canParse(v),
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
  'date-time': (v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)),
};

/**
 * Checks accepted form content against a flat `requestedSchema`. The SDK does
 * not check content on 2026-07-28 retries, so the server does, in both eras.
 * Returns one sentence per problem; empty when the content fits.
 */
export function checkFormContent(schema: RequestedSchema, content: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const properties = schema.properties as Record<string, Field>;
  for (const name of schema.required ?? []) {
    if (content[name] === undefined) problems.push(`${name} is required`);
  }
  for (const [name, value] of Object.entries(content)) {
    const field = properties[name];
    if (!field) {
      problems.push(`${name} is not a field of the form`);
      continue;
    }
    const allowed = allowedValues(field);
    if (field.type === 'array') {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
        problems.push(`${name} must be a list of strings`);
        continue;
      }
      if (allowed && value.some((v) => !allowed.includes(v))) problems.push(`${name} has a value outside ${allowed.join(', ')}`);
      if (typeof field.minItems === 'number' && value.length < field.minItems) problems.push(`${name} needs at least ${field.minItems}`);
      if (typeof field.maxItems === 'number' && value.length > field.maxItems) problems.push(`${name} allows at most ${field.maxItems}`);
    } else if (field.type === 'string') {
      if (typeof value !== 'string') {
        problems.push(`${name} must be a string`);
        continue;
      }
      if (allowed && !allowed.includes(value)) problems.push(`${name} must be one of ${allowed.join(', ')}`);
      if (typeof field.minLength === 'number' && value.length < field.minLength)
        problems.push(`${name} is shorter than ${field.minLength}`);
      if (typeof field.maxLength === 'number' && value.length > field.maxLength) problems.push(`${name} is longer than ${field.maxLength}`);
      if (typeof field.pattern === 'string' && !new RegExp(field.pattern, 'u').test(value))
        problems.push(`${name} does not match ${field.pattern}`);
      const format = typeof field.format === 'string' ? FORMATS[field.format] : undefined;
      if (format && !format(value)) problems.push(`${name} is not a valid ${String(field.format)}`);
    } else if (field.type === 'number' || field.type === 'integer') {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        problems.push(`${name} must be a number`);
        continue;
      }
      if (field.type === 'integer' && !Number.isInteger(value)) problems.push(`${name} must be a whole number`);
      if (typeof field.minimum === 'number' && value < field.minimum) problems.push(`${name} is below ${field.minimum}`);
      if (typeof field.maximum === 'number' && value > field.maximum) problems.push(`${name} is above ${field.maximum}`);
    } else if (field.type === 'boolean' && typeof value !== 'boolean') {
      problems.push(`${name} must be true or false`);
    }
  }
  return problems;
}
