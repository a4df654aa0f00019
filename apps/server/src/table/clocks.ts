// Match clocks, derived from the events' times and the clock option, never held in memory: a server that
// restarts reads the same answer from the store. A chess clock runs for the seat that must act (the game's
// first actor) between one event and the next, and gains its increment with each command the seat makes;
// a turn clock gives the active player `secondsPerTurn` from the first event of their turn. Time a judge added
// (a TimeAdded event on the match stream; matches from before it kept it in the table's lobby record) counts for its
// seat.
import { TIME_ADDED, type AnyGameModule, type EventEnvelope, type PlayerId } from '@matchtape/engine';
import type { ClockOption, ClockState } from './contract';

export interface AddedTime {
  seat: string;
  ms: number;
  at: string;
}

export function clockAt(
  game: AnyGameModule,
  option: ClockOption,
  seats: readonly string[],
  events: readonly EventEnvelope[],
  added: readonly AddedTime[],
  now: number,
): ClockState {
  const remainingMs: Record<string, number> = {};
  const given: AddedTime[] = [...added];
  const asOf = new Date(now).toISOString();
  if (option.kind === 'none') return { kind: 'none', remainingMs, running: null, asOf };
  let state = game.initial();
  let running: string | null = null;
  let since = 0;
  const spent: Record<string, number> = Object.fromEntries(seats.map((s) => [s, 0]));
  const moves: Record<string, Set<string>> = Object.fromEntries(seats.map((s) => [s, new Set<string>()]));
  let turn = -1;
  let turnStart = 0;
  for (const e of events) {
    const t = Date.parse(e.at);
    if (running !== null) spent[running] = (spent[running] ?? 0) + Math.max(0, t - since);
    state = game.evolve(state, e);
    if (e.type === TIME_ADDED)
      given.push({ seat: String(e.payload.player), ms: Number(e.payload.ms), at: e.at });
    const c = e.cause as { player?: string; commandId?: string };
    if (c.player && c.commandId) moves[c.player]?.add(c.commandId);
    if (e.turn !== turn) {
      turn = e.turn;
      turnStart = t;
    }
    const ended = game.status(state).status === 'ended';
    running = ended
      ? null
      : option.kind === 'chess'
        ? ((game.actors(state) as PlayerId[])[0] ?? null)
        : game.position(state).activePlayer;
    since = t;
  }
  if (running !== null) spent[running] = (spent[running] ?? 0) + Math.max(0, now - since);
  const addedFor = (seat: string, from = 0): number =>
    given.filter((a) => a.seat === seat && Date.parse(a.at) >= from).reduce((n, a) => n + a.ms, 0);
  for (const seat of seats) {
    if (option.kind === 'chess')
      remainingMs[seat] =
        option.initialSeconds * 1000 +
        moves[seat]!.size * option.incrementSeconds * 1000 +
        addedFor(seat) -
        spent[seat]!;
    else
      remainingMs[seat] =
        option.secondsPerTurn * 1000 +
        (seat === running ? addedFor(seat, turnStart) - Math.max(0, now - turnStart) : 0);
  }
  return { kind: option.kind, remainingMs, running, asOf };
}
