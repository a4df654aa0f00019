// The producer's desk (/desk): every live match as a small board. This is the pure part: a match folded from its
// window and live events (LiveFold), the filters and orders the page offers, and the filter as a URL query.
// Filters take an event id already; the match list carries `eventId` / `featured` once events (tournaments) do.
import type { AnyGameModule, BoardModel, EventEnvelope, PlayerBoard } from '@matchtape/engine';
import { mainStatOf } from '@matchtape/projections';
import type { MatchListItem } from './api';
import type { LiveStatus } from './sse';
import type { ClockInfo } from './table';

/**
 * One viewer's state of one match, folded from a keyframe and the events after it. Events come in seq order from
 * the live stream; a repeat is skipped and a gap is reported (the caller fetches it and applies again).
 */
export class LiveFold<S = unknown> {
  private board_: BoardModel | null = null;
  lastAt: string | null = null;

  constructor(
    readonly game: AnyGameModule,
    public state: S,
    public seq: number,
  ) {}

  /** Applies events in order; stops at a gap and says where it starts. */
  apply(events: readonly EventEnvelope[]): { added: number; missingFrom: number | null } {
    let added = 0;
    for (const e of [...events].sort((a, b) => a.seq - b.seq)) {
      if (e.seq <= this.seq) continue;
      if (e.seq > this.seq + 1) return { added, missingFrom: this.seq + 1 };
      this.state = this.game.evolve(this.state, e) as S;
      this.seq = e.seq;
      this.lastAt = e.at;
      this.board_ = null;
      added += 1;
    }
    return { added, missingFrom: null };
  }

  /** The board now (drawn once per change). */
  get board(): BoardModel {
    return (this.board_ ??= this.game.board(this.state));
  }
}

/** What one table of the desk shows. */
export interface DeskTable {
  meta: MatchListItem;
  board: BoardModel | null;
  /** The last seq this viewer holds (its delayed feed). */
  seq: number;
  lastAt: string | null;
  clock: ClockInfo | null;
  live: LiveStatus | null;
  ended: boolean;
  /** Why the table cannot be shown (refused, gone…). */
  error: string | null;
}

export type DeskSort = 'activity' | 'turn' | 'close' | 'game';
export const DESK_SORTS: readonly { id: DeskSort; label: string }[] = [
  { id: 'activity', label: 'Latest action' },
  { id: 'close', label: 'Closest game' },
  { id: 'turn', label: 'Furthest turn' },
  { id: 'game', label: 'Game, then players' },
];

export interface DeskFilter {
  game: string;
  /** An event (tournament) id: only its tables. */
  event: string;
  /** Only featured or feature-worthy tables. */
  featured: boolean;
  /** Words in player names, the game's title or the match id. */
  text: string;
  sort: DeskSort;
}

export const NO_FILTER: DeskFilter = { game: '', event: '', featured: false, text: '', sort: 'activity' };

/** Each player's main figure as a share of its maximum (or of the largest figure on the board); NaN without one. */
function shares(players: readonly PlayerBoard[]): number[] {
  const figs = players.map((p) => {
    const s = mainStatOf(p);
    const v = typeof s?.value === 'number' ? s.value : NaN;
    return { v, max: s?.max };
  });
  const top = Math.max(1, ...figs.map((f) => f.max ?? (Number.isFinite(f.v) ? f.v : 0)));
  return figs.map((f) => f.v / (f.max ?? top));
}

/** 0 for level figures, up to 1 when one player has everything and the other nothing; null without figures. */
export function closeness(board: BoardModel | null): number | null {
  if (!board || board.players.length < 2) return null;
  const s = shares(board.players).filter((x) => Number.isFinite(x));
  if (s.length < 2) return null;
  return Math.max(...s) - Math.min(...s);
}

/**
 * Worth featuring: marked featured by its event, or a live match where a player is near defeat (main figure at a
 * quarter of its maximum or less) or the figures are within a tenth of each other after the opening turns.
 */
export function featureWorthy(t: Pick<DeskTable, 'meta' | 'board' | 'ended'>): boolean {
  if (t.meta.featured) return true;
  const b = t.board;
  if (t.ended || !b || b.status !== 'playing') return false;
  const s = shares(b.players).filter((x) => Number.isFinite(x));
  if (s.some((x) => x <= 0.25)) return true;
  const c = closeness(b);
  return b.turn >= 3 && c !== null && c <= 0.1;
}

function haystack(t: DeskTable): string {
  return [t.meta.matchId, t.meta.game, t.meta.gameTitle ?? '', ...t.meta.players.map((p) => p.name)]
    .join(' ')
    .toLowerCase();
}

export function filterTables(tables: readonly DeskTable[], f: DeskFilter): DeskTable[] {
  const words = f.text.toLowerCase().split(/\s+/).filter(Boolean);
  return tables.filter((t) => {
    if (f.game && t.meta.game !== f.game) return false;
    if (f.event && t.meta.eventId !== f.event) return false;
    if (f.featured && !featureWorthy(t)) return false;
    if (words.length) {
      const h = haystack(t);
      if (!words.every((w) => h.includes(w))) return false;
    }
    return true;
  });
}

const names = (t: DeskTable) => t.meta.players.map((p) => p.name).join(' ');

export function sortTables(tables: readonly DeskTable[], sort: DeskSort): DeskTable[] {
  const by = (t: DeskTable): [number, string] => {
    // Finished tables go last whatever the order.
    const done = t.ended || t.meta.status === 'ended' ? 1 : 0;
    switch (sort) {
      case 'turn':
        return [done * 1e9 - (t.board?.turn ?? t.meta.turn ?? 0), names(t)];
      case 'close':
        return [done * 1e9 + (closeness(t.board) ?? 2), names(t)];
      case 'game':
        return [done, `${t.meta.gameTitle ?? t.meta.game} ${names(t)}`];
      default:
        return [
          done * 1e15 - Date.parse(t.lastAt ?? t.meta.lastAt ?? t.meta.createdAt ?? '1970-01-01'),
          t.meta.matchId,
        ];
    }
  };
  return tables
    .map((t) => ({ t, k: by(t) }))
    .sort((a, b) => a.k[0] - b.k[0] || a.k[1].localeCompare(b.k[1]))
    .map((x) => x.t);
}

/** The filter in the address bar (?game=&event=&featured=1&q=&sort=), so a producer's desk is a link. */
export function filterFromQuery(q: URLSearchParams): DeskFilter {
  const sort = q.get('sort');
  return {
    game: q.get('game') ?? '',
    event: q.get('event') ?? '',
    featured: q.get('featured') === '1',
    text: q.get('q') ?? '',
    sort: DESK_SORTS.some((s) => s.id === sort) ? (sort as DeskSort) : 'activity',
  };
}

export function filterToQuery(f: DeskFilter): string {
  const q = new URLSearchParams();
  if (f.game) q.set('game', f.game);
  if (f.event) q.set('event', f.event);
  if (f.featured) q.set('featured', '1');
  if (f.text) q.set('q', f.text);
  if (f.sort !== 'activity') q.set('sort', f.sort);
  return q.size ? `?${q}` : '';
}
