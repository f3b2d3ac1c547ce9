import { expect, test } from 'vitest';
import { selectModel, type ModelInfo } from '../../src/providers/index.js';

const models: ModelInfo[] = [
  { id: 'claude-haiku-4-5', scores: { cost: 0.9, speed: 0.9, intelligence: 0.5 } },
  { id: 'claude-sonnet-4-5', scores: { cost: 0.5, speed: 0.6, intelligence: 0.8 } },
  { id: 'claude-opus-4-1', scores: { cost: 0.1, speed: 0.3, intelligence: 1 } },
  { id: 'gpt-4o-mini' },
];

test('hints are tried in order as case-insensitive substrings', () => {
  expect(selectModel({ hints: [{ name: 'gemini' }, { name: 'SONNET' }, { name: 'haiku' }] }, models, 'x')).toBe('claude-sonnet-4-5');
  expect(selectModel({ hints: [{ name: 'claude' }] }, models, 'x')).toBe('claude-haiku-4-5');
  expect(selectModel({ hints: [{ name: '4o' }] }, models, 'x')).toBe('gpt-4o-mini');
});

test('priorities weigh declared scores when no hint matches', () => {
  expect(selectModel({ hints: [{ name: 'gemini' }], intelligencePriority: 1 }, models, 'x')).toBe('claude-opus-4-1');
  expect(selectModel({ costPriority: 1, intelligencePriority: 0.2 }, models, 'x')).toBe('claude-haiku-4-5');
  expect(selectModel({ speedPriority: 0.2, intelligencePriority: 0.9 }, models, 'x')).toBe('claude-opus-4-1');
});

test('the fallback when nothing applies', () => {
  expect(selectModel(undefined, models, 'default')).toBe('default');
  expect(selectModel({}, models, 'default')).toBe('default');
  expect(selectModel({ hints: [{ name: 'gemini' }] }, models, 'default')).toBe('default');
  expect(selectModel({ intelligencePriority: 1 }, [{ id: 'a' }, { id: 'b' }], 'default')).toBe('default');
  expect(selectModel({ hints: [{}] }, models, 'default')).toBe('default');
});
