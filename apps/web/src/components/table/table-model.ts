// What the player's table derives from the board, the seat record and the tape, kept pure so it is tested apart
// from the React components that show it.
import type { BoardModel, EventEnvelope } from '@matchtape/engine';
import { seatNames } from '../../lib/present';
import type { SeatInfo } from '../../lib/table';

/** Every tile the board draws (hidden ones too): of a pile only its top card is drawn. */
export function drawnIds(board: BoardModel | null): Set<string> {
  const ids = new Set<string>();
  if (!board) return ids;
  for (const p of board.players) {
    if (p.hero) ids.add(p.hero.id);
    for (const z of p.zones) for (const c of z.layout === 'pile' ? z.cards.slice(-1) : z.cards) ids.add(c.id);
  }
  for (const z of board.shared)
    for (const c of z.layout === 'pile' ? z.cards.slice(-1) : z.cards) ids.add(c.id);
  return ids;
}

/** Seat id → name: the match's players, with the names the seat record gives winning (they are the newest). */
export function tableNames(
  players: Parameters<typeof seatNames>[0],
  info: Pick<SeatInfo, 'seat' | 'name' | 'opponents'> | null,
): Map<string, string> {
  const m = seatNames(players);
  if (info) {
    if (info.name) m.set(info.seat, info.name);
    for (const o of info.opponents) if (o.name) m.set(o.seat, o.name);
  }
  return m;
}

/** The line above the prompt: who won once it is over, else whom the table waits for, else whether it is you. */
export function statusLine(o: {
  ended: boolean;
  winner: string | null;
  seat: string;
  names: ReadonlyMap<string, string>;
  waitingText: string | null;
  offerCount: number;
}): string {
  if (o.ended) {
    if (!o.winner) return 'The match has ended.';
    return o.winner === o.seat ? 'You win.' : `${o.names.get(o.winner) ?? o.winner} wins.`;
  }
  return o.waitingText ?? (o.offerCount > 0 ? 'Your decision.' : 'Waiting…');
}

/** The auto-pass stops with `key` turned on or off. */
export function withStop(stops: readonly string[], key: string, on: boolean): string[] {
  return on ? [...stops, key] : stops.filter((s) => s !== key);
}

/**
 * "Pass until something happens" is over when the turn changed, or when another seat did something that is not
 * a pass in the events after `fromSeq` up to `toSeq`.
 */
export function somethingHappened(
  turnChanged: boolean,
  envelope: (seq: number) => Pick<EventEnvelope, 'type' | 'cause'> | undefined,
  fromSeq: number,
  toSeq: number,
  seat: string,
): boolean {
  let happened = turnChanged;
  for (let s = fromSeq + 1; s <= toSeq && !happened; s++) {
    const e = envelope(s);
    const by = e && 'player' in e.cause ? e.cause.player : null;
    if (by && by !== seat && !/pass/i.test(e!.type)) happened = true;
  }
  return happened;
}
