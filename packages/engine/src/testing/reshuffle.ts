// The suite every game runs on its GameModule.reshuffleHidden (a fork's reshuffle of hidden, randomly ordered
// zones; issue 21): deterministic for a seed, every draw recorded and re-derivable, the same cards in a new order
// in every such zone, and nothing of the order shown to anyone but judges. Each game says only which zones those
// are (its rules document decides).
import { describe, expect, it } from 'vitest';
import { canonicalJson, jsonEqual } from '../canonical';
import type { AnyGameModule, DraftEvent, GameEvent } from '../game';
import type { Viewer } from '../ids';
import { randomPositionsIn } from '../random-redaction';
import { cursorAfter, Rng, verifyRandom } from '../rng';
import { firstDifference, playMatch } from './harness';

export interface ReshuffleSpec<S> {
  /**
   * Every hidden, randomly ordered zone of a judge state, by a name ("p1 deck"): its cards top first. The card's
   * `cardId` names what it is; its `id` may be renewed by the shuffle.
   */
  zones(state: S): Record<string, readonly { id: string; cardId: string }[]>;
  /** Bot commands played before the reshuffle (default 40): a state in the middle of a match. */
  commands?: number;
  /** Check that zones of 10+ cards come out in a new order (default true; a fixture with tiny decks turns it off). */
  checkOrder?: boolean;
}

const names = (zone: readonly { cardId: string }[]): string[] => zone.map((c) => c.cardId);

export function describeHiddenReshuffle<S>(game: AnyGameModule, spec: ReshuffleSpec<S>): void {
  describe(`${game.id}: reshuffleHidden (a fork's reshuffle of hidden zones)`, () => {
    const played = playMatch<S>(game, {
      seed: `${game.id}-reshuffle`,
      bots: {},
      maxCommands: spec.commands ?? 40,
      recordStates: false,
    });
    const state = played.final;
    const cursor = cursorAfter(played.events);
    const run = (seed: string): { events: DraftEvent[]; rng: Rng } => {
      const rng = new Rng(seed, cursor);
      return { events: game.reshuffleHidden(state, rng), rng };
    };
    const fold = (from: S, events: readonly GameEvent[]): S =>
      events.reduce((s, e) => game.evolve(s, e) as S, from);
    const viewers: Viewer[] = ['public', ...played.config.players.map((p) => p.id)];

    it('is deterministic for a seed, records every draw, and cites no rule of the game', () => {
      expect(game.status(state).status).toBe('playing');
      const a = run('fork-seed-a');
      expect(a.events.length).toBeGreaterThan(0);
      expect(a.rng.pending, 'draws no event records').toBe(false);
      expect(canonicalJson(run('fork-seed-a').events)).toBe(canonicalJson(a.events));
      for (const e of a.events) {
        expect(e.rule, `${e.type} is Matchtape's action, not a rule`).toBeUndefined();
        const parsed = game.eventSchema.safeParse({ type: e.type, payload: e.payload });
        expect(parsed.success, `${e.type}: ${JSON.stringify(parsed.error?.issues[0])}`).toBe(true);
      }
      const seqd = a.events.map((e, i) => ({ seq: i + 1, payload: e.payload }));
      expect(verifyRandom(seqd, 'fork-seed-a', cursor)).toMatchObject({ ok: true });
      expect(verifyRandom(seqd, 'fork-seed-b', cursor).ok).toBe(false);
    });

    it('puts the same cards of every hidden random zone in a new order, and moves nothing else', () => {
      const before = spec.zones(state);
      const a = fold(state, run('fork-seed-a').events);
      const b = fold(state, run('fork-seed-b').events);
      const afterA = spec.zones(a);
      expect(Object.keys(afterA).sort()).toEqual(Object.keys(before).sort());
      let moved = 0;
      for (const [zone, cards] of Object.entries(before)) {
        expect(names(afterA[zone]!).sort(), zone).toEqual(names(cards).sort());
        if (cards.length >= 10 && spec.checkOrder !== false) {
          moved += 1;
          // 10+ cards: the same order again (or the same for two seeds) is at most 1 in 3.6 million.
          expect(names(afterA[zone]!), `${zone} in the same order`).not.toEqual(names(cards));
          expect(names(spec.zones(b)[zone]!), `${zone}: two seeds, one order`).not.toEqual(
            names(afterA[zone]!),
          );
        }
      }
      if (spec.checkOrder !== false) expect(moved, 'a zone of 10+ cards to reshuffle').toBeGreaterThan(0);
      expect(game.position(a)).toEqual(game.position(state));
      expect(game.actors(a)).toEqual(game.actors(state));
    });

    it('shows nobody but judges which card is where, and folds the same redacted', () => {
      const { events } = run('fork-seed-a');
      const after = fold(state, events);
      const hiddenNames = new Set(Object.values(spec.zones(after)).flatMap(names));
      for (const v of viewers) {
        const seen = events.map((e) => game.viewEvent(e, v));
        const text = JSON.stringify(seen);
        const leaks = [...hiddenNames, ...game.secrets(after, v)].filter((x) => text.includes(`"${x}"`));
        expect(leaks, `${v} is shown these in the reshuffle`).toEqual([]);
        expect(randomPositionsIn(seen), `${v} is shown draws`).toEqual([]);
        const viewed = game.view(after, v);
        const folded = fold(game.view(state, v) as S, seen);
        expect(jsonEqual(viewed, folded), `${v}: ${firstDifference(viewed, folded)}`).toBe(true);
      }
    });
  });
}
