import { describe, expect, test } from 'vitest';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { CALL_TAG_HEADER, FetchTap, type FetchTapHooks } from '../../src/mcp/fetch-tap.js';

// Issue 42, item 4: the tap watches a call's event stream where the SDK reads it (its parsed events), with no
// stream of its own in between. What it must still learn, however the stream is read: which call a server
// request came on, and a stream that ended without the call's answer. Each way of reading below is one a
// consumer may take: the SDK's own chain, the bytes, the text.

const REQUEST = '{"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{"message":"Name?"}}';
const ANSWER = '{"jsonrpc":"2.0","id":1,"result":{"content":[]}}';

/** A TextDecoderStream, typed as the byte stream's pipe takes it (its writable side takes any BufferSource). */
const decoder = () => new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>;
type Read = (body: ReadableStream<Uint8Array>) => Promise<unknown[]>;
const drain = async (reader: ReadableStreamDefaultReader<unknown>) => {
  const values: unknown[] = [];
  for (let r = await reader.read(); !r.done; r = await reader.read()) values.push(r.value);
  return values;
};
const ways: Record<string, Read> = {
  // What the SDK's StreamableHTTPClientTransport does with a call's answer stream.
  "the SDK's chain (text, then parsed events)": (body) =>
    drain(body.pipeThrough(decoder()).pipeThrough(new EventSourceParserStream()).getReader()),
  'its own reader (bytes)': (body) => drain(body.getReader()),
  'as text': (body) => drain(body.pipeThrough(decoder()).getReader()),
};

/** A tap over a server that answers the call's POST with `events` (SSE text) and how its stream was cancelled. */
function tapWith(events: string) {
  const heard = { requests: [] as Array<[string, string | number]>, ended: [] as Array<[string, boolean]>, cancelled: 0 };
  const hooks: FetchTapHooks = {
    onServerRequest: (tag, id) => heard.requests.push([tag, id]),
    onStreamEnded: (tag, resumable) => heard.ended.push([tag, resumable]),
    onStreamBroken: () => {},
    onAnswerLost: () => {},
  };
  const bytes = new TextEncoder().encode(events);
  const base = async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          // Split mid-event, as a network may.
          controller.enqueue(bytes.subarray(0, 20));
          controller.enqueue(bytes.subarray(20));
          if (!events.includes('"keep-open"')) controller.close();
        },
        cancel() {
          heard.cancelled++;
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    );
  const tap = new FetchTap(hooks, base);
  const post = () =>
    tap.fetch('http://127.0.0.1:1/mcp', {
      method: 'POST',
      headers: new Headers({ [CALL_TAG_HEADER]: 'call-1', 'content-type': 'application/json' }),
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ask"}}',
    });
  return { tap, post, heard };
}

describe.each(Object.entries(ways))('a call stream read through %s', (_, read) => {
  test('a server request on it is told with its call, and its end without the answer is told', async () => {
    const { post, heard } = tapWith(`id: e1\ndata: ${REQUEST}\n\n`);
    const response = await post();
    const values = await read(response.body!);
    expect(values.length).toBeGreaterThan(0);
    expect(heard.requests).toEqual([['call-1', 7]]);
    expect(heard.ended).toEqual([['call-1', true]]);
  });

  test('a stream that carries the answer ends without a word; what the reader gets is what the server sent', async () => {
    const { post, heard } = tapWith(`data: ${REQUEST}\n\ndata: ${ANSWER}\n\n`);
    const values = await read((await post()).body!);
    expect(heard.requests).toEqual([['call-1', 7]]);
    expect(heard.ended).toEqual([]);
    const text = values
      .map((v) => (v instanceof Uint8Array ? new TextDecoder().decode(v) : typeof v === 'string' ? v : (v as { data: string }).data))
      .join('');
    expect(text).toContain('"elicitation/create"');
    expect(text).toContain('"result"');
  });

  test('released (the call is over) while open: the HTTP stream is closed and the reader waits on, told nothing', async () => {
    const { tap, post, heard } = tapWith(`data: {"jsonrpc":"2.0","method":"notifications/message","params":{"data":"keep-open"}}\n\n`);
    const response = await post();
    const reading = read(response.body!);
    // Let the reader take the first event, then end the call.
    await new Promise((resolve) => setTimeout(resolve, 20));
    tap.release('call-1');
    const outcome = await Promise.race([reading.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still'), 100))]);
    expect(outcome).toBe('still');
    expect(heard.cancelled).toBe(1);
    expect(heard.ended).toEqual([]);
  });
});

test('released before the SDK reads: the stream is closed and the SDK reads one that never moves', async () => {
  const { tap, post, heard } = tapWith(`data: ${REQUEST}\n\n`);
  const response = await post();
  tap.release('call-1');
  const reading = ways["the SDK's chain (text, then parsed events)"](response.body!);
  const outcome = await Promise.race([reading.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still'), 100))]);
  expect(outcome).toBe('still');
  expect(heard.cancelled).toBe(1);
  expect(heard.requests).toEqual([]);
  expect(heard.ended).toEqual([]);
});
