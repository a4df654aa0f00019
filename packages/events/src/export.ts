// CSV of standings and pairings (RFC 4180: fields with commas, quotes or line breaks are quoted).
import type { StandingRow } from './events';
import type { EventState } from './model';

/** The first line of an event stream's JSONL copy (`matchtape verify` tells it from a match copy by it). */
export const EVENT_STREAM_FORMAT = 'matchtape-event-stream';

const field = (v: string | number | boolean | null): string => {
  const s = v === null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (rows: (string | number | boolean | null)[][]): string =>
  rows.map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
const pct = (x: number): string => (x * 100).toFixed(2);

export function standingsCsv(rows: readonly StandingRow[]): string {
  return csv([
    ['rank', 'player', 'name', 'points', 'record', 'mw%', 'omw%', 'gw%', 'ogw%', 'dropped'],
    ...rows.map((r) => [
      r.rank,
      r.player,
      r.name,
      r.points,
      r.record,
      pct(r.mwp),
      pct(r.omwp),
      pct(r.gwp),
      pct(r.ogwp),
      r.dropped,
    ]),
  ]);
}

export function pairingsCsv(s: EventState): string {
  const name = (id: string | null): string =>
    id === null ? 'BYE' : (s.players.find((p) => p.id === id)?.name ?? id);
  const rows: (string | number | boolean | null)[][] = [
    ['round', 'stage', 'table', 'player1', 'player2', 'p1_wins', 'p2_wins', 'draws', 'winner', 'by'],
  ];
  for (const r of s.rounds)
    for (const p of r.pairings)
      rows.push([
        r.round,
        r.stage,
        p.table,
        name(p.p1),
        name(p.p2),
        p.result?.p1Wins ?? null,
        p.result?.p2Wins ?? null,
        p.result?.draws ?? null,
        p.result ? (p.result.winner ? name(p.result.winner) : 'draw') : null,
        p.result?.by ?? null,
      ]);
  return csv(rows);
}
