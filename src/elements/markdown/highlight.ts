import type { ElementContent } from 'hast';
import { createLowlight } from 'lowlight';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import go from 'highlight.js/lib/languages/go';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';

/**
 * The syntax highlighter: lowlight (highlight.js's grammars, giving a token
 * tree instead of an HTML string) with a few common languages. This module is
 * only ever loaded with `import()` (code-block.ts), when the first code block
 * with a language appears, so bundlers make it a chunk of its own.
 * Why this highlighter: docs/elements/code-highlighting.md.
 *
 * Languages and their highlight.js aliases: javascript (js, jsx, mjs, cjs),
 * typescript (ts, tsx, mts, cts), json, python (py), bash (sh, zsh), shell
 * names below, xml (html, svg, xhtml...), css, sql, go (golang), rust (rs).
 */
const lowlight = createLowlight({ bash, css, go, javascript, json, python, rust, sql, typescript, xml });
lowlight.registerAlias({ bash: ['shell', 'console', 'shellsession'], json: ['jsonc', 'json5'] });

/** True when `language` (a fence's info word) is one the highlighter knows. */
export function knowsLanguage(language: string): boolean {
  return lowlight.registered(language);
}

/**
 * The code as highlighted DOM: text nodes, and `<span class="hljs-…">` for
 * tokens. Built node by node from the token tree (never parsed from a
 * string), so the code stays text whatever it contains. Undefined for a
 * language the highlighter does not know, or if the grammar fails.
 */
export function highlightToFragment(code: string, language: string): DocumentFragment | undefined {
  if (!knowsLanguage(language)) return undefined;
  let tree;
  try {
    tree = lowlight.highlight(language, code);
  } catch {
    return undefined;
  }
  const fragment = document.createDocumentFragment();
  append(fragment, tree.children as ElementContent[]);
  return fragment;
}

function append(parent: Node, nodes: readonly ElementContent[]): void {
  for (const node of nodes) {
    if (node.type === 'text') parent.appendChild(document.createTextNode(node.value));
    else if (node.type === 'element') {
      const span = document.createElement('span');
      const names = node.properties?.['className'];
      if (Array.isArray(names)) span.className = names.filter((n) => typeof n === 'string' && /^[\w-]+$/.test(n)).join(' ');
      append(span, node.children);
      parent.appendChild(span);
    }
  }
}
