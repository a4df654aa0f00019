// evolve shares what an event does not change (mapInPlay keeps untouched zones and players): it must never write
// to the state it was given.
import { describe, expect, it } from 'vitest';
import { fold } from '@matchtape/engine';
import { foldFrozen, playMatch } from '@matchtape/engine/testing';
import { elementalClash } from './index';
import type { ECState } from './types';

describe('elemental-clash evolve copies what it changes', () => {
  it('folds every event of bot matches on deep-frozen states, to the same state as a plain fold', () => {
    for (const [k, bot] of (['random', 'greedy'] as const).entries()) {
      const m = playMatch<ECState>(elementalClash, {
        seed: `fold-copy-${k}`,
        bots: { p1: bot, p2: 'random' },
        recordStates: false,
      });
      expect(foldFrozen<ECState>(elementalClash, structuredClone(m.events))).toEqual(
        fold<ECState>(elementalClash, m.events),
      );
    }
  });
});
