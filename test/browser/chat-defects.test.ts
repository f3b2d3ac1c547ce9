import { html, render } from 'lit';
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { fieldsFromSchema } from '../../src/elements/shared/schema-fields.js';
import { readForm, renderFields } from '../../src/elements/mcp-chat/palette/run-form-fields.js';
import { deepAll, mountChat, openPanelFromMenu, shadow } from './chat-helpers.js';

// Defects of issue 11 §4 (settings, palette, forms, sampling, inline elicitation). Each test failed before its fix.

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
});

const cards = (chat: McpChat) => deepAll(shadow(chat), 'mcp-tool-card');

/** Types into the composer as a person would (each key fires input). */
async function typeInComposer(chat: McpChat, text: string): Promise<HTMLTextAreaElement> {
  const input = shadow(chat).querySelector('textarea')!;
  await userEvent.click(input);
  await userEvent.keyboard(text);
  return input;
}

describe('Settings follows the provider choice', () => {
  test('Anthropic and Ollama get their own address and model placeholder; Ollama asks for no key', async () => {
    const chat = await mountChat({ provider: false });
    chat.model = 'gpt-4o-mini';
    await openPanelFromMenu(chat, 'Settings');
    const panel = shadow(chat).querySelector('[part="panel"]')!;
    const field = (name: string) => panel.querySelector<HTMLInputElement>(`[name="${name}"]`);
    expect(field('model')!.value).toBe('gpt-4o-mini');
    await userEvent.selectOptions(panel.querySelector<HTMLSelectElement>('select[name="kind"]')!, 'anthropic');
    await expect.poll(() => field('baseUrl')!.placeholder).toBe('https://api.anthropic.com/v1');
    expect(field('model')!.value).toBe('');
    expect(field('model')!.placeholder).toMatch(/claude/);
    expect(field('apiKey')).not.toBeNull();
    await userEvent.selectOptions(panel.querySelector<HTMLSelectElement>('select[name="kind"]')!, 'ollama');
    await expect.poll(() => field('baseUrl')!.placeholder).toMatch(/11434\/v1$/);
    expect(field('apiKey')).toBeNull();
    expect(field('model')!.placeholder).not.toMatch(/gpt/);
  });

  test('opening Settings asks no local address (Ollama) until the person picks Ollama (issue 36 item 11)', async () => {
    // A tap on the page's fetch: it records each address and passes the request on unchanged.
    const asked: string[] = [];
    const real = globalThis.fetch;
    globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => (
      asked.push(input instanceof Request ? input.url : String(input)),
      real(input, init)
    );
    try {
      const chat = await mountChat({ provider: false });
      const local = () => asked.filter((url) => url.includes(':11434'));
      await openPanelFromMenu(chat, 'Settings');
      const panel = shadow(chat).querySelector('[part="panel"]')!;
      await expect.poll(() => panel.querySelector('select[name="kind"]')).toBeTruthy();
      await chat.updateComplete;
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      expect(local()).toEqual([]);
      // Closing and opening again asks nothing either.
      await userEvent.keyboard('{Escape}');
      await openPanelFromMenu(chat, 'Settings');
      await chat.updateComplete;
      expect(local()).toEqual([]);
      // The person picks Ollama: now it is looked for at its address.
      await userEvent.selectOptions(shadow(chat).querySelector<HTMLSelectElement>('[part="panel"] select[name="kind"]')!, 'ollama');
      await expect.poll(local).toEqual(['http://localhost:11434/api/tags']);
    } finally {
      globalThis.fetch = real;
    }
  });

  test('"List models" where nothing answers says it could not reach the address', async () => {
    const chat = await mountChat({ provider: false });
    await openPanelFromMenu(chat, 'Settings');
    const panel = shadow(chat).querySelector('[part="panel"]')!;
    await userEvent.fill(panel.querySelector<HTMLInputElement>('[name="baseUrl"]')!, 'http://127.0.0.1:9/v1');
    await userEvent.click([...panel.querySelectorAll('button')].find((b) => b.textContent === 'List models')!);
    const error = () => [...shadow(chat).querySelectorAll('[part~="error"]')].map((e) => e.textContent).join(' ');
    await expect.poll(error, { timeout: 10_000 }).toMatch(/Could not reach http:\/\/127\.0\.0\.1:9\/v1/);
    expect(error()).not.toMatch(/listed no models/);
  });

  test('on a phone, where Settings covers the conversation, the error of "List models" shows over it', async () => {
    const chat = await mountChat({ provider: false });
    chat.style.width = '390px';
    await openPanelFromMenu(chat, 'Settings');
    const panel = shadow(chat).querySelector<HTMLElement>('[part="panel"]')!;
    // A drawer over the whole chat at this width.
    expect(panel.getBoundingClientRect().width).toBeGreaterThan(380);
    await userEvent.fill(panel.querySelector<HTMLInputElement>('[name="baseUrl"]')!, 'http://127.0.0.1:9/v1');
    await userEvent.click([...panel.querySelectorAll('button')].find((b) => b.textContent === 'List models')!);
    const error = () => shadow(chat).querySelector<HTMLElement>('[part~="error"]');
    await expect.poll(() => error()?.textContent, { timeout: 10_000 }).toMatch(/Could not reach http:\/\/127\.0\.0\.1:9\/v1/);
    // What is on top where the error is: the error itself, not the panel.
    const box = error()!.getBoundingClientRect();
    const top = shadow(chat).elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    expect(error()!.contains(top)).toBe(true);
    // Dismissed, it is gone and Settings is as it was.
    await userEvent.click(error()!.querySelector('button')!);
    await expect.poll(() => error()).toBeNull();
    expect(shadow(chat).querySelector('[part="panel"]')).not.toBeNull();
  });
});

