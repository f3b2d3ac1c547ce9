// Issue 24 §1: a docs site's chat finds the site's own MCP server. Real sites over
// HTTP on 127.0.0.1 (test/servers/discovery-sites.ts), real SDK handshakes, real
// Chromium. The page's own origin is the Vitest server, so each test names the
// site's origin (discoverSiteServer defaults to location.origin).
import { expect, inject, test } from 'vitest';
import { McpConnection } from '../../src/mcp/connection.js';
import { discoverSiteServer, endpointsIn } from '../../src/mcp/discover.js';

const pathsTried = (tried: Array<{ url: string }>, origin: string) => tried.map((t) => t.url.replace(origin, ''));

test('a site serving MCP at /mcp is found there, after the discovery files, and the chat can connect to it', async () => {
  const origin = inject('siteMcpOrigin');
  const result = await discoverSiteServer({ origin });
  expect(result.found).toBe(true);
  if (!result.found) return;
  expect(result.url).toBe(`${origin}/mcp`);
  expect(result.how).toBe('endpoint');
  expect(result.sentence).toBe('Found at /mcp.');
  expect(result.probe.era).toBe('modern');
  expect(result.probe.serverInfo?.name).toBe('site-docs');
  expect(pathsTried(result.tried, origin)).toEqual([
    '/.well-known/mcp/catalog.json',
    '/.well-known/ai-catalog.json',
    '/~gitbook/mcp/server-card',
    '/mcp/server-card',
    '/.well-known/mcp/server-card.json',
    '/.well-known/mcp.json',
    '/.well-known/mcp',
    '/~gitbook/mcp',
    '/mcp',
  ]);
  expect(result.tried.at(-1)?.outcome).toBe('found');
  expect(result.tried[7]?.outcome).toBe('failed');

  const connection = new McpConnection({ url: result.url });
  try {
    await connection.connect();
    expect(connection.tools.map((t) => t.name)).toEqual(['lookup']);
  } finally {
    await connection.close();
  }
});

test('a site naming its server only in its server card is found through the card; the remote on another origin is never contacted', async () => {
  const origin = inject('siteCardOrigin');
  const remotes = inject('remotesOrigin');
  const hits = async () => ((await (await fetch(`${remotes}/test/hits`)).json()) as { elsewhere: number }).elsewhere;
  const before = await hits();
  const result = await discoverSiteServer({ origin });
  expect(result.found).toBe(true);
  if (!result.found) return;
  expect(result.url).toBe(`${origin}/api/docs-mcp`);
  expect(result.how).toBe('server-card');
  expect(result.source).toBe(`${origin}/.well-known/mcp/server-card.json`);
  expect(result.sentence).toBe('Named in the server card (/.well-known/mcp/server-card.json), at /api/docs-mcp.');
  expect(result.probe.serverInfo?.name).toBe('card-docs');
  expect(result.tried.slice(4)).toEqual([
    {
      url: `${remotes}/elsewhere/mcp`,
      outcome: 'other-origin',
      detail: 'Named in /.well-known/mcp/server-card.json, on another origin: not contacted.',
    },
    { url: `${origin}/api/docs-mcp`, outcome: 'found' },
  ]);
  expect(await hits()).toBe(before);
});

test('a site naming its server only in its MCP Catalog is found through the catalog and the card it names; nothing on another origin is contacted', async () => {
  const origin = inject('siteCatalogOrigin');
  const remotes = inject('remotesOrigin');
  const result = await discoverSiteServer({ origin });
  expect(result.found).toBe(true);
  if (!result.found) return;
  expect(result.url).toBe(`${origin}/api/catalog-mcp`);
  expect(result.how).toBe('server-card');
  expect(result.source).toBe(`${origin}/cards/docs.json`);
  expect(result.sentence).toBe('Named in the server card (/cards/docs.json), at /api/catalog-mcp.');
  expect(result.probe.serverInfo?.name).toBe('catalog-docs');
  expect(result.tried).toEqual([
    {
      url: `${remotes}/cards/elsewhere.json`,
      outcome: 'other-origin',
      detail: 'Named in /.well-known/mcp/catalog.json, on another origin: not contacted.',
    },
    { url: `${origin}/api/catalog-mcp`, outcome: 'found' },
  ]);
});

