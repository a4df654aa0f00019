import { describe, expect, it } from 'vitest';
import type { BoardModel, EventEnvelope } from '@matchtape/engine';
import { drawnIds, somethingHappened, statusLine, tableNames, withStop } from './table-model';

const card = (id: string) => ({ id }) as BoardModel['players'][number]['zones'][number]['cards'][number];
const zone = (layout: string, ids: string[]) =>
  ({ layout, cards: ids.map(card) }) as unknown as BoardModel['shared'][number];

describe('drawnIds', () => {
  it('is every card of a row, only the top of a pile, heroes and shared zones', () => {
    const board = {
      players: [{ hero: { id: 'h1' }, zones: [zone('row', ['a', 'b']), zone('pile', ['d1', 'd2', 'd3'])] }],
      shared: [zone('pile', ['s1', 's2']), zone('row', ['x'])],
    } as unknown as BoardModel;
    expect([...drawnIds(board)].sort()).toEqual(['a', 'b', 'd3', 'h1', 's2', 'x']);
  });
  it('is empty without a board', () => {
    expect(drawnIds(null).size).toBe(0);
  });
});

describe('tableNames', () => {
  it("lets the seat record's names win over the match's", () => {
    const m = tableNames(
      [
        { id: 'p1', name: 'Ada' },
        { id: 'p2', name: 'p2' },
      ],
      {
        seat: 'p1',
        name: 'Ada L.',
        opponents: [{ seat: 'p2', name: 'Brook' }],
      },
    );
    expect(m.get('p1')).toBe('Ada L.');
    expect(m.get('p2')).toBe('Brook');
  });
  it('keeps the match names where the seat record has none', () => {
    const m = tableNames([{ id: 'p1', name: 'Ada' }], { seat: 'p1', opponents: [{ seat: 'p2' }] });
    expect(m.get('p1')).toBe('Ada');
    expect(m.has('p2')).toBe(false);
  });
});

describe('statusLine', () => {
  const names = new Map([['p2', 'Brook']]);
  const base = { ended: false, winner: null, seat: 'p1', names, waitingText: null, offerCount: 0 };
  it('says who won once it is over', () => {
    expect(statusLine({ ...base, ended: true, winner: 'p1' })).toBe('You win.');
    expect(statusLine({ ...base, ended: true, winner: 'p2' })).toBe('Brook wins.');
    expect(statusLine({ ...base, ended: true, winner: 'p3' })).toBe('p3 wins.');
    expect(statusLine({ ...base, ended: true })).toBe('The match has ended.');
  });
  it('says whom the table waits for, else whether it is your decision', () => {
    expect(statusLine({ ...base, waitingText: 'Brook is choosing' })).toBe('Brook is choosing');
    expect(statusLine({ ...base, offerCount: 2 })).toBe('Your decision.');
    expect(statusLine(base)).toBe('Waiting…');
  });
});

describe('withStop', () => {
  it('adds and removes a stop', () => {
    expect(withStop(['main'], 'combat', true)).toEqual(['main', 'combat']);
    expect(withStop(['main', 'combat'], 'main', false)).toEqual(['combat']);
  });
});

describe('somethingHappened', () => {
  const events: Record<number, Pick<EventEnvelope, 'type' | 'cause'>> = {
    4: { type: 'PriorityPassed', cause: { commandId: 'c1', player: 'p2' } },
    5: { type: 'CardDrawn', cause: { system: true } },
    6: { type: 'CardPlayed', cause: { commandId: 'c2', player: 'p1' } },
    7: { type: 'CardPlayed', cause: { commandId: 'c3', player: 'p2' } },
  };
  const at = (s: number) => events[s];
  it('is a new turn', () => {
    expect(somethingHappened(true, at, 3, 3, 'p1')).toBe(true);
  });
  it("ignores passes, the system and the seat's own actions", () => {
    expect(somethingHappened(false, at, 3, 6, 'p1')).toBe(false);
  });
  it('is an opponent doing something that is not a pass, after the start', () => {
    expect(somethingHappened(false, at, 3, 7, 'p1')).toBe(true);
    expect(somethingHappened(false, at, 7, 7, 'p1')).toBe(false);
  });
});
