import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonEqual } from './canonical';
import { fold, Keyframes } from './fold';
import { playMatch } from './testing';
import { coinRace, type CoinRaceState } from './testing/fixture-game';

describe('fold and Keyframes', () => {
  const match = playMatch<CoinRaceState>(coinRace, { seed: 'fold-1', bots: { p1: 'random', p2: 'random' } });

  it('fold of a prefix equals the live state after that event', () => {
    for (let i = 0; i < match.events.length; i++)
      expect(jsonEqual(fold(coinRace, match.events.slice(0, i + 1)), match.states[i])).toBe(true);
    expect(fold(coinRace, [])).toEqual(coinRace.initial());
  });

  it('fold can continue from a state', () => {
    const half = Math.floor(match.events.length / 2);
    const mid = fold<CoinRaceState>(coinRace, match.events.slice(0, half));
    expect(fold(coinRace, match.events.slice(half), mid)).toEqual(match.final);
  });

  it('seek(seq) equals the fold of the first seq events, for random seqs, interval sizes and seeds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.integer({ min: -3, max: 200 }), { minLength: 1, maxLength: 25 }),
        fc.string({ maxLength: 6 }),
        (every, seqs, seed) => {
          const m = playMatch<CoinRaceState>(coinRace, {
            seed: `kf-${seed}`,
            bots: { p1: 'random', p2: 'greedy' },
          });
          const kf = new Keyframes<CoinRaceState>(coinRace, every);
          kf.push(...m.events);
          expect(kf.length).toBe(m.events.length);
          expect(kf.latest).toEqual(m.final);
          for (const seq of seqs) {
            const n = Math.max(0, Math.min(seq, m.events.length));
            expect(kf.seek(seq)).toEqual(fold(coinRace, m.events.slice(0, n)));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps working while events are pushed one at a time, and over redacted events', () => {
    const kf = new Keyframes<CoinRaceState>(coinRace, 4);
    const redacted = new Keyframes<CoinRaceState>(coinRace, 3);
    for (let i = 0; i < match.events.length; i++) {
      kf.push(match.events[i]!);
      redacted.push(coinRace.viewEvent(match.events[i]!, 'p2'));
      expect(kf.seek(i + 1)).toEqual(match.states[i]);
      expect(redacted.seek(i + 1)).toEqual(coinRace.view(match.states[i]!, 'p2'));
      expect(kf.seek(Math.floor(i / 2))).toEqual(fold(coinRace, match.events.slice(0, Math.floor(i / 2))));
    }
  });
});
