// Where a fork can start: the server forks after an event where someone may act (judges/replay.ts), not between
// a command's events and the rules' own that follow it; the case file marks those events `forkable`, and the
// review page offers the nearest ones around the disputed event.
export interface ForkableEvent {
  seq: number;
  /** After this event someone may act and the match goes on. */
  forkable: boolean;
}

/** The fork points nearest `atSeq`: at or before it, and after it (null where the window has none). */
export function nearestForkable(
  events: readonly ForkableEvent[],
  atSeq: number,
): { before: number | null; after: number | null } {
  let before: number | null = null;
  let after: number | null = null;
  for (const e of events) {
    if (!e.forkable) continue;
    if (e.seq <= atSeq) before = e.seq;
    else if (after === null) after = e.seq;
  }
  return { before, after };
}
