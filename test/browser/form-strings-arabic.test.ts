import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { ElicitRequestParams } from '@modelcontextprotocol/client';
import '../../src/elements/mcp-elicit-form/mcp-elicit-form.js';
import type { McpElicitForm } from '../../src/elements/mcp-elicit-form/mcp-elicit-form.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import { FORM_STRINGS_EN, type FormStrings } from '../../src/elements/shared/form-strings.js';
import { FORM_STRINGS_AR } from '../../src/elements/shared/form-strings-ar.js';
import { CHAT_STRINGS_AR } from '../../src/elements/mcp-chat/strings-ar.js';
import { CHAT_STRINGS_EN } from '../../src/elements/mcp-chat/strings.js';
// The English text only the panels read (invalidTools among it), as the package's index adds it.
import '../../src/elements/mcp-chat/strings-en-later.js';
import { deepAll, shadow, serverReaches } from './chat-helpers.js';

// Issue 21 item 5: the input-request forms and the Run form's messages speak
// the page's language. In Arabic a person sees no English from these
// interfaces (only what the server sent), and counted phrases take the Arabic
// plural form of their number.

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
});

const COUNTS = [0, 1, 2, 3, 11, 100];

/**
 * The built-in English text a view must not show in Arabic: the fixed phrases (a space in them, so a
 * single word a server also sends, such as "Answer", does not count) that the Arabic table says otherwise.
 */
const ENGLISH_ONLY = (Object.keys(FORM_STRINGS_EN) as (keyof FormStrings)[])
  .map((key) => FORM_STRINGS_EN[key])
  .filter((v): v is string => typeof v === 'string' && / /.test(v) && /[A-Za-z]{3}/.test(v) && !Object.values(FORM_STRINGS_AR).includes(v));

/** Sample arguments of the keys that pick their words by their argument. */
const SAMPLES: Partial<Record<keyof FormStrings, unknown[]>> = {
  samplingPhase: ['running', 'review', 'compose'],
  samplingPolicy: ['ask', 'auto', 'never'],
  samplingRole: ['user', 'assistant'],
  answerMode: ['text', 'tool'],
  answerText: [0, 2],
  samplingPriority: ['cost', 'speed', 'intelligence'],
};
/** Whole argument lists for the texts whose arguments are not (one value, 2): the file field's lists of kinds. */
const CALLS: Partial<Record<keyof FormStrings, unknown[][]>> = {
  elicitFileTakes: [
    [['CSV files', 'images'], '1 MB'],
    [[], '25 MB'],
  ],
  elicitFileNotAccepted: [['report.pdf', ['CSV files']]],
};

/** Everything a person sees or hears in a shadow root: text, labels, placeholders, option names. */
function shown(root: ShadowRoot): string {
  const attrs = [...root.querySelectorAll('*')].flatMap((el) =>
    ['aria-label', 'placeholder', 'title', 'alt'].map((a) => el.getAttribute(a) ?? ''),
  );
  return `${root.textContent} ${attrs.join(' ')}`;
}

