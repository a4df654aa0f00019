import { mergeConfig } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared';

// Pure model tests run in node; component tests (*.test.tsx) opt into jsdom with a
// `// @vitest-environment jsdom` docblock.
export default mergeConfig(sharedTestConfig, {
  esbuild: { jsx: 'automatic' },
});
