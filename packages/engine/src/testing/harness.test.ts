// The invariant harness must catch broken games, or every game's property tests prove nothing.
import { describe, expect, it } from 'vitest';
import type { GameModule } from '../game';
import { checkInvariants, checkLegalEquivalence, firstDifference, playMatch } from './index';
import { coinRace, type CoinRaceState } from './fixture-game';
import { cursorAfter } from '../rng';

const play = (game: GameModule<CoinRaceState>, seed = 'h1') =>
  playMatch<CoinRaceState>(game, { seed, bots: { p1: 'random', p2: 'random' } });

describe('checkInvariants catches', () => {
  it('a leak: an opponent’s drawn card left in the redacted event (invariants 2 and 3)', () => {
    const leaky: GameModule<CoinRaceState> = {
      ...coinRace,
      viewEvent: (e, v) => (e.type === 'CardDrawn' ? e : coinRace.viewEvent(e, v)),
    };
    const failures = checkInvariants(leaky, play(leaky));
    expect(failures.some((f) => f.invariant === '2 redaction commutes')).toBe(true);
    expect(failures.some((f) => f.invariant.startsWith('3 no leak'))).toBe(true);
  });

  it('a view that shows hidden cards (invariant 3 in views)', () => {
    const peeking: GameModule<CoinRaceState> = { ...coinRace, view: (s) => s, viewEvent: (e) => e };
    const failures = checkInvariants(peeking, play(peeking));
    expect(failures.some((f) => f.invariant === '3 no leak (view)')).toBe(true);
  });

  it('an evolve that reads envelope fields, so its fold differs from the live state (invariant 1)', () => {
    // Counts events that carry a seq: the live path evolves drafts (no seq), the fold evolves envelopes.
    const reader: GameModule<CoinRaceState & { stored?: number }> = {
      ...coinRace,
      evolve: (s, e) => ({ ...coinRace.evolve(s, e), stored: (s.stored ?? 0) + ('seq' in e ? 1 : 0) }),
    };
    const m = playMatch<CoinRaceState & { stored?: number }>(reader, {
      seed: 'h1',
      bots: { p1: 'random', p2: 'random' },
    });
    expect(checkInvariants(reader, m).some((f) => f.invariant === '1 fold = live')).toBe(true);
  });

  it('a tampered event and a forged random outcome (invariant 6)', () => {
    const m = play(coinRace);
    const i = m.events.findIndex((e) => e.type === 'CoinFlipped');
    const forged = {
      ...m,
      events: m.events.map((e, k) =>
        k === i ? { ...e, payload: { ...e.payload, heads: !e.payload.heads } } : e,
      ),
    };
    expect(checkInvariants(coinRace, forged)).toContainEqual(
      expect.objectContaining({ invariant: '6 hash chain', seq: m.events[i]!.seq }),
    );
    expect(checkInvariants(coinRace, { ...m, seed: 'other' })).toContainEqual(
      expect.objectContaining({ invariant: '6 random' }),
    );
  });
});

describe('checkLegalEquivalence catches', () => {
  it('a listed command that decide rejects, and an unlisted command that decide accepts', () => {
    const m = play(coinRace);
    const s = m.states[m.states.length - 2]!;
    const cursor = cursorAfter(m.events.slice(0, m.events.length - 1));
    const overListing: GameModule<CoinRaceState> = {
      ...coinRace,
      legalCommands: (st, p) => [
        ...coinRace.legalCommands(st, p),
        { type: 'PlayCard', player: p, index: 99 },
      ],
    };
    expect(checkLegalEquivalence(overListing, s, m.seed, cursor).join('\n')).toMatch(
      /listed but rejected: .*"index":99/,
    );
    const underListing: GameModule<CoinRaceState> = {
      ...coinRace,
      legalCommands: (st, p) => coinRace.legalCommands(st, p).filter((c) => c.type !== 'Flip'),
    };
    expect(checkLegalEquivalence(underListing, s, m.seed, cursor, [{ type: 'Flip', player: 'p1' }])).toEqual([
      expect.stringMatching(/not listed but accepted: .*Flip/),
    ]);
  });
});

describe('firstDifference', () => {
  it('points at the first differing path', () => {
    expect(firstDifference({ a: { b: [1, 2] } }, { a: { b: [1, 3] } })).toBe('$.a.b.1: 2 vs 3');
    expect(firstDifference({ a: 1 }, { a: 1 })).toBe('(equal)');
  });
});
