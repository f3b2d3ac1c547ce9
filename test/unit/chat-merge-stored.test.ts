import { describe, expect, test } from 'vitest';
import type { Message } from '../../src/content/index.js';
import type { StoredMessage } from '../../src/history/index.js';
import { mergeStored, mergeWhole } from '../../src/elements/mcp-chat/conversation/merge-stored.js';

// Issue 26 §11: another tab's appends are shown where the store has them.

const row = (seq: number, text: string, meta?: Record<string, unknown>): StoredMessage =>
  ({
    conversationId: 'c',
    seq,
    role: 'user',
    content: [{ type: 'text', text }],
    createdAt: 0,
    ...(meta ? { _meta: meta } : {}),
  }) as StoredMessage;
const msg = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const text = (m: Message) => (m.content[0] as { text: string }).text;
const toMessage = (r: StoredMessage): Message => ({ role: r.role, content: r.content });

describe('mergeStored', () => {
  const a1 = msg('a1');
  const a3 = msg('a3');
  const unsaved = msg('not saved yet');
  const seqs = new Map<Message, number>([
    [a1, 1],
    [a3, 3],
  ]);
  const shown = { messages: [a1, a3, unsaved], seqOf: (m: Message) => seqs.get(m) };

  test("puts the other tab's rows in their stored places, before what is not saved yet", () => {
    const merged = mergeStored(shown, [row(4, 'b4'), row(2, 'b2')], toMessage)!;
    expect(merged.map(text)).toEqual(['a1', 'b2', 'a3', 'b4', 'not saved yet']);
    // The shown messages stay the same objects (they are not drawn again).
    expect(merged[0]).toBe(a1);
    expect(merged[4]).toBe(unsaved);
  });

  test('a row already shown is merged once', () => {
    expect(mergeStored(shown, [row(3, 'a3')], toMessage)!.map(text)).toEqual(['a1', 'a3', 'not saved yet']);
  });

  test('a row that replaces earlier messages needs the whole conversation', () => {
    expect(mergeStored(shown, [row(4, 'edit', { 'mcp-elements/replaces': 1 })], toMessage)).toBeUndefined();
    const whole = [row(1, 'a1'), row(2, 'b2'), row(3, 'a3'), row(4, 'edit', { 'mcp-elements/replaces': 1 })];
    const merged = mergeWhole(shown, whole, toMessage);
    expect(merged.map(text)).toEqual(['a1', 'edit', 'not saved yet']);
    expect(merged[0]).toBe(a1);
  });
});
