// The rules-coverage report names real tests: every file it cites exists, every scenario it cites is one of
// the scenario files (which cite their own rule), and whatever is not implemented says why.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { grandArchive } from './index';

const ROOT = join(import.meta.dirname, '../../../..');

describe('grand-archive rules coverage', () => {
  const all = [...grandArchive.coverage.sections, ...grandArchive.coverage.keywords];
  it('cites existing tests and scenario files', () => {
    for (const e of all) for (const t of e.tests) expect(existsSync(join(ROOT, t)), `${e.rule}: ${t}`).toBe(true);
  });
  it('implemented entries have tests; the others give a reason', () => {
    for (const e of all) {
      if (e.status === 'implemented') expect(e.tests.length, e.rule).toBeGreaterThan(0);
      else expect(e.reason?.length ?? 0, e.rule).toBeGreaterThan(10);
    }
  });
  it('lists every keyword of the glossary', () => {
    expect(grandArchive.coverage.keywords).toHaveLength(25);
  });
});
