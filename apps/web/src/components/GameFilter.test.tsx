// @vitest-environment jsdom
// The game filter the match list and the desk share: every registered game by its title, and "All games".
import { cleanup, fireEvent, render } from '@testing-library/react';
import { games } from '@matchtape/games';
import { afterEach, describe, expect, it } from 'vitest';
import { GameFilter } from './GameFilter';

afterEach(cleanup);

describe('GameFilter', () => {
  it('offers every game by its title after "All games", and reports the id picked', () => {
    const picked: string[] = [];
    const { getByRole } = render(<GameFilter value="" onChange={(g) => picked.push(g)} />);
    const select = getByRole('combobox', { name: 'Game' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual([
      'All games',
      ...Object.values(games).map((g) => g.title),
    ]);
    const last = Object.values(games).at(-1)!;
    fireEvent.change(select, { target: { value: last.id } });
    expect(picked).toEqual([last.id]);
  });
});
