// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FigureSeries } from '@matchtape/projections';
import { Graphs } from './Graphs';

afterEach(cleanup);

const NAMES: ReadonlyMap<string, string> = new Map([
  ['p1', 'Ada'],
  ['p2', 'Brook'],
]);

const SERIES: FigureSeries = {
  labels: {
    p1: { main: 'Health', hand: 'Hand', resources: 'Ready resources' },
    p2: { main: 'Health', hand: 'Hand', resources: 'Ready resources' },
  },
  turns: [
    {
      turn: 1,
      fromSeq: 10,
      seq: 20,
      players: { p1: { main: 35, hand: 5, resources: 1 }, p2: { main: 35, hand: 6, resources: 0 } },
    },
    {
      turn: 2,
      fromSeq: 21,
      seq: 40,
      players: { p1: { main: 33, hand: 4, resources: 2 }, p2: { main: 30, hand: 5, resources: 1 } },
    },
    {
      turn: 3,
      fromSeq: 41,
      seq: 55,
      players: { p1: { main: 31, hand: 3, resources: 3 }, p2: { main: 24, hand: 4, resources: 2 } },
    },
  ],
};

describe('Graphs', () => {
  it('draws a point per player, figure and turn with its value', () => {
    const { container } = render(<Graphs series={SERIES} names={NAMES} seq={30} onSeek={() => {}} />);
    expect(container.querySelectorAll('.graph')).toHaveLength(3);
    expect(container.querySelectorAll('.graph-point')).toHaveLength(2 * 3 * 3);
    const brookHealth = [
      ...container.querySelectorAll('.graph[data-kind="main"] .graph-point[data-player="p2"]'),
    ].map((p) => Number(p.getAttribute('data-value')));
    expect(brookHealth).toEqual([35, 30, 24]);
  });

  it('shows the playhead turn, and the hovered turn’s values on hover', () => {
    render(<Graphs series={SERIES} names={NAMES} seq={30} onSeek={() => {}} />);
    const readout = screen.getByTestId('graph-readout');
    expect(readout.textContent).toBe(
      'Turn 2 · Ada: Health 33, Hand 4, Ready resources 2 · Brook: Health 30, Hand 5, Ready resources 1',
    );
    fireEvent.pointerEnter(screen.getAllByRole('button')[2]!);
    expect(readout.textContent).toContain('Turn 3 · Ada: Health 31');
  });

  it("a click seeks to the turn's last event; arrows move between turns without stepping the match", () => {
    const onSeek = vi.fn();
    const pageKeys = vi.fn();
    window.addEventListener('keydown', pageKeys);
    render(<Graphs series={SERIES} names={NAMES} seq={30} onSeek={onSeek} />);
    const turns = screen.getAllByRole('button');
    fireEvent.click(turns[0]!);
    expect(onSeek).toHaveBeenCalledWith(20);
    expect(turns.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    turns[1]!.focus();
    fireEvent.keyDown(turns[1]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(turns[2]);
    expect(pageKeys).not.toHaveBeenCalled();
    window.removeEventListener('keydown', pageKeys);
  });
});