describe('plural forms', () => {
  test('Arabic picks all six forms for 0, 1, 2, 3, 11 and 100', () => {
    expect(COUNTS.map((n) => FORM_STRINGS_AR.elicitMinLength(n))).toEqual([
      'أدخل 0 حرف على الأقل.',
      'أدخل حرفًا واحدًا على الأقل.',
      'أدخل حرفين على الأقل.',
      'أدخل 3 أحرف على الأقل.',
      'أدخل 11 حرفًا على الأقل.',
      'أدخل 100 حرف على الأقل.',
    ]);
    expect(COUNTS.map((n) => FORM_STRINGS_AR.elicitNeedAttention(n))).toEqual([
      'لا حقول تحتاج إلى مراجعة.',
      'حقل واحد يحتاج إلى مراجعة قبل الإرسال.',
      'حقلان يحتاجان إلى مراجعة قبل الإرسال.',
      '3 حقول تحتاج إلى مراجعة قبل الإرسال.',
      '11 حقلًا تحتاج إلى مراجعة قبل الإرسال.',
      '100 حقل تحتاج إلى مراجعة قبل الإرسال.',
    ]);
    // Every counted phrase has six different forms, in the forms' table and the chat's.
    for (const fn of [
      FORM_STRINGS_AR.elicitMaxLength,
      FORM_STRINGS_AR.elicitMinItems,
      FORM_STRINGS_AR.elicitMaxItems,
      CHAT_STRINGS_AR.invalidTools,
    ]) {
      expect(new Set(COUNTS.map((n) => fn(n))).size).toBe(6);
    }
    expect(CHAT_STRINGS_AR.invalidTools(2)).toBe('أداتان من هذا الخادم لا يمكن استخدامهما');
    expect(CHAT_STRINGS_AR.invalidTools(11)).toBe('11 أداة من هذا الخادم لا يمكن استخدامها');
  });

  test('English has one form for 1 and another for 0, 2, 3, 11 and 100', () => {
    expect(COUNTS.map((n) => FORM_STRINGS_EN.elicitNeedAttention(n))).toEqual([
      '0 fields need attention before you can submit.',
      '1 field needs attention before you can submit.',
      '2 fields need attention before you can submit.',
      '3 fields need attention before you can submit.',
      '11 fields need attention before you can submit.',
      '100 fields need attention before you can submit.',
    ]);
    expect(COUNTS.map((n) => FORM_STRINGS_EN.elicitMaxItems(n))).toEqual(
      COUNTS.map((n) => `Choose at most ${n} ${n === 1 ? 'option' : 'options'}.`),
    );
    expect([1, 3].map((n) => CHAT_STRINGS_EN.invalidTools(n))).toEqual([
      '1 tool of this server cannot be used',
      '3 tools of this server cannot be used',
    ]);
  });

  test('the Arabic table has every key, and none says it in English', () => {
    expect(Object.keys(FORM_STRINGS_AR).sort()).toEqual(Object.keys(FORM_STRINGS_EN).sort());
    const same = (Object.keys(FORM_STRINGS_EN) as (keyof FormStrings)[]).filter((key) => {
      const en = FORM_STRINGS_EN[key];
      const ar = FORM_STRINGS_AR[key];
      const say = (v: unknown) =>
        typeof v !== 'function'
          ? String(v)
          : (CALLS[key] ?? (SAMPLES[key] ?? ['X']).map((arg) => [arg, 2]))
              .map((args) => (v as (...a: unknown[]) => string)(...args))
              .join('|');
      return say(en) === say(ar);
    });
    expect(same).toEqual([]);
  });
});

const REQUEST: ElicitRequestParams = {
  mode: 'form',
  message: 'سجّل في العرض التجريبي.',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'الاسم', minLength: 2 },
      tags: { type: 'array', title: 'الوسوم', items: { type: 'string', enum: ['أ', 'ب', 'ج', 'د'] }, minItems: 3 },
      age: { type: 'integer', title: 'العمر', minimum: 13 },
      color: { type: 'string', title: 'اللون', enum: ['أحمر', 'أخضر'] },
    },
    required: ['name', 'age'],
  },
};

async function standalone(request: ElicitRequestParams, setup: (form: McpElicitForm) => void = () => {}): Promise<McpElicitForm> {
  const form = document.createElement('mcp-elicit-form');
  form.setAttribute('lang', 'ar');
  form.request = request;
  setup(form);
  document.body.append(form);
  await expect.poll(() => form.shadowRoot?.querySelector('[part~="form"]')).not.toBeNull();
  return form;
}

