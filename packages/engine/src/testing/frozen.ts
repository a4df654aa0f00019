// evolve copies only what it changes (the fold's hot path shares the rest with the previous state), so nothing
// may change a state in place once evolve has returned it. foldFrozen deep-freezes every state as it folds: in
// strict mode a write to a shared object then throws, naming the event that made it.
import type { AnyGameModule, GameEvent } from '../game';

// A frozen object's children were frozen with it, so shared parts of earlier states are skipped.
function deepFreeze(x: unknown): void {
  if (x === null || typeof x !== 'object' || Object.isFrozen(x)) return;
  Object.freeze(x);
  for (const v of Object.values(x)) deepFreeze(v);
}

/** Folds `events` freezing every state (and its input) deeply; throws with the seq and type of the event that wrote to a frozen state. */
export function foldFrozen<S>(game: AnyGameModule, events: readonly GameEvent[]): S {
  let s = game.initial() as S;
  deepFreeze(s);
  for (const [i, e] of events.entries()) {
    try {
      s = game.evolve(s, e) as S;
    } catch (err) {
      throw new Error(
        `${game.id}: evolve of event ${i + 1} (${e.type}) failed on a frozen state — it changed a state it did not copy: ${(err as Error).message}`,
      );
    }
    deepFreeze(s);
  }
  return s;
}
