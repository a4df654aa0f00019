// Browser tests get one retry in CI (vitest.config.ts): on two loaded cores a page can miss a wait once. A test
// that passed only on its retry is not hidden: this reporter writes it, with what its first attempt said, to
// test-results/vitest/flaky.txt, and the run's closing summary (scripts/run-tests.mjs) prints that list. A test
// that fails its retry too fails the run as before.
import { appendFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Reporter, TestCase } from 'vitest/node';

const reportDir = fileURLToPath(new URL('../test-results/vitest/', import.meta.url));

export default class FlakyReporter implements Reporter {
  onTestCaseResult(test: TestCase): void {
    const diagnostic = test.diagnostic();
    if (!diagnostic?.flaky) return;
    const first = test.result().errors?.[0]?.message?.split('\n')[0] ?? 'no message';
    mkdirSync(reportDir, { recursive: true });
    appendFileSync(
      `${reportDir}flaky.txt`,
      `${test.module.moduleId.replace(/^.*\/test\//, '')} > ${test.fullName} (retried ${diagnostic.retryCount}×; first attempt: ${first})\n`,
    );
  }
}
