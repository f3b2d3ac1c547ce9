import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError, UnauthorizedError } from '@modelcontextprotocol/client';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.js';
import { assignModelToolNames, MODEL_TOOL_NAME_PATTERN } from '../../src/mcp/tool-names.js';
import { classifyError } from '../../src/mcp/errors.js';
import { freePort } from '../servers/running-server.js';

const url = 'http://127.0.0.1:9/mcp';

describe('classifyError', () => {
  test('each failure gets a kind and a message a person can act on', () => {
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    expect(classifyError(refused, url)).toMatchObject({
      kind: 'unreachable',
      message: expect.stringMatching(/Cannot reach .*ECONNREFUSED.*running/),
    });

    const cut = new TypeError('terminated', { cause: new Error('other side closed') });
    expect(classifyError(cut, url)).toMatchObject({ kind: 'connection-lost' });

    const wrapped = new SdkError(SdkErrorCode.EraNegotiationFailed, 'Version negotiation probe failed: fetch failed', undefined, {
      cause: refused,
    });
    expect(classifyError(wrapped, url, 'connect')).toMatchObject({ kind: 'unreachable' });

    const unauthorized = new SdkHttpError(SdkErrorCode.ClientHttpAuthentication, 'nope', { status: 401 });
    expect(classifyError(unauthorized, url)).toMatchObject({
      kind: 'auth-required',
      status: 401,
      message: expect.stringContaining('sign in'),
    });
    expect(classifyError(new UnauthorizedError(), url)).toMatchObject({ kind: 'auth-required' });

    const missing = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'x', {
      status: 404,
      text: '<html><body>Not <b>found</b></body></html>',
    });
    expect(classifyError(missing, url, 'connect')).toMatchObject({
      kind: 'not-mcp',
      status: 404,
      message: expect.stringContaining('no MCP endpoint'),
    });

    const gateway = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'x', {
      status: 502,
      statusText: 'Bad Gateway',
      text: '<h1>upstream down</h1>',
    });
    const http = classifyError(gateway, url);
    expect(http).toMatchObject({ kind: 'http', status: 502 });
    // HTML from the server is reduced to plain text.
    expect(http.message).toContain('HTTP 502 Bad Gateway: upstream down');
    expect(http.message).not.toContain('<h1>');

    const html = new SdkError(SdkErrorCode.ClientHttpUnexpectedContent, 'Unexpected content type: text/html', { contentType: 'text/html' });
    expect(classifyError(html, url, 'connect')).toMatchObject({ kind: 'not-mcp', message: expect.stringContaining('text/html') });

    expect(classifyError(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'), url)).toMatchObject({ kind: 'timeout' });
    expect(classifyError(new ProtocolError(-32602, 'Unknown tool: nope'), url)).toMatchObject({
      kind: 'protocol',
      code: -32602,
      message: expect.stringContaining('Unknown tool: nope'),
    });
    expect(classifyError(new DOMException('aborted', 'AbortError'), url)).toMatchObject({ kind: 'aborted' });
  });

  describe('against real HTTP answers', () => {
    let server: Server;
    let base: string;
    beforeAll(async () => {
      const port = await freePort();
      server = createServer((req, res) => {
        if (req.url === '/html') res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>a web page</p>');
        else if (req.url === '/gateway') res.writeHead(503, { 'content-type': 'text/plain' }).end('maintenance');
        else res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    test.each([
      ['a web page', '/html', 'legacy', 'not-mcp'],
      ['nothing at that path', '/missing', 'auto', 'not-mcp'],
      ['a 5xx gateway (probe, then the 2025 fallback)', '/gateway', 'auto', 'http'],
    ] as const)('%s', async (_label, path, era, kind) => {
      const connection = new McpConnection({ url: base + path, era });
      await expect(connection.connect()).rejects.toMatchObject({ kind });
      expect(connection.state).toBe('failed');
      await connection.close();
    });

    test('a web page found in auto mode (the discover probe) is named as such, in words', async () => {
      const connection = new McpConnection({ url: base + '/html', era: 'auto' });
      await expect(connection.connect()).rejects.toMatchObject({
        kind: 'not-mcp',
        message: expect.stringMatching(/is not an MCP endpoint: it answered with content of type text\/html.*ends in \/mcp/),
      });
      await connection.close();
    });

    test('a closed port is unreachable', async () => {
      const port = await freePort();
      const connection = new McpConnection({ url: `http://127.0.0.1:${port}/mcp` });
      await expect(connection.connect()).rejects.toMatchObject({
        kind: 'unreachable',
        message: expect.stringContaining(`127.0.0.1:${port}`),
      });
      await connection.close();
    });
  });
});

describe('assignModelToolNames', () => {
  const tool = (serverId: string, serverName: string, toolName: string) => ({ serverId, serverName, toolName });

  test('unique names are kept; colliding names get the server as prefix; every name is model-safe', () => {
    const tools = [
      tool('a', 'weather', 'forecast'),
      tool('a', 'weather', 'search'),
      tool('b', 'Docs Site!', 'search'),
      tool('b', 'Docs Site!', 'get.page'),
      tool('c', 'x'.repeat(80), 'search'),
    ];
    const names = assignModelToolNames(tools);
    expect([...names.keys()]).toEqual([
      'forecast',
      'weather__search',
      'Docs_Site__search',
      'get_page',
      `${'x'.repeat(56)}__search`.slice(0, 64),
    ]);
    for (const name of names.keys()) expect(name).toMatch(MODEL_TOOL_NAME_PATTERN);
    expect(names.get('Docs_Site__search')).toBe(tools[2]);
  });

  test('a prefixed name never steals a real tool name and stays unique', () => {
    const tools = [tool('a', 'one', 'go'), tool('b', 'one', 'go'), tool('c', 'x', 'one__go')];
    const names = [...assignModelToolNames(tools).keys()];
    expect(names).toEqual(['one__go_2', 'one__go_3', 'one__go']);
    expect(new Set(names).size).toBe(3);
  });

  test('twenty servers of one name with the same tools: numbered in server order, names cut to 64 keep their number', () => {
    const long = 'a'.repeat(60);
    const tools = Array.from({ length: 20 }, (_, i) => [tool(`s${i}`, 'demo', 'echo'), tool(`s${i}`, 'demo', long)]).flat();
    const names = [...assignModelToolNames(tools).keys()];
    expect(names.filter((n) => n.includes('echo'))).toEqual(['demo__echo', ...Array.from({ length: 19 }, (_, i) => `demo__echo_${i + 2}`)]);
    const cut = names.filter((n) => !n.includes('echo'));
    expect(cut[0]).toBe(`demo__${long}`.slice(0, 64));
    expect(cut[1]).toBe(`${`demo__${long}`.slice(0, 62)}_2`);
    expect(cut[19]).toBe(`${`demo__${long}`.slice(0, 61)}_20`);
    expect(new Set(names).size).toBe(40);
    for (const name of names) expect(name).toMatch(MODEL_TOOL_NAME_PATTERN);
  });
});
