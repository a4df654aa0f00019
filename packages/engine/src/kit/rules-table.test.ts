import { describe, expect, it } from 'vitest';
import { reject, type GameEvent } from '../game';
import type { PlayerId } from '../ids';
import {
  allowed,
  commandRule,
  foldBy,
  seatsOf,
  startedState,
  type CommandTable,
  type FoldTable,
} from './rules-table';

type Cmd = { type: 'Add'; n: number } | { type: 'Reset' };
const COMMANDS: CommandTable<number, Cmd, number[]> = {
  Add: {
    check: (s, c) => (s + c.n > 10 ? reject('1.1', 'at most 10') : null),
    perform: (d, c) => void d.push(c.n),
  },
  Reset: { check: allowed, perform: (d) => void d.push(0) },
};
const ev = (type: string, payload: Record<string, unknown> = {}): GameEvent =>
  ({ type, payload }) as unknown as GameEvent;

describe('rules tables', () => {
  it('finds the row of a command type, and none for a type the table lacks (nor Object.prototype names)', () => {
    expect(commandRule(COMMANDS, 'Add')!.check(9, { type: 'Add', n: 2 }, 'p1')).toMatchObject({
      rule: '1.1',
    });
    expect(commandRule(COMMANDS, 'Reset')!.check(9, { type: 'Reset' }, 'p1')).toBeNull();
    expect(commandRule(COMMANDS, 'Nope')).toBeUndefined();
    expect(commandRule(COMMANDS, 'toString')).toBeUndefined();
    const out: number[] = [];
    commandRule(COMMANDS, 'Add')!.perform(out, { type: 'Add', n: 3 }, 'p1');
    expect(out).toEqual([3]);
  });

  it('folds by the event type’s row; a type with no row (or a prototype name) leaves the state as it was', () => {
    const FOLD: FoldTable<{ n: number }> = { Added: (s, p) => ({ n: s.n + Number(p.n) }) };
    const fold = foldBy(FOLD);
    const s0 = { n: 1 };
    expect(fold(s0, ev('Added', { n: 2 }))).toEqual({ n: 3 });
    expect(fold(s0, ev('Marker'))).toBe(s0);
    expect(fold(s0, ev('constructor'))).toBe(s0);
    expect(fold(s0, ev('hasOwnProperty'))).toBe(s0);
  });
});

describe('seatsOf', () => {
  it("gives MatchStarted's seat order and one fresh player per seat", () => {
    const seats = seatsOf(
      {
        players: [
          { id: 'p2', name: 'Bea' },
          { id: 'p1', name: 'Ada' },
        ],
      },
      (id, name) => ({
        id,
        name,
        hand: [] as string[],
      }),
    );
    expect(seats.order).toEqual(['p2', 'p1']);
    expect(seats.players).toEqual({
      p1: { id: 'p1', name: 'Ada', hand: [] },
      p2: { id: 'p2', name: 'Bea', hand: [] },
    });
    expect(seats.players.p1!.hand).not.toBe(seats.players.p2!.hand);
  });

  it('gives no seats for a payload without players', () => {
    expect(seatsOf({}, (id) => id)).toEqual({ order: [], players: {} });
  });
});

describe('startedState', () => {
  const initial = () => ({
    status: 'setup',
    matchId: '',
    order: [] as PlayerId[],
    players: {} as Record<PlayerId, { name: string }>,
    turnLimit: 0,
    kept: 'fresh',
  });

  it('folds MatchStarted onto a fresh state: playing, its id, its seats and its turn limit', () => {
    const s = startedState(
      { matchId: 'm-7', turnLimit: 40, players: [{ id: 'p1', name: 'Ada' }] },
      initial,
      (_id, name) => ({ name }),
    );
    expect(s).toEqual({
      status: 'playing',
      matchId: 'm-7',
      order: ['p1'],
      players: { p1: { name: 'Ada' } },
      turnLimit: 40,
      kept: 'fresh',
    });
  });

  it('reads a payload without an id or a limit as empty and 0', () => {
    expect(startedState({}, initial, (_id, name) => ({ name }))).toMatchObject({ matchId: '', turnLimit: 0 });
  });
});