describe('the "/" palette', () => {
  test('/ask ranks prefix and word matches above a match inside a word', async () => {
    const chat = await mountChat({ provider: false });
    await typeInComposer(chat, '/ask');
    await expect.poll(() => shadow(chat).querySelector('[part="palette-item"] strong')?.textContent).toBe('Ask the model');
    const titles = [...shadow(chat).querySelectorAll('[part="palette-item"] strong')].map((e) => e.textContent);
    expect(titles.indexOf('Long task')).toBeGreaterThan(titles.indexOf('Ask the model'));
  });

  test('a space keeps the palette open and the slash text is never sent as a chat message', async () => {
    const chat = await mountChat({ provider: false });
    await typeInComposer(chat, '/long t');
    await expect.poll(() => shadow(chat).querySelector('[part="palette-item"] strong')?.textContent).toBe('Long task');
    await typeInComposer(chat, 'ask');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => shadow(chat).querySelector('[part="run-form"]')?.getAttribute('aria-label')).toBe('Run tool: Long task');
    expect(chat.messages).toEqual([]);
    // Nothing matches: Enter sends nothing either.
    await typeInComposer(chat, '/zzz nothing');
    await userEvent.keyboard('{Enter}');
    expect(chat.messages).toEqual([]);
  });

  test('Enter on a <select> as the first field of a tool form runs the tool', async () => {
    const chat = await mountChat({ provider: false });
    await chat.showTool('tic-tac-toe');
    await expect.poll(() => shadow(chat).activeElement?.localName).toBe('select');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => cards(chat).length, { timeout: 10_000 }).toBe(1);
    expect(shadow(chat).querySelector('[part="run-form"]')).toBeNull();
  });

  test('a number outside minimum/maximum does not run; the error is at the field', async () => {
    const chat = await mountChat({ provider: false });
    await chat.showTool('long-task');
    const form = shadow(chat).querySelector<HTMLFormElement>('[part="run-form"]')!;
    const steps = form.querySelector<HTMLInputElement>('[name="steps"]')!;
    expect(steps.min).toBe('1');
    expect(steps.max).toBe('1000');
    await userEvent.fill(steps, '5000');
    await userEvent.click(form.querySelector('button[type="submit"]')!);
    expect(steps.validity.rangeOverflow).toBe(true);
    expect(cards(chat)).toHaveLength(0);
    // Past the browser's check (a form submitted without it), the message is at the field.
    form.noValidate = true;
    await userEvent.click(form.querySelector('button[type="submit"]')!);
    await expect.poll(() => form.querySelector('[part~="field-error"]')?.textContent).toBe('steps must be at most 1000.');
    expect(steps.getAttribute('aria-invalid')).toBe('true');
    expect(steps.getAttribute('aria-describedby')).toBe(form.querySelector('[part~="field-error"]')!.id);
    expect(cards(chat)).toHaveLength(0);
  });

  test('a numeric enum is sent as a number; an unchecked optional boolean is left out', () => {
    const fields = fieldsFromSchema({
      properties: { cell: { type: 'integer', enum: [0, 4, 8] }, verbose: { type: 'boolean' }, strict: { type: 'boolean', default: true } },
      required: ['cell'],
    });
    const form = document.createElement('form');
    document.body.append(form);
    render(html`${renderFields('t', fields, {})}`, form);
    form.querySelector<HTMLSelectElement>('[name="cell"]')!.value = '4';
    form.querySelector<HTMLInputElement>('[name="strict"]')!.checked = false;
    expect(readForm(form, fields)).toEqual({ cell: 4, strict: false });
  });
});

describe('sampling and elicitation in the chat', () => {
  test('"Write the answer myself" keeps the request\'s messages in view; an empty answer is flagged at the answer', async () => {
    const chat = await mountChat({ provider: false });
    void chat.runTool('ask-model', { question: 'What is a lighthouse?' });
    await expect.poll(() => deepAll(shadow(chat), 'mcp-sampling-approval').length, { timeout: 10_000 }).toBe(1);
    const el = deepAll(shadow(chat), 'mcp-sampling-approval')[0]!;
    const $ = (s: string) => el.shadowRoot!.querySelector<HTMLElement>(s);
    await expect.poll(() => $('[part~="write-button"]')).not.toBeNull();
    await userEvent.click($('[part~="write-button"]')!);
    await expect.poll(() => $('textarea[name="answerText"]')).not.toBeNull();
    expect($('[part~="request-messages"]')!.textContent).toContain('What is a lighthouse?');
    await userEvent.click($('[part~="send-button"]')!);
    const error = await expect
      .poll(() => $('[part~="field-error"]'))
      .not.toBeNull()
      .then(() => $('[part~="field-error"]')!);
    expect(error.textContent).toBe('Write the answer first.');
    // At the answer (after it), not at the top of the view.
    expect($('[part~="answer"]')!.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(el.shadowRoot!.activeElement?.getAttribute('name')).toBe('answerText');
  });

  test("an inline elicitation form is pre-filled with the schema's defaults", async () => {
    const chat = await mountChat({ provider: false });
    void chat.runTool('register-form');
    await expect.poll(() => deepAll(shadow(chat), 'mcp-elicit-form').length, { timeout: 10_000 }).toBe(1);
    const form = deepAll(shadow(chat), 'mcp-elicit-form')[0]!;
    await expect.poll(() => form.shadowRoot!.querySelector<HTMLInputElement>('[name="heightM"]')?.value).toBe('1.7');
    expect(form.shadowRoot!.querySelector<HTMLSelectElement>('[name="color"]')!.value).toBe('green');
  });
});
