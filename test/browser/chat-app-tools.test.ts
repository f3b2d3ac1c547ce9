import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { appViews, deepAll, mountChatWithApps, shadow, typeAndSend } from './chat-helpers.js';
import { lastProviderRequest } from './sampling-support.js';

// Issue 41 item 2: the tools an app view offers (appCapabilities.tools, ext-apps 1.7+ App.registerTool)
// are listed by the host over the bridge (tools/list), offered to the model beside the servers' tools
// under the view's name, run through the bridge (tools/call) with the servers' approval rules, listed
// again at the app's notifications/tools/list_changed, and dropped when the view goes. The app is the
// demo server's counter app (demo/server/app-view-html.ts): read_count (read-only), set_note (not),
// show_theme (added by its 'add-tool' step).

afterEach(() => document.body.replaceChildren());

const views = appViews;
const cards = (chat: McpChat) => deepAll<HTMLElement>(shadow(chat), 'mcp-tool-card');
/** The tool names the model was offered in the request that held `marker`. */
async function offered(marker: string): Promise<string[]> {
  let request: { body: { tools?: Array<{ function: { name: string; description?: string } }> } } | undefined;
  await expect
    .poll(async () => (request = await lastProviderRequest(inject('openaiUrl'), marker).catch(() => undefined)), { timeout: 10_000 })
    .toBeTruthy();
  return (request!.body.tools ?? []).map((t) => t.function.name);
}
const lastText = (chat: McpChat) => JSON.stringify(chat.messages.at(-1)?.content ?? []);
const idle = (chat: McpChat) => expect.poll(() => chat.session.busy, { timeout: 15_000 }).toBe(false);

