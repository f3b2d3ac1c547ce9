import { afterEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { ElicitRequestParams, ElicitResult } from '@modelcontextprotocol/client';
import '../../src/elements/mcp-elicit-form/mcp-elicit-form.js';
import type { McpElicitForm } from '../../src/elements/mcp-elicit-form/mcp-elicit-form.js';
import type { McpElicitResponseEvent } from '../../src/events/elicit-response.js';
import { registerElicitForm, showElicitForm } from '../../src/elements/mcp-elicit-form/show-elicit-form.js';
import { InputRouter } from '../../src/mcp/input-router.js';
import { TIMED, boundByControl, timeBound } from './long-tasks.js';

// The element used alone: a page places it, hands it a request and listens for
// mcp-elicit-response. Everything is driven through real user events.

type Schema = Extract<ElicitRequestParams, { requestedSchema: unknown }>['requestedSchema'];

async function mount(request: ElicitRequestParams, setup: (el: McpElicitForm) => void = () => {}) {
  const el = document.createElement('mcp-elicit-form');
  setup(el);
  el.request = request;
  const events: McpElicitResponseEvent[] = [];
  // Listen on the document: the event bubbles and is composed.
  const listener = (e: McpElicitResponseEvent) => events.push(e);
  document.addEventListener('mcp-elicit-response', listener);
  document.body.append(el);
  await el.updateComplete;
  const cleanup = () => {
    document.removeEventListener('mcp-elicit-response', listener);
    el.remove();
  };
  cleanups.push(cleanup);
  return { el, events, root: el.shadowRoot! };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

/** The input labelled exactly `text` (the form itself is labelled by its header). */
const label = (text: string) => page.getByLabelText(text, { exact: true });

/** Focus inside the shadow root (document.activeElement is the host). */
async function expectFocus(el: McpElicitForm, selector: string) {
  await expect.poll(() => el.shadowRoot!.activeElement === el.shadowRoot!.querySelector(selector)).toBe(true);
}

// Schemas are untrusted input: `pattern` and broken shapes are beyond the SDK's type.
const form = (message: string, requestedSchema: Schema | Record<string, unknown>): ElicitRequestParams =>
  ({ mode: 'form', message, requestedSchema }) as ElicitRequestParams;

describe('<mcp-elicit-form> form mode', () => {
  test('shows who asks and the message, focuses the first field, and answers accept with typed content', async () => {
    const { el, events } = await mount(
      form('Tell us about you', {
        type: 'object',
        properties: {
          nick: { type: 'string', title: 'Nickname', description: 'What friends call you' },
          count: { type: 'integer', title: 'How many', minimum: 1 },
          ok: { type: 'boolean', title: 'Agree' },
        },
        required: ['nick', 'count'],
      }),
      (e) => (e.server = { name: 'acme-server', title: 'Acme' }),
    );
    await expect.element(page.getByText('Acme')).toBeVisible();
    await expect.element(page.getByText('Tell us about you')).toBeVisible();
    const nick = label('Nickname');
    await expectFocus(el, '#f0');
    await expect.element(nick).toHaveAccessibleDescription(/What friends call you/);

    const submit = page.getByRole('button', { name: 'Submit' });
    await expect.element(submit).toBeDisabled();
    await userEvent.fill(nick, 'Zed');
    await userEvent.fill(label('How many'), '3');
    await userEvent.click(label('Agree'));
    await expect.element(submit).toBeEnabled();
    await userEvent.click(submit);

    expect(events).toHaveLength(1);
    expect(events[0]!.result).toEqual({ action: 'accept', content: { nick: 'Zed', count: 3, ok: true } });
    expect(events[0]!.error).toBeUndefined();
    expect(el.result).toEqual(events[0]!.result);
    await expect.element(page.getByRole('status')).toHaveTextContent('Sent.');
  });

  test('validation messages appear at each field, are announced, and block Submit', async () => {
    const { events, root } = await mount(
      form('Validate me', {
        type: 'object',
        properties: {
          code: { type: 'string', title: 'Code', minLength: 3, maxLength: 5, pattern: '^[a-z]+$' },
          mail: { type: 'string', title: 'Mail', format: 'email' },
          n: { type: 'number', title: 'N', minimum: 0, maximum: 10 },
          i: { type: 'integer', title: 'I' },
          tags: { type: 'array', title: 'Tags', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['a', 'b', 'c'] } },
        },
        required: ['code', 'tags'],
      }),
    );
    const submit = page.getByRole('button', { name: 'Submit' });
    const code = label('Code');
    await userEvent.fill(code, 'ab');
    await userEvent.tab();
    await expect.element(page.getByText('Enter at least 3 characters.')).toBeVisible();
    await expect.element(code).toHaveAttribute('aria-invalid', 'true');
    await expect.element(code).toHaveAccessibleDescription('Enter at least 3 characters.');
    const codeError = root.querySelector('#f0-err')!;
    expect(codeError.getAttribute('aria-live')).toBe('polite');

    await userEvent.fill(code, 'abcdef');
    await expect.element(page.getByText('Enter at most 5 characters.')).toBeVisible();
    await userEvent.fill(code, 'AB12');
    await expect.element(page.getByText(/expected format/)).toBeVisible();
    await userEvent.fill(code, 'abcd');

    await userEvent.fill(label('Mail'), 'not-an-email');
    await userEvent.tab();
    await expect.element(page.getByText(/Enter an email address/)).toBeVisible();
    await userEvent.fill(label('Mail'), 'a@example.com');

    await userEvent.fill(label('N'), '11');
    await userEvent.tab();
    await expect.element(page.getByText('Enter 10 or less.')).toBeVisible();
    await userEvent.fill(label('N'), '2.5');

    await userEvent.fill(label('I'), '1.5');
    await userEvent.tab();
    await expect.element(page.getByText('Enter a whole number.')).toBeVisible();
    await userEvent.fill(label('I'), '-4');

    // Required multi-select with minItems 1 and maxItems 2.
    await expect.element(submit).toBeDisabled();
    await userEvent.click(page.getByLabelText('a', { exact: true }));
    await userEvent.click(page.getByLabelText('b', { exact: true }));
    await userEvent.click(page.getByLabelText('c', { exact: true }));
    await expect.element(page.getByText('Choose at most 2 options.')).toBeVisible();
    await expect.element(submit).toBeDisabled();
    await userEvent.click(page.getByLabelText('a', { exact: true }));

    await expect.element(submit).toBeEnabled();
    await userEvent.click(submit);
    expect(events.map((e) => e.result)).toEqual([
      { action: 'accept', content: { code: 'abcd', mail: 'a@example.com', n: 2.5, i: -4, tags: ['b', 'c'] } },
    ]);
  });

  test('Enter with invalid fields shows every message and moves focus to the first, sending nothing', async () => {
    const { el, events } = await mount(
      form('Two required', {
        type: 'object',
        properties: { a: { type: 'string', title: 'First' }, b: { type: 'string', title: 'Second' } },
        required: ['a', 'b'],
      }),
    );
    await userEvent.fill(label('Second'), 'x');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByText('This field is required.')).toBeVisible();
    await expectFocus(el, '#f0');
    expect(events).toHaveLength(0);
  });

  test('decline, Cancel and Escape answer decline and cancel', async () => {
    const schema: Schema = { type: 'object', properties: { a: { type: 'string', title: 'A' } } };
    const first = await mount(form('Decline me', schema));
    await userEvent.click(page.getByRole('button', { name: 'Decline' }));
    expect(first.events.map((e) => e.result)).toEqual([{ action: 'decline' }]);
    await expect.element(page.getByRole('status')).toHaveTextContent('Declined.');
    first.el.remove();

    const second = await mount(form('Cancel me', schema));
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }));
    expect(second.events.map((e) => e.result)).toEqual([{ action: 'cancel' }]);
    second.el.remove();

    const third = await mount(form('Escape me', schema));
    await userEvent.type(label('A'), 'x');
    await userEvent.keyboard('{Escape}');
    expect(third.events.map((e) => e.result)).toEqual([{ action: 'cancel' }]);
    // Answered once: further keys and clicks send nothing more.
    await userEvent.keyboard('{Escape}');
    expect(third.events).toHaveLength(1);
  });

  test('prefills defaults only with applyDefaults; optional empty fields are left out', async () => {
    const schema: Schema = {
      type: 'object',
      properties: {
        s: { type: 'string', title: 'S', default: 'hello' },
        n: { type: 'number', title: 'Num', default: 3.14 },
        b: { type: 'boolean', title: 'B', default: true },
        e: { type: 'string', title: 'E', enum: ['x', 'y'], default: 'y' },
        m: {
          type: 'array',
          title: 'M',
          items: {
            anyOf: [
              { const: 'p', title: 'Pea' },
              { const: 'q', title: 'Queue' },
            ],
          },
          default: ['q'],
        },
      },
    };
    const withDefaults = await mount(form('Defaults', schema), (el) => (el.applyDefaults = true));
    await expect.element(label('S')).toHaveValue('hello');
    await userEvent.click(page.getByRole('button', { name: 'Submit' }));
    expect(withDefaults.events[0]!.result).toEqual({ action: 'accept', content: { s: 'hello', n: 3.14, b: true, e: 'y', m: ['q'] } });
    withDefaults.el.remove();

    const without = await mount(form('No defaults', schema));
    await expect.element(label('S')).toHaveValue('');
    await userEvent.click(page.getByRole('button', { name: 'Submit' }));
    expect(without.events[0]!.result).toEqual({ action: 'accept', content: { b: false } });
  });

  test('HTML and script in server text stay inert text', async () => {
    (window as unknown as { pwned?: boolean }).pwned = false;
    const evil = '<img src=x onerror="window.pwned=true"><script>window.pwned=true</script><b>bold</b>';
    const { root } = await mount(
      form(evil, {
        type: 'object',
        properties: { f: { type: 'string', title: evil, description: evil, enum: [evil] } },
      }),
      (el) => (el.server = { name: evil }),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect((window as unknown as { pwned?: boolean }).pwned).toBe(false);
    expect(root.querySelector('img, script, b')).toBeNull();
    expect(root.querySelector('[part~="message"]')!.textContent).toBe(evil);
    expect(root.querySelector('label')!.textContent).toContain(evil);
    expect(root.querySelector('option[value]:not([value=""])')!.textContent).toBe(evil);
  });

  test('a 200-field schema renders and submits', TIMED, async () => {
    /** A form of `n` fields with defaults: mounted, one field changed, submitted; its time and what it sent. */
    const run = async (n: number, last: string) => {
      const properties: Schema['properties'] = {};
      for (let i = 0; i < n; i++) {
        properties[`f${i}`] =
          i % 4 === 0
            ? { type: 'string', title: `Field ${i}`, default: `v${i}` }
            : i % 4 === 1
              ? { type: 'integer', title: `Field ${i}`, default: i }
              : i % 4 === 2
                ? { type: 'boolean', title: `Field ${i}`, default: i % 8 === 2 }
                : { type: 'string', title: `Field ${i}`, enum: ['a', 'b'], default: 'b' };
      }
      const started = performance.now();
      const { root, events } = await mount(
        form('Big form', { type: 'object', properties, required: ['f0', last] }),
        (el) => (el.applyDefaults = true),
      );
      expect(root.querySelectorAll('[part~="field"]')).toHaveLength(n);
      await userEvent.fill(label('Field 0'), 'changed');
      await userEvent.click(page.getByRole('button', { name: 'Submit' }));
      return { took: performance.now() - started, root, events };
    };
    // Control: the same with 20 fields, in the same test. Ten times the fields may take about ten times as long, not a hundred.
    const small = await run(20, 'f19');
    document.body.replaceChildren();
    const { took, events } = await run(200, 'f199');
    expect(took, timeBound(`200 fields ${Math.round(took)} ms; 20 fields ${Math.round(small.took)} ms`)).toBeLessThan(
      boundByControl(small.took, 20, 2000),
    );
    const content = (events[0]!.result as ElicitResult).content!;
    expect(Object.keys(content)).toHaveLength(200);
    expect(content.f0).toBe('changed');
    expect(content.f1).toBe(1);
    expect(content.f2).toBe(true);
    expect(content.f6).toBe(false);
    expect(content.f199).toBe('b');
  });
});

