#!/usr/bin/env node
// Runs every package's tests through turbo (one package at a time: 2 cores), then adds up the vitest JSON
// reports into one closing line, "Tests: N passed, N failed, N skipped", and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const reports = join(root, 'test-results', 'vitest');
rmSync(reports, { recursive: true, force: true });

const turbo = spawnSync(
  'npx',
  ['turbo', 'run', 'test', '--concurrency=1', '--output-logs=full', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', NEXT_TELEMETRY_DISABLED: '1' },
  },
);

let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
for (const file of existsSync(reports)
  ? readdirSync(reports)
      .filter((f) => f.endsWith('.json'))
      .sort()
  : []) {
  const r = JSON.parse(readFileSync(join(reports, file), 'utf8'));
  const p = r.numPassedTests ?? 0;
  const f = r.numFailedTests ?? 0;
  const s = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  passed += p;
  failed += f;
  skipped += s;
  rows.push(
    `  ${file.replace(/\.json$/, '').padEnd(16)} ${String(p).padStart(5)} passed ${String(f).padStart(3)} failed ${String(s).padStart(3)} skipped`,
  );
}
console.log('\nTest summary by package:');
console.log(rows.join('\n') || '  (no reports: did any test run?)');
const code = turbo.status ?? 1;
if (code !== 0 && failed === 0) failed = 1; // a package failed before reporting (crash, typecheck in test…)
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(code !== 0 || failed > 0 || passed === 0 ? 1 : 0);
