import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { Marked } from 'marked';
import { markdownHazard, plainText } from './markdown-guard.js';
import { decorateCodeBlock } from './code-block.js';
import { contentStrings, type ContentStrings } from '../shared/content-strings.js';

/** Link schemes a rendered answer may point to; anything else loses its href. */
export const SAFE_LINK_PROTOCOLS: readonly string[] = ['http:', 'https:', 'mailto:'];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Raw HTML in model or server text is shown as its source: never made into
 * elements, and never swallowed (an unclosed <style> would hide everything
 * after it once the sanitizer dropped it).
 */
const renderer = {
  html({ text, block }: { text: string; block?: boolean }) {
    const shown = escapeHtml(text);
    return block ? `<p class="raw-html">${shown.replace(/\n+$/, '').replace(/\n/g, '<br>')}</p>\n` : shown;
  },
};

const marked = new Marked({ gfm: true, breaks: false, async: false, renderer });
/** The same, with every line break kept (tool results: boards, tables of text, logs). */
const markedBreaks = new Marked({ gfm: true, breaks: true, async: false, renderer });

let purifier: Purifier | undefined;

/** The project's own DOMPurify instance, so hooks never touch the page's. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (el.tagName === 'A') {
      const href = el.getAttribute('href');
      if (href !== null && !isSafeUrl(href, SAFE_LINK_PROTOCOLS)) el.removeAttribute('href');
      if (el.hasAttribute('href')) {
        el.setAttribute('target', '_blank');
        el.setAttribute('rel', 'noopener noreferrer');
      }
    } else if (el.tagName === 'IMG') {
      // Only inline data images load by themselves. A remote image would be
      // fetched the moment it renders, and its URL can carry whatever the
      // model or server put in it (a prompt-injection exfiltration channel):
      // it becomes a link the person may choose to open (see below).
      const src = el.getAttribute('src') ?? '';
      if (!/^data:image\/(png|jpe?g|gif|webp);/i.test(src)) {
        el.removeAttribute('src');
        if (/^https?:\/\//i.test(src.trim()) && isSafeUrl(src, ['http:', 'https:'])) el.setAttribute('data-remote-src', src.trim());
      }
      el.setAttribute('referrerpolicy', 'no-referrer');
    } else if (el.tagName === 'INPUT') {
      // GFM task-list boxes show state; they are not controls.
      el.setAttribute('disabled', '');
    }
  });
  return purifier;
}

/** True when `url`, resolved against the page, uses one of `protocols`. */
export function isSafeUrl(url: string, protocols: readonly string[]): boolean {
  try {
    const base = typeof location === 'undefined' ? 'https://invalid.example/' : location.href;
    return protocols.includes(new URL(url.trim(), base).protocol);
  } catch {
    return false;
  }
}

const PARTS: Record<string, string> = {
  PRE: 'md-code',
  TABLE: 'md-table',
  BLOCKQUOTE: 'md-blockquote',
  A: 'md-link',
  IMG: 'md-image',
};

/** A remote image, shown as a link to it: nothing is fetched until the person clicks. */
function remoteImageLink(src: string, alt: string): HTMLAnchorElement {
  const url = new URL(src);
  const link = document.createElement('a');
  link.href = url.href;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  link.referrerPolicy = 'no-referrer';
  link.className = 'remote-image';
  link.textContent = `Image${alt ? `: ${alt}` : ''} (${url.host})`;
  link.title = url.href;
  return link;
}

/** Sanitized fragments by source (and `breaks`), most recently used last; a hit is cloned, never parsed again. */
const cache = new Map<string, DocumentFragment>();
/** At most this many texts, and this many characters of them, are kept. */
const CACHE_ENTRIES = 2000;
const CACHE_CHARS = 4_000_000;
let cachedChars = 0;

/** How many times markdown was parsed and sanitized (a test hook: unchanged text is never parsed again). */
export const markdownStats = { parses: 0 };

function remember(key: string, fragment: DocumentFragment): void {
  if (key.length > CACHE_CHARS / 8) return;
  cache.set(key, fragment.cloneNode(true) as DocumentFragment);
  cachedChars += key.length;
  while (cache.size > CACHE_ENTRIES || cachedChars > CACHE_CHARS) {
    const oldest = cache.keys().next().value as string;
    cache.delete(oldest);
    cachedChars -= oldest.length;
  }
}

/**
 * Markdown (GFM) to a sanitized DOM fragment: no script, no event handlers,
 * no styles, links only to http, https and mailto, opened in a new tab with
 * `rel="noopener noreferrer"`. Remote images are not loaded: each becomes a
 * link to the image. Code blocks get a header with their language and a copy
 * button (`button.copy`, handled by the host; labels from `strings`) and are
 * laid out left to right. Raw HTML is shown as its source.
 * Text past the parser's bounds (deep nesting, runaway emphasis, see
 * markdown-guard.ts) is shown as plain text. Safe for any model or server text.
 * `breaks`: a single line break is kept as a break (GFM joins such lines).
 * A text is parsed and sanitized once: later calls with the same text get a
 * copy of the first result (`cache: false` for text that will not come back,
 * such as the growing tail of a streaming answer).
 */
export function renderMarkdown(
  source: string,
  options: { breaks?: boolean; cache?: boolean; strings?: Partial<ContentStrings> } = {},
): DocumentFragment {
  // A text seen before (history re-rendered, a panel switched, a message scrolled back into view): a copy of its DOM.
  // The copy buttons' labels are part of the DOM, so the interface text is part of the key.
  const labels = options.strings ? `${options.strings.copy ?? ''}\u0000${options.strings.copyCode ?? ''}\u0000` : '';
  const key = `${options.breaks ? 'b' : 'n'}${labels}${source}`;
  const cached = options.cache === false ? undefined : cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached.cloneNode(true) as DocumentFragment;
  }
  const fragment = parseAndSanitize(source, options);
  if (options.cache !== false) remember(key, fragment);
  return fragment;
}

function parseAndSanitize(source: string, options: { breaks?: boolean; strings?: Partial<ContentStrings> }): DocumentFragment {
  markdownStats.parses += 1;
  // Past the parser's bounds (markdown-guard.ts), or if it fails anyway: plain text, nothing lost.
  if (markdownHazard(source)) return plainText(source);
  let html: string;
  try {
    html = (options.breaks ? markedBreaks : marked).parse(source) as string;
  } catch {
    return plainText(source);
  }
  const fragment = getPurifier().sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: ['style', 'form', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'dialog'],
    FORBID_ATTR: ['style', 'id', 'name', 'autofocus', 'tabindex'],
  }) as DocumentFragment;
  for (const img of fragment.querySelectorAll('img')) {
    const remote = img.getAttribute('data-remote-src');
    if (remote !== null) img.replaceWith(remoteImageLink(remote, img.getAttribute('alt') ?? ''));
    else if (!img.hasAttribute('src')) img.remove();
  }
  for (const el of fragment.querySelectorAll('pre, table, blockquote, a, img')) {
    const part = PARTS[el.tagName];
    if (part) el.setAttribute('part', part);
  }
  for (const pre of fragment.querySelectorAll('pre')) decorateCodeBlock(pre, contentStrings(options.strings));
  for (const table of fragment.querySelectorAll('table')) {
    const scroller = document.createElement('div');
    scroller.className = 'table';
    table.replaceWith(scroller);
    scroller.append(table);
  }
  return fragment;
}
