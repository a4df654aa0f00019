// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveStatus } from './LiveStatus';

afterEach(cleanup);
const base = { liveOpened: true, delaySeconds: 30, onBackToLive: () => {} };

describe('LiveStatus', () => {
  it('offers "Back to live" once the playhead left the live edge', () => {
    const back = vi.fn();
    render(<LiveStatus {...base} isLive following={false} live={null} onBackToLive={back} />);
    fireEvent.click(screen.getByRole('button', { name: /Back to live/ }));
    expect(back).toHaveBeenCalledOnce();
  });

  it('says Offline while reconnecting, and Finished (no delay shown) when the match is over', () => {
    const live = { kind: 'reconnecting', attempt: 1, inMs: 2000, reason: 'network' } as const;
    const { container, rerender } = render(<LiveStatus {...base} isLive following live={live} />);
    expect(container.textContent).toContain('Offline');
    expect(container.textContent).toContain('delay 30s');
    rerender(<LiveStatus {...base} isLive={false} following={false} live={null} />);
    expect(container.textContent).toBe('Finished');
  });
});
