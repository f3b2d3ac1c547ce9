import { describe, expect, test } from 'vitest';
import { mayPublish, type PublishableHubTool } from '../../src/page-tools/web-mcp-publish.js';
import { globMatch, matchPatterns, pageToolPredicate, parseToolPatterns } from '../../src/page-tools/tool-patterns.js';

describe('parseToolPatterns', () => {
  test('spaces and commas separate; "-" denies; server:tool names one server', () => {
    expect(parseToolPatterns('search_* -checkout')).toEqual({
      allow: [{ tool: 'search_*', explicit: false }],
      deny: [{ tool: 'checkout', explicit: true }],
    });
    expect(parseToolPatterns('forecast, docs:search')).toEqual({
      allow: [
        { tool: 'forecast', explicit: true },
        { server: 'docs', tool: 'search', explicit: true },
      ],
      deny: [],
    });
  });

  test('the last colon separates the server, so a host with a port works; "docs:" means every tool of docs', () => {
    expect(parseToolPatterns('127.0.0.1:3001:echo').allow).toEqual([{ server: '127.0.0.1:3001', tool: 'echo', explicit: true }]);
    expect(parseToolPatterns('docs:').allow).toEqual([{ server: 'docs', tool: '*', explicit: false }]);
    expect(parseToolPatterns('d*:search').allow).toEqual([{ server: 'd*', tool: 'search', explicit: false }]);
  });

  test('empty, blank and absent lists allow nothing in particular and deny nothing', () => {
    for (const spec of ['', '  , ,', null, undefined]) expect(parseToolPatterns(spec)).toEqual({ allow: [], deny: [] });
  });
});

describe('matching', () => {
  test('globs: * any run, ? one character, everything else literal', () => {
    expect(globMatch('search_*', 'search_products')).toBe(true);
    expect(globMatch('search_*', 'research_x')).toBe(false);
    expect(globMatch('a?c', 'abc')).toBe(true);
    expect(globMatch('a.c', 'abc')).toBe(false);
    expect(globMatch('DOCS', 'docs', true)).toBe(true);
  });

  test('a deny wins; an exact entry is explicit; a glob is a wildcard', () => {
    const patterns = parseToolPatterns('search_* checkout -search_secret');
    expect(matchPatterns(patterns, { tool: 'search_products' })).toBe('wildcard');
    expect(matchPatterns(patterns, { tool: 'checkout' })).toBe('explicit');
    expect(matchPatterns(patterns, { tool: 'search_secret' })).toBe('denied');
    expect(matchPatterns(patterns, { tool: 'add_to_cart' })).toBe('none');
  });

  test('the page-tools filter: empty allows all, a pattern list filters, a function decides (and a throwing one refuses)', () => {
    expect(pageToolPredicate('')({ name: 'anything' })).toBe(true);
    const filter = pageToolPredicate('search_* -checkout');
    expect(['search_a', 'checkout', 'cart'].filter((name) => filter({ name }))).toEqual(['search_a']);
    expect(pageToolPredicate('-checkout')({ name: 'cart' })).toBe(true);
    expect(pageToolPredicate((t) => t.name.length < 5)({ name: 'cart' })).toBe(true);
    expect(
      pageToolPredicate(() => {
        throw new Error('bad filter');
      })({ name: 'cart' }),
    ).toBe(false);
  });
});

describe('mayPublish', () => {
  const tool = (name: string, annotations?: Record<string, unknown>, server = 'docs'): PublishableHubTool => ({
    name,
    tool: { name, inputSchema: { type: 'object' }, ...(annotations ? { annotations } : {}) },
    connection: { name: server, url: 'http://127.0.0.1:3001/mcp', state: 'connected' },
  });

  test('a tool named exactly is published whatever its hints; by wildcard only when read-only and not destructive', () => {
    expect(mayPublish(tool('delete', { destructiveHint: true }), 'delete')).toBe(true);
    expect(mayPublish(tool('delete', { destructiveHint: true }), '*')).toBe(false);
    expect(mayPublish(tool('write'), 'docs:*')).toBe(false);
    expect(mayPublish(tool('search', { readOnlyHint: true }), 'docs:*')).toBe(true);
    expect(mayPublish(tool('search', { readOnlyHint: true, destructiveHint: true }), '*')).toBe(false);
  });

  test('server parts match the server name or its host; a deny wins; nothing is published by an empty list', () => {
    expect(mayPublish(tool('search', {}, 'docs'), 'docs:search')).toBe(true);
    expect(mayPublish(tool('search', {}, 'docs'), 'other:search')).toBe(false);
    expect(mayPublish(tool('search', {}, 'docs'), '127.0.0.1:3001:search')).toBe(true);
    expect(mayPublish(tool('search', { readOnlyHint: true }), '* -search')).toBe(false);
    expect(mayPublish(tool('search', { readOnlyHint: true }), '')).toBe(false);
  });

  test('a function filter publishes only read-only tools; app-only tools never', () => {
    expect(mayPublish(tool('search', { readOnlyHint: true }), () => true)).toBe(true);
    expect(mayPublish(tool('write'), () => true)).toBe(false);
    const appOnly = tool('app-increment');
    appOnly.tool._meta = { ui: { resourceUri: 'ui://x', visibility: ['app'] } };
    expect(mayPublish(appOnly, 'app-increment')).toBe(false);
  });
});
