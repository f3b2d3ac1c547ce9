import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// One API page per element, generated from custom-elements.json: attributes,
// properties, events, slots, parts, custom properties; the element's
// screenshots (docs/public/screenshots/<tag>*.png) when there are any; a live
// example for the elements that have one.
interface Item {
  name: string;
  description?: string;
  type?: { text: string };
  default?: string;
  attribute?: string;
  fieldName?: string;
  kind?: string;
  privacy?: string;
  static?: boolean;
  readonly?: boolean;
}
interface Element {
  tagName: string;
  name: string;
  summary?: string;
  description?: string;
  attributes?: Item[];
  members?: Item[];
  events?: Item[];
  slots?: Item[];
  cssParts?: Item[];
  cssProperties?: Item[];
}

const root = join(import.meta.dirname, '../..');
const live = new Set(['mcp-chat', 'mcp-elicit-form']);

/** Text from the manifest as Markdown: `<tag>` outside code spans is text, not HTML (Vue would parse it). */
const prose = (text = '') =>
  text
    .split('`')
    .map((part, i) => (i % 2 ? part : part.replace(/</g, '&lt;').replace(/>/g, '&gt;')))
    .join('`');
/** A table cell: one line, pipes escaped, code kept. */
const cell = (text = '') =>
  prose(text)
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|');
const code = (text?: string) => (text ? `\`${text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|')}\`` : '');

function table(heading: string, columns: string[], rows: string[][], empty: string): string {
  if (rows.length === 0) return `## ${heading}\n\n${empty}\n`;
  return `## ${heading}\n\n| ${columns.join(' | ')} |\n| ${columns.map(() => '---').join(' | ')} |\n${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}\n`;
}

/** Every entry of the reference says what it is: an undescribed one fails the docs build, naming it. */
function requireDescriptions(element: Element, fields: Item[]): void {
  const lists: Record<string, Item[] | undefined> = {
    attribute: element.attributes,
    property: fields,
    event: element.events,
    part: element.cssParts,
    'custom property': element.cssProperties,
    slot: element.slots,
  };
  const bare = Object.entries(lists).flatMap(([kind, items]) =>
    (items ?? []).filter((i) => !i.description?.trim()).map((i) => `${kind} ${i.name || '(default slot)'}`),
  );
  if (bare.length)
    throw new Error(
      `<${element.tagName}> has entries without a description in custom-elements.json (write their JSDoc, then npm run analyze): ${bare.join(', ')}`,
    );
}

function page(element: Element): string {
  const fields = (element.members ?? []).filter(
    (m) =>
      m.kind === 'field' &&
      !m.static &&
      m.privacy !== 'private' &&
      m.privacy !== 'protected' &&
      !m.name.startsWith('#') &&
      !/@internal/.test(m.description ?? ''),
  );
  requireDescriptions(element, fields);
  const screenshots = ['light', 'dark', '']
    .map((s) => `screenshots/${element.tagName}${s ? `-${s}` : ''}.png`)
    .filter((f) => existsSync(join(root, 'docs/public', f)));
  const guide = existsSync(join(root, 'docs/elements', `${element.tagName}.md`))
    ? `\nGuide: [${element.tagName}](../elements/${element.tagName}.md).\n`
    : '';
  return [
    `# \`<${element.tagName}>\``,
    '',
    `${cell(element.summary ?? '')} Class \`${element.name}\`.`,
    guide,
    prose(element.description ?? ''),
    '',
    ...screenshots.map((f) => `![${element.tagName} (${f.includes('dark') ? 'dark' : 'light'})](/${f})\n`),
    live.has(element.tagName) ? `## Live example\n\n<LiveExample tag="${element.tagName}" />\n` : '',
    '::: v-pre',
    table(
      'Attributes',
      ['Attribute', 'Property', 'Type', 'Default', 'Description'],
      (element.attributes ?? []).map((a) => [code(a.name), code(a.fieldName), code(a.type?.text), code(a.default), cell(a.description)]),
      'None.',
    ),
    table(
      'Properties',
      ['Property', 'Type', 'Default', 'Description'],
      fields.map((f) => [code(f.name) + (f.readonly ? ' (read-only)' : ''), code(f.type?.text), code(f.default), cell(f.description)]),
      'None.',
    ),
    table(
      'Events',
      ['Event', 'Class', 'Description'],
      (element.events ?? []).map((e) => [code(e.name), code(e.type?.text), cell(e.description)]),
      'None.',
    ),
    table(
      'Slots',
      ['Slot', 'Description'],
      (element.slots ?? []).map((s) => [s.name ? code(s.name) : '(default)', cell(s.description)]),
      'None.',
    ),
    table(
      'CSS parts',
      ['Part', 'Description'],
      (element.cssParts ?? []).map((p) => [code(p.name), cell(p.description)]),
      'None.',
    ),
    table(
      'CSS custom properties',
      ['Property', 'Default', 'Description'],
      (element.cssProperties ?? []).map((p) => [code(p.name), code(p.default), cell(p.description)]),
      'None.',
    ),
    ':::',
  ].join('\n');
}

export default {
  paths() {
    const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));
    const elements: Element[] = manifest.modules
      .flatMap((m: { declarations?: Element[] }) => m.declarations ?? [])
      .filter((d: Element & { customElement?: boolean }) => d.customElement && d.tagName);
    return elements.map((element) => ({ params: { tag: element.tagName }, content: page(element) }));
  },
};
