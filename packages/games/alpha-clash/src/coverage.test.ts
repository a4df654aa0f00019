// The coverage report names real test files, and every keyword ability of 704 has a scenario citing its rule.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEYWORDS } from './cards/keywords';
import { CARDS } from './cards/pool';
import { coverage } from './coverage';

const ROOT = join(__dirname, '../../../..');

describe('rules coverage', () => {
  it('lists only existing tests, and a reason for everything partial or not implemented', () => {
    for (const entry of [...coverage.sections, ...coverage.keywords]) {
      for (const f of entry.tests) expect(existsSync(join(ROOT, f)), `${entry.rule}: ${f}`).toBe(true);
      if (entry.status !== 'implemented') expect(entry.reason, entry.rule).toBeTruthy();
      else expect(entry.tests.length, entry.rule).toBeGreaterThan(0);
    }
  });

  it('every keyword ability is covered, and its scenarios cite its rule', () => {
    for (const k of Object.values(KEYWORDS)) {
      const entry = coverage.keywords.find((x) => x.rule === k.rule);
      expect(entry, k.name).toBeTruthy();
      const scenarios = entry!.tests.filter((f) => f.endsWith('.json'));
      for (const f of scenarios) {
        const s = JSON.parse(readFileSync(join(ROOT, f), 'utf8')) as { rule: string };
        expect(s.rule.startsWith(k.rule), `${f} cites ${s.rule}, expected ${k.rule}`).toBe(true);
      }
    }
  });

  it('every card used by a keyword exists in the pool with that keyword', () => {
    const used = new Set(CARDS.flatMap((c) => c.keywords.map((k) => k.k)));
    for (const k of Object.keys(KEYWORDS)) expect(used.has(k as never), k).toBe(true);
  });
});
