import { afterEach, describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { createMemoryHistory } from '../../src/history/index.js';
import type { AppReport } from './app-view-support.js';
import { appViews, deepAll, mountChat, mountChatWithApps, shadow, type MountOptions } from './chat-helpers.js';

// Issue 26 items 3, 4 and 10 in <mcp-chat>: an app's tool calls follow the chat's approval
// rules and show as cards saved with the conversation; an app's ui/message is put to the
// person in the chat first; a bad max-rounds is reported and the default used.

afterEach(() => document.body.replaceChildren());

const withSandbox = (options: MountOptions = {}) => mountChatWithApps(options);
const views = appViews;
const cards = (chat: McpChat) => deepAll<HTMLElement>(shadow(chat), 'mcp-tool-card');
const reported = (reports: AppReport[], step: string) =>
  expect.poll(() => reports.find((r) => r.step === step), { timeout: 15_000 }).toBeTruthy();
const appCall = (chat: McpChat) => chat.messages.find((m) => m.content.some((b) => b.type === 'tool_use' && b.name === 'app-increment'));

describe('<mcp-chat> asks for its apps', () => {
  test("an app's tool call asks with the chat's approval card under the view; approved, it runs and is saved as a card of the conversation", async () => {
    const store = createMemoryHistory();
    const { chat, reports } = await withSandbox({ provider: false, store });
    chat.policy = () => 'ask';
    await chat.runTool('counter-app', { steps: ['call-tool'] });
    await expect.poll(() => views(chat).length, { timeout: 15_000 }).toBe(1);
    const view = views(chat)[0]!;
    // The chat's own approval card, in the chat, under the view (not the view's own question).
    await expect.poll(() => cards(chat).find((c) => c.getAttribute('status') === 'approval'), { timeout: 15_000 }).toBeTruthy();
    const ask = cards(chat).find((c) => c.getAttribute('status') === 'approval')!;
    expect(ask.slot).toBe(view.slot);
    expect(ask.shadowRoot!.textContent).toContain('Increment (app only)');
    expect(view.shadowRoot!.querySelector('[part~="consent"]')).toBeNull();
    await userEvent.click(ask.shadowRoot!.querySelector<HTMLElement>('[part~="approve-button"]')!);
    await reported(reports, 'call-tool');
    expect(JSON.stringify(reports.find((r) => r.step === 'call-tool'))).toContain('count');
    // A card in the conversation says which app ran which tool, and it is saved.
    await expect.poll(() => appCall(chat), { timeout: 15_000 }).toBeTruthy();
    await expect
      .poll(() =>
        cards(chat).some(
          (c) =>
            /Increment \(app only\)/.test(c.shadowRoot!.textContent ?? '') &&
            /Counter app/.test(c.shadowRoot!.textContent ?? '') &&
            c.getAttribute('status') !== 'approval',
        ),
      )
      .toBe(true);
    await chat.session.saved();
    const stored = await store.loadLast(chat.session.conversation!.id, 100);
    const use = stored.findIndex((m) => m.content.some((b) => b.type === 'tool_use' && b.name === 'app-increment'));
    expect(use).toBeGreaterThan(-1);
    // The pairing invariant holds: the next message holds its result.
    const id = (stored[use]!.content.find((b) => b.type === 'tool_use') as { id: string }).id;
    expect(stored[use + 1]!.content.some((b) => b.type === 'tool_result' && b.toolUseId === id)).toBe(true);
    expect(JSON.stringify(stored[use]!._meta)).toContain('counter-app');
    // No second view for the app's own call.
    expect(views(chat)).toHaveLength(1);
  });

  test('Deny: the app is refused, the card says it did not run; "Always allow" lets the next call run without asking', async () => {
    const { chat, reports } = await withSandbox({ provider: false });
    chat.policy = () => 'ask';
    await chat.runTool('counter-app', { steps: ['call-tool', 'call-tool'] });
    await expect.poll(() => cards(chat).find((c) => c.getAttribute('status') === 'approval'), { timeout: 15_000 }).toBeTruthy();
    await userEvent.click(
      cards(chat)
        .find((c) => c.getAttribute('status') === 'approval')!
        .shadowRoot!.querySelector<HTMLElement>('[part~="deny-button"]')!,
    );
    await expect.poll(() => reports.filter((r) => r.step === 'call-tool').length, { timeout: 15_000 }).toBe(1);
    expect(JSON.stringify(reports.find((r) => r.step === 'call-tool'))).toMatch(/isError|refused|denied|not run/i);
    await expect.poll(() => appCall(chat), { timeout: 15_000 }).toBeTruthy();
    await expect.poll(() => cards(chat).find((c) => c.getAttribute('status') === 'approval'), { timeout: 15_000 }).toBeTruthy();
    await userEvent.click(
      cards(chat)
        .find((c) => c.getAttribute('status') === 'approval')!
        .shadowRoot!.querySelector<HTMLElement>('[part~="always-button"]')!,
    );
    await expect.poll(() => reports.filter((r) => r.step === 'call-tool').length, { timeout: 15_000 }).toBe(2);
    // Allowed always: a new view's call runs without a question.
    await chat.runTool('counter-app', { steps: ['call-tool'] });
    await expect.poll(() => reports.filter((r) => r.step === 'call-tool').length, { timeout: 15_000 }).toBe(3);
    expect(cards(chat).some((c) => c.getAttribute('status') === 'approval')).toBe(false);
  });

  test("an app's ui/message is put to the person in the chat; Don't send drops it, Send sends it", async () => {
    const { chat } = await withSandbox();
    await chat.runTool('counter-app', { steps: ['message'] });
    const question = () => shadow(chat).querySelector<HTMLElement>('[part~="app-message-confirm"]');
    await expect.poll(() => question()?.textContent, { timeout: 15_000 }).toContain('Counter app wants to send');
    expect(question()!.textContent).toContain('Hello from the demo app');
    // Drawn as a card in the warning colour: its style sheet comes with the apps' code (loaded with the first view).
    const look = getComputedStyle(question()!);
    expect([look.display, look.borderTopStyle, look.borderTopWidth]).toEqual(['flex', 'solid', '1px']);
    await userEvent.click(question()!.querySelector<HTMLElement>('[part~="app-message-send"]')!);
    await expect
      .poll(() => chat.messages.some((m) => m.role === 'user' && JSON.stringify(m.content).includes('Hello from the demo app')), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect
      .poll(() => JSON.stringify(chat.messages.map((m) => [m.role, m.content.map((b) => (b.type === 'text' ? b.text : b.type))])), {
        timeout: 15_000,
      })
      .toMatch(/"assistant",\["[^"]*Hello from the demo app/);
    expect(question()).toBeNull();

    await chat.runTool('counter-app', { steps: ['message'] });
    await expect.poll(() => question()?.textContent, { timeout: 15_000 }).toContain('Counter app wants to send');
    const count = chat.messages.length;
    await userEvent.click(question()!.querySelector<HTMLElement>('[part~="app-message-cancel"]')!);
    await expect.poll(() => question()).toBeNull();
    expect(chat.messages.length).toBe(count);
  });

  test("with no model, an app's ui/message is added and the chat says what happens next", async () => {
    const { chat } = await withSandbox({ provider: false });
    await chat.runTool('counter-app', { steps: ['message'] });
    const question = () => shadow(chat).querySelector<HTMLElement>('[part~="app-message-confirm"]');
    await expect.poll(() => question(), { timeout: 15_000 }).toBeTruthy();
    await userEvent.click(question()!.querySelector<HTMLElement>('[part~="app-message-send"]')!);
    await expect
      .poll(() => chat.messages.some((m) => m.role === 'user' && JSON.stringify(m.content).includes('Hello from the demo app')), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect
      .poll(() => shadow(chat).querySelector('[part~="app-message-notice"]')?.textContent)
      .toContain('No model is set up to answer it');
  });
});

// Issue 36 item 4: an app in full screen would cover the chat's question about its own request
// (and could draw an imitation where the real one is): every question brings the view back to its place first.
describe('<mcp-chat> questions of an app in full screen', () => {
  const isFull = (chat: McpChat) =>
    views(chat)[0]?.displayMode === 'fullscreen' || !!views(chat)[0]?.shadowRoot?.querySelector('.base:popover-open');
  /** The element a person's pointer would reach at the middle of `element` (the top layer included). */
  const onTop = (element: Element) => {
    const box = element.getBoundingClientRect();
    let hit: Element | null = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    while (hit?.shadowRoot) {
      const inner: Element | null = hit.shadowRoot.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };

  test("an app's tool call: the view leaves full screen, the chat's approval card is the one in sight, and Full screen is not offered while it waits", async () => {
    const { chat, reports } = await withSandbox({ provider: false });
    chat.policy = () => 'ask';
    await chat.runTool('counter-app', { steps: ['fullscreen', 'call-tool'] });
    await reported(reports, 'fullscreen');
    await expect.poll(() => cards(chat).find((c) => c.getAttribute('status') === 'approval'), { timeout: 15_000 }).toBeTruthy();
    const ask = cards(chat).find((c) => c.getAttribute('status') === 'approval')!;
    await expect.poll(() => isFull(chat)).toBe(false);
    const approve = ask.shadowRoot!.querySelector<HTMLElement>('[part~="approve-button"]')!;
    approve.scrollIntoView({ block: 'center' });
    await expect.poll(() => onTop(approve)).toBe(approve);
    // While the question is open, the view's own Full screen button is not offered.
    expect(views(chat)[0]!.shadowRoot!.querySelector('[part~="fullscreen-button"]')).toBeNull();
    await userEvent.click(approve);
    await reported(reports, 'call-tool');
    await expect.poll(() => views(chat)[0]!.shadowRoot!.querySelector('[part~="fullscreen-button"]')).toBeTruthy();
  });

  test('an app that asks for full screen again while its tool call waits stays in place (answered inline) until the person answers, and may go full screen after', async () => {
    const { chat, reports } = await withSandbox({ provider: false });
    chat.policy = () => 'ask';
    // Full screen; a tool call that waits for the person; once the host says inline, full screen again;
    // then, once the call is answered, full screen once more.
    await chat.runTool('counter-app', {
      steps: ['fullscreen', 'call-tool-meanwhile', 'until-inline', 'fullscreen', 'until-answered', 'fullscreen'],
    });
    const modes = () => reports.filter((r) => r.step === 'fullscreen').map((r) => [r.ok, r.detail]);
    await expect.poll(() => modes().length, { timeout: 15_000 }).toBe(2);
    // The second request is answered with the mode the view is in: inline, and the view is in its place.
    expect(modes()).toEqual([
      [true, 'fullscreen'],
      [true, 'inline'],
    ]);
    expect(isFull(chat)).toBe(false);
    await expect.poll(() => cards(chat).find((c) => c.getAttribute('status') === 'approval'), { timeout: 15_000 }).toBeTruthy();
    const ask = cards(chat).find((c) => c.getAttribute('status') === 'approval')!;
    const approve = ask.shadowRoot!.querySelector<HTMLElement>('[part~="approve-button"]')!;
    approve.scrollIntoView({ block: 'center' });
    await expect.poll(() => onTop(approve)).toBe(approve);
    expect(views(chat)[0]!.shadowRoot!.querySelector('[part~="fullscreen-button"]')).toBeNull();
    await userEvent.click(approve);
    await reported(reports, 'call-tool');
    // Answered: the app's next request is granted.
    await expect.poll(() => modes().length, { timeout: 15_000 }).toBe(3);
    expect(modes()[2]).toEqual([true, 'fullscreen']);
    await expect.poll(() => isFull(chat)).toBe(true);
  });

  test("an app's ui/message and its link: the view leaves full screen before each question", async () => {
    const { chat, reports } = await withSandbox();
    await chat.runTool('counter-app', { steps: ['fullscreen', 'message'] });
    await reported(reports, 'fullscreen');
    const question = () => shadow(chat).querySelector<HTMLElement>('[part~="app-message-confirm"]');
    await expect.poll(() => question(), { timeout: 15_000 }).toBeTruthy();
    await expect.poll(() => isFull(chat)).toBe(false);
    const send = question()!.querySelector<HTMLElement>('[part~="app-message-cancel"]')!;
    send.scrollIntoView({ block: 'center' });
    await expect.poll(() => onTop(send)).toBe(send);
    await userEvent.click(send);
    await reported(reports, 'message');

    await chat.runTool('counter-app', { steps: ['fullscreen', 'open-link'] });
    const view = () => views(chat).at(-1)!;
    await expect.poll(() => view()?.shadowRoot?.querySelector('[part~="consent"]'), { timeout: 15_000 }).toBeTruthy();
    await expect.poll(() => view().displayMode).toBe('inline');
  });
});

describe('<mcp-chat> bad numeric attributes', () => {
  test('max-rounds="-5" is reported on the element and in the console, and the default is used (the model answers)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const chat = await mountChat();
      chat.setAttribute('max-rounds', '-5');
      await chat.updateComplete;
      await expect.poll(() => shadow(chat).querySelector('[part~="errors"]')?.textContent).toContain('max-rounds');
      expect(warn.mock.calls.flat().join(' ')).toContain('max-rounds');
      await chat.send('Hello [[say:Hi there.]]');
      expect(JSON.stringify(chat.messages.at(-1))).toContain('Hi there.');
      for (const bad of ['abc', '2.5', '0']) {
        warn.mockClear();
        chat.setAttribute('max-rounds', bad);
        await chat.updateComplete;
        expect(warn.mock.calls.flat().join(' ')).toContain(`"${bad}"`);
      }
    } finally {
      warn.mockRestore();
    }
  });
});