test('a site whose server only <endpoint>/server-card describes (asked with the server card type) is found through it', async () => {
  const origin = inject('siteEndpointCardOrigin');
  const result = await discoverSiteServer({ origin });
  expect(result.found).toBe(true);
  if (!result.found) return;
  expect(result.url).toBe(`${origin}/api/v2/mcp`);
  expect(result.source).toBe(`${origin}/mcp/server-card`);
  expect(result.sentence).toBe('Named in the server card (/mcp/server-card), at /api/v2/mcp.');
  expect(result.probe.serverInfo?.name).toBe('endpoint-card-docs');
  expect(pathsTried(result.tried, origin)).toEqual([
    '/.well-known/mcp/catalog.json',
    '/.well-known/ai-catalog.json',
    '/~gitbook/mcp/server-card',
    '/api/v2/mcp',
  ]);
});

test('a site with no MCP server (HTML for every address) says "no MCP server found" and lists what it tried', async () => {
  const origin = inject('siteNoneOrigin');
  const result = await discoverSiteServer({ origin });
  expect(result.found).toBe(false);
  expect(result.sentence).toBe(
    'No MCP server found on this site (tried /.well-known/mcp/catalog.json, /.well-known/ai-catalog.json, /~gitbook/mcp/server-card, /mcp/server-card, /.well-known/mcp/server-card.json, /.well-known/mcp.json, /.well-known/mcp, /~gitbook/mcp, /mcp).',
  );
  expect(result.tried.map((t) => t.outcome)).toEqual([
    'absent',
    'absent',
    'absent',
    'absent',
    'absent',
    'absent',
    'absent',
    'failed',
    'failed',
  ]);
  // Each failed handshake says why, in words a person can act on.
  expect(result.tried[8]?.detail).toMatch(/not an MCP endpoint: it answered with content of type text\/html/);
});

test('a stopped search ends at once with what it had tried, and contacts nothing more', async () => {
  const controller = new AbortController();
  controller.abort();
  const result = await discoverSiteServer({ origin: inject('siteMcpOrigin'), signal: controller.signal });
  expect(result.found).toBe(false);
  expect(result.found === false && result.aborted).toBe(true);
  expect(result.sentence).toMatch(/^The search for this site's MCP server was stopped/);
  // Counted, not timed (issue 36 item 9): nothing was tried, so nothing was waited for.
  expect(result.tried).toEqual([]);
});

test('discovery files name endpoints in the shapes seen in the wild; only http(s), no templates, no user info', () => {
  const origin = 'https://docs.example.test';
  expect(
    endpointsIn(
      {
        remotes: [
          { type: 'streamable-http', url: '/mcp' },
          { type: 'sse', url: '/sse' },
        ],
      },
      origin,
    ),
  ).toEqual([`${origin}/mcp`]);
  expect(endpointsIn({ transport: { type: 'streamable-http', endpoint: '/api/mcp' } }, origin)).toEqual([`${origin}/api/mcp`]);
  expect(endpointsIn({ url: 'https://docs.example.test/mcp', servers: [{ url: '/other' }] }, origin)).toEqual([
    `${origin}/mcp`,
    `${origin}/other`,
  ]);
  expect(
    endpointsIn(
      {
        remotes: [
          { url: 'javascript:alert(1)' },
          { url: 'https://{tenant}.example.test/mcp' },
          { url: 'https://u:p@docs.example.test/mcp' },
        ],
      },
      origin,
    ),
  ).toEqual([]);
  expect(endpointsIn('not an object', origin)).toEqual([]);
});
