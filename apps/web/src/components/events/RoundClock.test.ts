import type { EventView } from '@matchtape/server/events-contract';
import { describe, expect, it } from 'vitest';
import { roundClockText } from './RoundClock';

type RoundView = EventView['rounds'][number];
const open = { table: 1, p1: 'p1', p2: 'p2', games: [], result: null };
const done = { ...open, result: { p1Wins: 1, p2Wins: 0, draws: 0, winner: 'p1', by: 'games' } };
const round = (patch: Partial<RoundView>): RoundView => ({
  round: 2,
  stage: 'swiss',
  pairings: [open],
  clock: { startedAt: '2026-11-26T10:00:00.000Z', endsAt: '2026-11-26T10:50:00.000Z' },
  timeCalled: null,
  ...patch,
});
const at = (iso: string): number => new Date(iso).getTime();

describe('the round clock every table of a round shows', () => {
  it('counts down to the end of the round, and never below zero', () => {
    expect(roundClockText(round({}), at('2026-11-26T10:12:34.500Z'))).toBe('37:25 left');
    expect(roundClockText(round({}), at('2026-11-26T11:00:00.000Z'))).toBe('0:00 left');
  });
  it('at time says what the event option makes of it: the extra turns, then draws', () => {
    expect(roundClockText(round({ timeCalled: { at: '2026-11-26T10:50:00.000Z', extraTurns: 3 } }), 0)).toBe(
      'Time called: 3 extra turns, then unfinished games are draws',
    );
    expect(roundClockText(round({ timeCalled: { at: '2026-11-26T10:50:00.000Z', extraTurns: 1 } }), 0)).toBe(
      'Time called: 1 extra turn, then unfinished games are draws',
    );
  });
  it('says when every table has its result', () => {
    expect(roundClockText(round({ pairings: [done] }), at('2026-11-26T10:12:00.000Z'))).toBe(
      'over: every table has its result',
    );
  });
});
