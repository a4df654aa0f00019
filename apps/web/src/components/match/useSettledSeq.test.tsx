// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAG_PAUSE_MS, useSettledSeq } from './useSettledSeq';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useSettledSeq', () => {
  it('follows the playhead at once outside a drag (keyboard steps, playback)', () => {
    const { result, rerender } = renderHook(({ seq }) => useSettledSeq(seq, false), {
      initialProps: { seq: 3 },
    });
    expect(result.current).toBe(3);
    rerender({ seq: 4 });
    expect(result.current).toBe(4);
  });

  it('holds during a drag, catches up when the drag pauses, and at once when it ends', () => {
    const { result, rerender } = renderHook(({ seq, dragging }) => useSettledSeq(seq, dragging), {
      initialProps: { seq: 10, dragging: false },
    });
    rerender({ seq: 40, dragging: true });
    expect(result.current).toBe(10);
    act(() => void vi.advanceTimersByTime(DRAG_PAUSE_MS - 50));
    rerender({ seq: 90, dragging: true });
    act(() => void vi.advanceTimersByTime(DRAG_PAUSE_MS - 50));
    expect(result.current).toBe(10); // still moving: each move restarts the pause
    act(() => void vi.advanceTimersByTime(60));
    expect(result.current).toBe(90);
    rerender({ seq: 120, dragging: true });
    expect(result.current).toBe(90);
    rerender({ seq: 120, dragging: false });
    expect(result.current).toBe(120);
    // The next drag starts from what the release showed.
    rerender({ seq: 7, dragging: true });
    expect(result.current).toBe(120);
  });
});
