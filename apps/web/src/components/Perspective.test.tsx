// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Perspective } from '../lib/viewer';
import { PerspectiveSwitch } from './Perspective';

afterEach(cleanup);

const SEATS = [
  { id: 'p1', name: 'Ada' },
  { id: 'p2', name: 'Brook' },
];

describe('PerspectiveSwitch', () => {
  it('is one radio group with one Tab stop, players by name', () => {
    render(
      <PerspectiveSwitch
        value="public"
        seats={SEATS}
        allowed={['public', 'p1', 'p2', 'judge']}
        onChange={() => {}}
        onNeedToken={() => {}}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Perspective' });
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.textContent)).toEqual(['Public', 'Ada', 'Brook', 'Judge']);
    expect(radios.map((r) => r.tabIndex)).toEqual([0, -1, -1, -1]);
    expect(group.textContent).not.toMatch(/P1|P2/);
  });

  it('arrows move and select within the group and never reach the page (which would step the match)', () => {
    const onChange = vi.fn<(p: Perspective) => void>();
    const pageKeys = vi.fn();
    window.addEventListener('keydown', pageKeys);
    render(
      <PerspectiveSwitch
        value="p1"
        seats={SEATS}
        allowed={['public', 'p1', 'p2', 'judge']}
        onChange={onChange}
        onNeedToken={() => {}}
      />,
    );
    const radios = screen.getAllByRole('radio');
    radios[1]!.focus();
    fireEvent.keyDown(radios[1]!, { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith('p2');
    expect(document.activeElement).toBe(radios[2]);
    fireEvent.keyDown(radios[1]!, { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenLastCalledWith('public');
    expect(pageKeys).not.toHaveBeenCalled();
    window.removeEventListener('keydown', pageKeys);
  });

  it('a locked perspective asks for a token instead of switching', () => {
    const onChange = vi.fn();
    const onNeedToken = vi.fn();
    render(
      <PerspectiveSwitch
        value="public"
        seats={SEATS}
        allowed={['public']}
        onChange={onChange}
        onNeedToken={onNeedToken}
      />,
    );
    fireEvent.click(screen.getByRole('radio', { name: /Judge/ }));
    expect(onNeedToken).toHaveBeenCalledWith('judge');
    expect(onChange).not.toHaveBeenCalled();
  });
});
