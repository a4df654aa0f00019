import { describe, expect, it } from 'vitest';
import { clockEventShapes, clockExpiryDrafts, roundTimeEndDrafts, timeAddedDraft } from './clock';

describe('clock events', () => {
  it('a loss on time: ClockExpired, then MatchEnded naming the other seat; both automatic', () => {
    const [expired, ended] = clockExpiryDrafts(['p1', 'p2'], {
      player: 'p1',
      clock: 'chess',
      onTimeout: 'loss',
    });
    expect(expired).toEqual({
      type: 'ClockExpired',
      payload: { player: 'p1', clock: 'chess', onTimeout: 'loss' },
      auto: true,
    });
    expect(ended).toMatchObject({
      type: 'MatchEnded',
      payload: { winner: 'p2', result: 'p1 ran out of time on the chess clock: p2 wins' },
      auto: true,
    });
    expect(clockEventShapes.ClockExpired.safeParse(expired!.payload).success).toBe(true);
  });

  it("a draw on time names no winner, and a game's own MatchEnded fields are added (every seat loses a draw)", () => {
    const drafts = clockExpiryDrafts(
      ['p1', 'p2'],
      { player: 'p2', clock: 'turn', onTimeout: 'draw' },
      (_w, losers) => ({ losers }),
    );
    expect(drafts[1]!.payload).toEqual({
      winner: null,
      result: 'draw: p2 ran out of time on the turn clock',
      losers: ['p1', 'p2'],
    });
  });

  it('time added is a fact with its seat, amount and author', () => {
    const d = timeAddedDraft('p2', 30_000, 'judge-jti-1');
    expect(d).toEqual({
      type: 'TimeAdded',
      payload: { player: 'p2', ms: 30_000, by: 'judge-jti-1' },
      auto: true,
    });
    expect(clockEventShapes.TimeAdded.safeParse({ player: 'p2', ms: 0, by: 'x' }).success).toBe(false);
  });

  it("a game at its event round's time after the extra turns: RoundTimeEnded (MTR 2.5), then a drawn MatchEnded with the game's own fields", () => {
    const [over, ended] = roundTimeEndDrafts(
      ['p1', 'p2'],
      { eventId: 'e_1', round: 2, extraTurns: 3, turnAtTime: 7 },
      (_w, losers) => ({ losers }),
    );
    expect(over).toEqual({
      type: 'RoundTimeEnded',
      payload: { eventId: 'e_1', round: 2, extraTurns: 3, turnAtTime: 7 },
      auto: true,
      rule: 'MTR 2.5',
    });
    expect(clockEventShapes.RoundTimeEnded.safeParse(over!.payload).success).toBe(true);
    expect(ended).toEqual({
      type: 'MatchEnded',
      payload: {
        winner: null,
        result: 'draw: round 2 time was called on turn 7 and its 3 extra turns were played',
        losers: ['p1', 'p2'],
      },
      auto: true,
    });
  });
});
