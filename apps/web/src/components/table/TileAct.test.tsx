// @vitest-environment jsdom
// The table's hold on the shared Board: tiles and players it gives a role become buttons that answer a click and
// Enter; without the table (the spectator site) nothing on the board is a button.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { fold } from '@matchtape/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureGame, fixtureMatch } from '../../test/fixture-game';
import { Board } from '../Board';
import { TileActContext, type TileRole } from '../Tile';

afterEach(cleanup);

const board = () =>
  fixtureGame.board(
    fold(
      fixtureGame,
      fixtureMatch()
        .slice(0, 5)
        .map((e) => fixtureGame.viewEvent(e, 'p1')),
    ),
  );

function tableWith(roles: Record<string, TileRole>, acted: string[]) {
  const b = board();
  return render(
    <TileActContext.Provider
      value={{
        role: (id) => (roles[id] ? { role: roles[id]!, kinds: 'play' } : null),
        act: (id) => acted.push(id),
      }}
    >
      <Board board={b} perspective="p1" phases={[]} />
    </TileActContext.Provider>,
  );
}

describe('the table on the shared board', () => {
  it('makes the cards and players it names clickable (click and Enter), and nothing else', () => {
    const b = board();
    const card = b.players.flatMap((p) => p.zones.flatMap((z) => z.cards)).find((c) => !c.hidden)!;
    const acted: string[] = [];
    const { container } = tableWith({ [card.id]: 'source', p2: 'target' }, acted);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((x) => x.getAttribute('data-id')).sort()).toEqual([card.id, 'p2'].sort());
    const tile = container.querySelector<HTMLElement>(`[data-id="${card.id}"]`)!;
    expect(tile.dataset.role).toBe('source');
    expect(tile.dataset.kinds).toBe('play');
    fireEvent.click(tile);
    fireEvent.keyDown(tile, { key: 'Enter' });
    fireEvent.click(container.querySelector('.player-pick')!);
    expect(acted).toEqual([card.id, card.id, 'p2']);
  });

  it('without the table, the board has no buttons (the spectator site is unchanged)', () => {
    render(<Board board={board()} perspective="p1" phases={[]} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
