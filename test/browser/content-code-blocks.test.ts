import { afterEach, describe, expect, test } from 'vitest';
import '../../src/elements/markdown/mcp-markdown.js';
import '../../src/elements/content/mcp-tool-card/mcp-tool-card.js';
import type { McpMarkdown } from '../../src/elements/markdown/mcp-markdown.js';
import { MAX_HIGHLIGHT_CHARS } from '../../src/elements/markdown/code-block.js';
import { CONTENT_STRINGS_AR } from '../../src/elements/shared/content-strings-ar.js';

/** Code blocks of rendered markdown (issue 11 §3): header, highlighting, limits, strings. */

async function mount(text: string, props: Partial<McpMarkdown> = {}): Promise<McpMarkdown> {
  const el = document.createElement('mcp-markdown');
  el.text = text;
  Object.assign(el, props);
  document.body.append(el);
  await el.updateComplete;
  return el;
}

afterEach(() => document.body.replaceChildren());

const highlighted = (root: ParentNode) => root.querySelector('pre code')?.getAttribute('data-highlighted');

describe('code blocks', () => {
  test('a header names the language; tokens are coloured spans of the same text; the code is laid out left to right', async () => {
    const source = 'def add(a, b):\n    return a + b  # sum\n';
    const el = await mount(`\`\`\`python\n${source}\`\`\``);
    const r = el.shadowRoot!;
    expect(r.querySelector('[part="md-code-language"]')!.textContent).toBe('python');
    await expect.poll(() => highlighted(r), { timeout: 15_000 }).toBe('tokens');
    const code = r.querySelector('pre code')!;
    expect(code.textContent).toBe(source);
    expect(code.querySelector('.hljs-keyword')!.textContent).toBe('def');
    expect(code.querySelector('.hljs-comment')!.textContent).toBe('# sum');
    expect(getComputedStyle(code.querySelector('.hljs-keyword')!).color).not.toBe(getComputedStyle(code).color);
    expect(r.querySelector('pre')!.getAttribute('dir')).toBe('ltr');
  });

  test('a hostile html block stays text: no element, no handler, nothing runs', async () => {
    const hostile = '<img src=x onerror="window.pwnedCode=1"><script>window.pwnedCode=2</script>';
    const el = await mount(`\`\`\`html\n${hostile}\n\`\`\``);
    const r = el.shadowRoot!;
    await expect.poll(() => highlighted(r), { timeout: 15_000 }).toBe('tokens');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(r.querySelector('pre code')!.textContent).toBe(`${hostile}\n`);
    expect(r.querySelectorAll('pre img, pre script, pre [onerror]').length).toBe(0);
    expect((window as { pwnedCode?: number }).pwnedCode).toBeUndefined();
  });

  test(`a block over ${MAX_HIGHLIGHT_CHARS} characters, one without a language and one in an unknown language stay plain`, async () => {
    const big = 'let x = 1;\n'.repeat(Math.ceil(MAX_HIGHLIGHT_CHARS / 11) + 10);
    const el = await mount(
      `\`\`\`js\n${big}\`\`\`\n\n\`\`\`\nplain\n\`\`\`\n\n\`\`\`klingon\nqapla'\n\`\`\`\n\n\`\`\`js\nconst small = 1;\n\`\`\``,
    );
    const codes = [...el.shadowRoot!.querySelectorAll('pre code')];
    await expect.poll(() => codes[3]!.getAttribute('data-highlighted'), { timeout: 15_000 }).toBe('tokens');
    expect(codes.slice(0, 3).map((c) => c.getAttribute('data-highlighted'))).toEqual(['plain', 'plain', 'plain']);
    expect(codes[0]!.querySelector('span')).toBeNull();
    expect(codes[0]!.textContent).toBe(big);
    expect(el.shadowRoot!.querySelectorAll('[part="md-code-language"]')[2]!.textContent).toBe('klingon');
  });

  test('while streaming, the growing block stays plain; once finished it is coloured without changing its height', async () => {
    const el = await mount('Intro\n\n```ts\nconst a: number = 1;\n', { streaming: true });
    const r = el.shadowRoot!;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(r.querySelector('pre code span')).toBeNull();
    const height = r.querySelector('pre')!.getBoundingClientRect().height;
    el.text += '```';
    el.streaming = false;
    await el.updateComplete;
    await expect.poll(() => highlighted(r), { timeout: 15_000 }).toBe('tokens');
    expect(r.querySelector('pre')!.getBoundingClientRect().height).toBe(height);
  });

  test('strings: the copy button speaks the table it is given', async () => {
    const el = await mount('```js\n1\n```', { strings: CONTENT_STRINGS_AR });
    const copy = el.shadowRoot!.querySelector('button.copy')!;
    expect(copy.getAttribute('aria-label')).toBe('نسخ الشيفرة');
    expect(copy.textContent).toBe('نسخ');
    el.strings = { copy: 'Kopieren', copyCode: 'Code kopieren' };
    await el.updateComplete;
    expect(copy.getAttribute('aria-label')).toBe('Code kopieren');
    expect(copy.textContent).toBe('Kopieren');
  });

  test('when the browser refuses the clipboard, the button and the live region say the copy failed', async () => {
    const el = await mount('```sh\necho hi\n```');
    const clipboard = navigator.clipboard;
    const refuse = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    const original = clipboard.writeText;
    Object.defineProperty(clipboard, 'writeText', { value: refuse, configurable: true });
    try {
      const copy = el.shadowRoot!.querySelector<HTMLButtonElement>('button.copy')!;
      copy.click();
      await expect.poll(() => copy.textContent).toBe('Copy failed');
      expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).toBe('Copy failed');
      await expect.poll(() => copy.textContent, { timeout: 5_000 }).toBe('Copy');
    } finally {
      Object.defineProperty(clipboard, 'writeText', { value: original, configurable: true });
    }
  });

  test('a tool result in markdown gets the same code blocks', async () => {
    const card = document.createElement('mcp-tool-card');
    card.open = true;
    card.use = { type: 'tool_use', id: 'c1', name: 'snippet', input: {} };
    card.result = { type: 'tool_result', toolUseId: 'c1', content: [{ type: 'text', text: '```json\n{"ok": true}\n```' }] };
    document.body.append(card);
    await card.updateComplete;
    const block = card.shadowRoot!.querySelector('mcp-content-block')!;
    await block.updateComplete;
    const md = block.shadowRoot!.querySelector('mcp-markdown')!;
    await md.updateComplete;
    await expect.poll(() => highlighted(md.shadowRoot!), { timeout: 15_000 }).toBe('tokens');
    expect(md.shadowRoot!.querySelector('.hljs-attr')!.textContent).toBe('"ok"');
    expect(md.shadowRoot!.querySelector('[part="md-code-language"]')!.textContent).toBe('json');
  });
});
