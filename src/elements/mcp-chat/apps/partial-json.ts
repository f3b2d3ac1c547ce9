/**
 * The arguments a model has streamed so far, as an object: the JSON text is
 * "healed" the way the MCP Apps spec describes for `tool-input-partial`
 * (unclosed strings, arrays and objects closed; a dangling key, colon or
 * comma dropped). Undefined when nothing usable has arrived yet. Pure.
 */
export function healPartialJson(text: string): Record<string, unknown> | undefined {
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  // Where the last `{`, `[` or `,` outside strings is: a dangling key or a
  // half-written value lies after it, so the patterns below look only there
  // (over the whole text they took time of the square of its length).
  let lastStructural = -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      stack.push(ch === '{' ? '}' : ']');
      lastStructural = i;
    } else if (ch === '}' || ch === ']') stack.pop();
    else if (ch === ',') lastStructural = i;
  }
  let body = text;
  // An unfinished string is closed (a dangling escape dropped).
  if (inString) body = (escaped ? body.slice(0, -1) : body) + '"';
  const close = (b: string) => b + [...stack].reverse().join('');
  // The text closed as it is; else without a trailing comma; else without a
  // dangling key ("key" or "key":); else without a half-written last value.
  const cut = text[lastStructural] === ',' ? lastStructural : lastStructural + 1;
  const head = body.slice(0, cut);
  const tail = body.slice(cut);
  const candidates = [
    body,
    head + tail.replace(/,\s*$/, ''),
    head + tail.replace(/,?\s*"(?:[^"\\]|\\.)*"\s*:?\s*$/, ''),
    head + tail.replace(/,?\s*"(?:[^"\\]|\\.)*"\s*:\s*[^,{[\]}"]*$/, ''),
  ];
  for (const candidate of candidates) {
    if (!candidate.trim()) continue;
    try {
      const value: unknown = JSON.parse(close(candidate));
      return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
    } catch {
      // the next, shorter candidate
    }
  }
  return undefined;
}
