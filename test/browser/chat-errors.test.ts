import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { ToolPairingError } from '../../src/content/invariant.js';
import { errorInWords as describeError } from '../../src/elements/mcp-chat/error-words.js';
import { HistoryError, toHistoryError } from '../../src/history/errors.js';
import type { McpTurnEndEvent } from '../../src/events/turn-end.js';
import { deepAll, fullStore, mountChat, shadow } from './chat-helpers.js';

// Issue 12 §13: what the person is told. Each test failed before its fix.

afterEach(() => document.body.replaceChildren());

const ended = (chat: HTMLElement) =>
  new Promise<McpTurnEndEvent>((resolve) => chat.addEventListener('mcp-turn-end', (e) => resolve(e), { once: true }));
const errorLines = (chat: HTMLElement) => [...chat.shadowRoot!.querySelectorAll<HTMLElement>('[part~="error"]')];

describe('<mcp-chat> errors (issue 12 §13)', () => {
  test('no error hides another: a full store and a failing model are both listed, each dismissable, in words', async () => {
    const chat = await mountChat({ store: fullStore() });
    const done = ended(chat);
    await chat.send('hello [[error:500]]');
    await done;
    await chat.session.saved();
    await expect.poll(() => errorLines(chat).length).toBeGreaterThanOrEqual(2);
    const texts = errorLines(chat).map((l) => l.textContent!);
    const storage = texts.find((t) => /storage/.test(t))!;
    expect(storage).toMatch(/storage for this site is full/);
    expect(storage).toMatch(/Delete old conversations/);
    expect(storage).not.toMatch(/was not saved/);
    expect(texts.some((t) => /500|server error|model/i.test(t) && !/storage/.test(t))).toBe(true);
    // Dismissing one leaves the other.
    const count = errorLines(chat).length;
    await userEvent.click(errorLines(chat)[0]!.querySelector('button')!);
    await expect.poll(() => errorLines(chat).length).toBe(count - 1);
  });

  test("store errors are told in words, never as the store's rule (message 0 must be …)", () => {
    const pairing = new HistoryError(
      'invalid-messages',
      'Not saved: message 0 must be a user message made only of tool_result blocks answering t1.',
      {
        cause: new ToolPairingError('message 0 must be a user message made only of tool_result blocks answering t1', 0),
      },
    );
    expect(describeError(pairing)).not.toMatch(/message 0|tool_result/);
    expect(describeError(pairing)).toMatch(/New/);
    const full = toHistoryError(new DOMException('x', 'QuotaExceededError'), 'Saving messages');
    expect(describeError(full)).not.toMatch(/Saving messages was not saved/);
  });

  test('while a form waits for the person, the status says so, not that the chat waits for the server', async () => {
    const chat = await mountChat({ provider: false });
    void chat.runTool('register-form', {});
    const waiting = () => shadow(chat).querySelector('[part~="waiting"]')?.textContent?.trim() ?? '';
    await expect.poll(() => deepAll(shadow(chat), 'mcp-elicit-form').length, { timeout: 10_000 }).toBe(1);
    await expect.poll(waiting, { timeout: 6000 }).toBe('Waiting for you to fill Registration form.');
    chat.stop();
  });

  test('a call waiting on a silent server shows how long it has waited', async () => {
    const chat = await mountChat({ provider: false });
    const run = chat.runTool('long-task', { steps: 1, delayMs: 4500 });
    const waiting = () => shadow(chat).querySelector('[part~="waiting"]')?.textContent ?? '';
    await expect.poll(waiting, { timeout: 6000 }).toMatch(/Long task: [2-9] s/);
    const first = /(\d) s/.exec(waiting())![1];
    await expect.poll(() => /(\d) s/.exec(waiting())?.[1], { timeout: 4000 }).not.toBe(first);
    await run;
    await expect.poll(waiting).toBe('');
  });
});
