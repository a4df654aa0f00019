import { describe, expect, it } from 'vitest';
import type { MatchListItem } from '../../lib/api';
import { matchTitle, secs, who } from './review-words';

describe('the review page words', () => {
  it('says durations in seconds, to a tenth', () => {
    expect(secs(2500)).toBe('2.5 s');
    expect(secs(40)).toBe('0.0 s');
  });
  it('says who acted: a judge, the seat by name, or the role', () => {
    const names = new Map([['p1', 'Ada']]);
    expect(who({ role: 'judge', seat: 'p1' }, names)).toBe('a judge');
    expect(who({ role: 'player', seat: 'p1' }, names)).toBe('Ada');
    expect(who({ role: 'player', seat: 'p2' }, names)).toBe('p2');
    expect(who({ role: 'coverage' }, names)).toBe('coverage');
  });
  it('titles the match by its players and game, or "this match" until it is read', () => {
    expect(matchTitle(null)).toBe('this match');
    const m = { players: [{ name: 'Ada' }, { name: 'Brook' }], game: 'nope', gameTitle: 'Some Game' };
    expect(matchTitle(m as unknown as MatchListItem)).toBe('Ada vs Brook · Some Game');
    expect(matchTitle({ ...m, gameTitle: undefined } as unknown as MatchListItem)).toBe(
      'Ada vs Brook · nope',
    );
  });
});
