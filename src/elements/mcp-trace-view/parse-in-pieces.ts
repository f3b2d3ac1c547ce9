// JSON.parse for a big document without one long task: the text is scanned in
// slices (the top-level object's members, and the items of its arrays, found by
// their brackets and strings), and each member or item is parsed on its own,
// yielding to the page between slices. A 35 MB session trace is read with no
// task over about a slice's budget (issue 36). The result is what JSON.parse
// gives; a text that is not JSON throws a SyntaxError, as JSON.parse does.

/** Text up to this size is parsed in one call: it takes a few milliseconds. */
const ONE_GO = 256 * 1024;
/** Milliseconds of work between yields. */
const SLICE_MS = 12;

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Parses `text` as JSON in pieces; `onProgress` gets the share of the text read (0 to 1). */
export async function parseInPieces(text: string, onProgress?: (done: number) => void): Promise<unknown> {
  if (text.length <= ONE_GO) return JSON.parse(text);
  const start = skipSpace(text, 0);
  if (text[start] !== '{') return JSON.parse(text); // not an object: nothing to split (and not a trace)
  const result: Record<string, unknown> = {};
  let budget = performance.now() + SLICE_MS;
  const pause = async (at: number) => {
    if (performance.now() < budget) return;
    onProgress?.(at / text.length);
    await yieldToPage();
    budget = performance.now() + SLICE_MS;
  };
  let i = skipSpace(text, start + 1);
  if (text[i] === '}') return JSON.parse(text);
  for (;;) {
    // "key": value
    const keyEnd = endOfValue(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as unknown;
    if (typeof key !== 'string') throw new SyntaxError('Expected a property name in the JSON text');
    i = skipSpace(text, keyEnd);
    if (text[i] !== ':') throw new SyntaxError(`Expected ':' at position ${i} in the JSON text`);
    i = skipSpace(text, i + 1);
    if (text[i] === '[') {
      const items: unknown[] = [];
      i = skipSpace(text, i + 1);
      if (text[i] === ']') i += 1;
      else
        for (;;) {
          const end = await endOfValueInPieces(text, i, pause);
          items.push(JSON.parse(text.slice(i, end)));
          await pause(end);
          i = skipSpace(text, end);
          if (text[i] === ',') {
            i = skipSpace(text, i + 1);
            continue;
          }
          if (text[i] === ']') {
            i += 1;
            break;
          }
          throw new SyntaxError(`Expected ',' or ']' at position ${i} in the JSON text`);
        }
      result[key] = items;
    } else {
      const end = await endOfValueInPieces(text, i, pause);
      result[key] = JSON.parse(text.slice(i, end));
      await pause(end);
      i = end;
    }
    i = skipSpace(text, i);
    if (text[i] === ',') {
      i = skipSpace(text, i + 1);
      continue;
    }
    if (text[i] === '}') break;
    throw new SyntaxError(`Expected ',' or '}' at position ${i} in the JSON text`);
  }
  if (skipSpace(text, i + 1) !== text.length) throw new SyntaxError('Unexpected text after the JSON document');
  onProgress?.(1);
  return result;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
    i += 1;
  }
  return i;
}

/** Where the JSON value starting at `i` ends (its brackets and strings followed), in one go. */
function endOfValue(text: string, i: number): number {
  const state = { i, depth: 0, started: false };
  while (!step(text, state, text.length)) {
    /* one go */
  }
  return state.i;
}

/** The same, pausing between stretches of the text (a member may be megabytes). */
async function endOfValueInPieces(text: string, i: number, pause: (at: number) => Promise<void>): Promise<number> {
  const state = { i, depth: 0, started: false };
  while (!step(text, state, Math.min(text.length, state.i + 1_000_000))) await pause(state.i);
  return state.i;
}

/**
 * Scans from `state.i` up to `limit`; true once the value has ended (`state.i`
 * just after it). Strings are skipped whole (their escapes followed); a scalar
 * ends at the first delimiter. What is inside is checked by JSON.parse later.
 */
function step(text: string, state: { i: number; depth: number; started: boolean }, limit: number): boolean {
  let { i, depth } = state;
  if (!state.started) {
    state.started = true;
    const first = text.charCodeAt(i);
    if (first !== 123 && first !== 91 && first !== 34) {
      // a number, true, false or null: up to the next delimiter
      while (i < text.length && !/[\s,\]}:]/.test(text[i]!)) i += 1;
      state.i = i;
      return true;
    }
  }
  while (i < limit) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // a string: to its closing quote
      i += 1;
      while (i < text.length) {
        const d = text.charCodeAt(i);
        if (d === 92) i += 2;
        else if (d === 34) break;
        else i += 1;
      }
      if (i >= text.length) throw new SyntaxError('Unterminated string in the JSON text');
      i += 1;
      if (depth === 0) {
        state.i = i;
        return true;
      }
      continue;
    }
    if (c === 123 || c === 91) depth += 1;
    else if (c === 125 || c === 93) {
      depth -= 1;
      if (depth === 0) {
        state.i = i + 1;
        state.depth = 0;
        return true;
      }
      if (depth < 0) throw new SyntaxError(`Unexpected '${text[i]}' at position ${i} in the JSON text`);
    }
    i += 1;
  }
  if (i >= text.length) throw new SyntaxError('Unexpected end of the JSON text');
  state.i = i;
  state.depth = depth;
  return false;
}
