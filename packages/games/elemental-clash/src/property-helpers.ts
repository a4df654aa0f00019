// Shared by properties.test.ts and properties-b.test.ts (imported by tests only): the seeded bot matches and
// the checks each one must pass.
import { expect, it } from 'vitest';
import { canonicalJson, jsonEqual, verifyChain, verifyRandom, type Viewer } from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing';
import { elementalClash } from './index';
import type { ECState } from './types';

export const DEEP = process.env.MATCHTAPE_DEEP === '1';
export const MATCHES = DEEP ? 2000 : 300;
const CHUNK = DEEP ? 250 : 50;
/** Rules a citation may name: a section of the document, a phase bullet, a keyword, or a decision. */
export const RULE = /^(1\.0|2\.0|2\.1|4\.0(\.[SDME][1-3])?|5\.0|6\.0|7\.0\.[A-Z][A-Za-z ]+|9\.1|D\d{1,2})$/;

export const botsFor = (i: number) => ({ p1: i % 2 === 0 ? 'random' : 'greedy', p2: i % 3 === 0 ? 'random' : 'greedy' }) as const;

/** Registers the property chunks of one half (0 or 1) of the matches. */
export function propertyChunks(half: 0 | 1): void {
  const per = MATCHES / 2;
  for (let from = half * per; from < (half + 1) * per; from += CHUNK) {
    it(`matches ${from}–${from + CHUNK - 1}: end by the rules, cite rules, verify, fold and redact`, { timeout: 900_000 }, () => {
      for (let i = from; i < from + CHUNK; i++) {
        const m = playMatch<ECState>(elementalClash, { seed: `ec-${i}`, bots: botsFor(i) });
        expect(m.endedByRules, `seed ec-${i} did not end`).toBe(true);
        const last = m.events[m.events.length - 1]!;
        expect(last.type).toBe('MatchEnded');
        for (const e of m.events) {
          if ('system' in e.cause) expect(e.rule, `${e.type} at seq ${e.seq} of ec-${i}`).toMatch(RULE);
          else if (e.rule !== null) expect(e.rule, `${e.type} at seq ${e.seq} of ec-${i}`).toMatch(RULE);
        }
        expect(verifyChain(m.events)).toEqual({ ok: true });
        expect(verifyRandom(m.events, m.seed).ok).toBe(true);
        let s = elementalClash.initial();
        for (const e of m.events) s = elementalClash.evolve(s, e);
        expect(jsonEqual(s, m.final)).toBe(true);
        for (const v of ['p1', 'p2', 'public'] as Viewer[]) {
          let r = elementalClash.initial();
          for (const e of m.events) r = elementalClash.evolve(r, elementalClash.viewEvent(e, v));
          const shown = canonicalJson(elementalClash.view(m.final, v));
          expect(canonicalJson(r) === shown, `redaction commutes for ${v} in ec-${i}`).toBe(true);
          for (const secret of elementalClash.secrets(m.final, v)) expect(shown.includes(`"${secret}"`), `${v} sees ${secret} in ec-${i}`).toBe(false);
        }
      }
    });
  }
}
