import { afterEach, expect, inject, test } from 'vitest';
import '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { appViews, mountChatWithApps, typeAndSend } from './chat-helpers.js';
import { TIMED, boundByControl, longestTask, timeBound } from './long-tasks.js';

// Issue 36 item 1: a model streams 2 MB of arguments in 1 kB pieces to a tool
// with an MCP App view. Each piece used to heal the whole text so far for the
// view's partial input: quadratic, one task of 24-32 s. The same stream to a
// tool without a view (the control, measured in the same test) makes no long
// task. Now the view's partial input is healed at most once a frame and stops
// past a size bound; the view still gets the complete 2 MB input.

afterEach(() => document.body.replaceChildren());

const BIG = 2 * 1024 * 1024;

/** Queues replies on the fake OpenAI server for requests that carry `[[script:KEY]]`. */
async function script(key: string, replies: unknown[]): Promise<void> {
  const root = inject('openaiUrl').replace(/\/openai\/v1$/, '');
  const res = await fetch(`${root}/__script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, replies }),
  });
  expect(res.status).toBe(200);
}

/**
 * One turn where the model streams `{ text: <2 MB> }` to `tool` in 1 kB
 * pieces (a pause of a second after the first 32 kB, as a model thinks: the
 * view is up by then), then says "Done."; the longest task while it runs.
 */
async function bigArguments(chat: McpChat, tool: string) {
  const key = `flood-${Math.random().toString(36).slice(2, 8)}`;
  // Words with quotes, commas and braces: what the healer looks at.
  const text = 'a "quoted" {word}, [and] more: '.repeat(Math.ceil(BIG / 31)).slice(0, BIG);
  await script(key, [
    { toolCalls: [{ name: tool, input: { text } }], argumentPiece: 1024, pause: { frame: 34, ms: 1000 } },
    { text: 'Done.' },
  ]);
  let ended = false;
  chat.addEventListener('mcp-turn-end', () => (ended = true), { once: true });
  const started = performance.now();
  const { task } = await longestTask(async () => {
    await typeAndSend(chat, `Show it [[script:${key}]]`);
    await expect.poll(() => ended, { timeout: 60_000, interval: 100 }).toBe(true);
  });
  return { task, took: performance.now() - started };
}

test(
  '2 MB of streamed arguments to a tool with a view: no longer task than the same stream to a tool without a view (the control), partial input stops at 64 kB, the view gets the complete input',
  { ...TIMED, timeout: 120_000 },
  async () => {
    const { chat, reports } = await mountChatWithApps({ server: inject('appStateUrl'), store: null }, 'app:state-app');
    // The apps' code and a first view are loaded before anything is measured.
    await typeAndSend(chat, 'Warm up [[tool:length-app {"text":"hi"}]]');
    await expect.poll(() => reports.some((r) => r.step === 'input-length'), { timeout: 20_000 }).toBe(true);
    await expect
      .poll(() => chat.messages.at(-1)?.role === 'assistant' && chat.messages.at(-1)?.content.some((b) => b.type === 'text'), {
        timeout: 20_000,
      })
      .toBe(true);
    reports.length = 0;

    const control = await bigArguments(chat, 'no-view-tool');
    const viewed = await bigArguments(chat, 'length-app');

    expect(appViews(chat)).toHaveLength(2);
    await expect.poll(() => reports.find((r) => r.step === 'input-length')?.detail, { timeout: 20_000 }).toBe(BIG);
    const partials = reports.filter((r) => r.step === 'partial-length').map((r) => r.detail as number);
    expect(partials.length).toBeGreaterThanOrEqual(1);
    // Partial input stops past its bound (64 kB): none carries more than a small part of the 2 MB.
    expect(Math.max(...partials)).toBeLessThanOrEqual(64 * 1024);
    console.info(
      `2 MB streamed: control (no view) task ${Math.round(control.task)} ms in ${Math.round(control.took)} ms; with a view task ${Math.round(viewed.task)} ms in ${Math.round(viewed.took)} ms; ${partials.length} partial inputs, the largest ${Math.max(...partials)} characters`,
    );
    expect(viewed.task, timeBound('longest task')).toBeLessThan(boundByControl(control.task));
    expect(viewed.took, timeBound('the whole stream')).toBeLessThan(3 * control.took + 3000);
  },
);
