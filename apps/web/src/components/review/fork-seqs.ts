// Where a fork can start: the server forks at an event a player caused (a command), not at one the rules made on
// their own; the review page offers the nearest such events around the disputed one.
export interface ForkableEvent {
  seq: number;
  /** The player whose command it was; null for a rules action. */
  player: string | null;
}

/** The player actions nearest `atSeq`: at or before it, and after it (null where the window has none). */
export function nearestActing(
  events: readonly ForkableEvent[],
  atSeq: number,
): { before: number | null; after: number | null } {
  let before: number | null = null;
  let after: number | null = null;
  for (const e of events) {
    if (e.player === null) continue;
    if (e.seq <= atSeq) before = e.seq;
    else if (after === null) after = e.seq;
  }
  return { before, after };
}
