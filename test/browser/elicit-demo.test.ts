import { afterEach, beforeEach, describe, expect, inject, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { McpConnection } from '../../src/mcp/connection.js';
import { connectElicitForms } from './elicit-support.js';

// The demo server's elicitation tools in both eras, answered through the
// project's connection layer and input router, with <mcp-elicit-form>
// registered as the elicitation handler showing forms in a container.

const ERAS = ['legacy', 'modern'] as const;

let container: HTMLElement;
let connection: McpConnection;
let unregister: () => void;
let opened: unknown[][];

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  opened = [];
  // A test cannot follow a new tab: record window.open and "visit" the URL with fetch instead.
  vi.spyOn(window, 'open').mockImplementation((...args: unknown[]) => {
    opened.push(args);
    return null;
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  unregister?.();
  await connection?.close();
  container.remove();
});

async function connect(era: (typeof ERAS)[number]) {
  ({ connection, unregister } = await connectElicitForms(container, era));
}

const label = (text: string) => page.getByLabelText(text, { exact: true });
const texts = (result: CallToolResult) => result.content.map((b) => (b.type === 'text' ? b.text : ''));

/** Clicks Open, checks how the URL was opened, and visits it the way a new tab would. */
async function openAndVisit(): Promise<string> {
  await userEvent.click(page.getByRole('button', { name: /^Open/ }));
  expect(opened).toHaveLength(1);
  const [url, target, features] = opened[0] as [string, string, string];
  expect(target).toBe('_blank');
  expect(features).toBe('noopener,noreferrer');
  const visit = await fetch(url);
  expect(visit.status).toBe(200);
  return url;
}

describe.each(ERAS)('demo server, %s era', (era) => {
  test('register-form: every field kind filled through user events reaches the server typed', async () => {
    await connect(era);
    const pending = connection.callTool('register-form');
    await expect.element(page.getByText('Register for the demo. Every kind of form field is here.')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect.element(submit).toBeDisabled();

    await userEvent.fill(label('Full name'), 'A');
    await userEvent.tab();
    await expect.element(page.getByText('Enter at least 2 characters.')).toBeVisible();
    await userEvent.fill(label('Full name'), 'Ada Lovelace');
    await userEvent.fill(label('Email'), 'ada@example.org');
    await userEvent.fill(label('Website'), 'https://example.org/ada');
    await userEvent.fill(label('Birthday'), '1815-12-10');
    await userEvent.fill(label('First meeting'), '2026-03-01T10:30');
    await userEvent.fill(label('Invite code'), 'ABC-123');
    await userEvent.fill(label('Age'), '12');
    await userEvent.tab();
    await expect.element(page.getByText('Enter 13 or more.')).toBeVisible();
    await expect.element(submit).toBeDisabled();
    await userEvent.fill(label('Age'), '36');
    await userEvent.fill(label('Height (m)'), '1.65');
    await userEvent.click(label('Send me the newsletter'));
    await userEvent.selectOptions(label('Favourite colour'), 'blue');
    await userEvent.selectOptions(label('Plan'), 'Pro ($10 a month)');
    await userEvent.selectOptions(label('T-shirt size'), 'Medium');
    await userEvent.click(label('mcp'));
    await userEvent.click(label('web'));
    await userEvent.click(label('Monday'));
    await userEvent.click(label('Friday'));
    await userEvent.click(submit);

    const result = await pending;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      website: 'https://example.org/ada',
      birthday: '1815-12-10',
      // The person typed local time; the server gets RFC 3339.
      meetingAt: new Date('2026-03-01T10:30').toISOString(),
      inviteCode: 'ABC-123',
      age: 36,
      heightM: 1.65,
      newsletter: true,
      color: 'blue',
      plan: 'pro',
      shirtSize: 'm',
      topics: ['mcp', 'web'],
      days: ['mon', 'fri'],
    });
    expect(container.querySelector('mcp-elicit-form')).toBeNull();
  }, 60_000); // about 40 user events: 10 s on a quiet machine, 16-30 s at a load of 7x the cores

  test('register-form: decline and cancel reach the server', async () => {
    await connect(era);
    let pending = connection.callTool('register-form');
    await userEvent.click(page.getByRole('button', { name: 'Decline' }));
    expect(texts(await pending)).toEqual(['The form was declined.']);
    pending = connection.callTool('register-form');
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }));
    expect(texts(await pending)).toEqual(['The form was cancelled.']);
  });

  test('url-sign-in: the consent view opens only on click and completes', async () => {
    await connect(era);
    const pending = connection.callTool('url-sign-in');
    await expect.element(page.getByText('Sign in to the demo service.')).toBeVisible();
    const host = new URL(inject('demoUrl')).host;
    const form = container.querySelector('mcp-elicit-form')!;
    await expect.element(page.getByText(host, { exact: true })).toBeVisible();
    expect(form.shadowRoot!.querySelector('[part~="host"]')!.textContent).toBe(host);
    expect(form.shadowRoot!.querySelector('[part~="url"]')!.textContent).toMatch(/\/elicitation\/callback\?id=/);
    // Nothing is opened until the person asks.
    expect(opened).toHaveLength(0);
    await openAndVisit();
    if (era === 'modern') {
      // 2026: only the person can say they are done.
      await userEvent.click(page.getByRole('button', { name: "I'm done" }));
    }
    // 2025: notifications/elicitation/complete answers by itself.
    const result = await pending;
    expect(texts(result)[0]).toMatch(/^Signed in/);
    expect(container.querySelector('mcp-elicit-form')).toBeNull();
  });

  test('url-sign-in: Cancel reaches the server', async () => {
    await connect(era);
    const pending = connection.callTool('url-sign-in');
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }));
    expect(texts(await pending)).toEqual(['Sign-in cancelled.']);
    expect(opened).toHaveLength(0);
  });

  test('url-required: shows the URL, and the call is retried once the person is done', async () => {
    await connect(era);
    const pending = connection.callTool('url-required');
    await expect
      .element(page.getByText(era === 'legacy' ? 'Authorize the demo server, then try again.' : 'Authorize the demo server.'))
      .toBeVisible();
    await openAndVisit();
    // 2025: the -32042 flow completes on notifications/elicitation/complete; 2026: the person says done.
    if (era === 'modern') await userEvent.click(page.getByRole('button', { name: "I'm done" }));
    const result = await pending;
    expect(texts(result)[0]).toMatch(era === 'legacy' ? /^Access granted/ : /^Signed in/);
    expect(container.querySelector('mcp-elicit-form')).toBeNull();
  });
});
