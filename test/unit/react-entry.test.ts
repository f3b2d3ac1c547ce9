import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ELEMENT_PROPERTIES } from '../../src/react/element-props.js';

// mcp-web-elements/react (src/react/index.ts) must offer an on… prop for
// every mcp-* event the manifest documents on the element it wraps, named
// as React users expect (mcp-tool-call -> onMcpToolCall).
interface Declaration {
  tagName?: string;
  members?: Array<{ kind: string; name: string; static?: boolean; privacy?: string; readonly?: boolean }>;
  events?: Array<{ name: string; type?: { text: string } }>;
}
const manifest: { modules: Array<{ declarations?: Declaration[] }> } = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
const source = readFileSync('src/react/index.ts', 'utf8');
const propName = (event: string) => `on${event.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase())}`;

describe('the React entry', () => {
  for (const tag of ['mcp-chat', 'mcp-elicit-form', 'mcp-sampling-approval', 'mcp-registry-search', 'mcp-tool']) {
    test(`<${tag}>: an on… prop typed with the event class for every documented event`, () => {
      const element = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === tag);
      expect(element, `${tag} is in custom-elements.json`).toBeDefined();
      const block = source.slice(source.indexOf(`tagName: '${tag}'`));
      const events = block.slice(block.indexOf('events: {'), block.indexOf('},'));
      const offered = [...events.matchAll(/(on\w+): '([a-z-]+)' as EventName<(\w+)>/g)].map(([, prop, name, type]) => ({
        prop,
        name,
        type,
      }));
      const expected = (element!.events ?? []).map((e) => ({ prop: propName(e.name), name: e.name, type: e.type?.text }));
      expect(offered).toEqual(expect.arrayContaining(expected));
      expect(offered).toHaveLength(expected.length);
    });
  }

  for (const tag of Object.keys(ELEMENT_PROPERTIES) as (keyof typeof ELEMENT_PROPERTIES)[]) {
    test(`<${tag}>: every public writable property is set as a property, without importing the element (issue 42)`, () => {
      const element = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === tag);
      const properties = (element!.members ?? [])
        .filter((m) => m.kind === 'field' && !m.static && !m.readonly && m.privacy !== 'private' && m.privacy !== 'protected')
        .map((m) => m.name);
      // A property missing here would reach the element as an attribute (an object as "[object Object]"):
      // add it to src/react/element-props.ts.
      expect([...ELEMENT_PROPERTIES[tag]].sort()).toEqual(properties.sort());
    });
  }

  test('the entry imports no element: each loads when its component first mounts', () => {
    expect(source).not.toMatch(/^import (?!type)[^;]*from '\.\.\/elements\//m);
    for (const tag of Object.keys(ELEMENT_PROPERTIES)) expect(source).toContain(`'${tag}',\n  () => import('../elements/`);
  });
});
