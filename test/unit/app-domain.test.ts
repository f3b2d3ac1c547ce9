import { describe, expect, test } from 'vitest';
import { appDomainLabel, sandboxUrlFor } from '../../src/elements/mcp-app-view/app-domain.js';

// `_meta.ui.domain` in this host's format (one DNS label), and the label a
// view gets otherwise (one per server). The browser test loads the pages.

const server = 'https://api.example.com/mcp';

describe('appDomainLabel', () => {
  test('one DNS label is taken, lowercased', () => {
    expect(appDomainLabel('Weather-App', server)).toEqual({ label: 'weather-app', declared: true });
    expect(appDomainLabel('a', server)).toEqual({ label: 'a', declared: true });
    expect(appDomainLabel('x'.repeat(63), server).declared).toBe(true);
  });

  test('anything else gets the server label: host names, paths, spaces, hyphen ends, too long, srv-, not a string', () => {
    const fallback = appDomainLabel(undefined, server);
    expect(fallback.declared).toBe(false);
    expect(fallback.label).toMatch(/^srv-[0-9a-f]{8}$/);
    for (const bad of [
      'evil.example',
      'a/b',
      'a b',
      '-a',
      'a-',
      'x'.repeat(64),
      'srv-12345678',
      '',
      42,
      null,
      { label: 'x' },
      '{domain}',
    ]) {
      expect(appDomainLabel(bad, server), JSON.stringify(bad)).toEqual(fallback);
    }
  });

  test('the server label is stable per server and differs between servers', () => {
    expect(appDomainLabel(undefined, server)).toEqual(appDomainLabel(undefined, server));
    expect(appDomainLabel(undefined, server).label).not.toBe(appDomainLabel(undefined, 'https://other.example.com/mcp').label);
  });
});

describe('sandboxUrlFor', () => {
  test('fills every {domain}; an address without one is unchanged', () => {
    expect(sandboxUrlFor('https://{domain}.apps.example.com/mcp-app-sandbox.html', 'weather-app')).toBe(
      'https://weather-app.apps.example.com/mcp-app-sandbox.html',
    );
    expect(sandboxUrlFor('https://sandbox.example.com/mcp-app-sandbox.html', 'weather-app')).toBe(
      'https://sandbox.example.com/mcp-app-sandbox.html',
    );
  });
});
