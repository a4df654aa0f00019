import { globalConfig } from 'zod/v4/core';
import { describe, expect, it } from 'vitest';

describe('zod in the browser', () => {
  it('runs jitless once the client instrumentation has run (no eval probe under the CSP)', async () => {
    expect(globalConfig.jitless).not.toBe(true);
    await import('../../instrumentation-client');
    expect(globalConfig.jitless).toBe(true);
  });
});
