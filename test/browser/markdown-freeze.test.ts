// Issue 26 §9: emphasis marks by the tens of thousands (one line, spaced, one per line, strong) must not
// freeze the page, whether the text arrives whole or streams in. Each is measured beside a control in
// the same test (issue 36 item 9): the same length of text with letters for the marks, drawn the same
// way; the longest task stays under 200 ms, or under three times the control's on a machine so busy
// that the control comes near 200 ms itself.
import { afterEach, expect, test } from 'vitest';
import '../../src/elements/markdown/mcp-markdown.js';
import '../../src/elements/content/mcp-message/mcp-message.js';
import type { McpMarkdown } from '../../src/elements/markdown/mcp-markdown.js';
import { markdownReady } from '../../src/elements/content/mcp-message/mcp-message.js';
import { TIMED, boundByControl, longestTask, timeBound } from './long-tasks.js';

afterEach(() => document.body.replaceChildren());
const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

for (const n of [30_000, 60_000]) {
  for (const [label, unit] of [
    ['"*a"', '*a'],
    ['"*a " (spaced)', '*a '],
    ['"*a" lines', '*a\n'],
    ['"_a"', '_a'],
    ['"**a"', '**a'],
    ['"*a*"', '*a* '],
  ] as const) {
    test(`${label} × ${n}: static and streaming, no task over 200 ms (or 3 × the control's)`, TIMED, async () => {
      await markdownReady();
      const text = unit.repeat(n);
      const marked = await draw(text);
      const control = await draw(unit.replace(/[*_]/g, 'x').repeat(n));
      expect(marked.staticRun.task, timeBound('static')).toBeLessThan(boundByControl(control.staticRun.task));
      expect(marked.streamRun.task, timeBound('streaming')).toBeLessThan(boundByControl(control.streamRun.task));
    });
  }
}

/** The longest task while `text` is drawn whole, then while it streams in by 4,000 characters a frame. */
async function draw(text: string) {
  const el = document.createElement('mcp-markdown') as McpMarkdown;
  document.body.append(el);
  const staticRun = await longestTask(async () => {
    el.text = text;
    await el.updateComplete;
  });
  el.remove();
  const live = document.createElement('mcp-markdown') as McpMarkdown;
  live.streaming = true;
  document.body.append(live);
  const streamRun = await longestTask(async () => {
    for (let i = 0; i < text.length; i += 4000) {
      live.text = text.slice(0, i + 4000);
      await frame();
    }
    live.streaming = false;
    await live.updateComplete;
  });
  live.remove();
  return { staticRun, streamRun };
}
