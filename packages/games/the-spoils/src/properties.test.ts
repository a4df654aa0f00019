// Property tests over seeded bot matches (ARCHITECTURE.md §6): every match ends by the rules; hash chain and
// random outcomes verify; the final fold equals the live state and redaction commutes at the end for every
// viewer; every automatic event cites its rule. 300 matches in CI (both bots), 2,000 with MATCHTAPE_DEEP=1.
// The every-seq checks run on a subset in invariants.test.ts; accepted ⇔ listed at every third state here.
import { describe, expect, it } from 'vitest';
import { checkLegalEquivalence, playMatch, rngCursorOf } from '@matchtape/engine/testing';
import { jsonEqual, verifyChain, verifyRandom } from '@matchtape/engine';
import { theSpoils } from './index';
import type { SpoilsState } from './types';

const DEEP = process.env.MATCHTAPE_DEEP === '1';
const MATCHES = DEEP ? 2000 : 300;
const CHUNK = 100;
const botsFor = (i: number) => ({ p1: i % 2 === 0 ? 'random' : 'greedy', p2: i % 3 === 0 ? 'random' : 'greedy' }) as const;
const RULE = /^(\d{3}(\.\d+[a-z]?)?|command)$/;

describe('the-spoils bot matches', () => {
  for (let from = 0; from < MATCHES; from += CHUNK) {
    it(`matches ${from}–${from + CHUNK - 1} end by the rules; chain, randomness, fold and redaction at the end`, { timeout: 600_000 }, () => {
      const results = new Map<string, number>();
      for (let i = from; i < from + CHUNK; i++) {
        const m = playMatch<SpoilsState>(theSpoils, { seed: `sp-${i}`, bots: botsFor(i), recordStates: false });
        expect(m.endedByRules, `seed sp-${i} did not end`).toBe(true);
        const last = m.events[m.events.length - 1]!;
        expect(last.type).toBe('MatchEnded');
        const rule = String(last.rule);
        results.set(rule, (results.get(rule) ?? 0) + 1);
        for (const e of m.events) {
          expect(e.rule, `${e.type} at seq ${e.seq} of sp-${i}`).toMatch(RULE);
          expect(theSpoils.eventSchema.safeParse({ type: e.type, payload: e.payload }).success, `${e.type} at seq ${e.seq} matches its schema`).toBe(true);
        }
        expect(verifyChain(m.events)).toEqual({ ok: true });
        expect(verifyRandom(m.events, m.seed).ok).toBe(true);
        let s = theSpoils.initial();
        for (const e of m.events) s = theSpoils.evolve(s, e);
        expect(jsonEqual(s, m.final)).toBe(true);
        for (const v of ['p1', 'p2', 'public'] as const) {
          let r = theSpoils.initial();
          for (const e of m.events) r = theSpoils.evolve(r, theSpoils.viewEvent(e, v));
          expect(jsonEqual(r, theSpoils.view(m.final, v))).toBe(true);
        }
      }
      // Most matches end with a faction at 0 influence (102.1), not at the turn limit (404).
      expect(results.get('102.1') ?? 0).toBeGreaterThan(CHUNK * 0.8);
    });
  }

  it('accepted ⇔ listed at every third state of a few matches', { timeout: 600_000 }, () => {
    for (let i = 0; i < (DEEP ? 30 : 3); i++) {
      const m = playMatch<SpoilsState>(theSpoils, { seed: `legal-${i}`, bots: botsFor(i) });
      for (let k = 0; k < m.states.length; k += 3) {
        const failures = checkLegalEquivalence(theSpoils, m.states[k]!, m.seed, rngCursorOf(m.events.slice(0, k + 1)), [
          { type: 'Pass', player: 'p1' },
          { type: 'EndTurn', player: 'p1' },
          { type: 'ConfirmAttackers', player: 'p1' },
          { type: 'ConfirmBlockers', player: 'p1' },
          { type: 'EndMulligan', player: 'p1' },
          { type: 'PassBid', player: 'p1' },
          { type: 'FindCard', player: 'p1' },
          { type: 'Develop', mode: 'draw', player: 'p1' },
        ]);
        expect(failures, `state ${k} of legal-${i}`).toEqual([]);
      }
    }
  });
});
