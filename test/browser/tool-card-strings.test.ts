// Issue 11 §3: all interface text in one table. The tool-call card's own words
// (the row's verb, "on <server>", its status, sections, buttons) come from the
// strings the chat passes down, so an Arabic chat has no English tool rows.
import { afterEach, expect, test } from 'vitest';
import '../../src/elements/content/mcp-tool-card/mcp-tool-card.js';
import type { McpToolCard } from '../../src/elements/content/mcp-tool-card/mcp-tool-card.js';
import { CONTENT_STRINGS_AR } from '../../src/elements/shared/content-strings-ar.js';
import type { ToolCallStatus } from '../../src/elements/content/mcp-tool-card/tool-call-status.js';

afterEach(() => document.body.replaceChildren());

async function card(status: ToolCallStatus, strings = CONTENT_STRINGS_AR): Promise<McpToolCard> {
  const el = document.createElement('mcp-tool-card');
  el.use = { type: 'tool_use', id: 'toolu_1', name: 'weather', input: {} };
  el.server = 'Demo';
  el.serverUrl = 'https://tools.example/mcp';
  el.status = status;
  el.strings = strings;
  if (status === 'done' || status === 'error') {
    el.result = { type: 'tool_result', toolUseId: 'toolu_1', content: [{ type: 'text', text: 'sunny' }], isError: status === 'error' };
  }
  el.open = true;
  document.body.append(el);
  await el.updateComplete;
  return el;
}
const text = (el: McpToolCard) => el.shadowRoot!.textContent!.replace(/\s+/g, ' ');
const buttons = (el: McpToolCard) => [...el.shadowRoot!.querySelectorAll('button')].map((b) => b.textContent!.trim());

test('a finished call reads in Arabic: verb, server, status, sections, Show JSON', async () => {
  const el = await card('done');
  const t = text(el);
  expect(t).toContain('تم تشغيل weather');
  expect(t).toContain('على Demo');
  expect(el.shadowRoot!.querySelector('[part=status]')!.textContent).toBe('تم');
  expect(t).toContain('المعطيات');
  expect(t).toContain('النتيجة');
  expect(buttons(el)).toContain('عرض JSON');
  expect(t).not.toMatch(/\b(Ran|Done|Arguments|Result|Show JSON|None)\b/);
});

test('an error result, a running call and an approval read in Arabic too', async () => {
  expect(text(await card('error'))).toContain('أبلغت الأداة عن خطأ.');
  document.body.replaceChildren();
  const running = await card('running');
  expect(running.shadowRoot!.querySelector('[part=stop-button]')!.getAttribute('aria-label')).toBe('إيقاف weather');
  expect(running.shadowRoot!.querySelector('[part=progress]')!.getAttribute('aria-label')).toBe('تقدّم weather');
  expect(text(running)).not.toMatch(/\b(Stop|Running)\b/);
  document.body.replaceChildren();
  const approval = await card('approval');
  expect(buttons(approval)).toEqual(expect.arrayContaining(['موافقة', 'السماح دائمًا', 'رفض']));
  expect(approval.shadowRoot!.querySelector('[part=card]')!.getAttribute('aria-label')).toBe('الموافقة على weather؟');
  expect(text(approval)).toContain('على Demo (tools.example) يطلب التشغيل. هل تسمح بذلك؟');
  expect(text(approval)).not.toMatch(/\b(Approve|Deny|Allow|wants to run)\b/);
});

test('without strings the card stays English', async () => {
  const el = document.createElement('mcp-tool-card');
  el.use = { type: 'tool_use', id: 'toolu_1', name: 'weather', input: {} };
  el.server = 'Demo';
  el.status = 'cancelled';
  document.body.append(el);
  await el.updateComplete;
  expect(text(el)).toContain('Ran weather on Demo');
  expect(el.shadowRoot!.querySelector('[part=status]')!.textContent).toBe('Stopped');
});
