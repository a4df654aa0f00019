// Match clocks on the match stream. A clock is a match option the host keeps (a player table's), not a rule of any
// game, so its two facts are the same in every game: `TimeAdded` (a judge gave a seat time) and `ClockExpired` (a
// seat ran out of time), followed by the game's own MatchEnded (a loss for that seat, or a draw, as the option
// says). Each game declares these payloads among its events (`clockEventShapes`) and folds them as markers; the host
// appends them with a system cause, and reads the clock back from the events' times and these facts.
import { z } from 'zod';
import { MATCH_ENDED, type DraftEvent } from '../game';
import { PlayerIdSchema, type PlayerId } from '../ids';

export const CLOCK_EXPIRED = 'ClockExpired';
export const TIME_ADDED = 'TimeAdded';
export const ROUND_TIME_ENDED = 'RoundTimeEnded';
export const ROUND_TIME_CALLED = 'RoundTimeCalled';

export const ClockKindSchema = z.enum(['chess', 'turn']);
export const OnTimeoutSchema = z.enum(['loss', 'draw']);

/** The payloads of the two clock events, for a game's event catalog. */
export const clockEventShapes = {
  /** `player` had no time left on its `clock`; the match ends as `onTimeout` says (the next event is MatchEnded). */
  ClockExpired: z.object({ player: PlayerIdSchema, clock: ClockKindSchema, onTimeout: OnTimeoutSchema }),
  /** A judge (`by`: the token's id) added `ms` to `player`'s clock. */
  TimeAdded: z.object({ player: PlayerIdSchema, ms: z.number().int().positive(), by: z.string() }),
  /**
   * Time was called in the event round this tournament game belongs to. Its position stamp (`turn`) is the turn in
   * progress at that moment, MTR 2.5's "turn 0": the game's last turn is that turn + `extraTurns`, and the host ends
   * the game at the boundary into the turn after it (RoundTimeEnded, MatchEnded).
   */
  RoundTimeCalled: z.object({
    eventId: z.string(),
    round: z.number().int().min(1),
    extraTurns: z.number().int().min(0),
  }),
  /**
   * A tournament game at its event's round time: time was called at `turnAtTime` and the `extraTurns` after that
   * turn have been played, so the game is a draw (MTR 2.5, end-of-match procedure; the next event is MatchEnded).
   */
  RoundTimeEnded: z.object({
    eventId: z.string(),
    round: z.number().int().min(1),
    extraTurns: z.number().int().min(0),
    turnAtTime: z.number().int().min(0),
  }),
};

export interface ClockExpiry {
  player: PlayerId;
  clock: z.infer<typeof ClockKindSchema>;
  onTimeout: z.infer<typeof OnTimeoutSchema>;
}

/**
 * The events that end a match on time: ClockExpired, then MatchEnded naming the winner (the only other seat in a
 * two-player match; none in a draw). `extra` gives a game's own MatchEnded fields (The Spoils names its losers).
 */
export function clockExpiryDrafts(
  players: readonly PlayerId[],
  x: ClockExpiry,
  extra: (winner: PlayerId | null, losers: PlayerId[]) => Record<string, unknown> = () => ({}),
): DraftEvent[] {
  const others = players.filter((p) => p !== x.player);
  const winner = x.onTimeout === 'loss' && others.length === 1 ? others[0]! : null;
  const losers = x.onTimeout === 'loss' ? [x.player] : [...players];
  const result =
    x.onTimeout === 'loss'
      ? `${x.player} ran out of time on the ${x.clock} clock${winner ? `: ${winner} wins` : ''}`
      : `draw: ${x.player} ran out of time on the ${x.clock} clock`;
  return [
    {
      type: CLOCK_EXPIRED,
      payload: { player: x.player, clock: x.clock, onTimeout: x.onTimeout },
      auto: true,
    },
    { type: MATCH_ENDED, payload: { winner, result, ...extra(winner, losers) }, auto: true },
  ];
}

export interface RoundTimeEnd {
  eventId: string;
  round: number;
  extraTurns: number;
  turnAtTime: number;
}

/** The events that end a tournament game at its round's time: RoundTimeEnded, then MatchEnded as a draw. */
export function roundTimeEndDrafts(
  players: readonly PlayerId[],
  x: RoundTimeEnd,
  extra: (winner: PlayerId | null, losers: PlayerId[]) => Record<string, unknown> = () => ({}),
): DraftEvent[] {
  const result = `draw: round ${x.round} time was called on turn ${x.turnAtTime} and its ${x.extraTurns} extra turns were played`;
  return [
    {
      type: ROUND_TIME_ENDED,
      payload: { eventId: x.eventId, round: x.round, extraTurns: x.extraTurns, turnAtTime: x.turnAtTime },
      auto: true,
      rule: 'MTR 2.5',
    },
    { type: MATCH_ENDED, payload: { winner: null, result, ...extra(null, [...players]) }, auto: true },
  ];
}

/** The marker a tournament game's stream gets when its round's time is called (RoundTimeCalled, MTR 2.5). */
export function roundTimeCalledDraft(x: Omit<RoundTimeEnd, 'turnAtTime'>): DraftEvent {
  return {
    type: ROUND_TIME_CALLED,
    payload: { eventId: x.eventId, round: x.round, extraTurns: x.extraTurns },
    auto: true,
    rule: 'MTR 2.5',
  };
}

export function timeAddedDraft(player: PlayerId, ms: number, by: string): DraftEvent {
  return { type: TIME_ADDED, payload: { player, ms, by }, auto: true };
}
