// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JumpToTurn } from './PlaybackControls';

afterEach(cleanup);

/** The form as the match page renders it, over a history that holds the turns in `turns` (turn → first seq). */
function renderJump(turns: Map<number, number>, loading: boolean) {
  const calls = { seeks: [] as number[], problems: [] as string[] };
  const props = {
    seek: (s: number) => calls.seeks.push(s),
    setProblem: (p: string) => calls.problems.push(p),
    seqOfTurn: (n: number) => turns.get(n) ?? null,
    noTurn: (n: number) => `There is no turn ${n}.`,
  };
  const view = render(<JumpToTurn {...props} loading={loading} />);
  const rerender = (nowLoading: boolean) => view.rerender(<JumpToTurn {...props} loading={nowLoading} />);
  return { calls, rerender };
}

function ask(turn: string): void {
  const input = screen.getByLabelText('Jump to turn') as HTMLInputElement;
  fireEvent.change(input, { target: { value: turn } });
  fireEvent.submit(input.form!);
}

describe('JumpToTurn', () => {
  it('seeks to the start of a turn the history holds', () => {
    const { calls } = renderJump(new Map([[3, 40]]), false);
    ask('3');
    expect(calls.seeks).toEqual([40]);
    expect(calls.problems).toEqual([]);
  });

  it('says there is no such turn once the whole history is held', () => {
    const { calls } = renderJump(new Map([[3, 40]]), false);
    ask('9');
    expect(calls.seeks).toEqual([]);
    expect(calls.problems).toEqual(['There is no turn 9.']);
  });

  it('goes to a turn still loading as soon as it arrives, instead of saying it does not exist', () => {
    const turns = new Map([[1, 1]]);
    const { calls, rerender } = renderJump(turns, true);
    ask('7');
    expect(calls.seeks).toEqual([]);
    expect(calls.problems).toEqual(['Turn 7 is still loading: the replay goes there when it arrives.']);
    rerender(true); // more of the history arrived, not turn 7 yet
    expect(calls.seeks).toEqual([]);
    turns.set(7, 1159);
    rerender(true);
    expect(calls.seeks).toEqual([1159]);
    rerender(false); // asked once only
    expect(calls.seeks).toEqual([1159]);
  });

  it('says there is no such turn when the history finishes loading without it', () => {
    const { calls, rerender } = renderJump(new Map([[1, 1]]), true);
    ask('99');
    rerender(false);
    expect(calls.seeks).toEqual([]);
    expect(calls.problems.at(-1)).toBe('There is no turn 99.');
  });
});
