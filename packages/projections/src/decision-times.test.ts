import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@matchtape/engine';
import { decisionTimes } from './decision-times';

const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
const e = (seq: number, at: number, cause: EventEnvelope['cause'], type = 'X') => ({
  seq,
  at: t(at),
  type,
  cause,
});

describe('decisionTimes', () => {
  it('attributes the wait before each command to the player who sent it; system events take none', () => {
    const d = decisionTimes([
      e(1, 0, { system: true }, 'TurnStarted'),
      e(2, 5, { commandId: 'a', player: 'p1' }, 'CardPlayed'),
      e(3, 5, { commandId: 'a', player: 'p1' }, 'CostPaid'),
      e(4, 65, { commandId: 'b', player: 'p2' }, 'PriorityPassed'),
      e(5, 65, { system: true }, 'TurnEnded'),
      e(6, 70, { commandId: 'c', player: 'p1' }, 'CardPlayed'),
    ]);
    expect(d.decisions.map((x) => [x.player, x.fromSeq, x.toSeq, x.tookMs])).toEqual([
      ['p1', 2, 3, 5000],
      ['p2', 4, 4, 60000],
      ['p1', 6, 6, 5000],
    ]);
    expect(d.perPlayer).toEqual({
      p1: { decisions: 2, totalMs: 10000, longestMs: 5000, longestAtSeq: 2 },
      p2: { decisions: 1, totalMs: 60000, longestMs: 60000, longestAtSeq: 4 },
    });
  });
});
