// The one vitest setup every package extends (see each package's vitest.config.ts).
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Each package also writes a JSON report here; scripts/run-tests.mjs adds them up into one closing line.
const reportDir = fileURLToPath(new URL('./test-results/vitest/', import.meta.url));

export const sharedTestConfig = defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    // A guard against a hang, not a speed check (benchmarks measure speed): tests that spawn the CLI or open
    // PGlite several times took 30–62 s each in clean-clone CI runs while the browser lane loaded both cores.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Every core (vitest's default leaves one free: on CI's two cores that ran each package's files one at a time).
    maxWorkers: availableParallelism(),
    reporters: ['default', 'json'],
    outputFile: { json: `${reportDir}${basename(process.cwd())}.json` },
  },
});
