// Sums passed and failed tests from the JSON reports in reports/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Counts from a Vitest JSON report (Jest-compatible shape). */
function fromVitest(report) {
  return { passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0) };
}

/** Counts from a Playwright JSON report. */
function fromPlaywright(report) {
  const s = report.stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: (s.unexpected ?? 0) + (report.errors?.length ?? 0) };
}

/** Counts from our own harnesses ({ passed, failed }). */
function fromPlain(report) {
  return { passed: report.passed ?? 0, failed: report.failed ?? 0 };
}

export function summarize(dir = 'reports', expected = []) {
  let passed = 0;
  let failed = 0;
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  for (const file of files) {
    let report;
    try {
      report = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
    } catch {
      failed += 1;
      continue;
    }
    const counts = file.startsWith('vitest')
      ? fromVitest(report)
      : file.startsWith('playwright')
        ? fromPlaywright(report)
        : fromPlain(report);
    passed += counts.passed;
    failed += counts.failed;
  }
  const missing = expected.filter((f) => !files.includes(f));
  return { passed, failed, missing };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { passed, failed } = summarize();
  console.log(`${passed} passed, ${failed} failed`);
}
