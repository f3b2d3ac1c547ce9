import { describe, expect, test } from 'vitest';
import { checkToolPairing, ToolPairingError, type Message } from '../../src/content/index.js';

const use = (id: string): Message => ({ role: 'assistant', content: [{ type: 'tool_use', id, name: 'echo', input: {} }] });
const result = (...ids: string[]): Message => ({
  role: 'user',
  content: ids.map((id) => ({ type: 'tool_result', toolUseId: id, content: [{ type: 'text', text: 'ok' }] })),
});
const user: Message = { role: 'user', content: [{ type: 'text', text: 'hi' }] };

describe('checkToolPairing', () => {
  test('accepts a tool_use answered by its tool_result, and a pending tool_use at the end', () => {
    expect(() =>
      checkToolPairing([user, use('a'), result('a'), { role: 'assistant', content: [{ type: 'text', text: 'done' }] }]),
    ).not.toThrow();
    expect(() => checkToolPairing([user, use('a')])).not.toThrow();
  });

  test('refuses a text message where tool results are due, naming the ids', () => {
    expect(() => checkToolPairing([use('a'), user])).toThrow(/tool_result blocks answering a/);
  });

  test('refuses missing, unknown and repeated results', () => {
    const both: Message = { role: 'assistant', content: [...use('a').content, ...use('b').content] };
    expect(() => checkToolPairing([both, result('a')])).toThrow(/no tool_result for b/);
    expect(() => checkToolPairing([use('a'), result('a', 'z')])).toThrow(/unknown tool_use z/);
    expect(() => checkToolPairing([use('a'), result('a', 'a')])).toThrow(/more than one tool_result for a/);
  });

  test('refuses a tool_result with no tool_use before it, and tool_use from the user', () => {
    expect(() => checkToolPairing([user, result('a')])).toThrow(ToolPairingError);
    expect(() => checkToolPairing([{ role: 'user', content: use('a').content }])).toThrow(/only assistant/);
  });

  test('continues from the last stored message', () => {
    expect(() => checkToolPairing([result('a')], use('a'))).not.toThrow();
    expect(() => checkToolPairing([user], use('a'))).toThrow(ToolPairingError);
  });

  test('a mixed user message with a tool_result and text is refused', () => {
    const mixed: Message = { role: 'user', content: [...result('a').content, { type: 'text', text: 'extra' }] };
    expect(() => checkToolPairing([use('a'), mixed])).toThrow(/made only of tool_result/);
  });
});
