import { afterEach, expect, inject, test } from 'vitest';
import '../../src/elements/mcp-chat/mcp-chat.js';
import { appViews, mountChatWithApps, typeAndSend } from './chat-helpers.js';

// While the model streams a call's arguments (the fake OpenAI server sends
// them in three pieces, slowly), <mcp-chat> already shows the call's app view
// and feeds it the arguments so far (tool-input-partial), then the complete
// input: the same view, started once.

afterEach(() => document.body.replaceChildren());

test('the app view gets the arguments as the model streams them, before the complete input, and is not started again when the call joins', async () => {
  const { chat, reports } = await mountChatWithApps({ server: inject('appStateUrl'), store: null }, 'app:state-app');
  const views = () => appViews(chat);

  await typeAndSend(chat, 'Write it [[slow:700]] [[tool:recorder-app {"text":"Hello from the model, slowly"}]]');
  // The view is there while the arguments still stream (the call has not joined the conversation).
  await expect.poll(() => views().length, { timeout: 15_000 }).toBe(1);
  expect(chat.messages.some((m) => m.content.some((b) => b.type === 'tool_use'))).toBe(false);

  const steps = () => reports.map((r) => r.step);
  await expect.poll(() => steps().includes('seen:ui/notifications/tool-input'), { timeout: 20_000 }).toBe(true);
  const partials = reports.filter((r) => r.step === 'seen:ui/notifications/tool-input-partial');
  expect(partials.length).toBeGreaterThanOrEqual(1);
  expect(steps().indexOf('seen:ui/notifications/tool-input-partial')).toBeLessThan(steps().indexOf('seen:ui/notifications/tool-input'));
  const partialText = (partials[0]!.detail as { arguments: { text?: string } }).arguments.text ?? '';
  expect('Hello from the model, slowly'.startsWith(partialText)).toBe(true);
  expect(partialText.length).toBeLessThan('Hello from the model, slowly'.length);
  expect((reports.find((r) => r.step === 'seen:ui/notifications/tool-input')!.detail as { arguments: unknown }).arguments).toEqual({
    text: 'Hello from the model, slowly',
  });
  // Then the result, to the same app: one view, started once.
  await expect.poll(() => steps().includes('seen:ui/notifications/tool-result'), { timeout: 15_000 }).toBe(true);
  expect(steps().filter((s) => s === 'initialized')).toHaveLength(1);
  expect(views()).toHaveLength(1);
  const use = chat.messages.flatMap((m) => m.content).find((b) => b.type === 'tool_use')!;
  expect(views()[0]!.slot).toBe(`tool-${use.type === 'tool_use' ? use.id : ''}`);
});
