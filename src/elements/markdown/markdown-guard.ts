/**
 * Bounds on the markdown parser's work. Text from a model or a server is
 * untrusted, and some inputs make a markdown parser overflow its stack
 * (thousands of nested quotes or lists) or take time quadratic in the length
 * (tens of thousands of unmatched emphasis delimiters in one paragraph).
 * Such text is shown as plain text instead: every character stays visible.
 */

/** Deepest nesting of block containers (quotes, lists) parsed as markdown. */
export const MAX_MARKDOWN_NESTING = 24;
/** Most emphasis, strike-through and bracket delimiters in one paragraph parsed as markdown. */
export const MAX_MARKDOWN_DELIMITERS = 1500;
/** Longest text parsed as markdown; longer text is shown as plain text. */
export const MAX_MARKDOWN_LENGTH = 400_000;

/** Leading container markers of a line: `>`, list bullets and numbers, with their spaces. */
const CONTAINER_PREFIX = /^(?:[ \t]*(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])))+/;

/** Why `source` is not parsed as markdown, or undefined when it can be. */
export function markdownHazard(source: string): string | undefined {
  if (source.length > MAX_MARKDOWN_LENGTH) return 'too long';
  let delimiters = 0;
  let start = 0;
  while (start <= source.length) {
    let end = source.indexOf('\n', start);
    if (end < 0) end = source.length;
    const line = source.slice(start, end);
    const prefix = CONTAINER_PREFIX.exec(line)?.[0];
    if (prefix && countMarkers(prefix) > MAX_MARKDOWN_NESTING) return 'nested too deeply';
    if (line.trim() === '') delimiters = 0;
    else {
      for (let i = 0; i < line.length; i++) {
        const c = line.charCodeAt(i);
        // * _ ~ [ ] ` <
        if (c === 42 || c === 95 || c === 126 || c === 91 || c === 93 || c === 96 || c === 60) delimiters++;
      }
      if (delimiters > MAX_MARKDOWN_DELIMITERS) return 'too many emphasis marks in one paragraph';
    }
    start = end + 1;
  }
  return undefined;
}

function countMarkers(prefix: string): number {
  return (prefix.match(/>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])/g) ?? []).length;
}

/** `source` as plain text in a block that keeps its line breaks (`part="md-plain"`). */
export function plainText(source: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const block = document.createElement('p');
  block.className = 'plain';
  block.setAttribute('part', 'md-plain');
  block.textContent = source;
  fragment.append(block);
  return fragment;
}
