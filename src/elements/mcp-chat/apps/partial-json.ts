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
  for (const ch of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') stack.push(ch === '{' ? '}' : ']');
    else if (ch === '}' || ch === ']') stack.pop();
  }
  let body = text;
  // An unfinished string is closed (a dangling escape dropped).
  if (inString) body = (escaped ? body.slice(0, -1) : body) + '"';
  const close = (b: string) => b + [...stack].reverse().join('');
  // The text closed as it is; else without a trailing comma; else without a
  // dangling key ("key" or "key":); else without a half-written last value.
  const candidates = [body, body.replace(/,\s*$/, ''), body.replace(/,?\s*"(?:[^"\\]|\\.)*"\s*:?\s*$/, ''), body.replace(/,?\s*"(?:[^"\\]|\\.)*"\s*:\s*[^,{[\]}"]*$/, '')];
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
