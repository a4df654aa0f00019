// Plays the attacker of issue 9 against the match generator. The old generator (xoshiro128**, kept here
// verbatim as the reference victim) is GF(2)-linear under an invertible scrambler: every 32-bit output gives
// 32 linear equations on the 128-bit state, so a few opaque ids (raw outputs) at known positions recover the
// state, and with it every shuffle, draw and id of the match. The same solver is then run on what the current
// generator lets anyone observe, and must fail to predict anything.
import { describe, expect, it } from 'vitest';
import { Rng } from './rng';
import { cloneAt, predictIdRun, recoverState, Xoshiro128ss } from './testing/rng-attack';

// ---- What a public viewer saw, and the attack on it -------------------------------------------------------

/** A DeckShuffled as the pre-issue-9 public feed carried it: positions, no draws, the new opaque ids in order. */
interface ObservedShuffle {
  from: number;
  to: number;
  ids: string[];
}

/**
 * The issue-9 attack: ids are raw outputs (two per id) sitting at the end of the shuffle's cursor range, so the
 * first three ids give 192 equations. With the state, the attacker re-runs the shuffle and the next draws.
 */
function attackShuffle(
  seen: ObservedShuffle,
): { state: Uint32Array; permutation: number[]; otherIds: string[] } | null {
  const first = seen.to - seen.ids.length * 2;
  const observed = seen.ids.slice(0, 3).flatMap((id, i) => [
    { at: first + 2 * i, output: parseInt(id.slice(1, 9), 16) },
    { at: first + 2 * i + 1, output: parseInt(id.slice(9, 17), 16) },
  ]);
  const state = recoverState(observed);
  if (!state) return null;
  const permutation = cloneAt(state, seen.from).permutation(seen.ids.length);
  const g = cloneAt(state, first + 6);
  const otherIds = seen.ids.slice(3).map(() => g.opaqueId());
  return { state, permutation, otherIds };
}

const DECK = 40;

describe('attacker: GF(2) linear solve of the generator state from public opaque ids', () => {
  it('breaks the old xoshiro128** generator: recovers the state, the hidden shuffle and every later draw', () => {
    for (const seed of ['victim-1', 'victim-2', 'a3f9c0de']) {
      const victim = new Xoshiro128ss(seed);
      victim.next(); // the starting player's coin
      const from = victim.cursor;
      const shuffle = victim.permutation(DECK);
      const ids = Array.from({ length: DECK }, () => victim.opaqueId());
      const seen: ObservedShuffle = { from, to: victim.cursor, ids };
      const futureDraws = Array.from({ length: 20 }, () => victim.uniform(6));
      const futureIds = Array.from({ length: 5 }, () => victim.opaqueId());

      const broken = attackShuffle(seen);
      expect(broken).not.toBeNull();
      expect(broken!.otherIds).toEqual(ids.slice(3));
      expect(broken!.permutation).toEqual(shuffle); // the hidden deck order, from public data alone
      expect(predictIdRun(ids)).toEqual({ solved: true, predicted: DECK - 3, hits: DECK - 3 }); // no positions needed
      const g = cloneAt(broken!.state, seen.to);
      expect(Array.from({ length: 20 }, () => g.uniform(6))).toEqual(futureDraws);
      expect(Array.from({ length: 5 }, () => g.opaqueId())).toEqual(futureIds);
    }
  });

  it('fails against the current generator, even handed the positions the public feed no longer carries', () => {
    for (const seed of ['victim-1', 'victim-2', 'a3f9c0de']) {
      const rng = new Rng(seed);
      rng.int(2);
      rng.take();
      rng.permutation(DECK);
      const ids = Array.from({ length: DECK }, () => rng.opaqueId());
      const rec = rng.take();
      // Ids now take one position each; lay them out as the attack expects (two outputs per id at the end).
      const seen: ObservedShuffle = { from: rec.from, to: rec.to + DECK, ids };
      const shuffle = (rec.draws![0] as { result: number[] }).result;
      const broken = attackShuffle(seen);
      // 192 equations in 128 unknowns from outputs that are not linear in any 128-bit state: inconsistent.
      expect(broken).toBeNull();
      expect(predictIdRun(ids)).toEqual({ solved: false, predicted: DECK - 3, hits: 0 });
      // With exactly 128 equations the system is solvable, but the "state" predicts nothing.
      const justFour = recoverState(
        ids.slice(0, 2).flatMap((id, i) => [
          { at: 2 * i, output: parseInt(id.slice(1, 9), 16) },
          { at: 2 * i + 1, output: parseInt(id.slice(9, 17), 16) },
        ]),
      );
      expect(justFour).not.toBeNull();
      const g = cloneAt(justFour!, 4);
      const predicted = ids.slice(2).map(() => g.opaqueId());
      expect(predicted.filter((id, i) => id === ids[i + 2])).toEqual([]);
      expect(cloneAt(justFour!, 0).permutation(DECK)).not.toEqual(shuffle);
    }
  });

  it('fails even on raw draws at known positions (what a judge sees), which a xoshiro128** stream would give away', () => {
    const attackRaw = (outputs: number[], future: number[]): number => {
      const state = recoverState(outputs.map((output, at) => ({ at, output })));
      if (!state) return 0;
      const g = cloneAt(state, outputs.length);
      return future.filter((x) => g.next() === x).length;
    };
    const old = new Xoshiro128ss('raw');
    const oldOut = Array.from({ length: 8 }, () => old.next());
    const oldFuture = Array.from({ length: 50 }, () => old.next());
    expect(attackRaw(oldOut, oldFuture)).toBe(50);

    const rng = new Rng('raw');
    const out = Array.from({ length: 8 }, () => rng.int(2 ** 32));
    const future = Array.from({ length: 50 }, () => rng.int(2 ** 32));
    expect(recoverState(out.map((output, at) => ({ at, output })))).toBeNull();
    expect(recoverState(out.slice(0, 4).map((output, at) => ({ at, output })))).not.toBeNull();
    expect(attackRaw(out.slice(0, 4), future)).toBe(0);
  });
});
