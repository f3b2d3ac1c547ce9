/**
 * Bounds on what `<mcp-markdown>` draws at once. A model or a server can send
 * megabytes in one text (a 2 MB answer, a 30 MB imported message), and
 * parsing and laying it out in one go freezes the page for seconds. The
 * element shows the first {@link MAX_SHOWN_CHARS} characters (at most
 * {@link MAX_SHOWN_LINES} lines and {@link MAX_SHOWN_BLOCKS} blocks) and a "Show all" button; the rest is drawn a
 * piece of the same size per frame once the person asks.
 */

/** Most characters drawn at once (and per frame while showing all). */
export const MAX_SHOWN_CHARS = 50_000;
/** Most blocks (text between blank lines) drawn at once: dense markdown costs by the element, not the character. */
export const MAX_SHOWN_BLOCKS = 150;
/** Most lines drawn at once (and per frame): laying out many short lines costs as much as many characters. */
export const MAX_SHOWN_LINES = 4_000;

/**
 * Where the piece of `text` starting at `from` ends: at most
 * {@link MAX_SHOWN_CHARS} characters and {@link MAX_SHOWN_LINES} lines,
 * moved back to the end of a paragraph (a blank line) or else of a line when
 * one is in the last fifth, so markdown is rarely cut mid-block. Bounded
 * work, whatever the length of `text`.
 */
export function pieceEnd(text: string, from = 0): number {
  const limit = Math.min(text.length, from + MAX_SHOWN_CHARS);
  let end = limit;
  let lines = 0;
  let blocks = 0;
  for (let at = text.indexOf('\n', from); at >= 0 && at < limit; at = text.indexOf('\n', at + 1)) {
    // A blank line ends a block (paragraph, list, code block...): what parsing and sanitizing cost is elements.
    if (text.charCodeAt(at + 1) === 10 && ++blocks >= MAX_SHOWN_BLOCKS) {
      end = at + 2;
      break;
    }
    if (++lines >= MAX_SHOWN_LINES) {
      end = at + 1;
      break;
    }
  }
  if (end === text.length) return end;
  const floor = from + Math.floor((end - from) * 0.8);
  const paragraph = text.lastIndexOf('\n\n', end - 1);
  if (paragraph >= floor) return paragraph + 2;
  const line = text.lastIndexOf('\n', end - 1);
  return line >= floor ? line + 1 : end;
}

/** A size in characters as a person reads it: "2.0 MB", "640 kB" (one character taken as one byte). */
export function textSize(chars: number): string {
  return chars >= 1_000_000 ? `${(chars / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(chars / 1000))} kB`;
}
