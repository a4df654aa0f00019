// The event page's words for its figures: players by name (a bye when none), match results, game outcomes,
// percentages in the standings, and where a player's own pairing stands.
import type { EventView, MyEvent } from '@matchtape/server/events-contract';

type Pairing = EventView['rounds'][number]['pairings'][number];

/** A tiebreaker as a percentage with two decimals: 0.5 → "50.00%". */
export const pct = (x: number): string => `${(x * 100).toFixed(2)}%`;

/** A player's name by id in this event; null is a bye, an unknown id reads as itself. */
export const playerNamer =
  (players: EventView['players']) =>
  (p: string | null): string =>
    p === null ? 'BYE' : (players.find((x) => x.id === p)?.name ?? p);

/** A pairing's result: "2-1-0 Ana", "1-1-1 draw", "2-0-0 Bo (concession)", or "playing" before it has one. */
export function resultText(result: Pairing['result'], name: (p: string | null) => string): string {
  if (!result) return 'playing';
  const who = result.winner ? name(result.winner) : 'draw';
  const by = result.by === 'games' ? '' : ` (${result.by})`;
  return `${result.p1Wins}-${result.p2Wins}-${result.draws} ${who}${by}`;
}

/** A game's outcome after its "G1": " (Ana)", " (draw)", or " (live)" while it is played. */
export const outcomeText = (outcome: string | null, name: (p: string | null) => string): string =>
  outcome ? ` (${outcome === 'draw' ? 'draw' : name(outcome)})` : ' (live)';

/** Where the player's pairing stands when they have no table to sit at. */
export const waitingText = (me: MyEvent): string =>
  me.pairing?.result
    ? 'Your pairing has its result.'
    : me.pairing
      ? 'Waiting for your next game.'
      : 'Not paired yet.';
