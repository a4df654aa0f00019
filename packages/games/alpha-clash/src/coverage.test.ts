// The coverage report names real test files, and every keyword ability of 704 has a scenario citing its rule.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeRulesCoverage, repoRoot } from '@matchtape/engine/testing';
import { KEYWORDS } from './cards/keywords';
import { alphaClash } from './index';
import { CARDS } from './cards/pool';
import { COVERAGE } from './coverage';

const ROOT = repoRoot(__dirname);

// 704 lists 30 keyword abilities.
describeRulesCoverage(alphaClash, { root: ROOT, keywords: 30 });

describe('alpha-clash keyword coverage', () => {
  it('every keyword ability is covered, and its scenarios cite its rule', () => {
    for (const k of KEYWORDS) {
      const entry = COVERAGE.keywords.find((x) => x.rule === k.rule);
      expect(entry, k.keyword).toBeTruthy();
      const scenarios = entry!.tests.filter((f) => f.endsWith('.json'));
      for (const f of scenarios) {
        const s = JSON.parse(readFileSync(join(ROOT, f), 'utf8')) as { rule: string };
        expect(s.rule.startsWith(k.rule), `${f} cites ${s.rule}, expected ${k.rule}`).toBe(true);
      }
    }
  });

  it('every card used by a keyword exists in the pool with that keyword', () => {
    const used = new Set(CARDS.flatMap((c) => c.keywords.map((k) => k.k)));
    for (const { keyword } of KEYWORDS) expect(used.has(keyword), keyword).toBe(true);
  });
});
