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

/** The first line of an error, without colour codes, at most 300 characters. */
function firstLine(text = '') {
  // eslint-disable-next-line no-control-regex
  const line =
    String(text)
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 300);
}

/** The failed tests of a Vitest JSON report: where, which, why. */
function failuresOfVitest(report) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const where = String(file.name ?? '').replace(`${process.cwd()}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failedTests) out.push(`${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failedTests.length === 0 && file.status === 'failed') out.push(`${where}: ${firstLine(file.message)}`);
  }
  return out;
}

/** The failed tests of a Playwright JSON report (suites nest; a spec is failed when not ok). */
function failuresOfPlaywright(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const results = (spec.tests ?? []).flatMap((t) => t.results ?? []);
      const error = results.map((r) => r.error?.message ?? r.errors?.[0]?.message).find(Boolean);
      out.push(`${spec.file}:${spec.line} > ${[...titles, spec.title].join(' > ')}: ${firstLine(error)}`);
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? []) out.push(`(outside a test) ${firstLine(error.message)}`);
  return out;
}

export function summarize(dir = 'reports', expected = []) {
  let passed = 0;
  let failed = 0;
  const failures = [];
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  for (const file of files) {
    let report;
    try {
      report = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
    } catch (error) {
      failed += 1;
      failures.push(`${file}: not a readable report (${firstLine(error.message)})`);
      continue;
    }
    const counts = file.startsWith('vitest')
      ? fromVitest(report)
      : file.startsWith('playwright')
        ? fromPlaywright(report)
        : fromPlain(report);
    passed += counts.passed;
    failed += counts.failed;
    if (counts.failed > 0) {
      const named = file.startsWith('vitest')
        ? failuresOfVitest(report)
        : file.startsWith('playwright')
          ? failuresOfPlaywright(report)
          : [];
      failures.push(...(named.length ? named : [`${file}: ${counts.failed} failed (see its output above)`]));
    }
  }
  const missing = expected.filter((f) => !files.includes(f));
  return { passed, failed, missing, failures };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { passed, failed } = summarize();
  console.log(`${passed} passed, ${failed} failed`);
}
