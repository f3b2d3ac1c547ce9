import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, inject, test, vi } from 'vitest';
import { McpHub, SessionTrace, TRACE_FORMAT, TRACE_VERSION, type TraceEntry } from '../../src/mcp/index.js';

// The demo server serves both eras on one endpoint (started by the global setup).
const url = inject('demoUrl');

// Values that must never reach an exported trace.
const OAUTH_TOKEN = 'oauth-access-7f3a9c2e5b1d4f6a8c0e2b4d';
const REFRESH_TOKEN = 'oauth-refresh-1a2b3c4d5e6f7a8b9c0d';
const BEARER = 'static-bearer-Qm9vYmFyYmF6cXV4MTIzNDU2';
const CUSTOM_SECRET = 'custom-header-secret-99xx77yy55zz';
const PROVIDER_KEY = 'sk-provider-abcdefghij0123456789';

/** A provider that already holds tokens: the SDK sends `Authorization: Bearer <token>` with every request. */
function signedInProvider(): OAuthClientProvider {
  return {
    get redirectUrl() {
      return 'http://127.0.0.1/callback';
    },
    get clientMetadata() {
      return { redirect_uris: ['http://127.0.0.1/callback'], client_name: 'trace test' };
    },
    clientInformation: () => ({ client_id: 'trace-test' }),
    tokens: () => ({ access_token: OAUTH_TOKEN, refresh_token: REFRESH_TOKEN, token_type: 'Bearer' }),
    saveTokens: () => {},
    redirectToAuthorization: () => {},
    saveCodeVerifier: () => {},
    codeVerifier: () => 'verifier',
  } as OAuthClientProvider;
}

const hubs: McpHub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).flatMap((h) => h.connections.map((c) => c.close())));
});

function messagesOf(entries: TraceEntry[], kind: TraceEntry['kind']): unknown[] {
  return entries.flatMap((e) => {
    if (e.kind !== kind) return [];
    if (e.kind === 'message') return [e.message];
    if (e.kind === 'http-request' || e.kind === 'http-response') return e.messages ?? [];
    return [];
  });
}

