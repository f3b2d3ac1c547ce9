import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError, UnauthorizedError } from '@modelcontextprotocol/client';
import { describe, expect, test } from 'vitest';
import { classifyError } from '../../src/mcp/errors.js';
import type { McpDiagnosis } from '../../src/mcp/diagnosis.js';
import { PROXY_HINT } from '../../src/mcp/diagnosis-cors.js';
import { diagnosisInEnglish } from '../../src/mcp/diagnosis-english.js';
import { diagnosisInArabic } from '../../src/elements/mcp-chat/diagnosis-ar.js';
import { CHAT_STRINGS_EN } from '../../src/elements/mcp-chat/strings.js';
import { CHAT_STRINGS_AR } from '../../src/elements/mcp-chat/strings-ar.js';

// A diagnosis is data (kind and values); its English sentence is the error's
// message, word for word what it was before diagnoses were data; the chat's
// Arabic table has a sentence for every kind.

const url = 'http://127.0.0.1:9/mcp';

describe('connection diagnoses', () => {
  test('classifyError keeps its English messages and adds the diagnosis they are made from', () => {
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    const cases: Array<[unknown, string, McpDiagnosis, 'connect' | 'request']> = [
      [
        refused,
        `Cannot reach ${url} (ECONNREFUSED). Check that the server is running and the address is right.`,
        { kind: 'unreachable', url, code: 'ECONNREFUSED' },
        'request',
      ],
      [
        new TypeError('terminated', { cause: new Error('other side closed') }),
        'The connection to the server at 127.0.0.1:9 was cut off.',
        { kind: 'cut-off', host: '127.0.0.1:9' },
        'request',
      ],
      [new UnauthorizedError(), 'The server at 127.0.0.1:9 needs you to sign in.', { kind: 'sign-in', host: '127.0.0.1:9' }, 'request'],
      [
        new SdkHttpError(SdkErrorCode.ClientHttpAuthentication, 'x', { status: 401 }),
        'The server at 127.0.0.1:9 needs you to sign in (HTTP 401).',
        { kind: 'sign-in', host: '127.0.0.1:9', status: 401 },
        'request',
      ],
      [
        new SdkHttpError(SdkErrorCode.ClientHttpForbidden, 'x', { status: 403 }),
        'The server at 127.0.0.1:9 denied access (HTTP 403). Sign in with an account that may use it.',
        { kind: 'forbidden', host: '127.0.0.1:9' },
        'request',
      ],
      [
        new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'x', { status: 404 }),
        `There is no MCP endpoint at ${url} (HTTP 404). Check the address; it often ends in /mcp.`,
        { kind: 'no-endpoint', url, status: 404 },
        'connect',
      ],
      [
        new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'x', {
          status: 502,
          statusText: 'Bad Gateway',
          text: '<h1>upstream down</h1>',
        }),
        'The server at 127.0.0.1:9 answered with HTTP 502 Bad Gateway: upstream down.',
        { kind: 'http-status', host: '127.0.0.1:9', status: 502, statusText: 'Bad Gateway', text: 'upstream down' },
        'request',
      ],
      [
        new SdkError(SdkErrorCode.RequestTimeout, 'slow'),
        'The server at 127.0.0.1:9 did not answer in time.',
        { kind: 'timeout', host: '127.0.0.1:9' },
        'request',
      ],
      [
        new SdkError(SdkErrorCode.ConnectionClosed, 'closed'),
        'The connection to the server at 127.0.0.1:9 closed before it answered.',
        { kind: 'closed-before-answer', host: '127.0.0.1:9' },
        'request',
      ],
      [
        new ProtocolError(-32602, 'bad params'),
        'The server at 127.0.0.1:9 returned an error: bad params',
        { kind: 'server-error', host: '127.0.0.1:9', detail: 'bad params' },
        'request',
      ],
      [
        new SyntaxError('Unexpected token <'),
        'The server at 127.0.0.1:9 sent something that is not MCP (Unexpected token <).',
        { kind: 'not-mcp', host: '127.0.0.1:9', detail: 'Unexpected token <' },
        'request',
      ],
      [Object.assign(new Error('x'), { name: 'AbortError' }), 'The request was stopped.', { kind: 'stopped' }, 'request'],
      [new Error('odd'), 'The server: odd', { kind: 'other', detail: 'odd' }, 'request'],
    ];
    for (const [error, message, diagnosis, phase] of cases) {
      const classified = classifyError(error, message === 'The server: odd' ? 'not a url' : url, phase);
      expect(classified.diagnosis, message).toEqual(diagnosis);
      expect(classified.message, message).toBe(message);
      expect(diagnosisInEnglish(diagnosis)).toBe(message);
    }
  });

  test('the CORS sentences, word for word', () => {
    expect(diagnosisInEnglish({ kind: 'cors-origin', host: 'mcp.example:8443', origin: 'https://page.example' })).toBe(
      `The server at mcp.example:8443 answers, but its CORS policy does not allow this page (https://page.example): it must send Access-Control-Allow-Origin and answer the OPTIONS preflight. ${PROXY_HINT}`,
    );
    expect(diagnosisInEnglish({ kind: 'cors-headers', host: 'h', headers: ['mcp-name'] })).toBe(
      `The server at h does not allow the request header mcp-name from this page (CORS): add it to Access-Control-Allow-Headers. ${PROXY_HINT}`,
    );
    expect(diagnosisInEnglish({ kind: 'cors-headers', host: 'h', headers: ['a', 'b'] })).toBe(
      `The server at h does not allow the request headers a, b from this page (CORS): add them to Access-Control-Allow-Headers. ${PROXY_HINT}`,
    );
    expect(diagnosisInEnglish({ kind: 'session-id-hidden', host: 'h' })).toBe(
      'The server at h started a session, but this page cannot read its Mcp-Session-Id header (CORS): the server must list Mcp-Session-Id in Access-Control-Expose-Headers.',
    );
  });

  test('the Arabic table says every kind in Arabic, keeping addresses and header names', () => {
    const all: McpDiagnosis[] = [
      { kind: 'unreachable', url },
      { kind: 'cors-origin', host: 'h', origin: 'https://o' },
      { kind: 'cors-preflight', host: 'h', url, headers: ['content-type'] },
      { kind: 'cors-headers', host: 'h', headers: ['mcp-name'] },
      { kind: 'cors-responses', host: 'h' },
      { kind: 'session-id-hidden', host: 'h' },
      { kind: 'sign-in', host: 'h' },
      { kind: 'forbidden' },
      { kind: 'no-endpoint', url, status: 405 },
      { kind: 'http-status', host: 'h', status: 500 },
      { kind: 'not-mcp-content', host: 'h', contentType: 'text/html', checkAddress: true },
      { kind: 'not-mcp', detail: 'x' },
      { kind: 'sign-in-metadata', host: 'h', authServer: 'a' },
      { kind: 'sign-in-metadata-blocked', host: 'h', authServer: 'https://auth.example' },
      { kind: 'sign-in-unreachable', host: 'h', authServer: 'https://auth.example' },
      { kind: 'timeout', host: 'h' },
      { kind: 'closed-before-answer', host: 'h' },
      { kind: 'cut-off', host: 'h' },
      { kind: 'invalid-answer', host: 'h', detail: 'x' },
      { kind: 'server-error', host: 'h', detail: 'x' },
      { kind: 'other', host: 'h', detail: 'x' },
      { kind: 'stopped' },
    ];
    const ar = CHAT_STRINGS_AR;
    for (const d of all) {
      const text = ar.diagnosis(d, diagnosisInEnglish(d));
      expect(text, d.kind).toBe(diagnosisInArabic(d));
      expect(text, d.kind).toMatch(/[\u0600-\u06FF]/);
      expect(text, d.kind).not.toBe(diagnosisInEnglish(d));
      if ('url' in d) expect(text).toContain(d.url);
      if ('authServer' in d) expect(text).toContain(d.authServer);
    }
    expect(ar.diagnosis({ kind: 'cors-headers', host: 'h', headers: ['mcp-name'] }, '')).toContain('Access-Control-Allow-Headers');
    // The English table says the connection's own English sentence.
    const english = diagnosisInEnglish({ kind: 'unreachable', url });
    expect(CHAT_STRINGS_EN.diagnosis({ kind: 'unreachable', url }, english)).toBe(english);
  });
});
