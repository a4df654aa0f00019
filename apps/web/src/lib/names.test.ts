import { describe, expect, it } from 'vitest';
import { boardModel, type BoardModel } from '@matchtape/engine';
import { cardNames, nameCards } from './names';

// A hand with one hidden and one visible card, and a Standby with a card: built as games build their boards.
const board: BoardModel = boardModel(
  'g',
  { status: 'playing', turn: 1, activePlayer: 'p1', winner: null, result: null },
  { phase: 'main', step: null },
  {
    acting: [],
    banner: null,
    players: [
      {
        id: 'p1',
        name: 'A',
        stats: [],
        hero: {
          id: 'p1-contender',
          cardId: 'sage',
          face: { name: 'Clarity, Ageless Sage', types: ['Contender'] },
        },
        zones: [
          {
            key: 'hand',
            label: 'Hand',
            layout: 'fan',
            count: 2,
            cards: [
              { id: 'x9', hidden: true },
              { id: 'p1-18', cardId: 'morac', face: { name: 'Morac', types: ['Clash'] } },
            ],
          },
        ],
      },
    ],
    shared: [
      {
        key: 'standby',
        label: 'Standby',
        layout: 'stack',
        count: 1,
        cards: [{ id: 'p2-20', cardId: 'saw', face: { name: 'Saw', types: ['Action'] } }],
      },
    ],
  },
);

describe('card names in log lines', () => {
  it('maps visible instance ids to names and leaves hidden or unknown ids alone', () => {
    const names = cardNames([board]);
    expect(names.get('p1-18')).toBe('Morac');
    expect(names.has('x9')).toBe(false);
    expect(nameCards('p1-18 attacks p2-20, then p1-contender hits p2-99.', names)).toEqual([
      { id: 'p1-18', name: 'Morac' },
      ' attacks ',
      { id: 'p2-20', name: 'Saw' },
      ', then ',
      { id: 'p1-contender', name: 'Clarity, Ageless Sage' },
      ' hits p2-99.',
    ]);
  });
});
