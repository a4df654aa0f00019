// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClockForm } from './new-match';
import { ClockFields } from './NewMatchFields';

afterEach(cleanup);

describe('ClockFields', () => {
  it('shows the chess clock in minutes and sets it back in seconds', () => {
    const got: ClockForm[] = [];
    const clock: ClockForm = { kind: 'chess', initialSeconds: 1500, incrementSeconds: 5, onTimeout: 'loss' };
    render(<ClockFields clock={clock} onClock={(c) => got.push(c)} />);
    const minutes = screen.getByLabelText('Minutes each') as HTMLInputElement;
    expect(minutes.value).toBe('25');
    fireEvent.change(minutes, { target: { value: '10' } });
    expect(got.at(-1)).toEqual({ ...clock, initialSeconds: 600 });
  });
  it('has no time-out choice without a clock, and picks a kind with its defaults', () => {
    const got: ClockForm[] = [];
    render(<ClockFields clock={{ kind: 'none' }} onClock={(c) => got.push(c)} />);
    expect(screen.queryByLabelText('When time runs out')).toBeNull();
    fireEvent.change(screen.getByLabelText('Clock'), { target: { value: 'turn' } });
    expect(got).toEqual([{ kind: 'turn', secondsPerTurn: 120, onTimeout: 'loss' }]);
  });
});
