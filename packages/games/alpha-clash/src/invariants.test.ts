// Invariants 1, 2, 3 and 6 at EVERY seq (the kernel harness), for a subset of matches: this is the expensive
// check (each seq folds and views for four viewers), so CI runs 2 matches here (plus 2 in module.test.ts) and
// the 160 matches of property-*.test.ts check the final state; MATCHTAPE_DEEP=1 runs 24 here.
import { describe, expect, it } from 'vitest';
import { checkInvariants, playMatch } from '@matchtape/engine/testing';
import { alphaClash } from './index';
import { DEEP, PAIRINGS } from './test-helpers';
import type { AlphaClashState } from './types';

describe('every-seq invariants', () => {
  const n = DEEP ? 24 : 2;
  it(`${n} matches: fold = live, redaction commutes, no hidden card leaks, chain and randomness verify`, () => {
    for (let k = 0; k < n; k++) {
      const m = playMatch<AlphaClashState>(alphaClash, {
        seed: `inv-${k}`,
        bots: PAIRINGS[k % PAIRINGS.length]!,
      });
      expect(m.endedByRules).toBe(true);
      expect(checkInvariants(alphaClash, m), `seed inv-${k}`).toEqual([]);
    }
  });
});
