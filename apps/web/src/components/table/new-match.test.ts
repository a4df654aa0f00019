import { describe, expect, it } from 'vitest';
import { clockOfKind, FIRST_ROWS, inviteName, newMatchBody, withRow } from './new-match';

describe('the new-match form', () => {
  it('asks for a bot by name on a bot seat and leaves no clock out', () => {
    const rows = withRow(FIRST_ROWS, 1, { kind: 'bot', bot: 'random', name: 'Robo' });
    expect(newMatchBody('alpha-clash', rows, { kind: 'none' })).toEqual({
      game: 'alpha-clash',
      players: [
        { name: 'Player 1', kind: 'person' },
        { name: 'Robo', kind: 'bot', bot: 'random' },
      ],
    });
  });
  it('sends the clock when there is one', () => {
    const body = newMatchBody('g', FIRST_ROWS, clockOfKind('turn'));
    expect(body).toMatchObject({ clock: { kind: 'turn', secondsPerTurn: 120, onTimeout: 'loss' } });
  });
  it('gives each clock kind its defaults', () => {
    expect(clockOfKind('chess')).toEqual({
      kind: 'chess',
      initialSeconds: 1500,
      incrementSeconds: 5,
      onTimeout: 'loss',
    });
    expect(clockOfKind('none')).toEqual({ kind: 'none' });
    expect(clockOfKind('something else')).toEqual({ kind: 'none' });
  });
  it('changes one row only, leaving the first rows as they were', () => {
    const rows = withRow(FIRST_ROWS, 0, { name: 'Ada' });
    expect(rows.map((r) => r.name)).toEqual(['Ada', 'Player 2']);
    expect(FIRST_ROWS[0]!.name).toBe('Player 1');
  });
  it("names an invite by its seat's row", () => {
    expect(inviteName(FIRST_ROWS, 'p2')).toBe('Player 2');
    expect(inviteName(FIRST_ROWS, 'p3')).toBe('p3');
  });
});
