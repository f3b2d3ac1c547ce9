import axe from 'axe-core';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src/elements/mcp-tool/mcp-tool.js';
import type { McpTool } from '../../src/elements/mcp-tool/mcp-tool.js';
import type { McpToolCallEvent } from '../../src/events/tool-call.js';
import { McpConnection } from '../../src/mcp/index.js';

// <mcp-tool>, the try-it block of a docs page, against the real demo server
// over HTTP (and a port where nothing listens): no model, no chat on the page.

const blocks: McpTool[] = [];
afterEach(() => {
  for (const b of blocks.splice(0)) b.remove();
});

function block(attrs: Record<string, string>): McpTool {
  const el = document.createElement('mcp-tool');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  blocks.push(el);
  return el;
}
const root = (el: McpTool) => el.shadowRoot!;
const part = (el: McpTool, name: string) => root(el).querySelector<HTMLElement>(`[part~="${name}"]`);
const calls = (el: McpTool) => {
  const seen: McpToolCallEvent[] = [];
  el.addEventListener('mcp-tool-call', (e) => seen.push(e));
  return seen;
};
/** The text of a node and of every shadow root under it. */
const deepText = (n: Node): string =>
  [...n.childNodes].map((c) => (c.nodeType === Node.TEXT_NODE ? c.textContent : deepText(c))).join('') +
  ((n as Element).shadowRoot ? deepText((n as Element).shadowRoot!) : '');
const ready = (el: McpTool) => expect.poll(() => el.state, { timeout: 15_000 }).toBe('ready');

