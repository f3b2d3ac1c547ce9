// Pure parts of the history: error mapping, list cursors, search text, import planning.
import { describe, expect, test } from 'vitest';
import { HistoryError } from '../../src/history/index.js';
import { toHistoryError } from '../../src/history/errors.js';
import { planImport } from '../../src/history/export-format.js';
import { checkMessages, decodeCursor, encodeCursor, monotonicClock, searchTextOf, snippetAround } from '../../src/history/records.js';

describe('toHistoryError', () => {
  test('maps what IndexedDB throws to codes the UI can switch on', () => {
    expect(toHistoryError(new DOMException('full', 'QuotaExceededError'), 'Saving messages')).toMatchObject({
      kind: 'quota-exceeded',
      message: expect.stringMatching(/Storage is full: Saving messages was not saved/),
    });
    expect(toHistoryError(new DOMException('no', 'SecurityError'), 'x').kind).toBe('unavailable');
    expect(toHistoryError(new DOMException('closing', 'InvalidStateError'), 'x').kind).toBe('closed');
    const other = toHistoryError(new DOMException('disk', 'UnknownError'), 'Listing conversations');
    expect(other).toMatchObject({ kind: 'failed', message: 'Listing conversations failed: disk' });
    expect(other.cause).toBeInstanceOf(DOMException);
    const own = new HistoryError('not-found', 'gone');
    expect(toHistoryError(own, 'x')).toBe(own);
  });
});

describe('records', () => {
  test('cursors round-trip and a foreign one is refused', () => {
    expect(decodeCursor(encodeCursor({ updatedAt: 17, id: 'a"b' }))).toEqual({ updatedAt: 17, id: 'a"b' });
    expect(() => decodeCursor('not a cursor')).toThrow(TypeError);
    expect(() => decodeCursor(btoa('[1,2]'))).toThrow(TypeError);
  });

  test('the clock never repeats a millisecond', () => {
    const now = monotonicClock();
    const times = Array.from({ length: 100 }, now);
    expect(new Set(times).size).toBe(100);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  test('search text holds text blocks and text inside tool results, nothing else', () => {
    expect(
      searchTextOf({
        role: 'user',
        content: [
          { type: 'text', text: 'Hello THERE' },
          { type: 'image', data: 'c2VjcmV0', mimeType: 'image/png' },
          {
            type: 'tool_result',
            toolUseId: 't',
            content: [
              { type: 'text', text: 'Result Text' },
              { type: 'resource', resource: { uri: 'x:', text: 'not searched' } },
            ],
          },
        ],
      }),
    ).toBe('hello there\nresult text');
  });

  test('a snippet centres on the match and marks cuts', () => {
    const text = 'a'.repeat(300) + 'needle' + 'b'.repeat(300);
    const snippet = snippetAround(text, 'needle', 40);
    expect(snippet).toContain('needle');
    expect(snippet.startsWith('…') && snippet.endsWith('…')).toBe(true);
    expect(snippetAround('short needle', 'needle')).toBe('short needle');
  });

  test('checkMessages names the problem and keeps the pairing error as cause', () => {
    expect(() => checkMessages([{ role: 'user', content: [{ type: 'text', text: 'x' }] }])).not.toThrow();
    const error = (() => {
      try {
        checkMessages([{ role: 'user', content: [{ type: 'tool_result', toolUseId: 'a', content: [] }] }]);
      } catch (e) {
        return e as HistoryError;
      }
    })();
    expect(error).toMatchObject({ kind: 'invalid-messages', message: expect.stringMatching(/^Not saved: message 0 holds tool_result/) });
    expect((error!.cause as Error).name).toBe('ToolPairingError');
    expect(() => checkMessages([{ role: 'user', content: [{ text: 'no type' }] } as never])).toThrow(/block 0 has no type/);
  });
});

describe('planImport', () => {
  const file = {
    format: 'mcp-elements/conversation',
    version: 1,
    conversation: { id: 'old', title: 'T', createdAt: 1, updatedAt: 2, servers: [], metadata: {}, messageCount: 2, extra: 'kept' },
    messages: [
      { conversationId: 'old', seq: 4, createdAt: 1, role: 'user', content: [{ type: 'text', text: 'q', unknown: { a: 1 } }] },
      { conversationId: 'old', seq: 9, createdAt: 2, role: 'assistant', content: [{ type: 'text', text: 'a' }], future: true },
    ],
    activity: [{ id: 'x', conversationId: 'old', kind: 'sampling', request: { method: 'sampling/createMessage' }, requestedAt: 3 }],
  };

  test('gives a new id, renumbers from 1 and keeps unknown fields', () => {
    const plan = planImport(JSON.stringify(file), 50);
    expect(plan.conversation).toMatchObject({ title: 'T', extra: 'kept', messageCount: 2, updatedAt: 50 });
    expect(plan.conversation.id).not.toBe('old');
    expect(plan.messages.map((m) => [m.conversationId, m.seq])).toEqual([
      [plan.conversation.id, 1],
      [plan.conversation.id, 2],
    ]);
    expect(plan.messages[0]!.content[0]).toEqual({ type: 'text', text: 'q', unknown: { a: 1 } });
    expect(plan.messages[1]!.future).toBe(true);
    expect(plan.activity[0]).toMatchObject({ conversationId: plan.conversation.id, kind: 'sampling' });
    expect(plan.activity[0]!.id).not.toBe('x');
  });

  test('refuses a wrong version, a missing field and an unknown block type', () => {
    expect(() => planImport({ ...file, version: 2 })).toThrow(/version/);
    expect(() => planImport({ ...file, conversation: { ...file.conversation, title: undefined } })).toThrow(/conversation\.title/);
    expect(() => planImport({ ...file, messages: [{ ...file.messages[0], content: [{ type: 'video', url: 'x' }] }] })).toThrow(
      /messages\.0\.content\.0/,
    );
    expect(() => planImport(null)).toThrow(HistoryError);
  });
});
