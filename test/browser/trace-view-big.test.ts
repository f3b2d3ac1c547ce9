import { afterEach, expect, test } from 'vitest';
import '../../src/elements/mcp-trace-view/mcp-trace-view.js';
import type { McpTraceView } from '../../src/elements/mcp-trace-view/mcp-trace-view.js';
import { TRACE_FORMAT, TRACE_VERSION } from '../../src/mcp/trace.js';

// Issue 36 item 3: a 35 MB session trace opened in <mcp-trace-view> froze the page
// (one task of 79 s: JSON.parse of the whole file, then every entry drawn). It is now
// read in pieces and drawn 500 entries at a time. Bounded against a control measured
// in the same test (the same element opening a small trace), and by counting rows drawn.

afterEach(() => document.body.replaceChildren());

/** A trace of `count` entries, each about 400 bytes, as the hub exports them. */
function traceText(count: number): string {
  const entries: string[] = [];
  for (let i = 0; i < count; i++) {
    entries.push(
      JSON.stringify({
        t: i * 3,
        kind: 'http-request',
        server: 's1',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'mcp-session-id': `session-${i % 7}` },
        messages: [
          {
            jsonrpc: '2.0',
            id: i,
            method: 'tools/call',
            params: { name: `tool-${i % 50}`, arguments: { city: `City number ${i}`, note: 'x'.repeat(150) } },
          },
        ],
      }),
    );
  }
  return `{"format":${JSON.stringify(TRACE_FORMAT)},"version":${TRACE_VERSION},"startedAt":"2026-11-28T10:00:00.000Z","exportedAt":"2026-11-28T11:00:00.000Z","servers":{"s1":{"name":"Big server","url":"http://127.0.0.1:1/mcp"}},"dropped":0,"entries":[${entries.join(',')}]}`;
}

/** Opens `text` in a fresh view; the longest task (ms) from the start until the timeline is drawn and a frame has passed. */
async function open(text: string): Promise<{ view: McpTraceView; longest: number; ok: boolean }> {
  const view = document.createElement('mcp-trace-view');
  document.body.append(view);
  await view.updateComplete;
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration)));
  observer.observe({ type: 'longtask' });
  const ok = await view.loadText(text);
  await view.updateComplete;
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
  observer.disconnect();
  return { view, longest: Math.max(0, ...tasks), ok };
}

test("a 35 MB trace opens with no long task beyond a small trace's, draws 500 entries at a time, and pages through all of them", async () => {
  const small = await open(await new Blob([traceText(200)]).text());
  expect(small.ok).toBe(true);
  small.view.remove();

  // As a person's file reaches the element: read from a Blob (one flat string, as File.text() gives).
  const text = await new Blob([traceText(90_000)]).text();
  expect(text.length).toBeGreaterThan(35_000_000);
  const big = await open(text);
  expect(big.ok).toBe(true);
  const root = big.view.shadowRoot!;
  // Work counted: one page of rows in the DOM, however long the trace.
  expect(root.querySelectorAll('[part="entry"]')).toHaveLength(500);
  // Time against the control: opening 90,000 entries adds no task longer than 200 ms to a small trace's worst.
  expect(big.longest, `longest task ${big.longest} ms; small trace ${small.longest} ms`).toBeLessThan(small.longest + 200);

  expect(root.querySelector('[part="summary"]')!.textContent).toContain('90000 entries');
  expect(root.querySelector('[part="timeline"]')!.getAttribute('aria-label')).toBe('Timeline, 90000 entries');
  const pages = root.querySelector('[part="pages"]')!;
  expect(pages.textContent).toContain('Entries 1–500 of 90,000');
  const next = [...pages.querySelectorAll('button')].find((b) => b.textContent!.startsWith('Next'))!;
  next.click();
  await big.view.updateComplete;
  expect(pages.textContent).toContain('Entries 501–1,000 of 90,000');
  expect(root.querySelector('[part="entry"]')!.textContent).toContain('+1.500 s'); // entry 501: t = 500 × 3 ms
  expect(root.querySelector('[part="timeline"]')!.getAttribute('start')).toBe('501');
});

test('a big file that breaks off midway is said to be no JSON, and the trace shown stays', async () => {
  const view = document.createElement('mcp-trace-view');
  document.body.append(view);
  expect(await view.loadText(traceText(300))).toBe(true);
  const cut = traceText(3000);
  expect(await view.loadText(cut.slice(0, Math.floor(cut.length / 2)))).toBe(false);
  await view.updateComplete;
  expect(view.shadowRoot!.querySelector('[role="alert"]')!.textContent).toContain('not JSON');
  expect(view.shadowRoot!.querySelector('[part="timeline"]')!.getAttribute('aria-label')).toBe('Timeline, 300 entries');
});
