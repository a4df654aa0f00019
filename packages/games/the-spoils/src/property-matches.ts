// The seeded bot matches of the property tests, shared by properties.test.ts and properties-2.test.ts so vitest
// runs the two halves in parallel workers. Each match: ends by the rules; at every seq and for every viewer the
// fold of the redacted events equals the view of the live state and no event shows a card the viewer cannot see
// (every-seq.ts); the fold of all events equals the live state; chain and random outcomes verify; every event cites
// a rule. 300 matches in CI, 2,000 with MATCHTAPE_DEEP=1.
import { expect, it } from 'vitest';
import { botsFor, DEEP, playMatch } from '@matchtape/engine/testing';
import { jsonEqual, verifyChain, verifyRandom } from '@matchtape/engine';
import { theSpoils } from './index';
import type { SpoilsState } from './types';
import { everySeq } from './every-seq';

const MATCHES = DEEP ? 2000 : 300;
const CHUNK = 50;
export { botsFor, DEEP };
const RULE = /^(\d{3}(\.\d+[a-z]?)?|command)$/;

/** Registers the chunks of matches of one half (0 or 1) as tests. */
export function botMatchChunks(half: 0 | 1): void {
  for (let from = half * CHUNK; from < MATCHES; from += 2 * CHUNK) {
    it(`matches ${from}–${from + CHUNK - 1} end by the rules; redaction commutes and nothing leaks at every seq; chain, randomness, fold`, { timeout: 600_000 }, () => {
      const results = new Map<string, number>();
      for (let i = from; i < from + CHUNK; i++) {
        const m = playMatch<SpoilsState>(theSpoils, { seed: `sp-${i}`, bots: botsFor(i), recordStates: false });
        expect(m.endedByRules, `seed sp-${i} did not end`).toBe(true);
        const last = m.events[m.events.length - 1]!;
        expect(last.type).toBe('MatchEnded');
        const rule = String(last.rule);
        results.set(rule, (results.get(rule) ?? 0) + 1);
        for (const e of m.events) expect(e.rule, `${e.type} at seq ${e.seq} of sp-${i}`).toMatch(RULE);
        expect(everySeq(m.events), `sp-${i}`).toEqual([]);
        expect(verifyChain(m.events)).toEqual({ ok: true });
        expect(verifyRandom(m.events, m.seed).ok).toBe(true);
        let s = theSpoils.initial();
        for (const e of m.events) s = theSpoils.evolve(s, e);
        expect(jsonEqual(s, m.final)).toBe(true);
      }
      // Most matches end with a faction at 0 influence (102.1), not at the turn limit (104).
      expect(results.get('102.1') ?? 0).toBeGreaterThan(CHUNK * 0.8);
    });
  }
}
