import { expect, test } from 'vitest';
import { healPartialJson } from '../../src/elements/mcp-chat/apps/partial-json.js';

// The arguments a model has streamed so far, healed into an object for an app
// view's tool-input-partial (MCP Apps: unclosed structures closed).

test.each([
  ['', undefined],
  ['{', {}],
  ['{"te', {}],
  ['{"text":', {}],
  ['{"text": "Hel', { text: 'Hel' }],
  ['{"text": "Hello",', { text: 'Hello' }],
  ['{"text": "Hello", "n": 1', { text: 'Hello', n: 1 }],
  ['{"a": [1, 2', { a: [1, 2] }],
  ['{"a": {"b": "c\\', { a: { b: 'c' } }],
  ['{"a": tru', {}],
  ['{"text":"a"}', { text: 'a' }],
  ['[1, 2', undefined],
])('%j heals to %j', (text, expected) => {
  expect(healPartialJson(text)).toEqual(expected);
});
