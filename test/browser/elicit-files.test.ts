import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { CallToolResult } from '@modelcontextprotocol/client';
import '../../src/elements/mcp-elicit-form/mcp-elicit-form.js';
import type { McpElicitForm } from '../../src/elements/mcp-elicit-form/mcp-elicit-form.js';
import type { McpConnection } from '../../src/mcp/connection.js';
import { connectElicitForms } from './elicit-support.js';

// SEP-2356 file inputs in elicitation forms (issue 40): the demo server's `send-file` asks, in both eras, for a file
// in a form whose `file` property is marked `x-mcp-file` (CSV, text or images, up to 1 MB), answers with the name, type,
// size and SHA-256 of what arrived. The SDK drops the keyword from the request it parses; the connection puts it back.
// Files are real `File`s given to the browser's own file input (Playwright's setInputFiles, through userEvent.upload).

const ERAS = ['legacy', 'modern'] as const;

let container: HTMLElement;
let connection: McpConnection | undefined;
let unregister: (() => void) | undefined;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(async () => {
  unregister?.();
  await connection?.close();
  connection = undefined;
  container.remove();
});

async function connect(era: (typeof ERAS)[number]) {
  ({ connection, unregister } = await connectElicitForms(container, era));
}

const form = () => container.querySelector<McpElicitForm>('mcp-elicit-form')!;
const part = (name: string) => form().shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
const fileInput = () => form().shadowRoot!.querySelector<HTMLInputElement>('input[type="file"]')!;
const fieldError = () => form().shadowRoot!.querySelector('[data-name="file"] [part~="error"]')!.textContent ?? '';
const texts = (result: CallToolResult) => result.content.map((b) => (b.type === 'text' ? b.text : '')).join('\n');

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as BufferSource);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe.each(ERAS)('send-file on the demo server, %s era', (era) => {
  test('a file picked in the form reaches the server intact as a data: URI with its name and type', async () => {
    await connect(era);
    const pending = connection!.callTool('send-file');
    await expect.element(page.getByText('Choose a file to send to the demo server.')).toBeVisible();
    // Labelled by the field's title, required, and saying what it takes.
    const input = page.getByLabelText('File', { exact: true });
    await expect.element(input).toHaveAttribute('type', 'file');
    await expect.element(input).toHaveAttribute('aria-required', 'true');
    await expect.element(input).toHaveAttribute('accept', 'text/csv,.csv,text/plain,image/*');
    await expect.element(input).toHaveAccessibleDescription(/Takes CSV files, text files, images, up to 1 MB\./);
    await expect.element(page.getByRole('button', { name: 'Submit' })).toBeDisabled();

    const text = 'city,temp\nParis,21\nCairo,34\n';
    const bytes = new TextEncoder().encode(text);
    await userEvent.upload(input, [new File([bytes], 'weather.csv', { type: 'text/csv' })]);
    await expect.poll(() => part('file')?.textContent ?? '').toMatch(/weather\.csv\s*CSV · 28 bytes/);
    await userEvent.fill(page.getByLabelText('Note', { exact: true }), 'from the test');
    await expect.element(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    await userEvent.click(page.getByRole('button', { name: 'Submit' }));

    const result = await pending;
    expect(result.isError).toBeFalsy();
    expect(texts(result)).toBe(`Received weather.csv · text/csv · 28 bytes · SHA-256 ${await sha256(bytes)}. Note: from the test`);
  });
});

describe('<mcp-elicit-form> file field', () => {
  test('a file of a type or size the field does not take is refused in words, nothing is read or sent; a good one then goes', async () => {
    await connect('modern');
    const pending = connection!.callTool('send-file');
    const input = page.getByLabelText('File', { exact: true });
    await expect.element(input).toBeVisible();
    await userEvent.upload(input, [new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' })]);
    await expect.poll(fieldError).toBe('report.pdf cannot be sent: this form takes CSV files, text files, images only.');
    expect(part('file')).toBeNull();
    await expect.element(input).toHaveAttribute('aria-invalid', 'true');
    await expect.element(page.getByRole('button', { name: 'Submit' })).toBeDisabled();

    const big = new Uint8Array(1.5 * 1024 * 1024);
    await userEvent.upload(input, [new File([big], 'photo.png', { type: 'image/png' })]);
    await expect.poll(fieldError).toBe('photo.png is 1.5 MB; this form takes files up to 1 MB.');
    expect(part('file')).toBeNull();
    const refused = await axe.run(form(), { resultTypes: ['violations'] });
    expect(refused.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    form().theme = 'dark';
    await form().updateComplete;
    const dark = await axe.run(form(), { resultTypes: ['violations'] });
    expect(dark.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    form().theme = undefined;

    // After two refusals the server has had no answer; a file that fits is taken.
    const small = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
    await userEvent.upload(input, [new File([small], 'dot.png', { type: 'image/png' })]);
    await expect.poll(() => part('file')?.textContent ?? '').toMatch(/dot\.png\s*PNG · 11 bytes/);
    expect(fieldError()).toBe('');
    const chosen = await axe.run(form(), { resultTypes: ['violations'] });
    expect(chosen.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    await userEvent.click(page.getByRole('button', { name: 'Submit' }));
    expect(texts(await pending)).toMatch(new RegExp(`^Received dot\\.png · image/png · 11 bytes · SHA-256 ${await sha256(small)}\\.$`));
  });

  test('keyboard: Tab reaches the file input, Enter there does not submit; Remove takes the file away and gives focus back', async () => {
    await connect('legacy');
    const pending = connection!.callTool('send-file');
    const input = page.getByLabelText('File', { exact: true });
    await expect.element(input).toBeVisible();
    // The form focuses its first field: the file input.
    await expect.poll(() => form().shadowRoot!.activeElement).toBe(fileInput());
    await userEvent.upload(input, [new File(['a,b\n1,2\n'], 'small.csv', { type: 'text/csv' })]);
    const remove = page.getByRole('button', { name: 'Remove small.csv' });
    await expect.element(remove).toBeVisible();
    // Enter on the file input is the input's own (it opens the picker): the form, complete now, is not sent.
    fileInput().focus();
    await userEvent.keyboard('{Enter}');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(form().result).toBeUndefined();
    await userEvent.click(remove);
    expect(part('file')).toBeNull();
    await expect.poll(() => form().shadowRoot!.activeElement).toBe(fileInput());
    await userEvent.tab();
    expect(form().shadowRoot!.activeElement).toBe(page.getByLabelText('Note', { exact: true }).element());
    await userEvent.tab({ shift: true });
    expect(form().shadowRoot!.activeElement).toBe(fileInput());
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }));
    expect(texts(await pending)).toBe('No file: the form was cancelled.');
  });
});
