import type { ContentStrings } from '../shared/content-strings.js';

/**
 * Code blocks of rendered markdown: a header row (language label, copy
 * button) around the `<pre>`, and syntax colours once the highlighter is
 * loaded. The highlighter (highlight.ts) is behind the one dynamic `import()`
 * in this file and is requested only when a code block with a language is
 * shown; until it arrives the block shows plain text in the same layout.
 */

/** Code blocks longer than this (characters) are not highlighted: shown plain, at once. */
export const MAX_HIGHLIGHT_CHARS = 20_000;

/** A fence's info word as a label: letters, digits and `+#.-_`, at most 32 characters; else none. */
export function languageOf(code: Element | null): string | undefined {
  const cls = [...(code?.classList ?? [])].find((c) => c.startsWith('language-'));
  const lang = cls?.slice('language-'.length).toLowerCase();
  return lang && /^[\w+#.-]{1,32}$/.test(lang) ? lang : undefined;
}

const SVG = 'http://www.w3.org/2000/svg';

/** Lucide's `copy` and `check` icons (ISC licence, see shared/icons.ts), as DOM. */
function iconElement(name: 'copy' | 'check'): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [k, v] of Object.entries({
    class: 'icon',
    viewBox: '0 0 24 24',
    width: '16',
    height: '16',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    focusable: 'false',
  }))
    svg.setAttribute(k, v);
  const shapes: Array<[string, Record<string, string>]> =
    name === 'copy'
      ? [
          ['rect', { width: '14', height: '14', x: '8', y: '8', rx: '2', ry: '2' }],
          ['path', { d: 'M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2' }],
        ]
      : [['path', { d: 'M20 6 9 17l-5-5' }]];
  for (const [tag, attrs] of shapes) {
    const shape = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) shape.setAttribute(k, v);
    svg.append(shape);
  }
  return svg;
}

/**
 * Wraps a sanitized `<pre>` in `div.code` with a header: the language (part
 * `md-code-language`) and a copy button (part `md-copy-button`: icon, label,
 * tooltip; handled by the host). The code itself is laid out left to right
 * in any page direction.
 */
export function decorateCodeBlock(pre: HTMLPreElement, strings: Pick<ContentStrings, 'copy' | 'copyCode'>): HTMLElement {
  const wrap = document.createElement('div');
  wrap.className = 'code';
  pre.replaceWith(wrap);
  const header = document.createElement('div');
  header.className = 'code-header';
  header.setAttribute('part', 'md-code-header');
  const label = document.createElement('span');
  label.className = 'code-language';
  label.setAttribute('part', 'md-code-language');
  label.textContent = languageOf(pre.querySelector('code')) ?? '';
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.className = 'copy';
  copy.setAttribute('part', 'md-copy-button');
  const text = document.createElement('span');
  text.className = 'copy-label';
  copy.append(iconElement('copy'), text);
  setCopyLabels(copy, strings);
  header.append(label, copy);
  pre.setAttribute('tabindex', '0');
  pre.setAttribute('dir', 'ltr');
  wrap.append(header, pre);
  return wrap;
}

/** Puts the (possibly changed) interface text on a copy button. */
export function setCopyLabels(copy: Element, strings: Pick<ContentStrings, 'copy' | 'copyCode'>): void {
  copy.setAttribute('aria-label', strings.copyCode);
  copy.setAttribute('data-tip', strings.copyCode);
  const label = copy.querySelector('.copy-label');
  if (label && !copy.hasAttribute('data-state')) label.textContent = strings.copy;
}

/** Shows the copy outcome on the button for a moment (a check and "Copied", or "Copy failed"). */
export function showCopied(copy: HTMLElement, label: string, ok: boolean, restore: () => string): void {
  copy.setAttribute('data-state', ok ? 'copied' : 'failed');
  copy.querySelector('svg')?.replaceWith(iconElement(ok ? 'check' : 'copy'));
  copy.querySelector('.copy-label')!.textContent = label;
  clearTimeout(Number(copy.dataset['timer']));
  copy.dataset['timer'] = String(
    setTimeout(() => {
      copy.removeAttribute('data-state');
      copy.querySelector('svg')?.replaceWith(iconElement('copy'));
      copy.querySelector('.copy-label')!.textContent = restore();
    }, 1500),
  );
}

let highlighter: Promise<typeof import('./highlight.js')> | undefined;

/** Loads the highlighter once (a separate chunk); later calls share it. */
export function loadHighlighter(): Promise<typeof import('./highlight.js')> {
  highlighter ??= import('./highlight.js');
  // A failed load (offline, blocked chunk) may be retried by a later block.
  highlighter.catch(() => (highlighter = undefined));
  return highlighter;
}

/**
 * Colours the code blocks under `root` that have a known language and are not
 * too long, loading the highlighter the first time one is found. Blocks that
 * are still growing (inside `.tail`) are left until they are final. The
 * block's text is replaced by the same text in token spans, so nothing moves.
 */
export async function highlightCodeBlocks(root: ParentNode): Promise<void> {
  const pending = [...root.querySelectorAll<HTMLElement>('.block:not(.tail) pre > code:not([data-highlighted])')].filter((code) => {
    code.setAttribute('data-highlighted', 'plain');
    const text = code.textContent ?? '';
    return languageOf(code) !== undefined && text.length <= MAX_HIGHLIGHT_CHARS;
  });
  if (pending.length === 0) return;
  let module: typeof import('./highlight.js');
  try {
    module = await loadHighlighter();
  } catch {
    return; // Without the highlighter the code stays plain and readable.
  }
  // Many code blocks at once (a long answer, "Show all"): a pause for a frame every few milliseconds.
  let since = performance.now();
  for (const code of pending) {
    if (performance.now() - since > 8) {
      await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      since = performance.now();
      if (!code.isConnected) continue;
    }
    const text = code.textContent ?? '';
    const fragment = module.highlightToFragment(text, languageOf(code)!);
    if (!fragment || fragment.textContent !== text) continue;
    code.replaceChildren(fragment);
    code.classList.add('hljs');
    code.setAttribute('data-highlighted', 'tokens');
  }
}