describe('a standalone <mcp-elicit-form lang="ar">', () => {
  test('shows Arabic buttons, legend and validation messages, right to left', async () => {
    const form = await standalone(REQUEST);
    const root = form.shadowRoot!;
    const $ = <T extends Element>(s: string) => root.querySelector<T>(s)!;
    expect($('[part~="form"]').getAttribute('dir')).toBe('rtl');
    expect($('[part~="accept-button"]').textContent).toBe('إرسال');
    expect($('[part~="decline-button"]').textContent).toBe('رفض');
    expect($('[part~="cancel-button"]').textContent).toBe('إلغاء');
    expect($('[part~="header"]').textContent).toBe('خادم يطلب:');
    expect($('.legend').textContent).toBe('الحقول المعلّمة بـ * مطلوبة.');
    expect($('select[name="color"] option').textContent).toBe('(لا شيء)');
    // Two required fields are empty: the summary counts them with the Arabic dual.
    expect($('.summary').textContent).toBe('حقلان يحتاجان إلى مراجعة قبل الإرسال.');

    await userEvent.fill($('input[name="name"]'), 'أ');
    await userEvent.tab();
    await expect.poll(() => $('[data-name="name"] [part~="error"]').textContent).toBe('أدخل حرفين على الأقل.');
    await userEvent.click(root.querySelectorAll<HTMLInputElement>('input[name="tags"]')[0]!);
    await expect.poll(() => $('[data-name="tags"] [part~="error"]').textContent).toBe('اختر 3 خيارات على الأقل.');
    await userEvent.fill($('input[name="age"]'), '9');
    await userEvent.tab();
    await expect.poll(() => $('[data-name="age"] [part~="error"]').textContent).toBe('أدخل 13 أو أكثر.');
    expect($('.summary').textContent).toBe('3 حقول تحتاج إلى مراجعة قبل الإرسال.');
    await userEvent.fill($('input[name="age"]'), '');
    await userEvent.tab();
    await expect.poll(() => $('[data-name="age"] [part~="error"]').textContent).toBe('هذا الحقل مطلوب.');

    for (const english of ENGLISH_ONLY) expect(shown(root)).not.toContain(english);
  });

  test('`strings` overrides single keys over the Arabic table', async () => {
    const form = await standalone(REQUEST, (f) => (f.strings = { elicitSubmit: 'أرسل الآن' }));
    expect(form.shadowRoot!.querySelector('[part~="accept-button"]')!.textContent).toBe('أرسل الآن');
    expect(form.shadowRoot!.querySelector('[part~="decline-button"]')!.textContent).toBe('رفض');
  });

  test('a refused URL and an unsupported schema are explained in Arabic; the server is still told in English', async () => {
    const url = await standalone({ mode: 'url', message: 'افتح الصفحة', url: 'javascript:alert(1)', elicitationId: 'e1' });
    expect(url.shadowRoot!.querySelector('[part~="error"]')!.textContent).toBe(
      'لا يمكن فتح هذا الرابط: لا يمكن فتح إلا روابط https:؛ وهذا الرابط يستخدم javascript:',
    );
    expect(url.shadowRoot!.querySelector('[part~="open-button"]')!.textContent).toBe('فتح الرابط');
    url.remove();

    const errors: unknown[] = [];
    const nested = await standalone(
      { mode: 'form', message: 'عنوان', requestedSchema: { type: 'object', properties: { address: { type: 'object' } } } as never },
      (f) => f.addEventListener('mcp-elicit-response', (e) => errors.push((e as Event & { error?: Error }).error)),
    );
    const notice = nested.shadowRoot!.querySelector('[part~="error"]')!;
    expect(notice.textContent).toContain('لا يمكن عرض هذا الطلب كنموذج');
    expect(notice.textContent).toContain('«address» كائن متداخل');
    expect(nested.shadowRoot!.querySelector('[part~="dismiss-button"]')!.textContent).toBe('إخفاء');
    await expect.poll(() => errors.length).toBe(1);
    expect((errors[0] as Error).message).toContain('"address" is a nested object');
  });
});

/** An Arabic chat on the demo server, without a model (so sampling asks the person to write the answer). */
async function arabicChat(): Promise<McpChat> {
  const chat = document.createElement('mcp-chat');
  chat.lang = 'ar';
  chat.server = inject('demoUrl');
  chat.store = createMemoryHistory();
  chat.storageKey = `t-${Math.random()}`;
  document.body.append(chat);
  await serverReaches(chat, 'connected');
  await chat.updateComplete;
  return chat;
}

