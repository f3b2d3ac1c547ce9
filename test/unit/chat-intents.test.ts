// Issue 37 item 1: where two of the chat's features depend on each other, the
// earlier one asks by a named intent and the later one owns it (intents.ts).
import { describe, expect, test } from 'vitest';
import { ChatIntents } from '../../src/elements/mcp-chat/wiring/intents.js';

describe('ChatIntents', () => {
  test('the owner answers what is asked, with the detail given', async () => {
    const intents = new ChatIntents();
    const seen: string[] = [];
    intents.handle('tool-input-streaming', ({ id, name, argumentsText }) => void seen.push(`${id} ${name} ${argumentsText}`));
    intents.handle('model-context', () => ({ prompt: 'the chart shows March', pictures: [] }));
    intents.handle('store-ready', () => Promise.resolve());
    intents.ask('tool-input-streaming', { id: 't1', name: 'chart', argumentsText: '{"m' });
    expect(seen).toEqual(['t1 chart {"m']);
    expect(intents.ask('model-context')).toEqual({ prompt: 'the chart shows March', pictures: [] });
    await expect(intents.ask('store-ready')).resolves.toBeUndefined();
  });

  test('an intent has one owner, and one asked before its owner is built is a wiring mistake said by name', () => {
    const intents = new ChatIntents();
    expect(() => intents.ask('composer-focus')).toThrow('"composer-focus" intent has no owner');
    intents.handle('composer-focus', () => {});
    expect(() => intents.handle('composer-focus', () => {})).toThrow('already has an owner');
  });

  test('unowned() names every intent still without an owner', () => {
    const intents = new ChatIntents();
    const all = intents.unowned();
    expect(all).toContain('servers-edited');
    expect(all.length).toBeGreaterThanOrEqual(10);
    intents.handle('servers-edited', () => {});
    expect(intents.unowned()).toEqual(all.filter((name) => name !== 'servers-edited'));
  });
});
