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
 * work, whatever the length of `text`. `share` scales the three bounds
 * (the pieces drawn a frame at a time by "Show all" are smaller than the head).
 */
export function pieceEnd(text: string, from = 0, share = 1): number {
  const limit = Math.min(text.length, from + Math.ceil(MAX_SHOWN_CHARS * share));
  // Only this window (and the character after it) is searched: indexOf or lastIndexOf on the whole text
  // would scan 30 MB when no line break is near, or everything before `from` for every piece.
  const window = text.slice(from, limit + 1);
  const maxLines = Math.ceil(MAX_SHOWN_LINES * share);
  const maxBlocks = Math.ceil(MAX_SHOWN_BLOCKS * share);
  let end = limit;
  let lines = 0;
  let blocks = 0;
  for (let at = window.indexOf('\n'); at >= 0 && at < limit - from; at = window.indexOf('\n', at + 1)) {
    // A blank line ends a block (paragraph, list, code block...): what parsing and sanitizing cost is elements.
    if (window.charCodeAt(at + 1) === 10 && ++blocks >= maxBlocks) {
      end = from + at + 2;
      break;
    }
    if (++lines >= maxLines) {
      end = from + at + 1;
      break;
    }
  }
  if (end === text.length) return end;
  const floor = Math.floor((end - from) * 0.8);
  const paragraph = window.lastIndexOf('\n\n', end - from - 1);
  if (paragraph >= floor) return from + paragraph + 2;
  const line = window.lastIndexOf('\n', end - from - 1);
  return line >= floor ? from + line + 1 : end;
}

/** A size in characters as a person reads it: "2.0 MB", "640 kB" (one character taken as one byte). */
export function textSize(chars: number): string {
  return chars >= 1_000_000 ? `${(chars / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(chars / 1000))} kB`;
}
