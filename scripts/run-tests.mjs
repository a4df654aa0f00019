#!/usr/bin/env node
// Runs every package's tests through turbo and adds up the vitest JSON reports into one closing line, "Tests: N
// passed, N failed, N skipped", exiting non-zero on any failure.
//
// Two lanes side by side: the cross-package suite (`test/`: integration and browser files, mostly waiting on
// servers, bots and Chromium), and under `nice` lint, typecheck and then every other package one at a time, so they
// take the cores only while the browser suite waits and the browser suite keeps its priority (its waits are what
// time out under load, never the unit tests'). On a clean clone the whole run took 35 minutes (2026-11-27); in
// series it had been about 4 + 33 + 10.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarise } from './test-summary.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const reports = join(root, 'test-results', 'vitest');
rmSync(reports, { recursive: true, force: true });

const CROSS = '@matchtape/test';
const run = (argv, niceness) =>
  new Promise((done) => {
    const [cmd, args] = niceness ? ['nice', ['-n', String(niceness), ...argv]] : [argv[0], argv.slice(1)];
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', NEXT_TELEMETRY_DISABLED: '1' },
    });
    child.on('exit', (code, signal) => done(signal ? 1 : (code ?? 1)));
  });
const turbo = (filter, niceness) =>
  run(
    [
      'npx',
      'turbo',
      'run',
      'test',
      '--concurrency=1',
      // One failing package must not cancel the others: every package runs and reports, so the closing line
      // counts the whole suite (a server failure once left 11 packages unrun and the count at 443).
      '--continue=always',
      '--output-logs=full',
      `--filter=${filter}`,
      ...process.argv.slice(2).filter((a) => a !== '--no-checks'),
    ],
    niceness,
  );
// The niced lane checks first: lint and typecheck (about four minutes of CI before the tests when run in
// front of them) take the cores while the browser lane waits on its first server; a failure still fails the run.
const checksThenUnits = async () => {
  const checks = process.argv.includes('--no-checks')
    ? []
    : [await run(['npm', 'run', 'lint'], 10), await run(['npm', 'run', 'typecheck'], 10)];
  return [...checks, await turbo(`!${CROSS}`, 10)];
};
const codes = (await Promise.all([turbo(CROSS, 0), checksThenUnits()])).flat();

const { passed, failed: reported, skipped, rows, failures, flaky } = summarise(reports, root);
console.log('\nTest summary by package:');
console.log(rows.join('\n') || '  (no reports: did any test run?)');
// By name, so the closing lines of a CI log say which tests to look at.
if (failures.length) console.log(`\nFailed tests:\n${failures.join('\n')}`);
if (flaky)
  console.log(`\nPassed only on their retry (flaky, to fix):\n${flaky.replace(/^/gm, '  ').trimEnd()}`);
const code = codes.find((c) => c !== 0) ?? 0;
// A package that failed before reporting (a crash, a typecheck in its test script) still fails the count.
const failed = code !== 0 && reported === 0 ? 1 : reported;
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(code !== 0 || failed > 0 || passed === 0 ? 1 : 0);
