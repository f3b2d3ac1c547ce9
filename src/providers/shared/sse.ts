/**
 * Server-sent events, as the WHATWG spec parses them: `data:` lines joined by
 * "\n", an optional `event:` name, comments (`:`) ignored, lines ending in
 * "\n", "\r\n" or "\r". Transport only: what the data means is the adapter's business.
 */

/** One event of an SSE stream. */
export interface SSEEvent {
  /** The `event:` field; absent means the default type, "message". */
  event?: string;
  data: string;
}

/** Incremental parser: feed text as it arrives, collect complete events. */
export class SSEParser {
  private buffer = '';
  private data: string[] = [];
  private event: string | undefined;
  private skipLeadingLF = false;

  /** Parses `text` (any slice of the stream) and returns the events it completed. */
  push(text: string): SSEEvent[] {
    const out: SSEEvent[] = [];
    let chunk = text;
    if (this.skipLeadingLF && chunk.startsWith('\n')) chunk = chunk.slice(1);
    this.skipLeadingLF = false;
    const source = this.buffer + chunk;
    let start = 0;
    // Searched once and reused until passed: most streams have no "\r", and
    // searching for it again from every line would scan the chunk per line.
    let cr = source.indexOf('\r');
    for (;;) {
      const lf = source.indexOf('\n', start);
      if (cr !== -1 && cr < start) cr = source.indexOf('\r', start);
      let end: number;
      if (lf === -1 && cr === -1) break;
      if (cr === -1 || (lf !== -1 && lf < cr)) end = lf;
      else end = cr;
      this.line(source.slice(start, end), out);
      if (source[end] === '\r') {
        if (end + 1 < source.length) start = source[end + 1] === '\n' ? end + 2 : end + 1;
        else {
          this.skipLeadingLF = true;
          start = end + 1;
        }
      } else start = end + 1;
    }
    this.buffer = source.slice(start);
    return out;
  }

  /** Call when the stream ends: an unterminated last event is dropped, as the spec says. */
  end(): SSEEvent[] {
    this.buffer = '';
    this.data = [];
    this.event = undefined;
    return [];
  }

  private line(line: string, out: SSEEvent[]): void {
    if (line === '') {
      if (this.data.length > 0)
        out.push(this.event === undefined ? { data: this.data.join('\n') } : { event: this.event, data: this.data.join('\n') });
      this.data = [];
      this.event = undefined;
      return;
    }
    if (line.charCodeAt(0) === 58 /* ':' */) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
  }
}

/**
 * Reads a response body as SSE events. Errors while reading (the connection
 * dropped) propagate to the caller, who decides what they mean.
 */
export async function* readSSE(body: ReadableStream<Uint8Array>): AsyncGenerator<SSEEvent> {
  const parser = new SSEParser();
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    finished = true;
    yield* parser.push(decoder.decode() + '\n');
  } finally {
    // The consumer stopped early (or reading failed): let the connection go.
    if (!finished) reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
