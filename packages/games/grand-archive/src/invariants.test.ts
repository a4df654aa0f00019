// Every-seq invariants (ARCHITECTURE.md §6: fold = live, redaction commutes, no leaks, chain and randomness) for
// every viewer at every seq, on a subset of the property-test matches: 4 in CI, 100 with MATCHTAPE_DEEP=1
// (checkInvariants costs seconds per match; properties.test.ts checks the ends of all 300 / 2,000).
import { describe, expect, it } from 'vitest';
import { checkInvariants, playMatch } from '@matchtape/engine/testing';
import { grandArchive } from './index';
import type { GAState } from './types';

const DEEP = process.env.MATCHTAPE_DEEP === '1';
const FULL_CHECKS = DEEP ? 100 : 4;
const botsFor = (i: number) => ({ p1: i % 2 === 0 ? 'random' : 'greedy', p2: i % 3 === 0 ? 'random' : 'greedy' }) as const;

describe('grand-archive invariants at every seq', () => {
  it(`every-seq invariants on ${FULL_CHECKS} matches`, { timeout: 600_000 }, () => {
    for (let i = 0; i < FULL_CHECKS; i++) {
      const m = playMatch<GAState>(grandArchive, { seed: `ga-full-${i}`, bots: botsFor(i) });
      expect(m.endedByRules).toBe(true);
      expect(checkInvariants(grandArchive, m)).toEqual([]);
    }
  });

});
