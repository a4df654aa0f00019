#!/usr/bin/env node
// `npm test` in this package: the two projects of vitest.config.ts as two processes at once (each one file at a
// time), so a browser file's waits and an integration file's waits overlap on a 2-core machine. Each writes its
// own JSON report for scripts/run-tests.mjs; the exit code is non-zero when either fails.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const reports = fileURLToPath(new URL('../test-results/vitest/', import.meta.url));
const run = (project) =>
  new Promise((resolve) => {
    const child = spawn(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        project,
        '--passWithNoTests',
        `--outputFile.json=${reports}test-${project}.json`,
        ...process.argv.slice(2),
      ],
      { stdio: 'inherit' },
    );
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
const codes = await Promise.all([run('integration'), run('e2e')]);
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
