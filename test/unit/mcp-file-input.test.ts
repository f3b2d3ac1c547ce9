import { describe, expect, test } from 'vitest';
import { fileDataUri, fileFits, fileInputRule } from '../../src/elements/shared/file-input.js';
import { keepFileInputs } from '../../src/mcp/file-input-keywords.js';
import { restoreFileInputs } from '../../src/mcp/file-input-restore.js';

// SEP-2356's `x-mcp-file` as tool arguments and elicitation forms read it, and the keyword kept on elicitation
// requests (the SDK's parsed request drops it): what the server sent is seen through the transport's onmessage.

const photo = { type: 'string', format: 'uri', title: 'Photo', 'x-mcp-file': { accept: ['image/*', 7, ' '], maxSize: 2048 } };
const request = (properties: Record<string, unknown>, message = 'Pick a photo') => ({
  mode: 'form',
  message,
  requestedSchema: { type: 'object', properties },
});
/** The request as the SDK hands it to the handler: unknown keywords of the properties gone. */
const parsed = (properties: Record<string, Record<string, unknown>>, message = 'Pick a photo') =>
  request(
    Object.fromEntries(
      Object.entries(properties).map(([k, v]) => [k, Object.fromEntries(Object.entries(v).filter(([key]) => key !== 'x-mcp-file'))]),
    ),
    message,
  );

describe('fileInputRule', () => {
  test('a string (format uri or none) with an x-mcp-file object; only string patterns and a positive size are kept', () => {
    expect(fileInputRule(photo)).toEqual({ accept: ['image/*'], maxSize: 2048 });
    expect(fileInputRule({ type: 'string', 'x-mcp-file': {} })).toEqual({ accept: [] });
    expect(fileInputRule({ type: 'string', 'x-mcp-file': { maxSize: -1 } })).toEqual({ accept: [] });
    expect(fileInputRule({ type: 'string', format: 'email', 'x-mcp-file': {} })).toBeUndefined();
    expect(fileInputRule({ type: 'number', 'x-mcp-file': {} })).toBeUndefined();
    expect(fileInputRule({ type: 'string', 'x-mcp-file': true })).toBeUndefined();
    expect(fileInputRule({ type: 'string' })).toBeUndefined();
  });

  test('fileFits reads patterns as the HTML accept attribute; fileDataUri names the file', () => {
    expect(fileFits('image/*', { name: 'a.png', type: 'image/png' })).toBe(true);
    expect(fileFits('.csv', { name: 'A.CSV', type: '' })).toBe(true);
    expect(fileFits('text/csv', { name: 'a.csv', type: '' })).toBe(true);
    expect(fileFits('image/*', { name: 'a.pdf', type: 'application/pdf' })).toBe(false);
    expect(fileDataUri('', 'my file.bin', 'AA==')).toBe('data:application/octet-stream;name=my%20file.bin;base64,AA==');
  });
});

/** A transport as the SDK leaves it after connecting (its onmessage set), with the kept requests. */
function transport() {
  const sent: unknown[] = [];
  const got: unknown[] = [];
  const t: { onmessage?: (message: never, extra?: never) => void } = {};
  keepFileInputs(t, sent);
  expect(t.onmessage).toBeUndefined();
  t.onmessage = (message) => got.push(message);
  return { sent, got, deliver: (message: unknown) => t.onmessage!(message as never) };
}

describe('keeping x-mcp-file on elicitation requests', () => {
  test('a 2025 elicitation/create: the message passes on unchanged; its keyword goes back on the parsed request, once', () => {
    const { sent, got, deliver } = transport();
    const message = { jsonrpc: '2.0', id: 4, method: 'elicitation/create', params: request({ photo, note: { type: 'string' } }) };
    deliver(message);
    deliver({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } });
    deliver(null);
    expect(got).toEqual([message, { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } }, null]);
    const restored = restoreFileInputs(parsed({ photo, note: { type: 'string' } }), sent);
    // As sent; its reader checks it.
    expect(restored.requestedSchema.properties).toEqual({ photo, note: { type: 'string' } });
    expect(fileInputRule(restored.requestedSchema.properties.photo)).toEqual({ accept: ['image/*'], maxSize: 2048 });
    const again = parsed({ photo });
    expect(restoreFileInputs(again, sent)).toBe(again);
  });

  test("a 2026 input_required result's elicitation is matched by its message and fields; another request is left alone", () => {
    const { sent, deliver } = transport();
    deliver({
      jsonrpc: '2.0',
      id: 9,
      result: {
        resultType: 'input_required',
        inputRequests: { a: { method: 'elicitation/create', params: request({ photo }, 'Send your photo') } },
      },
    });
    deliver({ jsonrpc: '2.0', id: 10, result: { inputRequests: 'not an object' } });
    const other = parsed({ photo }, 'Something else');
    expect(restoreFileInputs(other, sent)).toBe(other);
    expect(restoreFileInputs(parsed({ photo }, 'Send your photo'), sent).requestedSchema.properties.photo).toHaveProperty('x-mcp-file');
  });

  test('at most the last 16 requests are kept', () => {
    const { sent, deliver } = transport();
    for (let i = 0; i < 40; i++) deliver({ jsonrpc: '2.0', id: i, method: 'elicitation/create', params: request({ photo }, `n${i}`) });
    expect(sent).toHaveLength(16);
  });
});
