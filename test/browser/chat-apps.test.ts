import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { openHistory } from '../../src/history/idb-store.js';
import type { AppReport } from './app-view-support.js';
import { appViews, deepAll, mountChat, mountChatWithApps, shadow, type MountOptions, typeAndSend } from './chat-helpers.js';
import { lastProviderRequest } from './sampling-support.js';

// MCP Apps in <mcp-chat>: the demo server's counter app under its tool call,
// with the fake OpenAI provider or the palette's runner, restored after a reload.

afterEach(() => document.body.replaceChildren());

const withSandbox = (options: MountOptions = {}) => mountChatWithApps(options);
const views = appViews;
const reported = (reports: AppReport[], step: string) =>
  expect.poll(() => reports.some((r) => r.step === step), { timeout: 15_000 }).toBe(true);

describe('<mcp-chat> with MCP Apps', () => {
  test("a model's call shows the view under the call; its model context goes with the next turn; its message becomes the next message", async () => {
    const { chat, reports } = await withSandbox();
    await typeAndSend(chat, 'Show the counter [[tool:counter-app {"steps":["context","message"]}]]');
    await expect.poll(() => views(chat).length, { timeout: 15_000 }).toBe(1);
    const view = views(chat)[0]!;
    // Under its own call: slotted into the tool card's slot of the message.
    const use = chat.messages.flatMap((m) => m.content).find((b) => b.type === 'tool_use')!;
    expect(view.slot).toBe(`tool-${use.type === 'tool_use' ? use.id : ''}`);
    await reported(reports, 'tool-input');
    await reported(reports, 'tool-result');
    await reported(reports, 'context');
    // ui/message: the chat asks the person first, under the view (issue 26), then it is
    // sent as the person's message once the running turn ended, and answered.
    const question = () => shadow(chat).querySelector<HTMLElement>('[part~="app-message-confirm"]');
    await expect.poll(() => question()?.textContent, { timeout: 15_000 }).toContain('Hello from the demo app');
    question()!.querySelector<HTMLButtonElement>('[part~="app-message-send"]')!.click();
    await expect
      .poll(() => chat.messages.some((m) => m.role === 'user' && JSON.stringify(m.content).includes('Hello from the demo app')), {
        timeout: 15_000,
      })
      .toBe(true);
    // The model's answer to it (the fake echoes) ends that turn.
    await expect
      .poll(() => chat.messages.at(-1)?.role === 'assistant' && JSON.stringify(chat.messages.at(-1)!.content), { timeout: 15_000 })
      .toContain('Echo: Hello from the demo app');
    await expect.poll(() => chat.session.busy).toBe(false);
    await typeAndSend(chat, 'What does the view show? [[say:It shows the counter.]]');
    await expect
      .poll(() => chat.messages.at(-1)?.role === 'assistant' && JSON.stringify(chat.messages.at(-1)!.content))
      .toContain('It shows the counter.');
    // The fake may record the request a moment after the answer shows: wait for it too.
    let request: { body: unknown } | undefined;
    await expect
      .poll(async () => (request = await lastProviderRequest(inject('openaiUrl'), 'What does the view show?').catch(() => undefined)), {
        timeout: 10_000,
      })
      .toBeTruthy();
    request = request!;
    expect(JSON.stringify(request.body)).toContain('The counter shows');
    expect(JSON.stringify(request.body)).toContain('<app-context tool=\\"counter-app\\">');
    // App-only tools are not offered to the model.
    expect(JSON.stringify(request.body)).not.toContain('app-increment');
  });

  test("the palette's runner shows the view; a reload restores it with the stored input and result; Full screen and Close", async () => {
    const name = `chat-apps-${Math.random()}`;
    const storageKey = `k-${Math.random()}`;
    const first = await withSandbox({ provider: false, store: await openHistory({ name }), storageKey });
    await first.chat.runTool('counter-app', { steps: [] });
    await expect.poll(() => views(first.chat).length, { timeout: 15_000 }).toBe(1);
    await reported(first.reports, 'tool-result');
    await first.chat.session.saved();
    first.chat.remove();

    const second = await withSandbox({ provider: false, store: await openHistory({ name }), storageKey });
    await expect.poll(() => views(second.chat).length, { timeout: 15_000 }).toBe(1);
    await reported(second.reports, 'tool-input');
    await reported(second.reports, 'tool-result');
    expect(second.reports.find((r) => r.step === 'tool-input')?.detail).toEqual({ steps: [] });
    const view = views(second.chat)[0]!;
    await userEvent.click(view.shadowRoot!.querySelector<HTMLElement>('[part~="fullscreen-button"]')!);
    await expect.poll(() => view.displayMode).toBe('fullscreen');
    await userEvent.click(view.shadowRoot!.querySelector<HTMLElement>('[part~="fullscreen-button"]')!);
    await expect.poll(() => view.displayMode).toBe('inline');
    await userEvent.click(view.shadowRoot!.querySelector<HTMLElement>('[part~="close-button"]')!);
    await reported(second.reports, 'teardown');
    await expect.poll(() => view.state).toBe('closed');
    expect(view.getBoundingClientRect().height).toBe(0);
  });

  // Issue 41 item 8: message.image, .resource and .resourceLink are advertised; each reaches the model as its provider takes it.
  test("an app's ui/message with an image, a resource and a resource link: the person's message holds them, the model gets each", async () => {
    const { chat } = await withSandbox();
    await typeAndSend(chat, 'Show the counter [[tool:counter-app {"steps":["message-rich"]}]]');
    const question = () => shadow(chat).querySelector<HTMLElement>('[part~="app-message-confirm"]');
    await expect.poll(() => question()?.textContent, { timeout: 15_000 }).toContain('A picture from the demo app');
    question()!.querySelector<HTMLButtonElement>('[part~="app-message-send"]')!.click();
    await expect
      .poll(() => chat.messages.find((m) => m.role === 'user' && JSON.stringify(m.content).includes('A picture from the demo app')), {
        timeout: 15_000,
      })
      .toBeTruthy();
    const sent = chat.messages.find((m) => m.role === 'user' && JSON.stringify(m.content).includes('A picture from the demo app'))!;
    expect(sent.content.map((b) => b.type)).toEqual(['text', 'image', 'resource', 'resource_link']);
    let request: { body: { messages: Array<{ role: string; content: unknown }> } } | undefined;
    await expect
      .poll(async () => (request = await lastProviderRequest(inject('openaiUrl'), 'A picture from the demo app').catch(() => undefined)), {
        timeout: 15_000,
      })
      .toBeTruthy();
    const user = JSON.stringify(request!.body.messages.filter((m) => m.role === 'user').at(-1)!.content);
    expect(user).toContain('"image_url":{"url":"data:image/png;base64,iVBORw0KGgo');
    expect(user).toContain('The note of the demo app');
    expect(user).toContain('[Resource link: readme demo://readme - The demo readme]');
  });

  // Issue 41 item 1: updateModelContext.image is advertised (the official pdf view sends its page only then); the picture
  // goes to the model with the next turn, as an image beside the person's message, said to be the app's, and is not stored as theirs.
  test("an app's model context with an image: the next turn's request carries the picture as an image, marked as the app's", async () => {
    const { chat, reports } = await withSandbox();
    await typeAndSend(chat, 'Show the counter [[tool:counter-app {"steps":["context-image"]}]]');
    await reported(reports, 'context-image');
    expect(reports.find((r) => r.step === 'context-image')).toMatchObject({ ok: true });
    await expect.poll(() => chat.session.busy).toBe(false);
    await typeAndSend(chat, 'What does the picture show? [[say:A dot.]]');
    await expect
      .poll(() => chat.messages.at(-1)?.role === 'assistant' && JSON.stringify(chat.messages.at(-1)!.content))
      .toContain('A dot.');
    let request: { body: { messages: Array<{ role: string; content: unknown }> } } | undefined;
    await expect
      .poll(async () => (request = await lastProviderRequest(inject('openaiUrl'), 'What does the picture show?').catch(() => undefined)), {
        timeout: 10_000,
      })
      .toBeTruthy();
    const user = JSON.stringify(request!.body.messages.filter((m) => m.role === 'user').at(-1)!.content);
    expect(user).toContain('What does the picture show?');
    expect(user).toContain('"image_url":{"url":"data:image/png;base64,iVBORw0KGgo');
    expect(user).toMatch(/sent by the view of \\"counter-app\\", not by the person/);
    // The person's message as stored is theirs alone.
    const asked = chat.messages.find((m) => m.role === 'user' && JSON.stringify(m.content).includes('What does the picture show?'))!;
    expect(asked.content.map((b) => b.type)).toEqual(['text']);
  });

  test('a javascript: sandbox-url on the chat: each view refuses it in words and nothing of it runs (issue 26)', async () => {
    const chat = await mountChat({ provider: false });
    chat.sandboxUrl = 'javascript:parent.__pwnedByChat="yes"';
    await chat.runTool('counter-app', {});
    await expect.poll(() => views(chat).length, { timeout: 15_000 }).toBe(1);
    const view = views(chat)[0]!;
    await expect.poll(() => view.state).toBe('error');
    expect(view.shadowRoot!.querySelector('[part~="notice"]')!.textContent).toContain('only http and https pages may host the app sandbox');
    expect(view.shadowRoot!.querySelector('iframe')).toBeNull();
    expect((window as { __pwnedByChat?: string }).__pwnedByChat).toBeUndefined();
  });

  test('without sandbox-url the chat shows no view (the card has the result)', async () => {
    const chat = await mountChat({ provider: false });
    await chat.runTool('counter-app', {});
    await expect.poll(() => deepAll(shadow(chat), 'mcp-tool-card').length).toBe(1);
    await chat.updateComplete;
    expect(views(chat)).toHaveLength(0);
  });
});
