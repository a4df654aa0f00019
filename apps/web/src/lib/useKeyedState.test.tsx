// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useKeyedState } from './useKeyedState';

afterEach(cleanup);

const EMPTY = { board: 'none' };

describe('useKeyedState', () => {
  it("reads the initial state in the very render that changes the key, not the old key's state", () => {
    const { result, rerender } = renderHook(({ k }) => useKeyedState(k, EMPTY), {
      initialProps: { k: 'judge' },
    });
    act(() => result.current[1]('judge', () => ({ board: 'judge board' })));
    expect(result.current[0]).toEqual({ board: 'judge board' });
    rerender({ k: 'public' });
    expect(result.current[0]).toBe(EMPTY);
  });

  it('drops a write made for a key that is no longer current', () => {
    const { result, rerender } = renderHook(({ k }) => useKeyedState(k, EMPTY), {
      initialProps: { k: 'judge' },
    });
    rerender({ k: 'public' });
    act(() => result.current[1]('judge', () => ({ board: 'late judge page' })));
    expect(result.current[0]).toBe(EMPTY);
    act(() => result.current[1]('public', () => ({ board: 'public board' })));
    expect(result.current[0]).toEqual({ board: 'public board' });
  });

  it('keeps building on the current key across writes', () => {
    const { result } = renderHook(() => useKeyedState<{ n: number }>('p1', { n: 0 }));
    act(() => result.current[1]('p1', (s) => ({ n: s.n + 1 })));
    act(() => result.current[1]('p1', (s) => ({ n: s.n + 1 })));
    expect(result.current[0]).toEqual({ n: 2 });
  });
});
