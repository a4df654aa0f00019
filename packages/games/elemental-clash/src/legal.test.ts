// Invariant 4 (ARCHITECTURE.md §6): accepted ⇔ listed, at every other state of seeded bot matches, with probes
// of commands that are usually not listed. (The other invariants: properties*.test.ts.)
import { describe, expect, it } from 'vitest';
import { checkLegalEquivalence, playMatch, rngCursorOf } from '@matchtape/engine/testing';
import { elementalClash } from './index';
import { botsFor, DEEP } from './property-helpers';
import type { ECState } from './types';

const LEGAL = DEEP ? 30 : 3;

describe('elemental-clash accepted ⇔ listed', () => {
  it(`accepted ⇔ listed at every other state of ${LEGAL} matches`, { timeout: 1_800_000 }, () => {
    const probes = [
      { type: 'EndStandby', player: 'p1' },
      { type: 'EndMain', player: 'p1' },
      { type: 'EndTurn', player: 'p1' },
      { type: 'FinishDefense', player: 'p1' },
      { type: 'Keep', player: 'p1' },
      { type: 'DeclineRedraw', player: 'p1' },
      { type: 'RedrawHand', player: 'p1' },
      { type: 'DeclineFreePlay', player: 'p1' },
      { type: 'ChooseConstruct', player: 'p1', cardId: null },
    ] as const;
    for (let i = 0; i < LEGAL; i++) {
      const m = playMatch<ECState>(elementalClash, { seed: `ec-legal-${i}`, bots: botsFor(i + 1) });
      for (let k = 0; k < m.states.length; k += 2) {
        const failures = checkLegalEquivalence(
          elementalClash,
          m.states[k]!,
          m.seed,
          rngCursorOf(m.events.slice(0, k + 1)),
          probes.map((p) => ({ ...p })),
        );
        expect(failures, `state ${k} of ec-legal-${i}`).toEqual([]);
      }
    }
  });
});
