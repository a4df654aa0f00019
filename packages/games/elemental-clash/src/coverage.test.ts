// The rules-coverage report names real tests: every file it cites exists; all 33 keywords are listed; whatever
// is not implemented says why.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { elementalClash } from './index';

const ROOT = join(import.meta.dirname, '../../../..');

describe('elemental-clash rules coverage', () => {
  const all = [...elementalClash.coverage.sections, ...elementalClash.coverage.keywords];
  it('cites existing tests and scenario files', () => {
    for (const e of all) for (const t of e.tests) expect(existsSync(join(ROOT, t)), `${e.rule}: ${t}`).toBe(true);
  });
  it('implemented entries have tests; the others give a reason', () => {
    for (const e of all) {
      if (e.status === 'implemented') expect(e.tests.length, e.rule).toBeGreaterThan(0);
      else expect(e.reason?.length ?? 0, e.rule).toBeGreaterThan(10);
    }
  });
  it('every decision the code cites is in decisions.md, with the section it fills', () => {
    const doc = readFileSync(join(import.meta.dirname, '../decisions.md'), 'utf8');
    const listed = new Set([...doc.matchAll(/^\| (D\d+) \| ([^|]+) \|/gm)].map((m) => m[1]!));
    expect(listed.size).toBeGreaterThanOrEqual(40);
    const src = ['.', 'cards', 'bots'].flatMap((d) => readdirSync(join(import.meta.dirname, d)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => readFileSync(join(import.meta.dirname, d, f), 'utf8')));
    const cited = new Set(src.flatMap((t) => [...t.matchAll(/'(D\d+)'/g)].map((m) => m[1]!)));
    expect(cited.size).toBeGreaterThan(15);
    for (const id of cited) expect(listed.has(id), id).toBe(true);
  });

  it('lists every keyword of §7.0', () => {
    expect(elementalClash.coverage.keywords).toHaveLength(33);
  });
});
