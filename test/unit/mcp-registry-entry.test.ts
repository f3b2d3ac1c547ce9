// Issue 24 §2: registry entries are untrusted. Literal in, literal out: what
// readEntry keeps of a `ServerResponse`, and the headers headersFor sends.
import { describe, expect, test } from 'vitest';
import { headersFor, readEntry } from '../../src/mcp/registry-entry.js';
import { discoverSiteServer } from '../../src/mcp/discover.js';

const entry = (server: Record<string, unknown>, meta: Record<string, unknown> = { status: 'active', isLatest: true }) => ({
  server: { name: 'io.example.test/x', description: 'X.', version: '1.0.0', ...server },
  _meta: { 'io.modelcontextprotocol.registry/official': meta },
});

describe('readEntry', () => {
  test('a header template asks for its variables, secret when the header is, and headersFor fills it in', () => {
    const read = readEntry(
      entry({
        remotes: [
          {
            type: 'streamable-http',
            url: 'https://api.example.test/mcp',
            headers: [
              {
                name: 'Authorization',
                value: 'Bearer {api_key}',
                isSecret: true,
                isRequired: true,
                variables: { api_key: { description: 'Your key' } },
              },
              { name: 'X-Client', value: 'mcp-web-elements' },
              { name: 'X-Tier', choices: ['free', 'pro'], default: 'free' },
            ],
          },
        ],
      }),
    )!;
    const remote = read.remotes[0]!;
    expect(remote.fields).toEqual([
      { key: 'Authorization.api_key', label: 'api_key', description: 'Your key', isRequired: true, isSecret: true },
      { key: 'X-Tier', label: 'X-Tier', isRequired: false, isSecret: false, default: 'free', choices: ['free', 'pro'] },
    ]);
    expect(headersFor(remote, {})).toEqual({ 'X-Client': 'mcp-web-elements', 'X-Tier': 'free' });
    expect(headersFor(remote, { 'Authorization.api_key': ' sk-1 ', 'X-Tier': 'pro' })).toEqual({
      Authorization: 'Bearer sk-1',
      'X-Client': 'mcp-web-elements',
      'X-Tier': 'pro',
    });
    // A typed value cannot smuggle a second header line.
    expect(headersFor(remote, { 'Authorization.api_key': 'a\r\nX-Evil: 1' })).not.toHaveProperty('Authorization');
  });

  test('headers a browser refuses or the client sets itself are left out; bad names too', () => {
    const read = readEntry(
      entry({
        remotes: [
          {
            type: 'streamable-http',
            url: 'https://api.example.test/mcp',
            headers: [
              { name: 'Cookie' },
              { name: 'Sec-Fetch-Mode' },
              { name: 'Mcp-Session-Id' },
              { name: 'Bad Name' },
              { name: 'X-Ok', isRequired: true },
              { name: 'x-ok' },
            ],
          },
        ],
      }),
    )!;
    expect(read.remotes[0]!.headers.map((h) => h.name)).toEqual(['X-Ok']);
  });

  test('only http(s) addresses and image data URLs survive; deleted and nameless entries are dropped', () => {
    const read = readEntry(
      entry({
        websiteUrl: 'javascript:alert(1)',
        repository: { url: 'https://github.com/example-test/x', source: 'github' },
        icons: [
          { src: 'data:text/html,<script>1</script>' },
          { src: 'data:image/png;base64,iVBORw0KGgo=' },
          { src: 'https://cdn.example.test/x.svg', theme: 'dark' },
        ],
        remotes: [
          { type: 'streamable-http', url: 'ftp://example.test/mcp' },
          { type: 'sse', url: 'https://example.test/sse' },
        ],
        packages: [{ registryType: 'npm', identifier: 'x', transport: { type: 'stdio' } }],
      }),
    )!;
    expect(read.websiteUrl).toBeUndefined();
    expect(read.repository).toEqual({ url: 'https://github.com/example-test/x', source: 'github' });
    expect(read.icons).toEqual([{ src: 'data:image/png;base64,iVBORw0KGgo=' }, { src: 'https://cdn.example.test/x.svg', theme: 'dark' }]);
    expect(read.remotes).toEqual([]);
    expect(read.notOffered).toEqual(['sse', 'stdio']);
    expect(readEntry(entry({}, { status: 'deleted' }))).toBeUndefined();
    expect(readEntry({ server: { description: 'no name', version: '1' } })).toBeUndefined();
    expect(readEntry('nonsense')).toBeUndefined();
  });
});

test('discovery on an origin that is not a web address says so instead of throwing', async () => {
  const result = await discoverSiteServer({ origin: 'file:///home/docs/index.html' });
  expect(result).toEqual({
    found: false,
    sentence: 'No MCP server can be looked for here: file:///home/docs/index.html is not a web (http or https) origin.',
    tried: [],
  });
});
