// Files in (issue 40 item 1): any file attached becomes a chip and a content block; the owner's limits refuse
// files in words before any is read; a large file never holds the page. Real Chromium, the demo server, the fake
// OpenAI provider (its wire format takes PDFs as `file` parts).
import axe from 'axe-core';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { mountChat, shadow, turnEnds } from './chat-helpers.js';
import { TIMED, boundByControl, longestTask, timeBound } from './long-tasks.js';
import { drop, pdf } from './file-support.js';

afterEach(() => document.querySelectorAll('mcp-chat').forEach((c) => c.remove()));

const chips = (chat: McpChat) => [...shadow(chat).querySelectorAll<HTMLElement>('[part="attachment"]')];
const refusal = (chat: McpChat) => shadow(chat).querySelector<HTMLElement>('[part="attachment-refusal"]')!;

describe('<mcp-chat> files in', () => {
  test('a PDF and a CSV become chips (name, type, size); sent, they are resource blocks and the model gets the PDF as a file part', async () => {
    const chat = await mountChat();
    drop(chat, [pdf('report.pdf', 3000), new File(['city,temp\nOslo,4\nRome,18\n'], 'weather.csv', { type: 'text/csv' })]);
    await expect.poll(() => chat.attachments.length).toBe(2);
    await chat.updateComplete;
    const said = (c: HTMLElement) => [...c.querySelectorAll('.attachment-name, .attachment-meta')].map((e) => e.textContent).join(' ');
    await expect.poll(() => chips(chat).map(said)).toEqual(['report.pdf PDF · 3 KB', 'weather.csv CSV · 25 bytes']);
    expect(chips(chat)[0]!.querySelector('button')!.getAttribute('aria-label')).toBe('Remove attachment: report.pdf');

    const ends = turnEnds(chat);
    const input = shadow(chat).querySelector('textarea')!;
    input.value = 'summarise these files-in-1';
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await ends.reach(1);
    const sent = chat.messages[0]!.content;
    expect(sent[1]).toMatchObject({
      type: 'resource',
      resource: { uri: 'attachment:report.pdf', name: 'report.pdf', mimeType: 'application/pdf' },
    });
    const bytes = Uint8Array.from(atob((sent[1] as { resource: { blob: string } }).resource.blob), (c) => c.charCodeAt(0));
    expect(bytes).toEqual(new Uint8Array(await pdf('report.pdf', 3000).arrayBuffer()));
    expect(sent[2]).toMatchObject({
      type: 'resource',
      resource: { name: 'weather.csv', mimeType: 'text/csv', text: 'city,temp\nOslo,4\nRome,18\n' },
    });
    const fake = inject('openaiUrl').replace(/\/openai\/v1$/, '');
    const last = await (await fetch(`${fake}/__last-request?contains=files-in-1`)).json();
    const parts = last.body.messages.at(-1).content as Array<Record<string, any>>;
    expect(parts.find((p) => p.type === 'file')?.file).toMatchObject({ filename: 'report.pdf' });
    expect(parts.find((p) => p.type === 'file')!.file.file_data.startsWith('data:application/pdf;base64,JVBERi0x')).toBe(true);
    expect(chat.attachments).toEqual([]);
  });

  test('a file over its limit, of a type not taken, or past the count is refused in words before anything is read or sent', async () => {
    const chat = await mountChat();
    chat.setAttribute('accept', 'application/pdf, text/csv, image/*');
    chat.setAttribute('file-size-limits', 'application/pdf 10MB, * 2MB');
    chat.setAttribute('max-files', '2');
    drop(chat, [pdf('report.pdf', 32 * 1024 * 1024)]);
    await expect.poll(() => refusal(chat).textContent).toBe('report.pdf is 32 MB; this chat takes PDFs up to 10 MB.');
    expect(refusal(chat).getAttribute('role')).toBe('alert');
    expect(chat.attachments).toEqual([]);

    drop(chat, [new File(['x'], 'notes.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })]);
    await expect.poll(() => refusal(chat).textContent).toBe('notes.docx was not attached: this chat takes PDFs, CSV files, images only.');

    drop(chat, [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')]);
    await expect.poll(() => chat.attachments.length).toBe(2);
    await expect.poll(() => refusal(chat).textContent).toBe('c.pdf was not attached: this chat takes up to 2 files per message.');
    expect(shadow(chat).querySelector('input.files')!.getAttribute('accept')).toBe('application/pdf, text/csv, image/*');
  });

  test('keyboard: a chip is removed with its button, focus goes back to the message box; axe finds nothing', async () => {
    const chat = await mountChat();
    drop(chat, [pdf('one.pdf'), new File(['hello'], 'two.txt', { type: 'text/plain' })]);
    await expect.poll(() => chips(chat).length).toBe(2);
    await chat.updateComplete;
    const violations = (await axe.run(chat, { resultTypes: ['violations'] })).violations.map((v) => v.id);
    expect(violations).toEqual([]);
    chips(chat)[0]!.querySelector('button')!.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => chat.attachments.map((a) => (a.type === 'resource' ? a.resource['name'] : a.type))).toEqual(['two.txt']);
    expect(shadow(chat).activeElement).toBe(shadow(chat).querySelector('textarea'));
  });

  test(
    'a 20 MB file is read without holding the page (longest task against a small file in the same test)',
    { ...TIMED, timeout: 60_000 },
    async () => {
      const chat = await mountChat({ provider: false });
      drop(chat, [pdf('warm.pdf', 10)]); // the file code, loaded before the control
      await expect.poll(() => chat.attachments.length).toBe(1);
      chat.attachments = [];
      const attach = async (file: File) => {
        const before = chat.attachments.length;
        await chat.attachFiles([file]);
        expect(chat.attachments.length).toBe(before + 1);
      };
      const small = pdf('small.pdf', 200_000);
      const large = pdf('big.pdf', 20 * 1024 * 1024);
      const control = await longestTask(() => attach(small));
      const big = await longestTask(() => attach(large));
      expect(big.task, timeBound(`longest task; a small file's ${Math.round(control.task)} ms`)).toBeLessThan(boundByControl(control.task));
      const block = chat.attachments[1] as { resource: { blob: string } };
      expect(block.resource.blob.length).toBe(Math.ceil((20 * 1024 * 1024) / 3) * 4);
      // Intact across the pieces: the last 3,000 bytes (4,000 base64 characters, the end padded) and the first.
      const tail = Uint8Array.from(atob(block.resource.blob.slice(-4000)), (c) => c.charCodeAt(0));
      expect(tail).toEqual(new Uint8Array(await large.slice(-tail.length).arrayBuffer()));
      expect(atob(block.resource.blob.slice(0, 12))).toBe('%PDF-1.4\n');
    },
  );
});

describe('<mcp-chat> files in, in Arabic', () => {
  test('chips, refusals and a returned file card speak the chat’s language (no English words in an Arabic chat)', async () => {
    const chat = await mountChat();
    chat.lang = 'ar';
    chat.setAttribute('file-size-limits', 'application/pdf 10MB');
    chat.setAttribute('max-files', '2');
    await chat.updateComplete;
    drop(chat, [pdf('report.pdf', 32 * 1024 * 1024)]);
    await expect
      .poll(() => refusal(chat).textContent)
      .toBe('حجم \u2068report.pdf\u2069 32 ميغابايت؛ تقبل هذه المحادثة ملفات PDF حتى 10 ميغابايت.');
    drop(chat, [pdf('a.pdf', 3000), new File(['hello'], 'b.txt', { type: 'text/plain' }), pdf('c.pdf')]);
    await expect.poll(() => chat.attachments.length).toBe(2);
    await expect
      .poll(() => refusal(chat).textContent)
      .toBe('لم يُرفق \u2068c.pdf\u2069: تقبل هذه المحادثة ملفين على الأكثر في الرسالة الواحدة.');
    await chat.updateComplete;
    const meta = chips(chat).map((c) => c.querySelector('.attachment-meta')!.textContent);
    expect(meta).toEqual(['\u2068PDF\u2069 · \u20683 كيلوبايت\u2069', '\u2068نص\u2069 · \u20685 بايت\u2069']);
    expect(shadow(chat).querySelector('[part="attachments"]')!.getAttribute('aria-label')).toBe('المرفقات');
  });
});
