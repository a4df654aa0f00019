// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { fold } from '@matchtape/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureGame, fixtureMatch } from '../test/fixture-game';
import { Board, seatOrder } from './Board';
import { CardInspector, InspectContext, type InspectTarget } from './Tile';
import { useState } from 'react';

afterEach(cleanup);

function boardAt(seq: number, as: 'public' | 'judge' | 'p1' | 'p2') {
  const events = fixtureMatch()
    .slice(0, seq)
    .map((e) => fixtureGame.viewEvent(e, as));
  return fixtureGame.board(fold(fixtureGame, events));
}

describe('Board', () => {
  it("draws each player's stats and zones, the active player and the current phase", () => {
    render(<Board board={boardAt(5, 'judge')} perspective="judge" phases={['start', 'main', 'end']} />);
    const alice = screen.getByRole('region', { name: /^Alice, active player/ });
    expect(within(alice).getByLabelText('Life 5 of 5')).toBeTruthy();
    expect(
      within(alice).getByRole('img', { name: /Lightning Bolt, cost 1, Creature, power 2/ }),
    ).toBeTruthy();
    const bob = screen.getByRole('region', { name: /^Bob$/ });
    expect(within(bob).getByLabelText('Deck: 10 cards')).toBeTruthy();
    const current = screen
      .getByRole('list', { name: 'Phases of the turn' })
      .querySelector('[aria-current="step"]');
    expect(current?.textContent).toBe('Main');
  });

  it("shows an opponent's hidden hand as card backs, with no name", () => {
    const { container } = render(<Board board={boardAt(9, 'p1')} perspective="p1" phases={[]} />);
    const bob = screen.getByRole('region', { name: /^Bob/ });
    const hand = within(bob).getByLabelText('Hand: 1 cards');
    expect(within(hand).getAllByRole('img', { name: 'Hidden card' })).toHaveLength(1);
    expect(container.textContent).not.toContain('Grizzly');
    // p2's own view shows the card.
    cleanup();
    render(<Board board={boardAt(9, 'p2')} perspective="p2" phases={[]} />);
    expect(screen.getByRole('img', { name: /Grizzly Bear/ })).toBeTruthy();
  });

  it("puts the viewer's seat at the bottom", () => {
    const b = boardAt(3, 'judge');
    expect(seatOrder(b.players, 'p2').map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(seatOrder(b.players, 'public').map((p) => p.id)).toEqual(['p2', 'p1']);
  });

  it('announces the winner by name, and names players in the result and on the board', () => {
    const b = boardAt(12, 'public');
    const ended = { ...b, result: 'p2 reached 0 life (704.1)' };
    const { container } = render(
      <Board
        board={ended}
        perspective="public"
        phases={[]}
        seats={
          new Map([
            ['p1', 'Alice Liddell'],
            ['p2', 'Bob'],
          ])
        }
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Alice Liddell wins — Bob reached 0 life (704.1)');
    expect(container.textContent).not.toMatch(/\bp[12]\b|\bP[12]\b/);
  });

  it("names each player's region in words, once per page: whose view it is where a page shows several boards", () => {
    // The review page draws the judge's board and each seat's side by side (axe: landmark-unique).
    render(
      <>
        <Board board={boardAt(5, 'judge')} perspective="p1" phases={[]} view="in the judge's view" />
        <Board board={boardAt(5, 'p1')} perspective="p1" phases={[]} view="as Alice saw it" />
        <Board board={boardAt(5, 'p2')} perspective="p2" phases={[]} view="as Bob saw it" />
      </>,
    );
    const names = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(names).toHaveLength(6);
    expect(new Set(names).size).toBe(6);
    expect(
      names.filter((n) => /^Alice, active player(, may act)?, in the judge's view$/.test(n!)),
    ).toHaveLength(1);
    expect(names.filter((n) => /^Bob(, may act)?, as Bob saw it$/.test(n!))).toHaveLength(1);
    for (const n of names) expect(n).not.toMatch(/\bp[12]\b/);
    // Two players of one name are told apart by their seats, in words.
    cleanup();
    const twins = new Map([
      ['p1', 'Greedy Bot'],
      ['p2', 'Greedy Bot'],
    ]);
    render(<Board board={boardAt(5, 'judge')} perspective="judge" phases={[]} seats={twins} />);
    const twinNames = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(twinNames.map((n) => n!.replace(/, may act$/, ''))).toEqual([
      'Greedy Bot (Player 2)',
      'Greedy Bot (Player 1), active player',
    ]);
  });

  it('labels the figures on a tile (ATK, DEF, HP) and writes phases and steps in words', () => {
    const b = boardAt(5, 'judge');
    const hero = {
      id: 'h1',
      cardId: 'hero',
      face: { name: 'Torque, the Diabolical', types: ['Contender'], stats: { atk: 2, def: 2, health: 35 } },
    };
    const withHero = {
      ...b,
      phase: 'wake-up',
      step: 'attackerBuff',
      players: b.players.map((p, i) => (i === 0 ? { ...p, hero } : p)),
    };
    const { container } = render(
      <Board board={withHero} perspective="judge" phases={['wake-up', 'gameOver']} />,
    );
    const tile = screen.getByRole('img', { name: /Torque, the Diabolical/ });
    expect([...tile.querySelectorAll('.stat')].map((s) => s.textContent)).toEqual(['ATK2', 'DEF2', 'HP35']);
    expect(tile.querySelector('.tile-name')?.textContent).toBe('Torque, the Diabolical');
    expect([...container.querySelectorAll('.phase-strip li')].map((l) => l.textContent)).toEqual([
      'Wake Up Attacker Buff',
      'Game Over',
    ]);
  });

  it('shows the full card when a tile is hovered', () => {
    function Harness() {
      const [t, setT] = useState<InspectTarget | null>(null);
      return (
        <InspectContext.Provider value={setT}>
          <Board board={boardAt(5, 'judge')} perspective="judge" phases={[]} />
          <CardInspector target={t} />
        </InspectContext.Provider>
      );
    }
    render(<Harness />);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(screen.getByRole('img', { name: /Lightning Bolt/ }));
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toContain('Lightning Bolt');
    expect(tip.textContent).toContain('power');
  });
});

describe('tile names', () => {
  it('sets names with a long word smaller instead of cutting or breaking them', async () => {
    const { wordFit } = await import('./Tile');
    expect(wordFit('name', 'Flare')).toEqual({ className: 'tile-name', chars: null });
    expect(wordFit('name', 'War, Legion Commander')).toEqual({ className: 'tile-name', chars: null });
    expect(wordFit('name', 'Kilimanjaro, Raging Giant')).toEqual({
      className: 'tile-name tile-name-long',
      chars: 12, // "Kilimanjaro," with its comma
    });
    expect(wordFit('name', 'Torque, the Uncontrollable')).toEqual({
      className: 'tile-name tile-name-xlong',
      chars: 14,
    });
  });
  it("sets a cost with a long word (The Spoils' threshold) smaller so the word stays whole in its chip", async () => {
    const { wordFit } = await import('./Tile');
    expect(wordFit('cost', '3')).toEqual({ className: 'tile-cost', chars: null });
    expect(wordFit('cost', '2 [Greed]')).toEqual({ className: 'tile-cost', chars: null });
    expect(wordFit('cost', '2 [Deception]')).toEqual({ className: 'tile-cost tile-cost-long', chars: 11 });
  });
});