describe('inside <mcp-chat lang="ar">', () => {
  test('the elicitation form of register-form speaks Arabic: buttons, legend, validation', async () => {
    const chat = await arabicChat();
    void chat.runTool('register-form');
    await expect.poll(() => deepAll(shadow(chat), 'mcp-elicit-form').length, { timeout: 10_000 }).toBe(1);
    const form = deepAll<McpElicitForm>(shadow(chat), 'mcp-elicit-form')[0]!;
    await expect.poll(() => form.shadowRoot?.querySelector('[part~="accept-button"]')?.textContent).toBe('إرسال');
    const root = form.shadowRoot!;
    expect(root.querySelector('[part~="decline-button"]')!.textContent).toBe('رفض');
    expect(root.querySelector('.legend')!.textContent).toBe('الحقول المعلّمة بـ * مطلوبة.');
    expect(root.querySelector('[part~="header"]')!.textContent).toContain('يطلب:');
    // The demo's "Full name" needs at least 2 characters.
    const name = root.querySelector<HTMLInputElement>('input[name="name"]')!;
    await userEvent.fill(name, 'A');
    await userEvent.tab();
    await expect.poll(() => root.querySelector('[data-name="name"] [part~="error"]')?.textContent).toBe('أدخل حرفين على الأقل.');
    expect(root.querySelector('.summary')!.textContent).toMatch(/مراجعة قبل الإرسال\.$/);
    for (const english of ENGLISH_ONLY) expect(shown(root)).not.toContain(english);
  });

  test('the sampling card speaks Arabic: title, policy, settings, buttons, its check of the answer', async () => {
    const chat = await arabicChat();
    void chat.runTool('ask-model', { question: 'What is a lighthouse?' });
    await expect.poll(() => deepAll(shadow(chat), 'mcp-sampling-approval').length, { timeout: 10_000 }).toBe(1);
    const el = deepAll(shadow(chat), 'mcp-sampling-approval')[0]!;
    const $ = (s: string) => el.shadowRoot!.querySelector<HTMLElement>(s);
    await expect.poll(() => $('[part~="write-button"]')?.textContent).toBe('سأكتب الإجابة بنفسي');
    expect($('#title')!.textContent).toBe('طلب إجابة من النموذج');
    expect($('#server')!.textContent).toContain('يطلب تشغيل نموذج لغوي.');
    expect($('.policy-field')!.textContent).toContain('لهذا الخادم:');
    expect([...el.shadowRoot!.querySelectorAll('[part~="policy"] option')].map((o) => o.textContent)).toEqual([
      'اسألني كل مرة',
      'الموافقة تلقائيًا',
      'عدم السماح أبدًا',
    ]);
    expect($('[part~="reject-button"]')!.textContent).toBe('رفض');
    expect($('[data-field="maxTokens"] span')!.textContent).toBe('الحد الأقصى للرموز');
    expect($('[part~="preferences"] dt')!.textContent).toBe('تلميحات النموذج');
    for (const english of ENGLISH_ONLY) expect(shown(el.shadowRoot!)).not.toContain(english);

    await userEvent.click($('[part~="write-button"]')!);
    await expect.poll(() => $('[part~="send-button"]')?.textContent).toBe('إرسال');
    expect($('#answer-title')!.textContent).toBe('إجابتك');
    await userEvent.click($('[part~="send-button"]')!);
    await expect.poll(() => $('[part~="field-error"]')?.textContent).toBe('اكتب الإجابة أولًا.');
    for (const english of ENGLISH_ONLY) expect(shown(el.shadowRoot!)).not.toContain(english);
  });

  test("the Run form's check of a value speaks Arabic", async () => {
    const chat = await arabicChat();
    await chat.showTool('long-task');
    const form = shadow(chat).querySelector<HTMLFormElement>('[part="run-form"]')!;
    form.noValidate = true;
    await userEvent.fill(form.querySelector<HTMLInputElement>('[name="steps"]')!, '5000');
    await userEvent.click(form.querySelector('button[type="submit"]')!);
    await expect.poll(() => form.querySelector('[part~="field-error"]')?.textContent).toBe('steps يجب ألا يزيد على 1000.');
    expect(form.getAttribute('aria-label')).toMatch(/^تشغيل الأداة: /);
  });
});
