// <mcp-tool>'s server-rendered frame (src/elements/mcp-tool/tool-placeholder.ts)
// in real Chromium: markup as a server sends it, looked at before the element
// is defined, then once `<mcp-tool>` is defined and has connected to the demo
// server. This file must not import the block statically: the first
// measurements need `<mcp-tool>` undefined.
import { afterEach, expect, inject, test } from 'vitest';
import { toolPlaceholderHtml } from '../../src/elements/mcp-tool/tool-placeholder.js';

const host = document.createElement('div');
host.style.cssText = 'width: 720px; padding: 8px';
document.body.append(host);
afterEach(() => host.replaceChildren());

const rect = (el: Element) => el.getBoundingClientRect();

test("before the element is defined the frame shows the block's card (title, server, fields, Run); after, the block takes its place and the frame is gone", async () => {
  expect(customElements.get('mcp-tool'), 'this file must run before anything defines <mcp-tool>').toBeUndefined();
  const server = inject('demoUrl');
  host.innerHTML =
    `<mcp-tool server="${server}" tool="weather" arguments='{"city":"Paris"}'>` +
    toolPlaceholderHtml({ title: 'Weather <b>now</b>', server, fields: ['City'] }) +
    `</mcp-tool>` +
    `<mcp-tool theme="dark" server="/mcp" tool="search-docs">${toolPlaceholderHtml({ tool: 'search-docs', server: '/mcp' })}</mcp-tool>`;
  const [block, dark] = [...host.querySelectorAll('mcp-tool')] as Array<HTMLElement & { state: string; updateComplete: Promise<unknown> }>;
  const frame = block!.querySelector('[slot="placeholder"]')!;
  // The card: a border, the title as text (escaped), the server's host, one outline per field, the Run button.
  expect(frame.getAttribute('role')).toBe('status');
  expect(frame.textContent).toContain('Loading the try-it block for Weather <b>now</b>…');
  expect(frame.querySelector('.mcptp-title')!.textContent).toBe('Weather <b>now</b>');
  expect(frame.querySelector('b')).toBeNull();
  expect(frame.querySelector('.mcptp-server')!.textContent).toBe(new URL(server).host);
  expect(getComputedStyle(frame.querySelector('.mcptp-base')!).borderTopWidth).toBe('1px');
  expect(getComputedStyle(frame.querySelector('.mcptp-base')!).borderTopLeftRadius).toBe('12px');
  expect([...frame.querySelectorAll('.mcptp-field')].map((f) => f.textContent)).toEqual(['City']);
  expect(rect(frame.querySelector('.mcptp-input')!).height).toBe(36);
  expect(frame.querySelector('.mcptp-run')!.textContent).toBe('Run');
  // Without a title the tool's name is the title; a relative server is shown as given; the dark theme's colours.
  const darkFrame = dark!.querySelector('[slot="placeholder"]')!;
  expect(darkFrame.querySelector('.mcptp-title')!.textContent).toBe('search-docs');
  expect(darkFrame.querySelector('.mcptp-server')!.textContent).toBe('/mcp');
  expect(getComputedStyle(darkFrame.querySelector('.mcptp-base')!).backgroundColor).toBe('rgb(21, 21, 24)');
  const before = { box: rect(block!), title: rect(frame.querySelector('.mcptp-title')!) };

  await import('../../src/elements/mcp-tool/mcp-tool.js');
  await customElements.whenDefined('mcp-tool');
  await expect.poll(() => block!.state, { timeout: 15_000 }).toBe('ready');
  const root = block!.shadowRoot!;
  // The block's own card is where the frame was: same left edge and width, the title on the same line.
  const base = rect(root.querySelector('[part~="base"]')!);
  expect([base.left, base.width]).toEqual([before.box.left, before.box.width]);
  expect(Math.abs(rect(root.querySelector('[part~="title"]')!).top - before.title.top)).toBeLessThanOrEqual(2);
  expect(root.querySelector<HTMLInputElement>('input[name="city"]')!.value).toBe('Paris');
  // The frame is still in the light DOM (what hydration expects) but not shown.
  expect(block!.contains(frame)).toBe(true);
  expect(frame.getClientRects().length).toBe(0);
  expect(darkFrame.getClientRects().length).toBe(0);
});
