// Per-turn figures of each player, for the match page's graphs: the main figure (life / health / influence /
// spellbook), cards in hand and resources, read from the game's own board at the end of every turn.
// Pure over the viewer's boards: fed the boards folded from the events a viewer was sent, it holds only what that
// viewer may see (a public viewer's hand is a count, which the rules make public), so it never leaks.
import type { AnyGameModule, BoardModel, PlayerBoard, StatModel } from '@matchtape/engine';
import type { TimelineEvent, TurnMarker } from './timeline';
import { buildTimeline } from './timeline';

/** The figures a graph draws, in the order it draws them. */
export const FIGURE_KINDS = ['main', 'hand', 'resources'] as const;
export type FigureKind = (typeof FIGURE_KINDS)[number];

/** One player's figures at one moment; null where the game's board has no such figure. */
export type Figures = Record<FigureKind, number | null>;

export interface TurnFigures {
  turn: number;
  /** The seq the figures are read at: the turn's last event (or the live edge inside the current turn). */
  seq: number;
  /** The turn's first event, where a click on the turn seeks to. */
  fromSeq: number;
  players: Record<string, Figures>;
}

export interface FigureSeries {
  /** Each figure's label as the game's board names it ("Champion life", "Memory"…), per player id. */
  labels: Record<string, Record<FigureKind, string | null>>;
  turns: TurnFigures[];
}

// The rules' names for the figure a player loses by: health (Alpha Clash), champion life (Grand Archive),
// influence (The Spoils: a player wins by it), spellbook (Elemental Clash: its "life").
const MAIN = /health|life|hp|vitality|influence/i;
// What pays for cards: Alpha Clash's ready resources, The Spoils' unattached resources, Grand Archive's memory
// (cards there pay reserve costs), Elemental Clash's element stones.
const RESOURCES = ['resources', 'memory', 'stones'];

function numeric(s: StatModel | undefined): number | null {
  if (!s) return null;
  if (typeof s.value === 'number') return s.value;
  const n = Number(s.value);
  return Number.isFinite(n) ? n : null;
}

function pick(p: PlayerBoard): Record<FigureKind, StatModel | undefined> {
  const byKey = (k: string) => p.stats.find((s) => s.key === k);
  return {
    main: p.stats.find((s) => MAIN.test(s.key) || MAIN.test(s.label)) ?? p.stats[0],
    hand: byKey('hand'),
    resources: RESOURCES.map(byKey).find((s) => s !== undefined),
  };
}

/** The stat a player loses by (life / health / influence / spellbook), as the board shows it. */
export function mainStatOf(p: PlayerBoard): StatModel | undefined {
  return pick(p).main;
}

/** One player's figures on a board (from its stats; a hand without a stat counts its zone). */
export function figuresOf(p: PlayerBoard): Figures {
  const s = pick(p);
  const handZone = p.zones.find((z) => z.key === 'hand');
  return {
    main: numeric(s.main),
    hand: numeric(s.hand) ?? handZone?.count ?? null,
    resources: numeric(s.resources),
  };
}

/** Each figure's label as the player's board names it (null where the board has no such figure). */
export function figureLabelsOf(p: PlayerBoard): Record<FigureKind, string | null> {
  const s = pick(p);
  return {
    main: s.main?.label ?? null,
    hand: s.hand?.label ?? (p.zones.some((z) => z.key === 'hand') ? 'Hand' : null),
    resources: s.resources?.label ?? null,
  };
}

/**
 * The figures at the end of every turn, from a board per seq (the site passes its tape's boards, so nothing is
 * fetched). Turn 0 (setup) is left out when later turns exist: it is the opening, not a turn anyone played.
 */
export function turnFigures(
  turns: readonly Pick<TurnMarker, 'turn' | 'fromSeq' | 'toSeq'>[],
  boardAt: (seq: number) => BoardModel,
  lastSeq?: number,
): FigureSeries {
  const played = turns.some((t) => t.turn > 0) ? turns.filter((t) => t.turn > 0) : turns;
  const out: FigureSeries = { labels: {}, turns: [] };
  for (const t of played) {
    const seq = lastSeq !== undefined ? Math.min(t.toSeq, lastSeq) : t.toSeq;
    if (seq < t.fromSeq) continue;
    const board = boardAt(seq);
    const players: Record<string, Figures> = {};
    for (const p of board.players) {
      players[p.id] = figuresOf(p);
      out.labels[p.id] ??= figureLabelsOf(p);
    }
    out.turns.push({ turn: t.turn, seq, fromSeq: t.fromSeq, players });
  }
  return out;
}

/** The same series from a viewer's events (redacted or not), folded here: for hosts and tests. */
export function turnFiguresOfEvents(game: AnyGameModule, events: readonly TimelineEvent[]): FigureSeries {
  const timeline = buildTimeline(game, events);
  const ends = new Set(timeline.turns.map((t) => t.toSeq));
  const boards = new Map<number, BoardModel>();
  let state = game.initial();
  for (const e of events) {
    state = game.evolve(state, e);
    if (ends.has(e.seq)) boards.set(e.seq, game.board(state));
  }
  return turnFigures(timeline.turns, (seq) => {
    const b = boards.get(seq);
    if (!b) throw new Error(`no board at seq ${seq}: the events given do not reach it`);
    return b;
  });
}
