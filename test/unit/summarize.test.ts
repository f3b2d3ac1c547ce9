// The closing summary of `npm test` names each failed test, so a log cut to its
// tail (as CI keeps it) still says which test failed and why. The report shapes
// below are trimmed from real Vitest and Playwright JSON reports.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { summarize } from '../../scripts/summarize.mjs';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function reports(files: Record<string, unknown>) {
  dir = mkdtempSync(join(tmpdir(), 'summarize-'));
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), typeof body === 'string' ? body : JSON.stringify(body));
  return dir;
}

const vitest = {
  numPassedTests: 1,
  numFailedTests: 1,
  testResults: [
    {
      name: `${process.cwd()}/test/unit/a.test.ts`,
      status: 'failed',
      assertionResults: [
        { fullName: 'group ok', status: 'passed', failureMessages: [] },
        {
          fullName: 'group fails here',
          status: 'failed',
          failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at a.test.ts:2'],
        },
      ],
    },
  ],
};

const playwright = {
  stats: { expected: 1, unexpected: 1, flaky: 0 },
  errors: [],
  suites: [
    {
      title: 'b.spec.ts',
      file: 'b.spec.ts',
      specs: [{ title: 'pw ok', ok: true, file: 'b.spec.ts', line: 3, tests: [{ results: [{ status: 'passed' }] }] }],
      suites: [
        {
          title: 'grp',
          file: 'b.spec.ts',
          specs: [
            {
              title: 'pw hangs',
              ok: false,
              file: 'b.spec.ts',
              line: 2,
              tests: [{ results: [{ status: 'timedOut', error: { message: 'Test timeout of 60000ms exceeded.' } }] }],
            },
          ],
        },
      ],
    },
  ],
};

describe('summarize', () => {
  it('counts and names each failed test with the first line of its error, colour codes removed', () => {
    const got = summarize(reports({ 'vitest.json': vitest, 'playwright.json': playwright, 'build.json': { passed: 1, failed: 0 } }));
    expect({ passed: got.passed, failed: got.failed }).toEqual({ passed: 3, failed: 2 });
    expect(got.failures).toEqual([
      'b.spec.ts:2 > grp > pw hangs: Test timeout of 60000ms exceeded.',
      'test/unit/a.test.ts > group fails here: AssertionError: expected 1 to be 2',
    ]);
  });

  it('names an error outside any test, a harness that only counts, and a report that is not JSON', () => {
    const got = summarize(
      reports({
        'playwright-2.json': {
          stats: { expected: 0, unexpected: 0 },
          errors: [{ message: 'Error: worker teardown timed out' }],
          suites: [],
        },
        'conformance.json': { passed: 5, failed: 1 },
        'docs.json': 'not json',
      }),
    );
    expect(got.failed).toBe(3);
    expect(got.failures).toEqual(
      expect.arrayContaining([
        '(outside a test) Error: worker teardown timed out',
        'conformance.json: 1 failed (see its output above)',
        expect.stringMatching(/^docs\.json: not a readable report \(/),
      ]),
    );
  });

  it('names none when everything passed', () => {
    expect(summarize(reports({ 'vitest.json': { ...vitest, numFailedTests: 0, testResults: [] } })).failures).toEqual([]);
  });
});
