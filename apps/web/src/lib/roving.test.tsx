// @vitest-environment jsdom
// One Tab stop per zone (issue 26): a zone's face-up cards have one tabindex=0 between them, arrow keys move focus
// within the zone (and the stop moves with it), and the key does not reach the page's own shortcuts.
import { cleanup, fireEvent, render } from '@testing-library/react';
import { fold } from '@matchtape/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { Board } from '../components/Board';
import { fixtureGame, fixtureMatch } from '../test/fixture-game';
import { rovingNext } from './roving';

afterEach(cleanup);

describe('roving tabindex', () => {
  it('moves within the bounds, along its axis only', () => {
    expect(rovingNext('ArrowRight', 0, 3, 'horizontal')).toBe(1);
    expect(rovingNext('ArrowRight', 2, 3, 'horizontal')).toBe(2);
    expect(rovingNext('ArrowLeft', 0, 3, 'both')).toBe(0);
    expect(rovingNext('ArrowDown', 1, 3, 'horizontal')).toBeNull();
    expect(rovingNext('ArrowUp', 1, 3, 'vertical')).toBe(0);
    expect(rovingNext('End', 0, 3, 'vertical')).toBe(2);
    expect(rovingNext('Tab', 0, 3, 'both')).toBeNull();
  });

  it('a zone of several cards is one Tab stop; an arrow moves focus and the stop, and stays inside the zone', () => {
    const events = fixtureMatch().map((e) => fixtureGame.viewEvent(e, 'judge'));
    const board = fixtureGame.board(fold(fixtureGame, events));
    // Three face-up cards in one zone: the fixture's first face-up card, twice more under other ids.
    const zone0 = board.players
      .flatMap((p) => p.zones)
      .find((z) => z.layout !== 'pile' && z.cards.some((c) => !c.hidden))!;
    const card = zone0.cards.find((c) => !c.hidden)!;
    zone0.cards = [card, { ...card, id: `${card.id}-b` }, { ...card, id: `${card.id}-c` }];
    zone0.count = 3;
    const { container } = render(<Board board={board} perspective="judge" phases={[]} />);
    const zones = [...container.querySelectorAll<HTMLElement>('[data-zone]')].filter(
      (z) => z.querySelectorAll('.tile[tabindex]').length > 1,
    );
    expect(zones.length).toBeGreaterThan(0);
    for (const z of container.querySelectorAll<HTMLElement>('[data-zone]'))
      expect(z.querySelectorAll('.tile[tabindex="0"]').length).toBeLessThanOrEqual(1);
    const zone = zones[0]!;
    const tiles = [...zone.querySelectorAll<HTMLElement>('.tile[tabindex]')];
    tiles[0]!.focus();
    let reachedWindow = false;
    const onWindow = () => (reachedWindow = true);
    window.addEventListener('keydown', onWindow);
    fireEvent.keyDown(tiles[0]!, { key: 'ArrowRight' });
    window.removeEventListener('keydown', onWindow);
    expect(document.activeElement).toBe(tiles[1]);
    expect(reachedWindow).toBe(false);
    expect(tiles[1]!.getAttribute('tabindex')).toBe('0');
    expect(tiles[0]!.getAttribute('tabindex')).toBe('-1');
  });
});
