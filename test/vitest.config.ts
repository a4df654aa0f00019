// Cross-package tests: integration against real Postgres + NATS, fault injection, and browser e2e.
// Two projects, so `npm test` can run them side by side (run-tests.mjs): the browser files one at a time (each
// starts a server, a Next site and Chromium) beside the integration and fault files one at a time (mostly waiting on
// Postgres, NATS and bot pacing). `npx vitest run` here runs both projects, one file at a time.
import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedTestConfig } from '../vitest.shared';

export default mergeConfig(
  sharedTestConfig,
  defineConfig({
    test: {
      maxWorkers: 1,
      // Added to the shared reporters (mergeConfig joins the lists).
      reporters: ['./flaky-reporter.ts'],
      projects: [
        {
          extends: true,
          test: {
            name: 'integration',
            include: ['integration/**/*.test.ts', 'fault/**/*.test.ts', 'load/**/*.test.ts'],
          },
        },
        // A browser test's own budget: its pages may wait 45 s for each step on a loaded machine (web-stack.ts).
        // In CI one retry: a test that passes only on it is listed as flaky in the run's summary (flaky-reporter.ts).
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['e2e/**/*.test.ts'],
            testTimeout: 150_000,
            retry: process.env.CI ? 1 : 0,
          },
        },
      ],
    },
  }),
);
