// Where the event's rounds stand for the organiser's buttons: the next round may start once every pairing of the
// current one has its result and two players are still in; time may be called once on an open round.
import type { EventView } from '@matchtape/server/events-contract';

export interface RoundState {
  /** The number "Start round N" starts. */
  next: number;
  /** The current round has a pairing without its result. */
  open: boolean;
  canStart: boolean;
  /** Time has been called on the current round. */
  timeCalled: boolean;
}

export function roundState(view: EventView): RoundState {
  const current = view.rounds.at(-1);
  const open = current?.pairings.some((p) => !p.result) ?? false;
  return {
    next: view.rounds.length + 1,
    open,
    canStart: !open && view.players.filter((p) => !p.dropped).length >= 2,
    timeCalled: !!current?.timeCalled,
  };
}