describe('<mcp-elicit-form> schemas it cannot render', () => {
  test('shows what it cannot render and answers with a clear error', async () => {
    const schema = {
      type: 'object',
      properties: {
        ok: { type: 'string', title: 'Fine' },
        address: { type: 'object', properties: { street: { type: 'string' } } },
        people: { type: 'array', items: { type: 'object', properties: { n: { type: 'string' } } } },
        ref: { $ref: '#/$defs/x' },
        blob: { type: 'binary' },
      },
    } as unknown as Schema;
    const { el, events } = await mount(form('Nested', schema));
    expect(events).toHaveLength(1);
    const { error, result } = events[0]!;
    expect(result).toEqual({ action: 'cancel' });
    expect(error?.code).toBe(-32602);
    expect(error?.problems).toHaveLength(4);
    expect(error?.message).toMatch(/"address" is a nested object/);
    await expect.element(page.getByRole('alert')).toHaveTextContent(/"people" is an array of objects/);
    await expect.element(page.getByRole('alert')).toHaveTextContent(/"ref" uses \$ref/);
    await expect.element(page.getByRole('alert')).toHaveTextContent(/"blob" has the type "binary"/);
    expect(el.shadowRoot!.querySelector('input')).toBeNull();
    await userEvent.click(page.getByRole('button', { name: 'Dismiss' }));
    expect(el.isConnected).toBe(false);
  });

  test('the helper rejects so the server gets an error response', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    cleanups.push(() => container.remove());
    const answer = showElicitForm(form('Bad', { type: 'object', properties: { x: { type: 'object' } } } as unknown as Schema), container);
    await expect(answer).rejects.toMatchObject({ code: -32602, message: /"x" is a nested object/ });
    // The form stays, showing why, until the person dismisses it.
    await expect.element(page.getByRole('alert')).toBeVisible();
  });

  test('through the input router the request fails with Invalid params, not an answer', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    cleanups.push(() => container.remove());
    const router = new InputRouter();
    cleanups.push(registerElicitForm(router, container));
    const answer = router.dispatch({
      kind: 'elicitation',
      params: form('Arrays of objects', { type: 'object', properties: { rows: { type: 'array', items: { type: 'object' } } } }),
      context: { server: { id: 's1', name: 'srv', url: 'http://127.0.0.1/mcp' }, era: 'legacy' },
    });
    await expect(answer).rejects.toMatchObject({ code: -32602, message: /"rows" is an array of objects/ });
  });
});

