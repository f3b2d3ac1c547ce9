import axe from 'axe-core';
import { afterEach, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import type { AppReport } from './app-view-support.js';
import { appViews, deepAll, mountChatWithApps, shadow } from './chat-helpers.js';

// Issue 41 item 6: an app that calls a tool that is not read-only over and over (the official `debug`
// example logs through one) stacked one approval card per call under its view, pushing the view out of
// sight. Repeats from one view for one tool are one card with a count and "Allow all from this view for now".

afterEach(() => document.body.replaceChildren());

const approvals = (chat: McpChat) =>
  deepAll<HTMLElement>(shadow(chat), 'mcp-tool-card').filter((c) => c.getAttribute('status') === 'approval');
const groups = (chat: McpChat) => [...shadow(chat).querySelectorAll<HTMLElement>('[part~="app-ask-group"]')];
const calls = (reports: AppReport[]) => reports.filter((r) => r.step === 'call-tool');
const announced = (chat: McpChat) => shadow(chat).querySelector('[role="status"][aria-live="polite"]')?.textContent ?? '';

test('five calls of one tool from one view: one card with a count; "Allow all from this view for now" runs all five and the next without asking; another view still asks', async () => {
  const { chat, reports } = await mountChatWithApps({ provider: false });
  chat.policy = () => 'ask';
  // The app starts five calls at once, waits for the last, then calls once more.
  const burst = Array(5).fill('call-tool-meanwhile');
  await chat.runTool('counter-app', { steps: [...burst, 'until-answered', 'call-tool'] });
  await expect.poll(() => groups(chat)[0]?.textContent ?? '', { timeout: 15_000 }).toContain('5 requests from Counter app');
  expect(approvals(chat)).toHaveLength(1);
  expect(groups(chat)).toHaveLength(1);
  const view = appViews(chat)[0]!;
  const card = approvals(chat)[0]!;
  expect(card.slot).toBe(view.slot);
  await expect.poll(() => announced(chat)).toContain('5 requests from Counter app');
  // The view stays in sight above its one card.
  const list = shadow(chat).querySelector<HTMLElement>('[part~="message-list"]')!;
  const seen = list.getBoundingClientRect();
  const where = view.getBoundingClientRect();
  expect(where.bottom).toBeGreaterThan(seen.top);
  expect(where.top).toBeLessThan(seen.bottom);
  expect((await axe.run(groups(chat)[0]!, { resultTypes: ['violations'] })).violations).toEqual([]);
  // By keyboard: the button has its name, and Enter answers.
  const allowAll = groups(chat)[0]!.querySelector<HTMLButtonElement>('[part~="app-ask-allow-all"]')!;
  expect(allowAll.textContent?.trim()).toBe('Allow all from this view for now');
  allowAll.focus();
  await userEvent.keyboard('{Enter}');
  // All five ran, then the sixth (made after the answer) ran without a question: nobody answers one now.
  await expect.poll(() => calls(reports).length, { timeout: 15_000 }).toBe(6);
  expect(calls(reports).every((r) => r.ok && !JSON.stringify(r.detail).includes('isError'))).toBe(true);
  expect(approvals(chat)).toHaveLength(0);
  expect(groups(chat)).toHaveLength(0);

  // Another view of the same tool asks again: the permission was this view's only.
  await chat.runTool('counter-app', { steps: ['call-tool'] });
  await expect.poll(() => approvals(chat).length, { timeout: 15_000 }).toBe(1);
  const second = appViews(chat)[1]!;
  expect(approvals(chat)[0]!.slot).toBe(second.slot);
  await userEvent.click(approvals(chat)[0]!.shadowRoot!.querySelector<HTMLElement>('[part~="approve-button"]')!);
  await expect.poll(() => calls(reports).length, { timeout: 15_000 }).toBe(7);
});

test('Deny on a group of three refuses all three; a later call from that view asks again', async () => {
  const { chat, reports } = await mountChatWithApps({ provider: false });
  chat.policy = () => 'ask';
  await chat.runTool('counter-app', {
    steps: ['call-tool-meanwhile', 'call-tool-meanwhile', 'call-tool-meanwhile', 'until-answered', 'call-tool'],
  });
  await expect.poll(() => groups(chat)[0]?.textContent ?? '', { timeout: 15_000 }).toContain('3 requests from Counter app');
  await userEvent.click(approvals(chat)[0]!.shadowRoot!.querySelector<HTMLElement>('[part~="deny-button"]')!);
  await expect.poll(() => calls(reports).length, { timeout: 15_000 }).toBe(3);
  expect(calls(reports).every((r) => JSON.stringify(r.detail).match(/isError|not run/))).toBe(true);
  // The fourth call asks again, on its own (no count).
  await expect.poll(() => approvals(chat).length, { timeout: 15_000 }).toBe(1);
  expect(groups(chat)[0]?.querySelector('[part~="app-ask-count"]')).toBeNull();
  await userEvent.click(approvals(chat)[0]!.shadowRoot!.querySelector<HTMLElement>('[part~="approve-button"]')!);
  await expect.poll(() => calls(reports).length, { timeout: 15_000 }).toBe(4);
});

test('in an Arabic chat the count and the button are in Arabic', async () => {
  const { chat } = await mountChatWithApps({ provider: false });
  chat.setAttribute('lang', 'ar');
  chat.policy = () => 'ask';
  await chat.runTool('counter-app', { steps: ['call-tool-meanwhile', 'call-tool-meanwhile'] });
  await expect
    .poll(() => groups(chat)[0]?.querySelector('[part~="app-ask-count"]')?.textContent ?? '', { timeout: 15_000 })
    .toMatch(/طلبان/);
  expect(groups(chat)[0]!.querySelector('[part~="app-ask-allow-all"]')!.textContent?.trim()).toBe('اسمح بكل طلبات هذا العرض الآن');
});
