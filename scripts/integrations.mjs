#!/usr/bin/env node
// Generates, from custom-elements.json, what editors and frameworks read
// (part of `npm run build`; nothing here is written by hand):
//   dist/types/jsx.d.ts     tags for JSX (React 19, Preact, Solid, Stencil)
//   dist/types/vue.d.ts     tags for Vue templates (Volar)
//   dist/types/svelte.d.ts  tags for Svelte templates
//   dist/vscode.html-custom-data.json  VS Code HTML custom data
//   dist/web-types.json     JetBrains web-types
// The generators come from the `custom-element-*-integration` family (cem-tools).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { generateJsxTypes } from 'custom-element-jsx-integration';
import { generateVuejsTypes } from 'custom-element-vuejs-integration';
import { generateSvelteTypes } from 'custom-element-svelte-integration';
import { generateVsCodeCustomElementData } from 'custom-element-vs-code-integration';
import { generateJetBrainsWebTypes } from 'custom-element-jet-brains-integration';

const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
// The element and event classes, as the published package names them (the
// typings sit in dist/types/, the library's declarations in dist/).
const globalTypePath = '../index.js';
const reference = (name, tag) => ({ name: 'Documentation', url: `https://www.npmjs.com/package/${pkg.name}#${tag ?? name}` });
const common = { hideLogs: true };

generateJsxTypes(manifest, { ...common, outdir: 'dist/types', fileName: 'jsx.d.ts', globalTypePath });
generateVuejsTypes(manifest, { ...common, outdir: 'dist/types', fileName: 'vue.d.ts', globalTypePath });
generateSvelteTypes(manifest, { ...common, outdir: 'dist/types', fileName: 'svelte.d.ts', globalTypePath });
generateVsCodeCustomElementData(manifest, {
  ...common,
  outdir: 'dist',
  htmlFileName: 'vscode.html-custom-data.json',
  cssFileName: 'vscode.css-custom-data.json',
  referencesTemplate: (name, tag) => [reference(name, tag)],
});
generateJetBrainsWebTypes(manifest, {
  ...common,
  outdir: 'dist',
  webTypesFileName: 'web-types.json',
  packageJson: false,
  referencesTemplate: reference,
});

/**
 * Two fixes to what the typing generators write (cem-tools 1.x), so the
 * files type-check with `skipLibCheck: false`:
 * - they import an event class once per element that fires it (mcp-chat
 *   re-fires its tool cards' events), a duplicate identifier: import each once;
 * - they type a listener's argument as `CustomEvent<EventClass>`, but our
 *   events are `Event` subclasses with their own fields: the argument is the class.
 * Svelte 5 also takes event attributes (`onmcp-tool-call={...}`) besides the
 * `on:` directive the generator writes: declare both. Svelte 5 sets a custom
 * element's properties from plain attributes (`<mcp-chat {servers}>`), but the
 * generator declares properties only as `bind:servers` (Svelte 4): declare the
 * plain name too. The Svelte file also names a global `JSX` namespace that
 * Svelte projects do not have.
 * Vue's checker (vue-tsc / Volar) types `@mcp-tool-call="handler"` from a prop
 * named `onMcpToolCall`; the generator writes only `"onmcp-tool-call"`, so a
 * handler of any type passed: declare the camel-case prop too.
 */
function fixTypings(file, { svelte = false, vue = false } = {}) {
  let text = readFileSync(file, 'utf8');
  text = text.replace(/import type \{([^}]*)\} from "\.\.\/index\.js";/, (_, names) => {
    const unique = [
      ...new Set(
        names
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean),
      ),
    ];
    return `import type {\n  ${unique.join(',\n  ')},\n} from "../index.js";`;
  });
  text = text.replace(/CustomEvent<(Mcp\w+Event)>/g, '$1');
  if (svelte)
    text = text.replace('children?: JSX.Element;', 'children?: unknown;').replace('style?: JSX.CSSProperties;', 'style?: string;');
  if (svelte) text = text.replace(/^(\s*)"on:(mcp-[a-z-]+)"\?: (.*)$/gm, '$1"on:$2"?: $3\n$1"on$2"?: $3');
  if (svelte) {
    // Per props type: `"bind:name"?: T` gains `name?: T` unless `name` is declared already (as an attribute).
    text = text.replace(/^type (\w+Props) = \{\n([\s\S]*?)^\};/gm, (block, _name, body) => {
      const declared = new Set([...body.matchAll(/^\s*"?([\w-]+)"?\?:/gm)].map((m) => m[1]));
      return block.replace(/^(\s*)"bind:(\w+)"\?: (.*)$/gm, (line, indent, prop, type) =>
        declared.has(prop) ? line : `${line}\n${indent}${prop}?: ${type}`,
      );
    });
  }
  if (vue) {
    const camel = (name) => name.replace(/(?:^|-)([a-z])/g, (_, c) => c.toUpperCase());
    text = text.replace(
      /^(\s*)"on(mcp-[a-z-]+)"\?: (.*)$/gm,
      (line, indent, event, type) => `${line}\n${indent}on${camel(event)}?: ${type}`,
    );
  }
  writeFileSync(file, text);
}
fixTypings('dist/types/jsx.d.ts');
fixTypings('dist/types/vue.d.ts', { vue: true });
fixTypings('dist/types/svelte.d.ts', { svelte: true });

/**
 * The SDK's typings name Node's `Buffer` (its stdio reader, never used in a
 * browser), so a project without @types/node and with `skipLibCheck: false`
 * failed to type-check. Every entry's declarations reference this one global
 * declaration, written exactly as @types/node declares `Buffer` (TypeScript
 * 5.7 and later), so the two merge when both are present.
 */
const bufferTypes = 'dist/types/sdk-globals.d.ts';
writeFileSync(
  bufferTypes,
  `// Node's Buffer, as @types/node declares it: the SDK's typings name it (see scripts/integrations.mjs).
declare global {
  interface Buffer<TArrayBuffer extends ArrayBufferLike = ArrayBufferLike> extends Uint8Array<TArrayBuffer> {}
}
export {};
`,
);
for (const entry of Object.values(pkg.exports)) {
  const types = typeof entry === 'object' ? entry.types : undefined;
  if (!types || types.startsWith('./dist/types/')) continue;
  const file = types.slice(2);
  const reference = `/// <reference path="${relative(dirname(file), bufferTypes)}" />\n`;
  const text = readFileSync(file, 'utf8');
  if (!text.startsWith(reference)) writeFileSync(file, reference + text);
}