describe('<mcp-elicit-form> URL mode', () => {
  const url = (u: string, message = 'Please sign in'): ElicitRequestParams => ({ mode: 'url', message, url: u, elicitationId: 'e1' });

  test('shows the full URL with its host prominent, opens only on click with noopener and noreferrer', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    cleanups.push(() => open.mockRestore());
    const { el, events, root } = await mount(
      url('https://accounts.example.com/sign-in?state=abc#top'),
      (e) => (e.server = { name: 'acme' }),
    );
    expect(root.querySelector('[part~="url"]')!.textContent).toBe('https://accounts.example.com/sign-in?state=abc#top');
    expect(root.querySelector('[part~="host"]')!.textContent).toBe('accounts.example.com');
    await expectFocus(el, '[part~="open-button"]');
    expect(open).not.toHaveBeenCalled();
    await userEvent.click(page.getByRole('button', { name: 'Open accounts.example.com' }));
    expect(open).toHaveBeenCalledWith('https://accounts.example.com/sign-in?state=abc#top', '_blank', 'noopener,noreferrer');
    await expect.element(page.getByText(/Come back here/)).toBeVisible();
    expect(events).toHaveLength(0);
    await userEvent.click(page.getByRole('button', { name: "I'm done" }));
    expect(events.map((e) => e.result)).toEqual([{ action: 'accept' }]);
  });

  test('http: on localhost and 127.0.0.1 can be opened', async () => {
    for (const u of ['http://localhost:8080/cb', 'http://127.0.0.1:3000/cb']) {
      const { el } = await mount(url(u));
      await expect.element(page.getByRole('button', { name: /^Open/ })).toBeEnabled();
      el.remove();
    }
  });

  test.each([
    ['javascript:alert(1)', /uses javascript:/],
    ['data:text/html,<script>alert(1)</script>', /uses data:/],
    ['file:///etc/passwd', /uses file:/],
    ['http://example.com/login', /not secure \(http:\)/],
    ['https://bank.example@evil.example/', /user name or password/],
    ['not a url', /not a valid web address/],
  ])('refuses %s with the reason shown', async (u, reason) => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    cleanups.push(() => open.mockRestore());
    const { events, root } = await mount(url(u));
    await expect.element(page.getByRole('alert')).toHaveTextContent(reason);
    await expect.element(page.getByRole('button', { name: /^Open/ })).toBeDisabled();
    await expect.element(page.getByRole('button', { name: "I'm done" })).toBeDisabled();
    expect(root.querySelector('[part~="url"]')!.textContent).toBe(u);
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }));
    expect(open).not.toHaveBeenCalled();
    expect(events.map((e) => e.result)).toEqual([{ action: 'cancel' }]);
  });

  test('answers accept when `completed` resolves (2025 elicitation/complete)', async () => {
    let complete!: () => void;
    const completed = new Promise<void>((r) => (complete = r));
    const { events } = await mount(url('https://example.com/x'), (e) => (e.completed = completed));
    expect(events).toHaveLength(0);
    complete();
    await expect.poll(() => events.map((e) => e.result)).toEqual([{ action: 'accept' }]);
  });

  test('a message carrying HTML and script stays inert text', async () => {
    (window as unknown as { pwned?: boolean }).pwned = false;
    const evil = '<img src=x onerror="window.pwned=true"><script>window.pwned=true</script>';
    const { root } = await mount(url('https://example.com/', evil));
    await new Promise((r) => setTimeout(r, 50));
    expect((window as unknown as { pwned?: boolean }).pwned).toBe(false);
    expect(root.querySelector('img, script')).toBeNull();
    expect(root.querySelector('[part~="message"]')!.textContent).toBe(evil);
  });

  test('the helper takes the form down when the request is aborted', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    cleanups.push(() => container.remove());
    const controller = new AbortController();
    const answer = showElicitForm(url('https://example.com/'), container, { signal: controller.signal });
    await expect.element(page.getByText('Please sign in')).toBeVisible();
    controller.abort(new Error('server cancelled'));
    await expect(answer).rejects.toThrow('server cancelled');
    expect(container.querySelector('mcp-elicit-form')).toBeNull();
  });
});
