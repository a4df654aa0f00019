// The kit's every-seq invariants (ARCHITECTURE.md §6: fold = live, redaction commutes, no leaks, chain and
// randomness, every viewer, every seq, views serialised) on extra seeds (1 in CI, 100 with MATCHTAPE_DEEP=1; besides, in CI
// the conformance suite runs them on its 3 and properties.test.ts runs the lighter every-seq check on all 300),
// and what a hidden card looks like to each viewer.
import { describe, expect, it } from 'vitest';
import { DEEP, expectInvariantsOnMatches, playMatch } from '@matchtape/engine/testing';
import { theSpoils } from './index';
import type { SpoilsState } from './types';
import type { GameEvent } from '@matchtape/engine';
import { everySeq } from './property-helpers';

const FULL_CHECKS = DEEP ? 100 : 1;

describe('the-spoils invariants at every seq', () => {
  it(`every-seq invariants on ${FULL_CHECKS} matches`, { timeout: 3_600_000 }, () => {
    expectInvariantsOnMatches(theSpoils, 'sp-full', FULL_CHECKS);
  });

  it('the lighter every-seq check of the property tests fails when redaction is missing or wrong', () => {
    const m = playMatch<SpoilsState>(theSpoils, {
      seed: 'sp-check',
      bots: { p1: 'greedy', p2: 'greedy' },
      maxCommands: 60,
      recordStates: false,
    });
    expect(everySeq(m.events)).toEqual([]);
    const leaky = { ...theSpoils, viewEvent: <E extends GameEvent>(e: E): E => e };
    expect(everySeq(m.events, ['p2'], leaky).length).toBeGreaterThan(0);
    const blind = { ...theSpoils, view: (s: SpoilsState) => s };
    expect(everySeq(m.events, ['p2'], blind).some((f) => f.includes('≠'))).toBe(true);
  });

  it('a hidden card is really hidden: the opponent sees hand slots without identity and no deck card at all', () => {
    const m = playMatch<SpoilsState>(theSpoils, {
      seed: 'sp-hidden',
      bots: { p1: 'greedy', p2: 'greedy' },
      maxCommands: 40,
    });
    const s = m.final;
    const v = theSpoils.view(s, 'p2');
    expect(v.players.p1!.hand.length).toBe(s.players.p1!.hand.length);
    expect(v.players.p1!.hand.every((c) => 'hidden' in c)).toBe(true);
    expect(v.players.p2!.deck.every((c) => 'hidden' in c)).toBe(true);
    expect(theSpoils.view(s, 'p1').players.p1!.hand.every((c) => 'cardId' in c)).toBe(true);
    // 411.2: face-down resources are seen by their controller only.
    for (const x of s.perms.filter((y) => y.faceDown)) {
      expect(theSpoils.view(s, x.controller).perms.find((y) => y.id === x.id)!.cardId).toBe(x.cardId);
      expect(theSpoils.view(s, 'public').perms.find((y) => y.id === x.id)!.cardId).toBeNull();
    }
  });
});
