import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { MessageBlock, ToolResultBlock, ToolUseBlock } from '../../src/content/index.js';
import '../../src/elements/content/mcp-content-block/mcp-content-block.js';
import '../../src/elements/content/mcp-tool-card/mcp-tool-card.js';
import '../../src/elements/content/mcp-message/mcp-message.js';
import type { McpResourceOpenEvent } from '../../src/events/resource-open.js';
import type { McpToolApproveEvent } from '../../src/events/tool-approve.js';
import type { McpToolStopEvent } from '../../src/events/tool-stop.js';

/** The "name: value" rows a tool card shows, as an object of strings. */
const rowsOf = (list: Element) =>
  Object.fromEntries([...list.querySelectorAll('dt')].map((dt) => [dt.textContent!.trim(), dt.nextElementSibling!.textContent!.trim()]));

// 1x1 red PNG
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

async function block(b: MessageBlock) {
  const el = document.createElement('mcp-content-block');
  el.block = b;
  document.body.append(el);
  await el.updateComplete;
  return el;
}

afterEach(() => document.body.replaceChildren());

describe('<mcp-content-block>', () => {
  test('an image enlarges in a modal dialog that Escape closes', async () => {
    const el = await block({ type: 'image', data: PNG, mimeType: 'image/png' });
    const img = el.shadowRoot!.querySelector('img')!;
    expect(img.src).toBe(`data:image/png;base64,${PNG}`);
    await img.decode();
    expect(img.naturalWidth).toBe(1);
    const dialog = el.shadowRoot!.querySelector('dialog')!;
    expect(dialog.open).toBe(false);
    await userEvent.click(el.shadowRoot!.querySelector('button')!);
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-label')).toBe('Enlarged image');
    await userEvent.keyboard('{Escape}');
    expect(dialog.open).toBe(false);
  });

  test('an image whose type is not an image is not loaded', async () => {
    const el = await block({ type: 'image', data: btoa('<script>1</script>'), mimeType: 'text/html' });
    expect(el.shadowRoot!.querySelector('img')).toBeNull();
    expect(el.shadowRoot!.textContent).toContain('unsupported type text/html');
  });

  test('audio gets a player', async () => {
    const el = await block({ type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' });
    const audio = el.shadowRoot!.querySelector('audio')!;
    expect(audio.controls).toBe(true);
    expect(audio.getAttribute('src')).toBe('data:audio/wav;base64,UklGRg==');
  });

  test('a resource link fires mcp-resource-open with the link', async () => {
    const link = { type: 'resource_link' as const, uri: 'demo://docs/readme', name: 'readme', title: 'Read me', mimeType: 'text/markdown' };
    const el = await block(link);
    const seen: McpResourceOpenEvent[] = [];
    document.body.addEventListener('mcp-resource-open', (e) => seen.push(e));
    const button = el.shadowRoot!.querySelector('button')!;
    expect(button.textContent).toContain('Read me');
    await userEvent.click(button);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.link).toEqual(link);
  });

  test('embedded text is shown and an embedded blob can be downloaded', async () => {
    const text = await block({
      type: 'resource',
      resource: { uri: 'file:///notes.txt', mimeType: 'text/plain', text: 'hello <b>world</b>' },
    });
    expect(text.shadowRoot!.querySelector('pre')!.textContent).toBe('hello <b>world</b>');
    expect(text.shadowRoot!.querySelector('b')).toBeNull();
    const blob = await block({ type: 'resource', resource: { uri: 'file:///dir/pixel.png', mimeType: 'image/png', blob: PNG } });
    const download = blob.shadowRoot!.querySelector<HTMLButtonElement>('[part="download-button"]')!;
    expect(download.textContent).toContain('pixel.png');
    let saved: HTMLAnchorElement | undefined;
    blob.shadowRoot!.addEventListener(
      'click',
      (e) => {
        if (e.target instanceof HTMLAnchorElement) {
          saved = e.target;
          e.preventDefault();
        }
      },
      true,
    );
    await userEvent.click(download);
    expect(saved?.download).toBe('pixel.png');
    const bytes = new Uint8Array(await (await fetch(saved!.href)).arrayBuffer());
    expect(bytes.slice(1, 4)).toEqual(new TextEncoder().encode('PNG'));
  });
});

describe('<mcp-tool-card>', () => {
  const use: ToolUseBlock = { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } };
  const result: ToolResultBlock = {
    type: 'tool_result',
    toolUseId: 'call_1',
    content: [
      { type: 'text', text: 'Sunny, **22°C**' },
      { type: 'image', data: PNG, mimeType: 'image/png' },
    ],
    structuredContent: { temperature: 22, unit: 'C' },
  };

  test('shows arguments, result blocks and structured content, collapsed until opened', async () => {
    const card = document.createElement('mcp-tool-card');
    Object.assign(card, { use, result, server: 'Demo' });
    document.body.append(card);
    await card.updateComplete;
    const r = card.shadowRoot!;
    expect(r.querySelector('[part="status"]')!.textContent).toBe('Done');
    const details = r.querySelector('details')!;
    expect(details.open).toBe(false);
    await userEvent.click(r.querySelector('summary')!);
    expect(details.open).toBe(true);
    // Arguments and structured content as rows a person reads; the raw JSON one click away.
    expect(rowsOf(r.querySelector('[part="arguments"]')!)).toEqual({ city: 'Paris' });
    expect(rowsOf(r.querySelector('[part="structured"]')!)).toEqual({ temperature: '22', unit: 'C' });
    expect(r.querySelector('[part="raw"]')).toBeNull();
    await userEvent.click(r.querySelector('[part="raw-button"]')!);
    await card.updateComplete;
    expect(JSON.parse(r.querySelector('[part="raw"]')!.textContent!)).toMatchObject({
      arguments: { city: 'Paris' },
      result: { structuredContent: { temperature: 22, unit: 'C' } },
    });
    const blocks = r.querySelectorAll('mcp-content-block');
    expect(blocks).toHaveLength(2);
    await (blocks[0] as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    const md = blocks[0]!.shadowRoot!.querySelector('mcp-markdown')!;
    await md.updateComplete;
    expect(md.shadowRoot!.querySelector('strong')!.textContent).toBe('22°C');
    expect(r.querySelector('[part="error"]')).toBeNull();
  });

  test('text that repeats the structured content as JSON is shown once, formatted', async () => {
    const card = document.createElement('mcp-tool-card');
    const data = { city: 'Paris', temperatureC: 11 };
    Object.assign(card, {
      use,
      open: true,
      result: {
        type: 'tool_result',
        toolUseId: 'call_1',
        content: [{ type: 'text', text: JSON.stringify(data) }],
        structuredContent: data,
      },
    });
    document.body.append(card);
    await card.updateComplete;
    const r = card.shadowRoot!;
    expect(r.querySelectorAll('mcp-content-block')).toHaveLength(0);
    expect(rowsOf(r.querySelector('[part="structured"]')!)).toEqual({ city: 'Paris', temperatureC: '11' });
    // The row names the tool and the server in words.
    expect(r.querySelector('[part="summary"]')!.textContent!.replace(/\s+/g, ' ').trim()).toMatch(/^Ran get_weather · Done$/);
    card.remove();
  });

  test("nested structured content (a page tool's cart: a list of items and a total) is shown as rows, not as raw JSON", async () => {
    const card = document.createElement('mcp-tool-card');
    const data = { items: [{ sku: 'A1', name: 'Lamp <b>', quantity: 2 }], total: 40, place: { city: 'Oslo' } };
    Object.assign(card, {
      use: { ...use, name: 'page_cart', input: {} },
      open: true,
      result: {
        type: 'tool_result',
        toolUseId: 'call_1',
        content: [{ type: 'text', text: JSON.stringify(data) }],
        structuredContent: data,
      },
    });
    document.body.append(card);
    await card.updateComplete;
    const r = card.shadowRoot!;
    const structured = r.querySelector('[part="structured"]')!;
    expect(structured.tagName).toBe('DL');
    expect(r.querySelector('pre[part="structured"]')).toBeNull();
    const top = [...structured.children].map((row) => row.querySelector(':scope > dt')!.textContent!.trim());
    expect(top).toEqual(['items', 'total', 'place']);
    const item = structured.querySelector('ol dl')!;
    expect(rowsOf(item)).toEqual({ sku: 'A1', name: 'Lamp <b>', quantity: '2' });
    expect(item.querySelector('b')).toBeNull();
    expect(rowsOf(structured.querySelector(':scope > div:nth-child(3) dl')!)).toEqual({ city: 'Oslo' });
    card.remove();
  });

  test('marks an error result', async () => {
    const card = document.createElement('mcp-tool-card');
    Object.assign(card, {
      use,
      result: { type: 'tool_result', toolUseId: 'call_1', content: [{ type: 'text', text: 'City unknown' }], isError: true },
    });
    document.body.append(card);
    await card.updateComplete;
    expect(card.shadowRoot!.querySelector('[part="status"]')!.textContent).toBe('Failed');
    expect(card.shadowRoot!.querySelector('[part="error"]')!.textContent).toContain('error');
    expect(card.shadowRoot!.querySelector('.card')!.classList.contains('error')).toBe(true);
  });

  test('running: progress bar and Stop; approval: Approve, Always allow and Deny', async () => {
    const card = document.createElement('mcp-tool-card');
    Object.assign(card, { use, status: 'running', progress: { progress: 3, total: 10, message: 'Fetching' } });
    const inline = document.createElement('p');
    inline.textContent = 'Inline question';
    card.append(inline);
    document.body.append(card);
    await card.updateComplete;
    const bar = card.shadowRoot!.querySelector('progress')!;
    expect([bar.value, bar.max]).toEqual([3, 10]);
    expect(card.shadowRoot!.textContent).toContain('Fetching');
    expect(inline.assignedSlot).not.toBeNull();
    const stops: McpToolStopEvent[] = [];
    const answers: McpToolApproveEvent[] = [];
    document.addEventListener('mcp-tool-stop', (e) => stops.push(e));
    document.addEventListener('mcp-tool-approve', (e) => answers.push(e));
    await userEvent.click(card.shadowRoot!.querySelector('[part="stop-button"]')!);
    expect(stops.map((e) => e.toolUseId)).toEqual(['call_1']);
    card.status = 'approval';
    await card.updateComplete;
    expect(card.shadowRoot!.querySelector('progress')).toBeNull();
    await userEvent.click(card.shadowRoot!.querySelector('[part="approve-button"]')!);
    await userEvent.click(card.shadowRoot!.querySelector('[part="always-button"]')!);
    await userEvent.click(card.shadowRoot!.querySelector('[part="deny-button"]')!);
    expect(answers.map((e) => [e.toolUseId, e.approved, e.always])).toEqual([
      ['call_1', true, false],
      ['call_1', true, true],
      ['call_1', false, false],
    ]);
  });
});

describe('<mcp-message>', () => {
  test('pairs tool_use with its result and forwards inline elements to the card', async () => {
    const msg = document.createElement('mcp-message');
    msg.message = {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Let me check.' },
        { type: 'tool_use', id: 't1', name: 'echo', input: { text: 'hi' } },
      ],
    };
    msg.toolCalls = new Map([
      ['t1', { result: { type: 'tool_result', toolUseId: 't1', content: [{ type: 'text', text: 'hi' }] }, server: 'Demo' }],
    ]);
    const form = document.createElement('div');
    form.slot = 'tool-t1';
    form.textContent = 'form here';
    msg.append(form);
    document.body.append(msg);
    await msg.updateComplete;
    const card = msg.shadowRoot!.querySelector('mcp-tool-card')!;
    await card.updateComplete;
    expect(card.shadowRoot!.querySelector('[part="status"]')!.textContent).toBe('Done');
    expect(msg.shadowRoot!.querySelector('[part~="role"]')!.textContent).toBe('Assistant');
    expect(form.assignedSlot?.name).toBe('tool-t1');
    expect(form.getBoundingClientRect().height).toBeGreaterThan(0);
  });
});