describe('<mcp-tool>', () => {
  test('draws the form from the input schema with the given values, runs it and shows the structured result as rows', async () => {
    const el = block({ server: inject('demoUrl'), tool: 'weather', arguments: '{"city":"Paris"}' });
    const seen = calls(el);
    await ready(el);
    expect(part(el, 'title')!.textContent).toBe('Weather');
    const city = root(el).querySelector<HTMLInputElement>('input[name="city"]')!;
    expect(city.value).toBe('Paris');
    expect(city.labels![0]!.textContent).toContain('City');
    await userEvent.fill(city, 'Oslo');
    await userEvent.click(part(el, 'run-button')!);
    await expect.poll(() => el.state).toBe('done');
    await expect.poll(() => part(el, 'structured')?.textContent ?? '').toContain('Oslo');
    const rows = [...root(el).querySelectorAll('[part~="structured"] dt')].map((d) => d.textContent);
    expect(rows).toEqual(['city', 'temperatureC', 'conditions', 'humidityPercent', 'windKph']);
    // The text block that only repeats the structured content is not shown twice.
    expect(root(el).querySelector('[part~="result"] mcp-content-block')).toBeNull();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.status).toBe('done');
    expect(seen[0]!.toolUse.input).toEqual({ city: 'Oslo' });
    expect((await axe.run(el, { resultTypes: ['violations'] })).violations).toEqual([]);
  });

  test('arguments set as a JSON string property (Vue and React 19 set properties on custom elements) fill the form; a bad one is said', async () => {
    const el = document.createElement('mcp-tool') as McpTool;
    // As Vue's hydration does: the attribute from the server HTML, then the same value set as a property.
    el.setAttribute('server', inject('demoUrl'));
    el.setAttribute('tool', 'weather');
    (el as unknown as { arguments: string }).arguments = '{"city":"Lima"}';
    document.body.append(el);
    blocks.push(el);
    await ready(el);
    expect(root(el).querySelector<HTMLInputElement>('input[name="city"]')!.value).toBe('Lima');
    (el as unknown as { arguments: string }).arguments = '{"city":';
    await expect.poll(() => el.state).toBe('error');
    expect(part(el, 'notice')!.textContent).toMatch(/starting values \(arguments\) is not valid JSON/);
  });

  test('a required field left empty is said at the field and nothing runs', async () => {
    const el = block({ server: inject('demoUrl'), tool: 'weather' });
    const seen = calls(el);
    await ready(el);
    await userEvent.click(part(el, 'run-button')!);
    await expect.poll(() => part(el, 'field-error')?.textContent ?? '').toMatch(/city is required/i);
    expect(root(el).querySelector('input[name="city"]')!.getAttribute('aria-invalid')).toBe('true');
    expect(el.state).toBe('ready');
    expect(seen).toHaveLength(0);
  });

  test('a destructive tool asks first; Cancel runs nothing, "Run it" runs it', async () => {
    const el = block({ server: inject('demoUrl'), tool: 'delete-note', arguments: '{"id":"no-such-note"}' });
    const seen = calls(el);
    await ready(el);
    await userEvent.click(part(el, 'run-button')!);
    await expect.poll(() => part(el, 'confirm')?.textContent ?? '').toMatch(/destructive/);
    await expect.poll(() => root(el).activeElement).toBe(part(el, 'confirm-button'));
    expect((await axe.run(el, { resultTypes: ['violations'] })).violations).toEqual([]);
    await userEvent.click(part(el, 'cancel-button')!);
    await expect.poll(() => el.state).toBe('ready');
    expect(part(el, 'confirm')).toBeNull();
    expect(seen).toHaveLength(0);
    await userEvent.click(part(el, 'run-button')!);
    await expect.poll(() => part(el, 'confirm-button')).not.toBeNull();
    await userEvent.click(part(el, 'confirm-button')!);
    await expect.poll(() => el.state).toBe('done');
    expect(seen.map((e) => e.status)).toEqual(['done']);
    await expect.poll(() => (part(el, 'result') ? deepText(part(el, 'result')!) : '')).toContain('already gone');
  });

  test('progress while it runs, and Stop cancels the call', async () => {
    const el = block({ server: inject('demoUrl'), tool: 'long-task', arguments: '{"steps":200,"delayMs":100}' });
    const seen = calls(el);
    await ready(el);
    await userEvent.click(part(el, 'run-button')!);
    await expect.poll(() => part(el, 'progress')?.getAttribute('value') ?? '0').not.toBe('0');
    expect(root(el).querySelector('.running')!.textContent).toMatch(/Step \d+ of 200/);
    await userEvent.click(part(el, 'stop-button')!);
    await expect.poll(() => el.state).toBe('stopped');
    await expect.poll(() => part(el, 'notice')?.textContent ?? '').toMatch(/Stopped/);
    expect(seen.map((e) => e.status)).toEqual(['cancelled']);
    expect(part(el, 'run-button')!.hasAttribute('disabled')).toBe(false);
  });

  test('an unreachable server and an unknown tool are said in words, and bad arguments too', async () => {
    const down = block({ server: 'http://127.0.0.1:9/mcp', tool: 'weather' });
    await expect.poll(() => down.state, { timeout: 20_000 }).toBe('error');
    const words = part(down, 'notice')!;
    expect(words.getAttribute('role')).toBe('alert');
    expect(words.textContent).toMatch(/Could not reach the server at 127\.0\.0\.1:9/);
    expect(words.textContent).not.toMatch(/Failed to fetch/);
    const unknown = block({ server: inject('demoUrl'), tool: 'no-such-tool' });
    await expect.poll(() => part(unknown, 'notice')?.textContent ?? '', { timeout: 15_000 }).toMatch(/has no tool named “no-such-tool”/);
    const bad = block({ server: inject('demoUrl'), tool: 'weather', arguments: '{city' });
    await expect.poll(() => part(bad, 'notice')?.textContent ?? '').toMatch(/is not valid JSON/);
  });

  test('hostile text in a result is shown as text: nothing runs', async () => {
    const hostile = '<img src=x onerror="window.__mcpToolPwned=1"><script>window.__mcpToolPwned=1</script>';
    const el = block({ server: inject('demoUrl'), tool: 'echo' });
    el.arguments = { message: hostile };
    await ready(el);
    await userEvent.click(part(el, 'run-button')!);
    await expect.poll(() => el.state).toBe('done');
    const shown = root(el).querySelector('mcp-content-block')!;
    await expect.poll(() => deepText(shown)).toContain('onerror');
    await new Promise((r) => setTimeout(r, 200));
    expect((window as { __mcpToolPwned?: number }).__mcpToolPwned).toBeUndefined();
    const deep = (n: ParentNode): Element[] =>
      [...n.querySelectorAll('*')].flatMap((e) => [e, ...(e.shadowRoot ? deep(e.shadowRoot) : [])]);
    expect(deep(root(el)).filter((e) => e.localName === 'script' || e.localName === 'img')).toEqual([]);
  });

  test('a tool with an interactive view shows it in the sandbox (MCP App)', async () => {
    const el = block({ server: inject('demoUrl'), tool: 'counter-app', 'sandbox-url': inject('sandboxUrl') });
    await ready(el);
    await userEvent.click(part(el, 'run-button')!);
    await expect.poll(() => el.state).toBe('done');
    const view = root(el).querySelector('mcp-app-view')!;
    expect(view).not.toBeNull();
    await expect.poll(() => view.state, { timeout: 15_000 }).toBe('running');
    expect(view.shadowRoot!.querySelector('iframe')).not.toBeNull();
  });

  test('without a chat on the page and without IndexedDB', async () => {
    expect(document.querySelector('mcp-chat')).toBeNull();
    const opened: string[] = [];
    const open = indexedDB.open.bind(indexedDB);
    indexedDB.open = ((name: string, version?: number) => (opened.push(name), open(name, version))) as typeof indexedDB.open;
    try {
      const el = block({ server: inject('demoUrl'), tool: 'weather', arguments: '{"city":"Rome"}' });
      await ready(el);
      el.run();
      await expect.poll(() => el.state).toBe('done');
    } finally {
      indexedDB.open = open;
    }
    expect(opened).toEqual([]);
    // The demo server is reachable the same way by the library's connection (the control).
    const control = new McpConnection({ url: inject('demoUrl') });
    await control.connect();
    expect(control.tools.some((t) => t.name === 'weather')).toBe(true);
    await control.close();
  });
});
