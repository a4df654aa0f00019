import { describe, expect, it } from 'vitest';
import type { BoardModel } from '@matchtape/engine';
import { fixtureGame, fixtureMatch } from '../test/fixture-game';
import { normalizeMatch, type MatchListItem } from './api';
import {
  closeness,
  featureWorthy,
  filterFromQuery,
  filterTables,
  filterToQuery,
  LiveFold,
  NO_FILTER,
  sortTables,
  type DeskTable,
} from './desk';

describe('LiveFold', () => {
  it('folds events in seq order, skips repeats, and stops at a gap saying where', () => {
    const events = fixtureMatch();
    const f = new LiveFold(fixtureGame, fixtureGame.initial(), 0);
    expect(f.apply(events.slice(0, 4))).toEqual({ added: 4, missingFrom: null });
    expect(f.apply(events.slice(2, 5))).toEqual({ added: 1, missingFrom: null });
    expect(f.apply(events.slice(7, 9))).toEqual({ added: 0, missingFrom: 6 });
    expect(f.seq).toBe(5);
    f.apply(events.slice(5));
    expect(f.seq).toBe(events.length);
    // The same board as a fold of every event at once.
    let s = fixtureGame.initial();
    for (const e of events) s = fixtureGame.evolve(s, e);
    expect(f.board).toEqual(fixtureGame.board(s));
    expect(f.lastAt).toBe(events[events.length - 1]!.at);
  });
});

function board(lives: [number, number], turn = 4, status: BoardModel['status'] = 'playing'): BoardModel {
  return {
    game: 'fixture',
    status,
    turn,
    phase: 'main',
    step: null,
    activePlayer: 'p1',
    acting: [],
    players: lives.map((v, i) => ({
      id: `p${i + 1}`,
      name: `P${i + 1}`,
      stats: [{ key: 'life', label: 'Life', value: v, max: 20 }],
      zones: [],
    })),
    shared: [],
    banner: null,
    winner: null,
    result: null,
  };
}

function table(
  id: string,
  game: string,
  names: [string, string],
  b: BoardModel | null,
  extra: Partial<MatchListItem> = {},
  lastAt = '2026-11-26T12:00:00.000Z',
): DeskTable {
  const meta = {
    ...normalizeMatch({
      matchId: id,
      game,
      status: 'playing',
      players: [
        { id: 'p1', name: names[0] },
        { id: 'p2', name: names[1] },
      ],
    }),
    ...extra,
  };
  return { meta, board: b, seq: 10, lastAt, clock: null, live: null, ended: false, error: null };
}

const A = table('m1', 'alpha-clash', ['Ada', 'Brook'], board([20, 19]), {}, '2026-11-26T12:00:03.000Z');
const B = table(
  'm2',
  'the-spoils',
  ['Cy', 'Dee'],
  board([18, 4], 9),
  { eventId: 'ev1' },
  '2026-11-26T12:00:05.000Z',
);
const C = table(
  'm3',
  'alpha-clash',
  ['Eve', 'Fay'],
  board([20, 12], 2),
  { eventId: 'ev1', featured: true },
  '2026-11-26T12:00:01.000Z',
);

describe('desk filters and orders', () => {
  it('filters by game, event, words and worth', () => {
    const all = [A, B, C];
    const ids = (f: Partial<typeof NO_FILTER>) =>
      filterTables(all, { ...NO_FILTER, ...f }).map((t) => t.meta.matchId);
    expect(ids({})).toEqual(['m1', 'm2', 'm3']);
    expect(ids({ game: 'alpha-clash' })).toEqual(['m1', 'm3']);
    expect(ids({ event: 'ev1' })).toEqual(['m2', 'm3']);
    expect(ids({ text: 'dee cy' })).toEqual(['m2']);
    expect(ids({ text: 'spoils' })).toEqual(['m2']);
    // m1: level after turn 3 (close); m2: Dee at 4/20 (near defeat); m3: featured by its event.
    expect(ids({ featured: true })).toEqual(['m1', 'm2', 'm3']);
    expect(featureWorthy(table('m4', 'alpha-clash', ['G', 'H'], board([20, 12])))).toBe(false);
    expect(featureWorthy({ ...A, ended: true })).toBe(false);
  });

  it('orders by latest action, closeness, turn and game; finished tables last', () => {
    const ids = (ts: DeskTable[]) => ts.map((t) => t.meta.matchId);
    expect(ids(sortTables([A, B, C], 'activity'))).toEqual(['m2', 'm1', 'm3']);
    expect(closeness(A.board)).toBeCloseTo(0.05);
    expect(ids(sortTables([A, B, C], 'close'))).toEqual(['m1', 'm3', 'm2']);
    expect(ids(sortTables([A, B, C], 'turn'))).toEqual(['m2', 'm1', 'm3']);
    expect(ids(sortTables([B, C, A], 'game'))).toEqual(['m1', 'm3', 'm2']);
    expect(ids(sortTables([{ ...B, ended: true }, A, C], 'activity'))).toEqual(['m1', 'm3', 'm2']);
  });

  it('keeps the filter in the address bar', () => {
    const f = { game: 'the-spoils', event: 'ev1', featured: true, text: 'Ada', sort: 'close' as const };
    expect(filterToQuery(f)).toBe('?game=the-spoils&event=ev1&featured=1&q=Ada&sort=close');
    expect(filterFromQuery(new URLSearchParams(filterToQuery(f)))).toEqual(f);
    expect(filterToQuery(NO_FILTER)).toBe('');
    expect(filterFromQuery(new URLSearchParams('sort=nonsense'))).toEqual(NO_FILTER);
  });
});
