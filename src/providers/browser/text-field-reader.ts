/**
 * Streams the `text` of a constrained "answer in text" object
 * (`{"type":"text","text":"..."}`) while the model writes it, so the person
 * sees the answer grow instead of waiting for the closing brace.
 *
 * Feed it each chunk; it returns the decoded text added since the last call
 * (empty while the answer is still ambiguous, or is a tool call). It decodes
 * JSON string escapes and holds back an escape cut in two by a chunk
 * boundary. Once the string closes, it returns nothing more. The whole
 * answer is still parsed at the end; this is only for showing progress.
 */
export class TextFieldReader {
  #buffer = '';
  /** Where the text's JSON string starts in the buffer (after the quote), once known. */
  #start = -1;
  /** How far the buffer is decoded. */
  #at = 0;
  #closed = false;

  /** Adds `chunk`; returns the new text of the answer, if any. */
  push(chunk: string): string {
    this.#buffer += chunk;
    if (this.#closed) return '';
    if (this.#start < 0) {
      const head = /^\s*(?:```(?:json)?\s*)?\{\s*"type"\s*:\s*"text"\s*,\s*"text"\s*:\s*"/.exec(this.#buffer);
      if (!head) return '';
      this.#start = this.#at = head[0].length;
    }
    let out = '';
    const b = this.#buffer;
    while (this.#at < b.length) {
      const c = b[this.#at]!;
      if (c === '"') {
        this.#closed = true;
        break;
      }
      if (c !== '\\') {
        out += c;
        this.#at += 1;
        continue;
      }
      const next = b[this.#at + 1];
      if (next === undefined) break; // the escape continues in the next chunk
      if (next === 'u') {
        const hex = b.slice(this.#at + 2, this.#at + 6);
        if (hex.length < 4) break;
        out += String.fromCharCode(parseInt(hex, 16));
        this.#at += 6;
        continue;
      }
      out += ESCAPES[next] ?? next;
      this.#at += 2;
    }
    return out;
  }
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '\\': '\\', '/': '/' };
