// Issue 27 §1: a string whose default (or schema) says it is text of several
// lines gets a multi-line box in the palette's Run form, and its line breaks
// reach the tool (the sheet-music example's ABC score rendered empty when its
// default went through a one-line input). Fixture server over HTTP, real Chromium.
import { afterEach, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpToolCallEvent } from '../../src/events/tool-call.js';
import { shadow, serverReaches } from './chat-helpers.js';

afterEach(() => document.body.replaceChildren());

test('a default with line breaks gets a multi-line box and keeps them; a one-line string stays one line', async () => {
  const chat = document.createElement('mcp-chat');
  chat.server = `${inject('fixtureUrl')}/text/mcp`;
  chat.store = createMemoryHistory();
  chat.storageKey = `text-${crypto.randomUUID()}`;
  document.body.append(chat);
  await serverReaches(chat, 'connected');
  await chat.showTool('engrave');
  const form = await expect
    .poll(() => shadow(chat).querySelector<HTMLFormElement>('[part="run-form"]'))
    .toBeTruthy()
    .then(() => shadow(chat).querySelector<HTMLFormElement>('[part="run-form"]')!);

  const score = form.querySelector<HTMLTextAreaElement>('[name="score"]')!;
  // The form's look loads with its code (not in the first load): a framed column of fields.
  expect(getComputedStyle(form).display).toBe('flex');
  expect(score.localName).toBe('textarea');
  expect(score.value).toBe('X:1\nT:Scale\nK:C\nCDEF GABc|');
  expect(score.rows).toBeGreaterThanOrEqual(5);
  expect(form.querySelector('[name="notes"]')!.localName).toBe('textarea');
  expect(form.querySelector('[name="title"]')!.localName).toBe('input');
  // Labelled like every field.
  expect(score.labels?.[0]?.textContent).toContain('score');

  // Enter in the box is a new line, not a submit.
  await userEvent.click(form.querySelector('[name="notes"]')!);
  await userEvent.keyboard('first{Enter}second');
  expect(form.querySelector<HTMLTextAreaElement>('[name="notes"]')!.value).toBe('first\nsecond');
  expect(shadow(chat).querySelector('[part="run-form"]')).not.toBeNull();

  const called = new Promise<McpToolCallEvent>((resolve) => chat.addEventListener('mcp-tool-call', (e) => resolve(e), { once: true }));
  await userEvent.click(form.querySelector('button[type="submit"]')!);
  const call = await called;
  expect(call.toolUse.input).toEqual({ title: 'Scale', score: 'X:1\nT:Scale\nK:C\nCDEF GABc|', notes: 'first\nsecond' });
});
