// The featured table as a stream overlay may show it: the table the producer featured and the game being played
// there, as of a moment the caller chooses (now minus the overlay's delay). Pure: the caller passes the moment,
// so the overlay never learns of a switch, or of a table's next game, before its delayed feed has got there.
import { foldEvent } from './evolve';
import type { EventState, TournamentEvent } from './model';

export interface FeaturedGame {
  round: number;
  table: number;
  /** The game at that table as of the moment (the latest one started); null before its first game. */
  game: number | null;
  matchId: string | null;
  /** The pairing's players (event player ids), first-named first. */
  players: [string, string | null];
}

/** The featured table of a folded event and the game it is playing (or last played). */
export function featuredGame(s: EventState): FeaturedGame | null {
  if (!s.featured) return null;
  const { round, table } = s.featured;
  const p = s.rounds.find((r) => r.round === round)?.pairings.find((x) => x.table === table);
  if (!p) return null;
  const g = [...p.games].reverse().find((x) => x.matchId !== null);
  return { round, table, game: g?.game ?? null, matchId: g?.matchId ?? null, players: [p.p1, p.p2] };
}

/**
 * The event folded from the stream's prefix that had happened by `at` (ISO time): what a feed delayed to `at` may
 * know. A prefix, not a filter: each event was decided on everything before it.
 */
export function eventAsOf(events: readonly TournamentEvent[], at: string): EventState {
  const cut = new Date(at).getTime();
  const n = events.findIndex((e) => new Date(e.at).getTime() > cut);
  return foldEvent(n < 0 ? events : events.slice(0, n));
}
