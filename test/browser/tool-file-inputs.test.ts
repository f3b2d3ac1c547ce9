import { afterEach, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src/elements/mcp-tool/mcp-tool.js';
import type { McpTool } from '../../src/elements/mcp-tool/mcp-tool.js';
import type { McpToolCallEvent } from '../../src/events/tool-call.js';
import { mountChat, shadow } from './chat-helpers.js';
import { axeFindings } from './axe-findings.js';

// SEP-2356 file inputs in the forms a person fills to run a tool (issue 40): the chat's "/" Run form and <mcp-tool>
// draw a tool argument marked `x-mcp-file` as the elicitation form's file field (shared/file-field.ts), not a URL box.
// The demo server's `file-fingerprint` (any file up to 30 MB) answers with the SHA-256 of the bytes that arrived;
// `csv-stats` takes CSV or text up to 5 MB. Real files go to the browser's own file input (userEvent.upload).

afterEach(() => document.body.replaceChildren());

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as BufferSource);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const bytes = new Uint8Array([0, 1, 2, 250, 251, 252, 10, 13, 65, 66]);

test('the Run form draws a file argument as a file field; the chosen file reaches the server as a data: URI with its name and type; one it does not take is refused in words', async () => {
  const chat = await mountChat({ provider: false });
  await chat.showTool('file-fingerprint');
  await expect.poll(() => shadow(chat).querySelector('[part="run-form"] input[type="file"]')).toBeTruthy();
  const form = shadow(chat).querySelector<HTMLFormElement>('[part="run-form"]')!;
  const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
  // Labelled by the argument, required, and saying what it takes; focus starts there.
  expect(input.labels?.[0]?.textContent).toContain('file');
  expect(input.getAttribute('aria-required')).toBe('true');
  expect(shadow(chat).getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('Any file up to 30 MB.');
  await expect.poll(() => shadow(chat).activeElement).toBe(input);

  await userEvent.upload(input, [new File([bytes], 'data.bin', { type: 'application/octet-stream' })]);
  await expect.poll(() => form.querySelector('[part="file"]')?.textContent ?? '').toMatch(/data\.bin\s*File · 10 bytes/);
  expect(await axeFindings(form)).toEqual([]);

  const called = new Promise<McpToolCallEvent>((resolve) => chat.addEventListener('mcp-tool-call', (e) => resolve(e), { once: true }));
  form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
  const call = await called;
  expect(call.status).toBe('done');
  expect(call.toolUse.input).toEqual({ file: `data:application/octet-stream;name=data.bin;base64,${btoa(String.fromCharCode(...bytes))}` });
  const text = call.result.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
  expect(text).toBe(`data.bin · application/octet-stream · 10 bytes · SHA-256 ${await sha256(bytes)}`);

  // csv-stats takes CSV or text: a PDF is refused at once, in words, and nothing is kept to send.
  await chat.showTool('csv-stats');
  await expect
    .poll(() => shadow(chat).querySelector('[part="run-form"] input[type="file"][accept="text/csv,.csv,text/plain"]'))
    .toBeTruthy();
  const csvForm = shadow(chat).querySelector<HTMLFormElement>('[part="run-form"]')!;
  const csvInput = csvForm.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(csvInput, [new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' })]);
  await expect
    .poll(() => csvForm.querySelector('[part="field-error"]')?.textContent ?? '')
    .toBe('report.pdf cannot be sent: this form takes CSV files, text files only.');
  expect(csvInput.getAttribute('aria-invalid')).toBe('true');
  expect(csvForm.querySelector('[part="file"]')).toBeNull();
  expect(await axeFindings(csvForm)).toEqual([]);
});

test('<mcp-tool tool="file-fingerprint"> takes a file, runs it and shows the SHA-256 the server computed; Remove gives focus back', async () => {
  const el = document.createElement('mcp-tool') as McpTool;
  el.setAttribute('server', inject('demoUrl'));
  el.setAttribute('tool', 'file-fingerprint');
  document.body.append(el);
  await expect.poll(() => el.state, { timeout: 15_000 }).toBe('ready');
  const root = el.shadowRoot!;
  const input = root.querySelector<HTMLInputElement>('input[type="file"]')!;
  expect(input).not.toBeNull();
  expect(input.labels?.[0]?.textContent).toContain('file');

  // A first file, removed: focus goes back to the file input and the value with it.
  await userEvent.upload(input, [new File(['first'], 'first.txt', { type: 'text/plain' })]);
  const remove = await expect
    .poll(() => root.querySelector<HTMLButtonElement>('[part="remove-file-button"]'))
    .toBeTruthy()
    .then(() => root.querySelector<HTMLButtonElement>('[part="remove-file-button"]')!);
  expect(remove.getAttribute('aria-label')).toBe('Remove first.txt');
  await userEvent.click(remove);
  await expect.poll(() => root.activeElement).toBe(input);
  expect(root.querySelector('[part="file"]')).toBeNull();

  const seen: McpToolCallEvent[] = [];
  el.addEventListener('mcp-tool-call', (e) => seen.push(e));
  await userEvent.upload(input, [new File([bytes], 'data.bin', { type: 'application/octet-stream' })]);
  await expect.poll(() => root.querySelector('[part="file"]')?.textContent ?? '').toMatch(/data\.bin\s*File · 10 bytes/);
  expect(await axeFindings(el)).toEqual([]);
  await userEvent.click(root.querySelector<HTMLElement>('[part~="run-button"]')!);
  await expect.poll(() => el.state).toBe('done');
  expect(seen[0]!.toolUse.input).toEqual({
    file: `data:application/octet-stream;name=data.bin;base64,${btoa(String.fromCharCode(...bytes))}`,
  });
  const hash = await sha256(bytes);
  await expect.poll(() => root.querySelector('[part~="structured"]')?.textContent ?? '').toContain(hash);
});

test('in an Arabic chat, the Run form says what its file field takes in Arabic from its first frame', async () => {
  const chat = await mountChat({ provider: false });
  chat.lang = 'ar';
  await chat.updateComplete;
  // The hint as the first frame with the form paints it: read in the first animation frame after the form is added.
  const firstFrame = new Promise<string>((resolve) => {
    const seen = new MutationObserver(() => {
      const input = shadow(chat).querySelector('[part="run-form"] input[type="file"]');
      if (!input) return;
      seen.disconnect();
      requestAnimationFrame(() =>
        resolve(shadow(chat).getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent!),
      );
    });
    seen.observe(shadow(chat), { childList: true, subtree: true });
  });
  await chat.showTool('file-fingerprint');
  expect(await firstFrame).toBe('أي ملف حتى 30 ميغابايت.');
});
