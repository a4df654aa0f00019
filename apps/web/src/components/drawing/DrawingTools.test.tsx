// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DrawingTools } from './DrawingTools';

afterEach(cleanup);

const props = {
  on: true,
  onToggle: () => undefined,
  tool: 'arrow' as const,
  onTool: () => undefined,
  color: 'yellow' as const,
  onColor: () => undefined,
  onClear: () => undefined,
  judge: false,
  pending: false,
  seq: 7,
  problem: null,
};

describe('DrawingTools', () => {
  it('marks the shape in use and hands back the one picked', () => {
    const picked: string[] = [];
    render(<DrawingTools {...props} onTool={(t) => picked.push(t)} />);
    const shape = screen.getByRole('radiogroup', { name: 'Shape' });
    const radios = shape.querySelectorAll('[role="radio"]');
    expect(radios[0]!.getAttribute('aria-checked')).toBe('true');
    expect(radios[1]!.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(radios[1]!);
    expect(picked).toEqual(['circle']);
  });
  it('offers "Clear all" to judges only, and says a refused drawing', () => {
    const cleared: string[] = [];
    const { rerender } = render(<DrawingTools {...props} onClear={(s) => cleared.push(s)} />);
    expect(screen.queryByText('Clear all')).toBeNull();
    rerender(<DrawingTools {...props} judge problem="too many" onClear={(s) => cleared.push(s)} />);
    fireEvent.click(screen.getByText('Clear all'));
    expect(cleared).toEqual(['all']);
    expect(screen.getByRole('alert').textContent).toBe('too many');
  });
});
