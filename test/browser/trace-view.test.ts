import { afterEach, expect, inject, test } from 'vitest';
import '../../src/elements/mcp-trace-view/mcp-trace-view.js';
import type { McpTraceView } from '../../src/elements/mcp-trace-view/mcp-trace-view.js';
import { McpHub } from '../../src/mcp/index.js';

const hubs: McpHub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).flatMap((h) => h.connections.map((c) => c.close())));
  document.body.replaceChildren();
});

async function view(): Promise<McpTraceView> {
  const el = document.createElement('mcp-trace-view');
  document.body.append(el);
  await el.updateComplete;
  return el;
}

test('a trace exported from a real session opens as a timeline, both directions, filterable, as text', async () => {
  const hub = new McpHub();
  hubs.push(hub);
  const trace = hub.startTrace();
  const c = hub.add({ url: inject('demoUrl'), name: 'demo' });
  await c.connect();
  await c.callTool('echo', { message: '<img src=x onerror=alert(1)>' });
  trace.addEvent('approval', { tool: 'echo', decision: 'allow-once' }, { server: c.id });
  trace.addEvent('error', { message: 'The model did not answer.' });
  const el = await view();
  expect(await el.loadText(trace.exportText())).toBe(true);
  await el.updateComplete;
  const root = el.shadowRoot!;
  const lines = [...root.querySelectorAll('[part="entry"]')].map((li) => li.textContent!.replace(/\s+/g, ' '));
  expect(lines.some((l) => l.includes('→ sent POST tools/call echo'))).toBe(true);
  expect(lines.some((l) => /← (HTTP 200|received).*result #/.test(l))).toBe(true);
  expect(lines.some((l) => l.includes('• approval'))).toBe(true);
  expect(root.querySelector('[part="summary"]')!.textContent).toContain('demo');
  // Server text is shown as text, never as markup.
  expect(root.querySelector('img')).toBeNull();
  const select = root.querySelector<HTMLSelectElement>('[part="filter"]')!;
  select.value = 'errors';
  select.dispatchEvent(new Event('change'));
  await el.updateComplete;
  const errors = [...root.querySelectorAll('[part="entry"]')].map((li) => li.textContent!);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toContain('• error');
  expect(root.querySelector('[part="timeline"]')!.getAttribute('aria-label')).toBe('Timeline, 1 entries');
});

test('a file that is not a trace says why, in an alert', async () => {
  const el = await view();
  expect(await el.loadText('{"hello": 1}')).toBe(false);
  await el.updateComplete;
  const alert = el.shadowRoot!.querySelector('[role="alert"]')!;
  expect(alert.textContent).toContain('not an mcp-elements session trace');
  expect(await el.loadText('not json')).toBe(false);
  await el.updateComplete;
  expect(alert.textContent).toContain('not JSON');
  expect(el.shadowRoot!.querySelector('label input[type="file"]')).not.toBeNull();
});
