// Property tests over seeded bot matches (ARCHITECTURE.md §6), part b of 2 (files run in parallel): every
// match ends by the rules, fold = live, hash chain and random outcomes verify, redaction commutes at the final
// state for every viewer (at every seq in invariants.test.ts), and invariant 4 holds with random and malformed
// probe commands at sampled states. CI: 300 matches over both files and all four bot pairings; MATCHTAPE_DEEP=1: 2,000.
import { describe, expect, it } from 'vitest';
import { checkMatch, DEEP, PAIRINGS } from './testing-helpers';

const PER_PAIRING = (DEEP ? 2000 : 300) / PAIRINGS.length;

describe.each([1, 3].map((i) => ({ i, bots: PAIRINGS[i]!, name: `${PAIRINGS[i]!.p1} vs ${PAIRINGS[i]!.p2}` })))('bot matches: $name', ({ i, bots }) => {
  it(`${PER_PAIRING} seeded matches end by the rules and keep the invariants`, () => {
    const endings: Record<string, number> = {};
    for (let k = 0; k < PER_PAIRING; k++) {
      const { match, failures } = checkMatch(`prop-${i}-${k}`, bots, 2);
      expect(failures, `seed prop-${i}-${k}`).toEqual([]);
      const r = String(match.events[match.events.length - 1]!.rule);
      endings[r] = (endings[r] ?? 0) + 1;
    }
    // Health (104.3b), deck-out (104.3c), both at 0 (104.2c / 104.4a) or the turn limit (104.6): nothing else.
    expect(Object.keys(endings).filter((r) => !['104.3b', '104.3c', '104.6', '104.2c', '104.4a'].includes(r))).toEqual([]);
  }, 3_600_000); // long synchronous loop: the shared 60 s per-test limit is for single checks
});
