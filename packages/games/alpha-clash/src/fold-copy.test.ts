// evolve copies only what it changes (cloneState is lean, players are copied on write): it must never write to
// the state it was given, and its copy must carry every field.
import { describe, expect, it } from 'vitest';
import { fold } from '@matchtape/engine';
import { foldFrozen, playMatch } from '@matchtape/engine/testing';
import { cloneState, deepCloneState } from './evolve';
import { alphaClash } from './index';
import type { AlphaClashState } from './types';

const matches = (['random', 'greedy'] as const).map((bot, k) =>
  playMatch<AlphaClashState>(alphaClash, { seed: `fold-copy-${k}`, bots: { p1: bot, p2: 'random' } }),
);

describe('alpha-clash evolve copies what it changes', () => {
  it('folds every event of bot matches on deep-frozen states, to the same state as a plain fold', () => {
    for (const m of matches) {
      const plain = fold<AlphaClashState>(alphaClash, m.events);
      expect(foldFrozen<AlphaClashState>(alphaClash, structuredClone(m.events))).toEqual(plain);
    }
  });

  it('cloneState and deepCloneState keep every field of every state', () => {
    for (const m of matches) {
      for (const s of m.states) {
        for (const c of [cloneState(s), deepCloneState(s)]) {
          expect(Object.keys(c).sort()).toEqual(Object.keys(s).sort());
          expect(c).toEqual(s);
          for (const p of Object.keys(s.players))
            expect(Object.keys(c.players[p]!).sort()).toEqual(Object.keys(s.players[p]!).sort());
        }
      }
    }
  });
});
