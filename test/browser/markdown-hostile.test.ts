// Text from a model or a server is untrusted and may be built to hurt the
// parser: nothing it holds may disappear, freeze the page, or be interpreted
// as HTML.
import { afterEach, expect, test } from 'vitest';
import '../../src/elements/markdown/mcp-markdown.js';
import { TIMED, timeBound } from './long-tasks.js';
import type { McpMarkdown } from '../../src/elements/markdown/mcp-markdown.js';

async function mount(text: string, streaming = false): Promise<McpMarkdown> {
  const el = document.createElement('mcp-markdown');
  el.text = text;
  el.streaming = streaming;
  document.body.append(el);
  await el.updateComplete;
  return el;
}
const shown = (el: McpMarkdown) => el.shadowRoot!.querySelector('.body')!.textContent ?? '';

afterEach(() => document.body.replaceChildren());

test('2,000 nested quotes: the text is shown (as plain text), not an empty message', async () => {
  const text = `${'>'.repeat(2000)} deep words`;
  const el = await mount(text);
  expect(shown(el)).toContain('deep words');
  expect(shown(el).split('>').length - 1).toBe(2000);
});

test('2,000 nested quotes while streaming: shown, nothing lost', async () => {
  const el = await mount(`intro\n\n${'>'.repeat(2000)} deep`, true);
  el.text += ' words';
  el.streaming = false;
  await el.updateComplete;
  await expect.poll(() => shown(el)).toContain('deep words');
  expect(shown(el)).toContain('intro');
});

test('60 KB of "*a" renders in well under the 0.6 s it took, every character kept', TIMED, async () => {
  // The control, timed in the same test: the same length of plain letters (a busy machine slows both).
  const controlStarted = performance.now();
  (await mount('xa'.repeat(30_000))).remove();
  const control = performance.now() - controlStarted;
  const text = '*a'.repeat(30_000);
  const started = performance.now();
  const el = await mount(text);
  const took = performance.now() - started;
  expect(took, timeBound(`60 KB of "*a"; plain letters ${Math.round(control)} ms`)).toBeLessThan(Math.max(250, 3 * control));
  // Past 50,000 characters the rest is one click away (issue 26 §8): every character is still there.
  el.shadowRoot!.querySelector<HTMLButtonElement>('[part="show-all-button"]')!.click();
  await expect.poll(() => (el.shadowRoot!.textContent ?? '').replace(/[^a]/g, '').length).toBe(30_000);
});

test('raw HTML is shown as text: an unclosed <style> swallows nothing, tags are not made', async () => {
  const el = await mount('Before <style> body { display: none }\n\nAfter the style.\n\n<b>bold?</b> <img src=x onerror="window.hit=1">');
  const r = el.shadowRoot!;
  expect(r.querySelector('style:not([data-lit]), b, img')).toBeNull();
  expect(shown(el)).toContain('<style> body { display: none }');
  expect(shown(el)).toContain('After the style.');
  expect(shown(el)).toContain('<b>bold?</b>');
  expect(shown(el)).toContain('<img src=x onerror="window.hit=1">');
});

test('an HTML block from a server (a whole <div>) is shown as its source', async () => {
  const el = await mount('<div class="x">\n<p>inside</p>\n</div>\n\nnext paragraph');
  expect(el.shadowRoot!.querySelector('.body div.x')).toBeNull();
  expect(shown(el)).toContain('<div class="x">');
  expect(shown(el)).toContain('next paragraph');
});
