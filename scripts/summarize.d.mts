/** Sums passed and failed tests from the JSON reports in `dir`, and names each failed test. */
export function summarize(dir?: string, expected?: string[]): { passed: number; failed: number; missing: string[]; failures: string[] };
