import {
  ProtocolErrorCode,
  UrlElicitationRequiredError,
  type Client,
  type ElicitRequest,
  type ElicitResult,
} from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERAS, texts, waitFor, useDemoServer } from './demo-server-helpers.js';

const server = useDemoServer();

/** A complete, valid answer to register-form, typed as the schema asks. */
const FILLED = {
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  website: 'https://example.org/ada',
  birthday: '1815-12-10',
  meetingAt: '2026-03-01T10:30:00Z',
  inviteCode: 'ABC-123',
  age: 36,
  heightM: 1.65,
  newsletter: true,
  color: 'blue',
  plan: 'pro',
  shirtSize: 'm',
  topics: ['mcp', 'web'],
  days: ['mon', 'fri'],
};

type ElicitParams = ElicitRequest['params'];
type Answer = ElicitResult;

describe.each(ERAS)('demo server elicitation, $mode client', ({ mode, era }) => {
  let client: Client;
  /** What the next elicitation handler call does; set per test. */
  let answer: (params: ElicitParams) => Promise<Answer> | Answer;
  const seen: ElicitParams[] = [];

  beforeAll(async () => {
    client = await server.connect(mode);
    client.setRequestHandler('elicitation/create', async (request) => {
      seen.push(request.params);
      return answer(request.params);
    });
    expect(client.getProtocolEra()).toBe(era);
  });

  it('asks for every field kind and echoes the typed answer', async () => {
    answer = () => ({ action: 'accept', content: FILLED });
    const result = await client.callTool({ name: 'register-form', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(FILLED);
    expect(JSON.parse(texts(result)[0])).toEqual(FILLED);

    const schema = seen.at(-1) as Extract<ElicitParams, { requestedSchema: unknown }>;
    const p = schema.requestedSchema.properties as Record<string, Record<string, any>>;
    expect([p.email.format, p.website.format, p.birthday.format, p.meetingAt.format]).toEqual(['email', 'uri', 'date', 'date-time']);
    expect(p.name).toMatchObject({ minLength: 2, maxLength: 40 });
    expect(p.inviteCode).toMatchObject({ minLength: 7, maxLength: 7, description: expect.stringContaining('ABC-123') });
    expect(p.age).toMatchObject({ type: 'integer', minimum: 13, maximum: 120 });
    expect(p.heightM).toMatchObject({ type: 'number', minimum: 0.5, maximum: 2.5, default: 1.7 });
    expect(p.newsletter).toMatchObject({ type: 'boolean', default: false });
    expect(p.color.enum).toEqual(['red', 'green', 'blue']);
    expect(p.plan.oneOf).toContainEqual({ const: 'pro', title: 'Pro ($10 a month)' });
    expect(p.shirtSize.enumNames).toEqual(['Small', 'Medium', 'Large']);
    expect(p.topics).toMatchObject({ type: 'array', minItems: 1, maxItems: 3, items: { enum: ['mcp', 'lit', 'ai', 'web'] } });
    expect(p.days.items.anyOf).toContainEqual({ const: 'wed', title: 'Wednesday' });
    expect(schema.requestedSchema.required).toEqual(['name', 'email', 'age', 'plan', 'topics']);
  });

  it('reports decline and cancel', async () => {
    answer = () => ({ action: 'decline' });
    expect(texts(await client.callTool({ name: 'register-form', arguments: {} }))).toEqual(['The form was declined.']);
    answer = () => ({ action: 'cancel' });
    expect(texts(await client.callTool({ name: 'register-form', arguments: {} }))).toEqual(['The form was cancelled.']);
  });

  it('refuses an answer that does not fit the form', async () => {
    answer = () => ({ action: 'accept', content: { ...FILLED, age: 7.5, topics: [] } });
    const result = await client.callTool({ name: 'register-form', arguments: {} });
    expect(result.isError).toBe(true);
    // 2025: the SDK checks the answer against requestedSchema itself; 2026: the demo server does.
    expect(texts(result).join(' ')).toMatch(
      era === 'modern' ? /age must be a whole number.*age is below 13.*topics needs at least 1/ : /age must be integer/,
    );
  });

  it('completes a URL sign-in once the callback page is visited', async () => {
    const completed: string[] = [];
    client.setNotificationHandler('notifications/elicitation/complete', (n) => {
      completed.push(n.params.elicitationId);
    });
    answer = async (params) => {
      expect(params.mode).toBe('url');
      const url = (params as { url: string }).url;
      expect(url.startsWith(server.url.replace('/mcp', '/elicitation/callback?id='))).toBe(true);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('You are signed in');
      if (era === 'legacy') {
        // 2025: the server says when the flow is done.
        const id = (params as { elicitationId: string }).elicitationId;
        expect(id).toBeTruthy();
        await waitFor(() => completed.includes(id), 2000, 'elicitation/complete');
      } else {
        expect(params).not.toHaveProperty('elicitationId');
      }
      return { action: 'accept' };
    };
    const result = await client.callTool({ name: 'url-sign-in', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(texts(result)[0]).toMatch(/^Signed in/);
  });

  it('does not believe "done" when the sign-in page was never visited', async () => {
    answer = () => ({ action: 'accept' });
    const result = await client.callTool({ name: 'url-sign-in', arguments: {} });
    expect(result.isError).toBe(true);
    expect(texts(result)[0]).toMatch(/never visited/);
  });

  if (era === 'legacy') {
    it('fails url-required with -32042 until the URL was visited, then succeeds', async () => {
      const error = await client.callTool({ name: 'url-required', arguments: {} }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UrlElicitationRequiredError);
      expect((error as UrlElicitationRequiredError).code).toBe(ProtocolErrorCode.UrlElicitationRequired);
      const [elicitation] = (error as UrlElicitationRequiredError).elicitations;
      expect(elicitation.mode).toBe('url');
      // Still required before the visit.
      await expect(client.callTool({ name: 'url-required', arguments: {} })).rejects.toBeInstanceOf(UrlElicitationRequiredError);
      expect((await fetch(elicitation.url)).status).toBe(200);
      const result = await client.callTool({ name: 'url-required', arguments: {} });
      expect(texts(result)[0]).toMatch(/^Access granted/);
    });
  } else {
    it('asks for url-required through input_required, then completes on retry', async () => {
      answer = async (params) => {
        await fetch((params as { url: string }).url);
        return { action: 'accept' };
      };
      const result = await client.callTool({ name: 'url-required', arguments: {} });
      expect(texts(result)[0]).toMatch(/^Signed in/);
    });
  }

  it('serves an expired callback link as a 404 page', async () => {
    const response = await fetch(server.url.replace('/mcp', '/elicitation/callback?id=<script>'));
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('Link expired');
  });
});
