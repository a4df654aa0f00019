// Shared by properties.test.ts and properties-b.test.ts (imported by tests only): the seeded bot matches and
// the checks each one must pass.
import { expect, it } from 'vitest';
import { botsFor, checkInvariants, DEEP, playMatch } from '@matchtape/engine/testing';
import { elementalClash } from './index';
import type { ECState } from './types';

export { botsFor, DEEP };
export const MATCHES = DEEP ? 2001 : 150;
export const PARTS = 3;
const CHUNK = DEEP ? 167 : 25;
/** Rules a citation may name: a section of the document, a phase bullet, a keyword, or a decision. */
export const RULE = /^(1\.0|2\.0|2\.1|4\.0(\.[SDME][1-3])?|5\.0|6\.0|7\.0\.[A-Z][A-Za-z ]+|9\.1|D\d{1,2})$/;

/** Registers the property chunks of one part (0…PARTS-1) of the matches. */
export function propertyChunks(part: number): void {
  const per = MATCHES / PARTS;
  for (let from = part * per; from < (part + 1) * per; from += CHUNK) {
    const to = Math.min(from + CHUNK, (part + 1) * per);
    it(
      `matches ${from}–${to - 1}: end by the rules, cite rules, invariants at every seq for every viewer`,
      { timeout: 1_800_000 },
      () => {
        for (let i = from; i < to; i++) {
          const m = playMatch<ECState>(elementalClash, { seed: `ec-${i}`, bots: botsFor(i) });
          expect(m.endedByRules, `seed ec-${i} did not end`).toBe(true);
          expect(m.events[m.events.length - 1]!.type).toBe('MatchEnded');
          for (const e of m.events) {
            // Every automatic action cites a section or decision; player actions cite the rule they follow.
            if ('system' in e.cause) expect(e.rule, `${e.type} at seq ${e.seq} of ec-${i}`).toMatch(RULE);
            else if (e.rule !== null) expect(e.rule, `${e.type} at seq ${e.seq} of ec-${i}`).toMatch(RULE);
          }
          // Invariants 1, 2, 3 and 6 at every seq, for judge, public, p1 and p2.
          expect(checkInvariants(elementalClash, m), `ec-${i}`).toEqual([]);
        }
      },
    );
  }
}