/** A chat with the counter app's view shown (its steps run once it has its result), its tools listed. */
async function withCounter(steps: string[] = []) {
  const shown = await mountChatWithApps();
  await typeAndSend(shown.chat, `Show the counter [[tool:counter-app ${JSON.stringify({ steps })}]]`);
  await expect.poll(() => views(shown.chat).length, { timeout: 15_000 }).toBe(1);
  await expect.poll(() => views(shown.chat)[0]!.appTools.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await idle(shown.chat);
  return shown;
}

describe("<mcp-chat> offers an app view's own tools to the model", () => {
  test("the model is offered the view's tools under its name, calls the read-only one without a question and gets its result", async () => {
    const { chat, report } = await withCounter();
    const marker = `read-${Math.random()}`;
    await typeAndSend(chat, `How much does it show? ${marker} [[tool:Counter_app__read_count]]`);
    const names = await offered(marker);
    expect(names).toContain('Counter_app__read_count');
    expect(names).toContain('Counter_app__set_note');
    // Beside the server's tools.
    expect(names).toContain('counter-app');
    // Run through the bridge, with no approval card (the app marks it read-only).
    expect((await report('app-tool:read_count')).ok).toBe(true);
    await idle(chat);
    expect(cards(chat).some((c) => c.getAttribute('status') === 'approval')).toBe(false);
    // The model received the app's result (the fake says what the tool results were).
    expect(lastText(chat)).toMatch(/Tool results: The view shows \d+\./);
    // The person sees whose tool it was: the card names the view.
    await expect
      .poll(() =>
        cards(chat).some(
          (c) => /Read the count/.test(c.shadowRoot!.textContent ?? '') && /Counter app view/.test(c.shadowRoot!.textContent ?? ''),
        ),
      )
      .toBe(true);
  });

  test("the person runs a view's tool from the palette's runner: it runs through the bridge and its result is in the conversation", async () => {
    const { chat, report } = await withCounter();
    await chat.runTool('Counter_app__read_count', {});
    expect((await report('app-tool:read_count')).ok).toBe(true);
    await expect
      .poll(
        () =>
          chat.messages.some((m) =>
            m.content.some((b) => b.type === 'tool_result' && JSON.stringify(b.content).includes('The view shows')),
          ),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
  });

  test('a tool the app does not mark read-only waits for the person: nothing runs until Approve', async () => {
    const { chat, reports, report } = await withCounter();
    await typeAndSend(chat, `Write a note [[tool:Counter_app__set_note {"text":"Hi from the model"}]]`);
    await expect.poll(() => cards(chat).find((c) => c.getAttribute('status') === 'approval'), { timeout: 15_000 }).toBeTruthy();
    const ask = cards(chat).find((c) => c.getAttribute('status') === 'approval')!;
    expect(ask.shadowRoot!.textContent).toContain('Set the note');
    expect(reports.some((r) => r.step === 'app-tool:set_note')).toBe(false);
    await userEvent.click(ask.shadowRoot!.querySelector<HTMLElement>('[part~="approve-button"]')!);
    expect((await report('app-tool:set_note')).detail).toEqual({ text: 'Hi from the model' });
    await idle(chat);
    expect(lastText(chat)).toContain('Tool results: The note now says: Hi from the model');
  });

  test("the app's tools/list_changed adds its new tool to the next request, and the model can call it", async () => {
    const { chat, report } = await withCounter(['add-tool']);
    await report('add-tool');
    await expect.poll(() => views(chat)[0]!.appTools.map((t) => t.name), { timeout: 15_000 }).toContain('show_theme');
    const marker = `theme-${Math.random()}`;
    await typeAndSend(chat, `Which theme? ${marker} [[tool:Counter_app__show_theme]]`);
    expect(await offered(marker)).toContain('Counter_app__show_theme');
    expect((await report('app-tool:show_theme')).ok).toBe(true);
    await idle(chat);
    expect(lastText(chat)).toMatch(/Tool results: The view is (light|dark)\./);
  });

  test('closing the view takes its tools out of the next request; a call of one then says the view is closed', async () => {
    const { chat } = await withCounter();
    const before = `before-${Math.random()}`;
    await typeAndSend(chat, `${before} [[say:ok]]`);
    expect(await offered(before)).toContain('Counter_app__read_count');
    await idle(chat);
    const view = views(chat)[0]!;
    await userEvent.click(view.shadowRoot!.querySelector<HTMLElement>('[part~="close-button"]')!);
    await expect.poll(() => view.state).toBe('closed');
    const after = `after-${Math.random()}`;
    await typeAndSend(chat, `${after} [[say:ok]]`);
    const names = await offered(after);
    expect(names.filter((n) => n.startsWith('Counter_app__'))).toEqual([]);
    expect(names).toContain('counter-app');
    await idle(chat);
    // The model still asks for it (an older turn named it): it gets words, not a hung call.
    await typeAndSend(chat, 'Again [[tool:Counter_app__read_count]]');
    await expect
      .poll(() => JSON.stringify(chat.messages.slice(-4)), { timeout: 15_000 })
      .toMatch(/[Nn]o tool named \\?"?Counter_app__read_count/);
  });

  test('another conversation shown: the views of the one left go, and their tools with them', async () => {
    const { chat } = await withCounter();
    expect(chat.serverSet.listTools().map((t) => t.name)).toContain('Counter_app__read_count');
    chat.newConversation();
    await expect.poll(() => chat.serverSet.listTools().some((t) => t.name.startsWith('Counter_app__')), { timeout: 15_000 }).toBe(false);
    const marker = `new-${Math.random()}`;
    await typeAndSend(chat, `${marker} [[say:ok]]`);
    expect((await offered(marker)).filter((n) => n.startsWith('Counter_app__'))).toEqual([]);
  });

  // Stop, on an app's tool as on a server's: the call ends at once as stopped, the app is told (notifications/cancelled,
  // which the demo app reports as app-tool-cancelled), and the turn ends. count_slowly answers after 60 s unless cancelled.
  test("Stop on the card of a view's running tool stops the call: stopped at once, and the app is told", async () => {
    const { chat, report } = await withCounter();
    const ended = new Promise<string>((resolve) => chat.addEventListener('mcp-turn-end', (e) => resolve(e.reason), { once: true }));
    await typeAndSend(chat, 'Count [[tool:Counter_app__count_slowly {"seconds":60}]]');
    expect((await report('app-tool:count_slowly')).ok).toBe(true);
    const card = await expect
      .poll(() => cards(chat).find((c) => c.shadowRoot!.querySelector('[part="stop-button"]')), { timeout: 15_000 })
      .toBeTruthy()
      .then(() => cards(chat).find((c) => c.shadowRoot!.querySelector('[part="stop-button"]'))!);
    expect(card.shadowRoot!.textContent).toContain('Count slowly');
    await userEvent.click(card.shadowRoot!.querySelector<HTMLElement>('[part="stop-button"]')!);
    await expect.poll(() => (card as HTMLElement & { effectiveStatus?: string }).effectiveStatus, { timeout: 5000 }).toBe('cancelled');
    expect((await report('app-tool-cancelled')).ok).toBe(true);
    // The model is told, and answers; the turn does not wait the minute out.
    expect(await ended).not.toBe('stopped');
    expect(JSON.stringify(chat.messages)).toContain('The person stopped this tool call.');
  });

  test("the chat's Stop while a view's tool runs ends the turn at once, and the app is told", async () => {
    const { chat, report } = await withCounter();
    const ended = new Promise<string>((resolve) => chat.addEventListener('mcp-turn-end', (e) => resolve(e.reason), { once: true }));
    await typeAndSend(chat, 'Count [[tool:Counter_app__count_slowly {"seconds":60}]]');
    expect((await report('app-tool:count_slowly')).ok).toBe(true);
    await expect.poll(() => shadow(chat).querySelector('[part~="stop-button"]'), { timeout: 10_000 }).not.toBeNull();
    await userEvent.click(shadow(chat).querySelector<HTMLElement>('[part~="stop-button"]')!);
    expect(await ended).toBe('stopped');
    expect(chat.busy).toBe(false);
    expect((await report('app-tool-cancelled')).ok).toBe(true);
    await expect
      .poll(
        () =>
          cards(chat)
            .find((c) => /Count slowly/.test(c.shadowRoot!.textContent ?? ''))
            ?.shadowRoot!.querySelector('[part="status"]')?.textContent,
      )
      .toBe('Stopped');
  });
});
