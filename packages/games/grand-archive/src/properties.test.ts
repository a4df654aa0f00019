// Property tests over seeded bot matches (ARCHITECTURE.md §6): fold = live, redaction commutes, no leaks,
// hash chain and random outcomes verify, and accepted ⇔ listed. 300 matches in CI (both bots), 2,000 with
// MATCHTAPE_DEEP=1. Every-seq view checks run on a subset; the rest check the final fold, chain and randomness.
import { describe, expect, it } from 'vitest';
import { checkInvariants, checkLegalEquivalence, playMatch, rngCursorOf } from '@matchtape/engine/testing';
import { jsonEqual, verifyChain, verifyRandom } from '@matchtape/engine';
import { grandArchive } from './index';
import type { GAState } from './types';

const DEEP = process.env.MATCHTAPE_DEEP === '1';
const MATCHES = DEEP ? 2000 : 300;
const FULL_CHECKS = DEEP ? 200 : 12;

describe('grand-archive bot matches', () => {
  it(`${MATCHES} seeded matches end by the rules and keep the invariants`, () => {
    let ended = 0;
    for (let i = 0; i < MATCHES; i++) {
      const bot = i % 2 === 0 ? 'random' : 'greedy';
      const m = playMatch<GAState>(grandArchive, { seed: `ga-${i}`, bots: { p1: bot, p2: i % 3 === 0 ? 'random' : 'greedy' } });
      expect(m.endedByRules, `seed ga-${i} did not end`).toBe(true);
      const last = m.events[m.events.length - 1]!;
      expect(last.type).toBe('MatchEnded');
      ended += 1;
      if (i < FULL_CHECKS) {
        expect(checkInvariants(grandArchive, m)).toEqual([]);
      } else {
        // Chain, randomness and the final fold for every match.
        expect(verifyChain(m.events)).toEqual({ ok: true });
        expect(verifyRandom(m.events, m.seed).ok).toBe(true);
        let s = grandArchive.initial();
        for (const e of m.events) s = grandArchive.evolve(s, e);
        expect(jsonEqual(s, m.final)).toBe(true);
        for (const v of ['p1', 'p2', 'public'] as const) {
          let r = grandArchive.initial();
          for (const e of m.events) r = grandArchive.evolve(r, grandArchive.viewEvent(e, v));
          expect(jsonEqual(r, grandArchive.view(m.final, v))).toBe(true);
        }
      }
    }
    expect(ended).toBe(MATCHES);
  });

  it('accepted ⇔ listed at every state of a few matches', () => {
    for (let i = 0; i < (DEEP ? 20 : 3); i++) {
      const m = playMatch<GAState>(grandArchive, { seed: `legal-${i}`, bots: { p1: 'random', p2: 'greedy' } });
      for (let k = 0; k < m.states.length; k += 3) {
        const failures = checkLegalEquivalence(grandArchive, m.states[k]!, m.seed, rngCursorOf(m.events.slice(0, k + 1)), [
          { type: 'PassOpportunity', player: 'p1' },
          { type: 'DeclineMaterialize', player: 'p1' },
          { type: 'CancelActivation', player: 'p1' },
          { type: 'DeclineRetaliation', player: 'p1' },
        ]);
        expect(failures, `state ${k} of legal-${i}`).toEqual([]);
      }
    }
  });
});
