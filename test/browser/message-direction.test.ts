import { afterEach, describe, expect, test } from 'vitest';
import '../../src/elements/content/mcp-message/mcp-message.js';
import type { McpMessage } from '../../src/elements/content/mcp-message/mcp-message.js';
import type { Message } from '../../src/content/index.js';

afterEach(() => document.body.replaceChildren());

/** An `<mcp-message>` inside a page part of direction `dir`; resolves with the message's text body once rendered. */
async function bodyOf(message: Message, dir: 'rtl' | 'ltr'): Promise<HTMLElement> {
  const page = document.createElement('div');
  page.dir = dir;
  page.lang = dir === 'rtl' ? 'ar' : 'en';
  const el = document.createElement('mcp-message') as McpMessage;
  el.message = message;
  page.append(el);
  document.body.append(page);
  await el.updateComplete;
  const block = el.shadowRoot!.querySelector('mcp-content-block') as HTMLElement & { updateComplete: Promise<unknown> };
  await block.updateComplete;
  const markdown = block.shadowRoot!.querySelector('mcp-markdown') as HTMLElement & { updateComplete: Promise<unknown> };
  await markdown.updateComplete;
  await expect.poll(() => markdown.shadowRoot!.querySelector('[part="body"]')?.textContent).toBeTruthy();
  return markdown.shadowRoot!.querySelector<HTMLElement>('[part="body"]')!;
}

/** Whether the text's last character (the final period) is drawn to the right of its first letter, as English reads. */
function periodAfterText(body: HTMLElement): boolean {
  const text = body.querySelector('p')!.firstChild!;
  const rectOf = (at: number) => {
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + 1);
    return range.getBoundingClientRect();
  };
  return rectOf(text.textContent!.length - 1).left > rectOf(0).right;
}

describe('every message body takes its direction from its own text', () => {
  test('an English reply in an Arabic chat keeps its final period at the end of its line', async () => {
    const body = await bodyOf({ role: 'assistant', content: [{ type: 'text', text: 'The forecast for Cairo is sunny.' }] }, 'rtl');
    expect(body.matches(':dir(ltr)')).toBe(true);
    expect(periodAfterText(body)).toBe(true);
  });

  test('an Arabic message in an English chat reads right to left', async () => {
    const body = await bodyOf({ role: 'user', content: [{ type: 'text', text: 'ما حالة الطقس في القاهرة؟' }] }, 'ltr');
    expect(body.matches(':dir(rtl)')).toBe(true);
  });
});