describe('session trace', () => {
  test.each(['legacy', 'modern'] as const)('records the messages both ways and no secret (%s era)', async (era) => {
    const hub = new McpHub();
    hubs.push(hub);
    const trace = hub.startTrace();
    const oauth = hub.add({
      url,
      era,
      name: 'oauth',
      authProvider: signedInProvider(),
      headers: { 'X-Team-Key': CUSTOM_SECRET },
      secretHeaders: ['x-team-key'],
    });
    const bearer = hub.add({ url, era, name: 'bearer', headers: { Authorization: `Bearer ${BEARER}` } });
    await Promise.all([oauth.connect(), bearer.connect()]);
    await oauth.callTool('echo', { message: 'hello from the trace test' });
    await bearer.callTool('echo', { message: 'second server' });
    trace.addSecret(PROVIDER_KEY);
    trace.addEvent('model-request', {
      provider: 'openai',
      apiKey: PROVIDER_KEY,
      messages: [{ role: 'user', content: `my key is ${PROVIDER_KEY}` }],
    });
    trace.addEvent('approval', { tool: 'echo', decision: 'allow-once' }, { server: oauth.id });
    trace.addEvent('error', new Error('the model timed out'));

    const document = hub.exportTrace()!;
    const text = JSON.stringify(document);
    for (const secret of [OAUTH_TOKEN, REFRESH_TOKEN, BEARER, CUSTOM_SECRET, PROVIDER_KEY]) expect(text).not.toContain(secret);
    expect(text.toLowerCase()).not.toContain('"authorization"');
    expect(text.toLowerCase()).not.toContain('x-team-key');

    expect(document).toMatchObject({ format: TRACE_FORMAT, version: TRACE_VERSION, dropped: 0 });
    expect(document.servers[oauth.id]).toMatchObject({ name: 'oauth', era, url });
    // Out: the tools/call request, with its arguments. In: its answer, as JSON or as an event stream message.
    const out = messagesOf(document.entries, 'http-request');
    expect(out).toContainEqual(
      expect.objectContaining({
        method: 'tools/call',
        params: expect.objectContaining({ name: 'echo', arguments: { message: 'hello from the trace test' } }),
      }),
    );
    const back = [...messagesOf(document.entries, 'http-response'), ...messagesOf(document.entries, 'message')];
    expect(JSON.stringify(back)).toContain('hello from the trace test');
    // HTTP status, the MCP headers and timings.
    const responses = document.entries.filter((e) => e.kind === 'http-response');
    expect(responses.length).toBeGreaterThan(2);
    expect(responses.every((e) => e.kind === 'http-response' && e.status >= 200 && e.durationMs >= 0)).toBe(true);
    const requests = document.entries.filter((e): e is Extract<TraceEntry, { kind: 'http-request' }> => e.kind === 'http-request');
    expect(requests.some((e) => e.headers['mcp-protocol-version'])).toBe(true);
    // The page's events, in order, with their credential fields redacted.
    const events = document.entries.filter((e) => e.kind === 'event').map((e) => (e.kind === 'event' ? e.type : ''));
    expect(events).toEqual(['model-request', 'approval', 'error']);
    expect(text).toContain('the model timed out');
  });

  test('stays within its bound, dropping the oldest entries', async () => {
    const trace = new SessionTrace({ maxBytes: 20_000 });
    for (let i = 0; i < 200; i++) trace.addEvent('note', { i, text: 'x'.repeat(200) });
    const document = trace.export();
    expect(JSON.stringify(document.entries).length).toBeLessThanOrEqual(20_000);
    expect(document.dropped).toBeGreaterThan(0);
    expect(document.entries.at(-1)).toMatchObject({ kind: 'event', data: { i: 199 } });
    expect(document.entries[0]!.seq).toBe(document.dropped + 1);
  });

  test('message bodies are parsed and redacted at export, not as they pass, and the export stays within the bound (issue 42)', () => {
    const trace = new SessionTrace({ maxBytes: 20_000 });
    const parse = vi.spyOn(JSON, 'parse');
    try {
      // A one-digit token: "[redacted]" is longer than the value it replaces, so the export is larger than the text counted.
      for (let i = 0; i < 300; i++) {
        const body = JSON.stringify({
          jsonrpc: '2.0',
          id: i,
          method: 'tools/call',
          params: { name: 'echo', arguments: { token: 7, n: i } },
        });
        const seq = trace.request(
          'mcp-1',
          'POST',
          'http://127.0.0.1:9/mcp',
          new Headers({ 'content-type': 'application/json' }),
          body,
          new Set(),
          true,
        );
        trace.streamMessage(
          'mcp-1',
          seq,
          JSON.stringify({ jsonrpc: '2.0', id: i, result: { content: [{ type: 'text', text: `answer ${i}` }] } }),
        );
      }
      expect(parse).not.toHaveBeenCalled();
      const document = trace.export();
      expect(parse).toHaveBeenCalled();
      expect(JSON.stringify(document.entries).length).toBeLessThanOrEqual(20_000);
      expect(document.dropped).toBeGreaterThan(0);
      expect(document.entries[0]!.seq).toBe(document.dropped + 1);
      const last = document.entries.at(-1)!;
      expect(last).toMatchObject({ kind: 'message', message: { id: 299, result: { content: [{ text: 'answer 299' }] } } });
      const request = document.entries.at(-2)!;
      expect(request).toMatchObject({
        kind: 'http-request',
        messages: [{ id: 299, params: { arguments: { token: '[redacted]', n: 299 } } }],
      });
    } finally {
      parse.mockRestore();
    }
  });

  test('a connection records nothing until a trace is started', async () => {
    const hub = new McpHub();
    hubs.push(hub);
    const connection = hub.add({ url, era: 'legacy' });
    await connection.connect();
    expect(hub.exportTrace()).toBeUndefined();
    const trace = hub.startTrace();
    await connection.callTool('echo', { message: 'after start' });
    expect(JSON.stringify(trace.export())).toContain('after start');
    expect(trace.export().entries.some((e) => e.kind === 'http-request' && JSON.stringify(e.messages).includes('"initialize"'))).toBe(
      false,
    );
  });
});
