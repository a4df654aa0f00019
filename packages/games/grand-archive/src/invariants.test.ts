// Every-seq invariants (ARCHITECTURE.md §6: fold = live, redaction commutes, no leaks, chain and randomness) for
// every viewer at every seq, on a subset of the property-test matches: 4 in CI, 100 with MATCHTAPE_DEEP=1
// (checkInvariants costs seconds per match; properties.test.ts checks the ends of all 150 / 2,000).
import { describe, it } from 'vitest';
import { DEEP, expectInvariantsOnMatches } from '@matchtape/engine/testing';
import { grandArchive } from './index';

const FULL_CHECKS = DEEP ? 100 : 4;

describe('grand-archive invariants at every seq', () => {
  it(`every-seq invariants on ${FULL_CHECKS} matches`, { timeout: 600_000 }, () => {
    expectInvariantsOnMatches(grandArchive, 'ga-full', FULL_CHECKS);
  });
});
