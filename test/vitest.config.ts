// Cross-package tests: integration against real Postgres + NATS, browser e2e, fault injection.
import { mergeConfig } from 'vitest/config';
import { sharedTestConfig } from '../vitest.shared';

export default mergeConfig(sharedTestConfig, {
  test: {
    include: ['integration/**/*.test.ts', 'e2e/**/*.test.ts', 'fault/**/*.test.ts', 'load/**/*.test.ts'],
  },
});
