import { describe, expect, test } from 'vitest';
import { checkToolPairing, type Message } from '../../src/content/index.js';
import { pairToolCalls } from '../../src/content/repair.js';

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const call = (...ids: string[]): Message => ({
  role: 'assistant',
  content: ids.map((id) => ({ type: 'tool_use' as const, id, name: 'echo', input: {} })),
});
const answer = (...ids: string[]): Message => ({
  role: 'user',
  content: ids.map((id) => ({ type: 'tool_result' as const, toolUseId: id, content: [] })),
});

describe('pairToolCalls', () => {
  test('a valid sequence comes back as it was', () => {
    const messages = [user('a'), call('t1'), answer('t1'), user('b')];
    expect(pairToolCalls(messages)).toEqual({ messages, answered: [], dropped: [] });
  });

  test('a call without its result gets an error result before the next message', () => {
    const { messages, answered } = pairToolCalls([user('a'), call('t1', 't2'), user('b')]);
    expect(answered).toEqual(['t1', 't2']);
    expect(() => checkToolPairing(messages)).not.toThrow();
    expect(messages[2]!.content[0]).toMatchObject({
      type: 'tool_result',
      toolUseId: 't1',
      isError: true,
      content: [{ text: expect.stringMatching(/not kept/) }],
    });
    expect(messages[3]).toEqual(user('b'));
  });

  test('a partial answer is completed; results for unknown calls and other blocks are moved or dropped', () => {
    const mixed: Message = { role: 'user', content: [...answer('t1', 'zz').content, { type: 'text', text: 'and this' }] };
    const { messages, answered, dropped } = pairToolCalls([call('t1', 't2'), mixed]);
    expect(answered).toEqual(['t2']);
    expect(dropped).toEqual(['zz']);
    expect(() => checkToolPairing(messages)).not.toThrow();
    expect(messages.at(-1)).toEqual(user('and this'));
  });

  test('continuing after a stored call; an orphan result is dropped; closeTrailing answers the last call', () => {
    expect(pairToolCalls([user('x')], call('t9')).answered).toEqual(['t9']);
    const orphan = pairToolCalls([answer('t5')], user('before'));
    expect(orphan).toEqual({ messages: [], answered: [], dropped: ['t5'] });
    expect(pairToolCalls([user('a'), call('t1')]).answered).toEqual([]);
    const closed = pairToolCalls([user('a'), call('t1')], undefined, { closeTrailing: true });
    expect(() => checkToolPairing(closed.messages)).not.toThrow();
    expect(closed.messages).toHaveLength(3);
  });
});
