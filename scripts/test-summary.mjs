// Adds up the vitest JSON reports of one test run (test-results/vitest/<package>.json) into the closing lines
// scripts/run-tests.mjs prints: a row a package, the failed tests by name, the flaky ones, and the totals.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** An error's first line (ANSI colours removed): a CI log that keeps only its tail still says why a test failed. */
const firstLine = (m) =>
  String(m)
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')[0]
    .slice(0, 300);

/** One package's report: its counts and its failures by name (paths relative to `root`). */
function readReport(path, root) {
  const r = JSON.parse(readFileSync(path, 'utf8'));
  let failed = r.numFailedTests ?? 0;
  let skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  const failures = [];
  for (const t of r.testResults ?? []) {
    const name = t.name.replace(`${root}/`, '');
    const bad = (t.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of bad)
      failures.push(
        `  ${name} > ${a.fullName}${(a.failureMessages ?? []).map((m) => `\n      ${firstLine(m)}`).join('')}`,
      );
    // A file that failed outside its tests (a beforeAll, an import) reports them as skipped: the file is a failure,
    // and its tests did not run. A CI run once summed such a file up as "0 failed, 1 skipped".
    if (t.status === 'failed' && bad.length === 0) {
      failed += 1;
      skipped -= Math.min(skipped, (t.assertionResults ?? []).filter((a) => a.status !== 'passed').length);
      failures.push(`  ${name} (the file failed before its tests ran)\n      ${firstLine(t.message ?? '')}`);
    }
  }
  return { passed: r.numPassedTests ?? 0, failed, skipped, failures };
}

/** The totals, the rows and the failures of every report in `reports`; `flaky` is flaky.txt's text, if any. */
export function summarise(reports, root) {
  const out = { passed: 0, failed: 0, skipped: 0, rows: [], failures: [], flaky: null };
  const files = existsSync(reports)
    ? readdirSync(reports)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
  for (const file of files) {
    const r = readReport(join(reports, file), root);
    out.passed += r.passed;
    out.failed += r.failed;
    out.skipped += r.skipped;
    out.failures.push(...r.failures);
    out.rows.push(
      `  ${file.replace(/\.json$/, '').padEnd(16)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(3)} failed ${String(r.skipped).padStart(3)} skipped`,
    );
  }
  const flaky = join(reports, 'flaky.txt');
  if (existsSync(flaky)) out.flaky = readFileSync(flaky, 'utf8');
  return out;
}
