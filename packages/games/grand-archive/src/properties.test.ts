// Property tests over seeded bot matches (ARCHITECTURE.md §6): fold = live, redaction commutes, no leaks,
// hash chain and random outcomes verify, and accepted ⇔ listed. 150 matches in CI (both bots), 2,000 with
// MATCHTAPE_DEEP=1. Every match gets the chain, randomness, final fold and final redaction-commutes checks; the
// every-seq checks (every viewer at every seq) run on a subset, in invariants.test.ts.
import { describe, expect, it } from 'vitest';
import { botsFor, DEEP, expectListedAtEveryThirdState, playMatch } from '@matchtape/engine/testing';
import { jsonEqual, verifyChain, verifyRandom } from '@matchtape/engine';
import { grandArchive } from './index';
import type { GAState } from './types';

const MATCHES = DEEP ? 2000 : 150;
const CHUNK = 50;

describe('grand-archive bot matches', () => {
  for (let from = 0; from < MATCHES; from += CHUNK) {
    it(
      `matches ${from}–${from + CHUNK - 1} end by the rules; chain, randomness, fold and redaction at the end`,
      { timeout: 600_000 },
      () => {
        const results = new Map<string, number>();
        for (let i = from; i < from + CHUNK; i++) {
          const m = playMatch<GAState>(grandArchive, { seed: `ga-${i}`, bots: botsFor(i) });
          expect(m.endedByRules, `seed ga-${i} did not end`).toBe(true);
          const last = m.events[m.events.length - 1]!;
          expect(last.type).toBe('MatchEnded');
          const kind = String((last.payload as { result: string }).result).replace(
            /^p\d wins: p\d lost \((.*)\)$/,
            '$1',
          );
          results.set(kind, (results.get(kind) ?? 0) + 1);
          // Every automatic event carries the rule behind it (and cause {system:true}, from `auto`).
          for (const e of m.events)
            if ('system' in e.cause) expect(e.rule, `${e.type} at seq ${e.seq}`).not.toBeNull();
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
        // Matches end by champion damage (1.4.3.a) mostly; the turn-limit draw would show up here.
        expect(results.get('1.4.3.a') ?? 0).toBeGreaterThan(CHUNK / 2);
      },
    );
  }

  it('accepted ⇔ listed at every third state of a few matches', { timeout: 600_000 }, () => {
    expectListedAtEveryThirdState(grandArchive, DEEP ? 30 : 4, [
      { type: 'PassOpportunity', player: 'p1' },
      { type: 'DeclineMaterialize', player: 'p1' },
      { type: 'CancelActivation', player: 'p1' },
      { type: 'DeclineRetaliation', player: 'p1' },
    ]);
  });
});
