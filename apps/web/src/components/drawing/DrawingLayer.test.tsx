// @vitest-environment jsdom
// The drawings over a board: which are on it at a seq, how a target is found in the drawn board and read back from a
// click, and that the layer draws each shown drawing whose targets are on the board (none whose card is not).
import { cleanup, render } from '@testing-library/react';
import { fold } from '@matchtape/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { drawingsAt, type Drawing } from '../../lib/drawings';
import { fixtureGame, fixtureMatch } from '../../test/fixture-game';
import { Board } from '../Board';
import { DrawnBoard, findTarget, targetOf } from './DrawingLayer';

afterEach(cleanup);

const drawing = (id: string, seq: number, clearedAt: number | null, shape: Drawing['shape']): Drawing => ({
  drawingId: id,
  author: { id: 'a', role: 'coverage', name: 'Ann' },
  seq,
  shape,
  color: 'red',
  clearedAt,
});

describe('drawings on the board', () => {
  it('shows a drawing from its seq until it is cleared', () => {
    const list = [
      drawing('a', 3, null, { kind: 'circle', at: { kind: 'zone', player: 'p1', zone: 'hand' } }),
      drawing('b', 2, 5, { kind: 'circle', at: { kind: 'zone', player: 'p2', zone: 'hand' } }),
    ];
    expect(drawingsAt(list, 1).map((d) => d.drawingId)).toEqual([]);
    expect(drawingsAt(list, 3).map((d) => d.drawingId)).toEqual(['a', 'b']);
    expect(drawingsAt(list, 5).map((d) => d.drawingId)).toEqual(['a']);
  });

  it('finds cards and zones in the drawn board, reads them back from an element, and draws only what is on the board', () => {
    const events = fixtureMatch();
    const board = fixtureGame.board(fold(fixtureGame, events.slice(0, events.length)));
    const card = board.players.flatMap((p) => p.zones.flatMap((z) => z.cards)).find((c) => !c.hidden)!;
    const zoneKey = board.players[0]!.zones[0]!.key;
    const shown = [
      drawing('circle', 1, null, { kind: 'circle', at: { kind: 'card', cardId: card.id } }),
      drawing('arrow', 1, null, {
        kind: 'arrow',
        from: { kind: 'card', cardId: card.id },
        to: { kind: 'zone', player: board.players[0]!.id, zone: zoneKey },
      }),
      drawing('gone', 1, null, { kind: 'circle', at: { kind: 'card', cardId: 'not-on-the-board' } }),
    ];
    const { container } = render(
      <DrawnBoard drawings={shown} seq={events.length}>
        <Board board={board} perspective="judge" phases={[]} />
      </DrawnBoard>,
    );
    const el = findTarget(container, { kind: 'card', cardId: card.id });
    expect(el?.getAttribute('data-id')).toBe(card.id);
    expect(targetOf(el)).toEqual({ kind: 'card', cardId: card.id });
    const zone = findTarget(container, { kind: 'zone', player: board.players[0]!.id, zone: zoneKey });
    expect(targetOf(zone)).toEqual({ kind: 'zone', player: board.players[0]!.id, zone: zoneKey });
    expect(
      [...container.querySelectorAll('[data-drawing]')].map((g) => g.getAttribute('data-drawing')),
    ).toEqual(['circle', 'arrow']);
  });
});
