// The rules-coverage report names real tests: every file it cites exists; all 33 keywords are listed; whatever
// is not implemented says why.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeRulesCoverage, repoRoot } from '@matchtape/engine/testing';
import { elementalClash } from './index';

// §7.0 lists 33 keywords.
describeRulesCoverage(elementalClash, { root: repoRoot(import.meta.dirname), keywords: 33 });

describe('elemental-clash decisions', () => {
  it('every decision the code cites is in decisions.md, with the section it fills', () => {
    const doc = readFileSync(join(import.meta.dirname, '../decisions.md'), 'utf8');
    const listed = new Set([...doc.matchAll(/^\| (D\d+) +\| ([^|]+) \|/gm)].map((m) => m[1]!));
    expect(listed.size).toBeGreaterThanOrEqual(40);
    const src = ['.', 'cards', 'bots'].flatMap((d) =>
      readdirSync(join(import.meta.dirname, d))
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .map((f) => readFileSync(join(import.meta.dirname, d, f), 'utf8')),
    );
    const cited = new Set(src.flatMap((t) => [...t.matchAll(/'(D\d+)'/g)].map((m) => m[1]!)));
    expect(cited.size).toBeGreaterThan(15);
    for (const id of cited) expect(listed.has(id), id).toBe(true);
  });
});
