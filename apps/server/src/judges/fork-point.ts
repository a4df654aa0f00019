// Where a fork may start: after an event at which someone may act and the match goes on. Between a command's
// first event and the automatic ones that follow it nobody may act, and the rules would not have stopped there
// (judges/replay.ts refuses such a seq; the case file marks the others `forkable`).
import type { AnyGameModule } from '@matchtape/engine';

export function forkableAfter(game: AnyGameModule, state: unknown): boolean {
  return game.actors(state).length > 0 && game.status(state).status !== 'ended';
}
