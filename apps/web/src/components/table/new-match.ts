// The organiser's new-match form, pure: its seat rows and clock, and the body POST /api/matches gets from them.

export interface SeatRow {
  name: string;
  kind: 'person' | 'bot';
  bot: 'greedy' | 'random';
}

export type ClockForm =
  | { kind: 'none' }
  | { kind: 'chess'; initialSeconds: number; incrementSeconds: number; onTimeout: 'loss' | 'draw' }
  | { kind: 'turn'; secondsPerTurn: number; onTimeout: 'loss' | 'draw' };

export const FIRST_ROWS: SeatRow[] = [
  { name: 'Player 1', kind: 'person', bot: 'greedy' },
  { name: 'Player 2', kind: 'person', bot: 'greedy' },
];

/** A clock of the kind picked, with its defaults: 25 minutes + 5 s each, or 2 minutes a turn. */
export function clockOfKind(kind: string): ClockForm {
  return kind === 'chess'
    ? { kind: 'chess', initialSeconds: 1500, incrementSeconds: 5, onTimeout: 'loss' }
    : kind === 'turn'
      ? { kind: 'turn', secondsPerTurn: 120, onTimeout: 'loss' }
      : { kind: 'none' };
}

/** The match the form asks for: a bot seat names its bot, a person seat only its name; no clock is left out. */
export function newMatchBody(game: string, rows: readonly SeatRow[], clock: ClockForm) {
  return {
    game,
    players: rows.map((r) =>
      r.kind === 'bot' ? { name: r.name, kind: 'bot', bot: r.bot } : { name: r.name, kind: 'person' },
    ),
    ...(clock.kind !== 'none' ? { clock } : {}),
  };
}

/** The rows with row `i` changed. */
export function withRow(rows: readonly SeatRow[], i: number, patch: Partial<SeatRow>): SeatRow[] {
  return rows.map((x, j) => (j === i ? { ...x, ...patch } : x));
}

/** The name of an invite's seat ("p2" → the second row's name), or the seat id. */
export function inviteName(rows: readonly SeatRow[], seat: string): string {
  return rows[Number(seat.slice(1)) - 1]?.name ?? seat;
}
