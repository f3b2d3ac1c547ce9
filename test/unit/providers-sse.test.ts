import { expect, test } from 'vitest';
import { retryAfterSeconds } from '../../src/providers/shared/http.js';
import { SSEParser } from '../../src/providers/shared/sse.js';

test('SSE: events split anywhere, LF / CRLF / CR line ends, comments, multi-line data, event names', () => {
  const stream =
    ': keep-alive\r\nevent: ping\r\ndata: {"a":1}\r\n\r\ndata: line one\rdata: line two\r\rdata:no-space\n\ndata: tail-without-blank-line\n';
  for (const size of [1, 2, 3, 5, 1000]) {
    const parser = new SSEParser();
    const events = [];
    for (let i = 0; i < stream.length; i += size) events.push(...parser.push(stream.slice(i, i + size)));
    expect(events).toEqual([{ event: 'ping', data: '{"a":1}' }, { data: 'line one\nline two' }, { data: 'no-space' }]);
  }
});

test('Retry-After in seconds, as an HTTP date, and retry-after-ms', () => {
  const now = Date.parse('Sat, 21 Nov 2026 20:00:00 GMT');
  expect(retryAfterSeconds(new Headers({ 'retry-after': '7' }), now)).toBe(7);
  expect(retryAfterSeconds(new Headers({ 'retry-after': 'Sat, 21 Nov 2026 20:00:30 GMT' }), now)).toBe(30);
  expect(retryAfterSeconds(new Headers({ 'retry-after-ms': '1500', 'retry-after': '9' }), now)).toBe(1.5);
  expect(retryAfterSeconds(new Headers(), now)).toBeUndefined();
  expect(retryAfterSeconds(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
});
