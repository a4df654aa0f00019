// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePlayback, type PlaybackTape } from './usePlayback';

afterEach(cleanup);

// Turns start at seqs 0, 5 and 9 of a 12-event tape.
const tape: PlaybackTape = {
  length: 12,
  timeline: {
    gapAfter: () => 1000,
    nextTurnStart: (s) => [5, 9, 12].find((t) => t > s) ?? 12,
    prevTurnStart: (s) => [9, 5, 0].find((t) => t < s) ?? 0,
  },
};

describe('usePlayback', () => {
  it('follows the live edge until moved, clamps seeks to the tape, and goes back to live', () => {
    const { result } = renderHook(() => usePlayback(tape, true, { seq: null, turn: null }));
    expect(result.current).toMatchObject({ seq: 12, following: true });
    act(() => result.current.seek(40));
    expect(result.current).toMatchObject({ seq: 12, following: false });
    act(() => result.current.seek(-3));
    expect(result.current.seq).toBe(0);
    act(() => result.current.backToLive());
    expect(result.current).toMatchObject({ seq: 12, following: true, playing: false });
  });

  it('steps by event and by turn from where the playhead is, and a seek clears the problem shown', () => {
    const { result } = renderHook(() => usePlayback(tape, false, { seq: 6, turn: null }));
    expect(result.current).toMatchObject({ seq: 6, following: false });
    act(() => result.current.setProblem('There is no turn 40'));
    act(() => result.current.stepEvent(1));
    expect(result.current).toMatchObject({ seq: 7, problem: null });
    act(() => result.current.stepTurn(1));
    expect(result.current.seq).toBe(9);
    act(() => result.current.stepTurn(-1));
    expect(result.current.seq).toBe(5);
  });

  it('play at the end of a finished match starts again from the first event', () => {
    const { result } = renderHook(() => usePlayback(tape, false, { seq: 12, turn: null }));
    act(() => result.current.togglePlay());
    expect(result.current).toMatchObject({ playing: true, seq: 0 });
    act(() => result.current.togglePlay());
    expect(result.current.playing).toBe(false);
  });
});
