// Rules one hop away: a game's commands as a table of `{ check, perform }` keyed by command type, and its fold as a
// table of small functions keyed by event type. A reader goes from a command name or an event type to the one
// function that decides it, and a new command or event is one new row (boardgame.io's moves, tcg-engines'
// `{ condition, reducer }`). The game still owns what runs around the row (parsing, the machine gate, settling).
import type { GameEvent, Rejection } from '../game';
import type { PlayerId } from '../ids';

/** One command of a game: the rules it must meet where the game is, and the events it emits. */
export interface CommandRule<S, C, D> {
  /** Every rule the command must meet now: null when it may be performed, else the rejection (rule + reason). */
  check(s: S, c: C, player: PlayerId): Rejection | null;
  /** Emits the command's events through the draft (`d.state` is the state `check` accepted). */
  perform(d: D, c: C, player: PlayerId): void;
}

/** Every command type of `C` (a union discriminated on `type`) mapped to its rule, with the row's own command type. */
export type CommandTable<S, C extends { type: string }, D> = {
  readonly [K in C['type']]: CommandRule<S, Extract<C, { type: K }>, D>;
};

/** The rule of a command type, or undefined for a type the table does not know. */
export function commandRule<S, C extends { type: string }, D>(
  table: CommandTable<S, C, D>,
  type: string,
): CommandRule<S, C, D> | undefined {
  return Object.hasOwn(table, type)
    ? (table as unknown as Record<string, CommandRule<S, C, D>>)[type]
    : undefined;
}

/** One event's fold: the state after it, from the state before and the event's payload. */
export type Fold<S> = (s: S, p: Record<string, unknown>, e: GameEvent) => S;

/** A game's fold functions keyed by event type; a type with no row changes nothing. */
export type FoldTable<S> = Readonly<Record<string, Fold<S>>>;

/** The fold of a table: the row of the event's type, or the state unchanged (marker events). */
export function foldBy<S>(table: FoldTable<S>): (s: S, e: GameEvent) => S {
  return (s, e) =>
    Object.hasOwn(table, e.type) ? table[e.type]!(s, e.payload as Record<string, unknown>, e) : s;
}

/** `check` of a command no rule restricts beyond the game's own gate (the table says so rather than omit it). */
export const allowed = (): null => null;

/** A seat as MatchStarted names it (every game's payload carries `players: [{ id, name }]`, in seat order). */
interface StartedSeat {
  id: PlayerId;
  name: string;
}

/**
 * MatchStarted's seats as every game folds them: the seat order, and one fresh player record per seat made by the
 * game's own `newPlayer`.
 */
export function seatsOf<P>(
  payload: Record<string, unknown>,
  newPlayer: (id: PlayerId, name: string) => P,
): { order: PlayerId[]; players: Record<PlayerId, P> } {
  const seats = (payload.players as StartedSeat[] | undefined) ?? [];
  return {
    order: seats.map((x) => x.id),
    players: Object.fromEntries(seats.map((x) => [x.id, newPlayer(x.id, x.name)])),
  };
}

/** The fields `startedState` sets: a state that keeps the match id, the seats and a turn limit. */
interface StartedFields<P> {
  status: string;
  matchId: string;
  order: PlayerId[];
  players: Record<PlayerId, P>;
  turnLimit: number;
}

/**
 * MatchStarted folded onto a fresh state: playing, with the match's id, its seats (`seatsOf`) and its turn limit.
 * A game spreads its own fields after it.
 */
export function startedState<S extends StartedFields<P>, P>(
  payload: Record<string, unknown>,
  initial: () => S,
  newPlayer: (id: PlayerId, name: string) => P,
): S {
  return {
    ...initial(),
    status: 'playing',
    matchId: String(payload.matchId ?? ''),
    ...seatsOf(payload, newPlayer),
    turnLimit: Number(payload.turnLimit ?? 0),
  };
}
