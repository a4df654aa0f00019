#!/usr/bin/env node
// `npm test` in this package: the two projects of vitest.config.ts as two lanes at once (each one file at a time),
// so a browser file's waits and an integration file's waits overlap on a 2-core machine. The integration lane ends
// with the browser files in SHIFTED, so the two lanes take about as long as each other (in CI the integration
// lane was ≈ 34 minutes and the browser lane ≈ 38). Each run writes its own JSON report for
// scripts/run-tests.mjs; the exit code is non-zero when any fails.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SHIFTED = ['e2e/events-page.test.ts'];
const reports = fileURLToPath(new URL('../test-results/vitest/', import.meta.url));
const extra = process.argv.slice(2);
const vitest = (project, report, args) =>
  new Promise((resolve) => {
    const child = spawn(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        project,
        '--passWithNoTests',
        `--outputFile.json=${reports}test-${report}.json`,
        ...args,
        ...extra,
      ],
      { stdio: 'inherit' },
    );
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
// With a filter (`node run-tests.mjs web-fit`), each project runs what matches it, as before.
const lanes =
  extra.length > 0
    ? [vitest('integration', 'integration', []), vitest('e2e', 'e2e', [])]
    : [
        (async () => [
          await vitest('integration', 'integration', []),
          await vitest('e2e', 'e2e-shifted', SHIFTED),
        ])(),
        vitest(
          'e2e',
          'e2e',
          SHIFTED.flatMap((f) => ['--exclude', `**/${f}`]),
        ),
      ];
const codes = (await Promise.all(lanes)).flat();
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
