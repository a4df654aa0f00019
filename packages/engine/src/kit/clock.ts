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

export const ClockKindSchema = z.enum(['chess', 'turn']);
export const OnTimeoutSchema = z.enum(['loss', 'draw']);

/** The payloads of the two clock events, for a game's event catalog. */
export const clockEventShapes = {
  /** `player` had no time left on its `clock`; the match ends as `onTimeout` says (the next event is MatchEnded). */
  ClockExpired: z.object({ player: PlayerIdSchema, clock: ClockKindSchema, onTimeout: OnTimeoutSchema }),
  /** A judge (`by`: the token's id) added `ms` to `player`'s clock. */
  TimeAdded: z.object({ player: PlayerIdSchema, ms: z.number().int().positive(), by: z.string() }),
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
    x.onTimeout === 'loss' ? `${x.player} ran out of time on the ${x.clock} clock${winner ? `: ${winner} wins` : ''}` : `draw: ${x.player} ran out of time on the ${x.clock} clock`;
  return [
    { type: CLOCK_EXPIRED, payload: { player: x.player, clock: x.clock, onTimeout: x.onTimeout }, auto: true },
    { type: MATCH_ENDED, payload: { winner, result, ...extra(winner, losers) }, auto: true },
  ];
}

export function timeAddedDraft(player: PlayerId, ms: number, by: string): DraftEvent {
  return { type: TIME_ADDED, payload: { player, ms, by }, auto: true };
}
