export interface TestSummary {
  passed: number;
  failed: number;
  skipped: number;
  /** One line a package report. */
  rows: string[];
  /** Each failed test, or file that failed before its tests ran, by name with its error's first line. */
  failures: string[];
  /** flaky.txt's text (tests that passed only on their retry), or null. */
  flaky: string | null;
}

/** The totals, rows and failures of every vitest JSON report in `reports` (see test-summary.mjs). */
export function summarise(reports: string, root: string): TestSummary;
