import { describe, expect, it } from 'vitest';
import { deepLinkProblem, tokenNeededMessage } from './MatchView';

describe('deep links that do not fit say what the page did instead', () => {
  it('a seq that is not a number, a seq past the end, a turn that is not a number', () => {
    expect(deepLinkProblem({ seq: '-5', turn: null }, 120, false)).toBe(
      'The link asks for event "-5", which is not an event number (0, 1, 2 …): showing the last event (120) instead.',
    );
    expect(deepLinkProblem({ seq: '500', turn: null }, 120, false)).toBe(
      'The link asks for event 500, but this match has 120 events: showing the last event (120) instead.',
    );
    expect(deepLinkProblem({ seq: null, turn: 'abc' }, 120, true)).toBe(
      'The link asks for turn "abc", which is not a turn number: following the match live instead.',
    );
  });

  it('says nothing about a link that fits', () => {
    expect(deepLinkProblem({ seq: '40', turn: null }, 120, false)).toBeNull();
    expect(deepLinkProblem({ seq: '120', turn: null }, 120, false)).toBeNull();
    // A live match past its end follows live (the events are coming).
    expect(deepLinkProblem({ seq: '500', turn: null }, 120, true)).toBeNull();
    expect(deepLinkProblem({ seq: null, turn: '3' }, 120, false)).toBeNull();
    expect(deepLinkProblem({ seq: null, turn: null }, 120, false)).toBeNull();
  });
});

describe('a link to a seat without its token', () => {
  it('says the public view is shown and how the seat token is minted', () => {
    const m = tokenNeededMessage('p1', new Map([['p1', 'Ada']]), 'm7');
    expect(m).toBe(
      "This link opens Ada's seat, which needs a token this tab does not have: you are watching the public view. Ask the organiser for the token (they mint it with npx matchtape token --role seat --match m7 --seat p1) and paste it here.",
    );
    expect(tokenNeededMessage('judge', new Map(), 'm7')).toMatch(/the judge view.*--role judge\)/);
  });
});
