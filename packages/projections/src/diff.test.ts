// diffBoards on two hand-written boards: every kind of change appears once, in words, and nothing else.
import { describe, expect, it } from 'vitest';
import type { BoardModel, CardTile } from '@matchtape/engine';
import { diffBoards } from './diff';

const card = (id: string, name: string, extra: Partial<CardTile> = {}): CardTile => ({
  id,
  cardId: name.toUpperCase(),
  face: { name, types: ['Unit'] },
  ...extra,
});
const board = (
  over: Partial<BoardModel>,
  p1: Partial<BoardModel['players'][number]>,
  p2: Partial<BoardModel['players'][number]> = {},
): BoardModel => ({
  game: 'g',
  status: 'playing',
  turn: 3,
  phase: 'main',
  step: null,
  activePlayer: 'p1',
  acting: ['p1'],
  shared: [],
  banner: null,
  winner: null,
  result: null,
  players: [
    { id: 'p1', name: 'Ann', stats: [{ key: 'health', label: 'Health', value: 20 }], zones: [], ...p1 },
    { id: 'p2', name: 'Bob', stats: [{ key: 'health', label: 'Health', value: 20 }], zones: [], ...p2 },
  ],
  ...over,
});

describe('diffBoards', () => {
  it('lists position, stat, count, entered, left, moved and card changes', () => {
    const a = board(
      {},
      {
        zones: [
          {
            key: 'hand',
            label: 'Hand',
            layout: 'fan',
            count: 2,
            cards: [card('k', 'Knight'), card('b', 'Bolt')],
          },
          {
            key: 'field',
            label: 'Field',
            layout: 'row',
            count: 1,
            cards: [card('w', 'Wall', { damage: 1 })],
          },
          { key: 'deck', label: 'Deck', layout: 'pile', count: 30, cards: [] },
        ],
      },
    );
    const b = board(
      { phase: 'combat', activePlayer: 'p1' },
      {
        stats: [{ key: 'health', label: 'Health', value: 17 }],
        zones: [
          { key: 'hand', label: 'Hand', layout: 'fan', count: 1, cards: [card('d', 'Dagger')] },
          {
            key: 'field',
            label: 'Field',
            layout: 'row',
            count: 2,
            cards: [
              card('w', 'Wall', { damage: 2, tapped: true }),
              card('k', 'Knight', { tags: ['attacking'] }),
            ],
          },
          { key: 'deck', label: 'Deck', layout: 'pile', count: 29, cards: [] },
        ],
      },
    );
    const d = diffBoards(a, b);
    expect(d.items.map((i) => i.text)).toEqual([
      'phase main → combat',
      'p1 Health 20 → 17',
      'p1 Hand: 2 → 1 cards',
      'p1 Field: 1 → 2 cards',
      'p1 Deck: 30 → 29 cards',
      'Knight (k) moved p1 Hand → p1 Field',
      'Knight (k) tags [] → ["attacking"]',
      'Bolt (b) left p1 Hand',
      'Wall (w) tapped false → true',
      'Wall (w) damage 1 → 2',
      'Dagger (d) entered p1 Hand',
    ]);
    expect(d.counts).toEqual({ position: 1, stat: 1, count: 3, moved: 1, card: 3, left: 1, entered: 1 });
    expect(diffBoards(b, a).items).toHaveLength(d.items.length);
  });

  it('a result and shared zones (the stack) count too', () => {
    const a = board({}, {});
    const b = board(
      {
        status: 'ended',
        winner: 'p2',
        result: 'p1 reached 0 health',
        shared: [{ key: 'stack', label: 'Stack', layout: 'stack', count: 1, cards: [card('s', 'Spell')] }],
      },
      {},
    );
    expect(diffBoards(a, b).items.map((i) => i.text)).toEqual([
      'status playing → ended',
      'result — → p1 reached 0 health',
      'Spell (s) entered Stack',
    ]);
  });
});
