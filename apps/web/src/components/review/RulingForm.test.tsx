// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RulingForm } from './RulingForm';

afterEach(cleanup);

describe('RulingForm', () => {
  it('records the ruling with only the rule and fork given, then empties the ruling', () => {
    const sent: { path: string; body: unknown; reset: () => void }[] = [];
    render(<RulingForm send={(path, body, reset) => sent.push({ path, body, reset })} />);
    const ruling = screen.getByLabelText('Ruling') as HTMLInputElement;
    fireEvent.change(ruling, { target: { value: 'Replay the attack' } });
    fireEvent.change(screen.getByLabelText('Remedy'), { target: { value: 'rewind' } });
    fireEvent.submit(ruling.form!);
    expect(sent[0]).toMatchObject({
      path: '/ruling',
      body: { ruling: 'Replay the attack', remedy: 'rewind' },
    });
    fireEvent.change(screen.getByLabelText('Rule'), { target: { value: '710.1' } });
    fireEvent.change(screen.getByLabelText('Fork match id'), { target: { value: 'm-fork' } });
    fireEvent.submit(ruling.form!);
    expect(sent[1]!.body).toEqual({
      ruling: 'Replay the attack',
      remedy: 'rewind',
      rule: '710.1',
      forkMatchId: 'm-fork',
    });
    act(() => sent[1]!.reset());
    expect(ruling.value).toBe('');
  });
});
