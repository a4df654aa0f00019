import { mergeConfig } from 'vitest/config';
import { sharedTestConfig } from '../../../vitest.shared';

// Bot-match property tests are long synchronous loops (a timer cannot interrupt them anyway): allow them time,
// especially under MATCHTAPE_DEEP=1.
export default mergeConfig(sharedTestConfig, { test: { testTimeout: 3_600_000 } });
