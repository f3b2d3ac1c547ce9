import { describe, expect, test } from 'vitest';
// @ts-expect-error plain JS runner script
import { erasOf, parseClientScenarios } from '../../conformance/run.mjs';

// The shape of `conformance list` in 0.2.0-alpha.12 (abridged).
const LISTING = `Server scenarios (test against a server):
  - server-initialize [2025-06-18,2025-11-25]
  - tools-list [2025-06-18,2025-11-25,2026-07-28]

Client scenarios (test against a client):
  - initialize [2025-06-18,2025-11-25]
  - tools_call [2025-06-18,2025-11-25,2026-07-28]
  - request-metadata [2026-07-28]
  - auth/2025-03-26-oauth-endpoint-fallback [2025-03-26]
  - auth/dpop [extension]

Authorization server scenarios (test against an authorization server):
  - authorization-code-grant [2025-03-26,2025-06-18,2025-11-25,2026-07-28]
`;

describe('the conformance plan', () => {
  test('only the client section is read, not the server or authorization-server sections', () => {
    expect(parseClientScenarios(LISTING).map((s: { name: string }) => s.name)).toEqual([
      'initialize',
      'tools_call',
      'request-metadata',
      'auth/2025-03-26-oauth-endpoint-fallback',
      'auth/dpop',
    ]);
  });

  test('each scenario runs at every era the client speaks that it applies to; older-only at its era; extensions once', () => {
    const plan = Object.fromEntries(parseClientScenarios(LISTING).map((s: { name: string; tags: string[] }) => [s.name, erasOf(s.tags)]));
    expect(plan).toEqual({
      initialize: ['2025-11-25'],
      tools_call: ['2025-11-25', '2026-07-28'],
      'request-metadata': ['2026-07-28'],
      'auth/2025-03-26-oauth-endpoint-fallback': ['2025-03-26'],
      'auth/dpop': ['extension'],
    });
  });
});
