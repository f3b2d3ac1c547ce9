// SEP-2356 (issue 40 items 1 and 5): a tool whose argument is marked `x-mcp-file` gets the file the person attached
// as a `data:` URI (type and name), filled by the chat: the model only names the file. Real Chromium, the demo
// server's file tools, the fake OpenAI provider.
import axe from 'axe-core';
import { afterEach, expect, inject, test } from 'vitest';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import type { ToolResultBlock, ToolUseBlock } from '../../src/content/index.js';
import { deepAll, mountChat, shadow, turnEnds } from './chat-helpers.js';
import { drop, pdf } from './file-support.js';

afterEach(() => document.querySelectorAll('mcp-chat').forEach((c) => c.remove()));

async function ask(chat: McpChat, text: string): Promise<void> {
  const ends = turnEnds(chat);
  const input = shadow(chat).querySelector('textarea')!;
  input.value = text;
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
  await ends.reach(1);
}

const blocks = (chat: McpChat) => chat.messages.flatMap((m) => m.content);
const resultOf = (chat: McpChat) => blocks(chat).find((b): b is ToolResultBlock => b.type === 'tool_result')!;

test('a PDF reaches a file-taking tool as a data: URI with its type and name, byte for byte; the model only names it', async () => {
  const chat = await mountChat();
  const file = pdf('report.pdf', 50_000);
  drop(chat, [file]);
  await expect.poll(() => chat.attachments.length).toBe(1);
  await ask(chat, 'fingerprint it file-tools-1 [[tool:file-fingerprint {"file":"report.pdf"}]]');
  const result = resultOf(chat);
  const digest = [...new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
  // The server's own reading of what it received: the data URI's type and name, the size and hash of the bytes.
  expect(result.structuredContent).toEqual({ name: 'report.pdf', type: 'application/pdf', size: 50_000, sha256: digest });
  expect(result.isError).toBeFalsy();
  // The model wrote the name; the bytes never went through it.
  expect(blocks(chat).find((b): b is ToolUseBlock => b.type === 'tool_use')!.input).toEqual({ file: 'report.pdf' });
  const fake = inject('openaiUrl').replace(/\/openai\/v1$/, '');
  const last = await (await fetch(`${fake}/__last-request?contains=file-tools-1`)).json();
  const offered = last.body.tools.find((t: any) => t.function.name === 'file-fingerprint').function.parameters.properties.file;
  expect(offered['x-mcp-file']).toBeUndefined();
  expect(offered.description).toContain('Attached now: "report.pdf"');
  expect(JSON.stringify(last.body.messages.filter((m: any) => m.role === 'tool'))).not.toContain('JVBERi0x');
});

test('the demo CSV tool answers with rows, columns, per-column min/max/mean and a summary.csv back', async () => {
  const chat = await mountChat();
  drop(chat, [new File(['city,temp,rain\nOslo,4,12.5\nRome,18,3\nCairo,29,0\n'], 'weather.csv', { type: 'text/csv' })]);
  await expect.poll(() => chat.attachments.length).toBe(1);
  await ask(chat, 'stats please [[tool:csv-stats {"file":"weather.csv"}]]');
  const result = resultOf(chat);
  expect(result.isError).toBeFalsy();
  const text = (result.content ?? []).find((b) => b.type === 'text')!;
  expect(text).toMatchObject({
    text: 'weather.csv: 3 rows, 3 columns (city, temp, rain).\ntemp: min 4, max 29, mean 17\nrain: min 0, max 12.5, mean 5.167',
  });
  expect((result.content ?? []).find((b) => b.type === 'resource')).toMatchObject({
    resource: {
      uri: 'demo://files/summary.csv',
      mimeType: 'text/csv',
      text: 'column,min,max,mean\n"city",,,\n"temp",4,29,17\n"rain",0,12.5,5.167\n',
    },
  });
});

test('a file the tool does not take is refused in words before the call', async () => {
  const chat = await mountChat();
  drop(chat, [pdf('report.pdf')]);
  await expect.poll(() => chat.attachments.length).toBe(1);
  await ask(chat, 'stats please [[tool:csv-stats {"file":"report.pdf"}]]');
  const result = resultOf(chat);
  expect(result.isError).toBe(true);
  expect(result.content).toEqual([
    { type: 'text', text: 'CSV statistics does not take report.pdf (application/pdf); it takes text/csv, .csv, text/plain.' },
  ]);
});

test('a file a tool returns is a card (name, type, size, Download, Preview), downloaded intact, its CSV previewed as a table; axe finds nothing', async () => {
  const chat = await mountChat();
  drop(chat, [new File(['city,temp\nOslo,4\n"<b>Rome</b>",18\n'], 'weather.csv', { type: 'text/csv' })]);
  await expect.poll(() => chat.attachments.length).toBe(1);
  await ask(chat, 'stats please [[tool:csv-stats {"file":"weather.csv"}]]');
  const summary = (resultOf(chat).content ?? []).find((b) => b.type === 'resource') as { resource: { text: string } };
  await chat.updateComplete;
  // The person's weather.csv shows as a card in their message too.
  const cards = () => deepAll(shadow(chat), '[part~="file-card"]');
  await expect.poll(() => cards().map((c) => c.querySelector('.file-name')!.textContent)).toEqual(['weather.csv', 'summary.csv']);
  const el = cards()[1]!;
  expect(el.querySelector('.file-name')!.textContent).toBe('summary.csv');
  expect(el.querySelector('.file-meta')!.textContent).toBe(`CSV · ${new TextEncoder().encode(summary.resource.text).length} bytes`);
  const root = el.getRootNode() as ShadowRoot;
  let saved: HTMLAnchorElement | undefined;
  root.addEventListener(
    'click',
    (e) => {
      if (e.target instanceof HTMLAnchorElement) {
        saved = e.target;
        e.preventDefault();
      }
    },
    true,
  );
  // Inside the closed tool card: pressed as a native button is (they are native buttons, reached by Tab once open).
  el.querySelector<HTMLButtonElement>('[part="download-button"]')!.click();
  expect(saved?.download).toBe('summary.csv');
  expect(new Uint8Array(await (await fetch(saved!.href)).arrayBuffer())).toEqual(new TextEncoder().encode(summary.resource.text));
  const preview = el.querySelector<HTMLButtonElement>('[part="file-preview-button"]')!;
  preview.click();
  await expect.poll(() => preview.getAttribute('aria-expanded')).toBe('true');
  const table = el.querySelector('[part="file-preview"] table')!;
  expect([...table.querySelectorAll('th')].map((t) => t.textContent)).toEqual(['column', 'min', 'max', 'mean']);
  expect([...table.querySelectorAll('tbody tr')].map((r) => r.children[0]!.textContent)).toEqual(['city', 'temp']);
  expect((await axe.run(el, { resultTypes: ['violations'] })).violations.map((v) => v.id)).toEqual([]);
});

test('in an Arabic chat, a returned file card says its size, Preview and Download in Arabic', async () => {
  const chat = await mountChat();
  chat.lang = 'ar';
  drop(chat, [new File(['city,temp\nOslo,4\n'], 'weather.csv', { type: 'text/csv' })]);
  await expect.poll(() => chat.attachments.length).toBe(1);
  await ask(chat, 'stats please file-tools-ar [[tool:csv-stats {"file":"weather.csv"}]]');
  const summary = (resultOf(chat).content ?? []).find((b) => b.type === 'resource') as { resource: { text: string } };
  const card = () => deepAll(shadow(chat), '[part~="file-card"]').find((c) => c.querySelector('.file-name')!.textContent === 'summary.csv');
  await expect.poll(() => card()).toBeTruthy();
  const el = card()!;
  expect(el.querySelector('.file-meta')!.textContent).toBe(
    `\u2068CSV\u2069 · \u2068${new TextEncoder().encode(summary.resource.text).length} بايت\u2069`,
  );
  expect(el.querySelector('[part="file-preview-button"]')!.textContent!.trim()).toBe('معاينة');
  const download = el.querySelector('[part="download-button"]')!;
  expect(download.getAttribute('aria-label')).toBe('تنزيل \u2068summary.csv\u2069');
  expect(download.textContent!.trim()).toBe('تنزيل');
});
