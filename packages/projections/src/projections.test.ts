import type { AnyGameModule, EventEnvelope } from '@matchtape/engine';
import { describe, expect, it } from 'vitest';
import { appendToTimeline, buildTimeline, locate, matchStats } from './index';

// Only id and keyMoment of the game are read by the timeline; the game-backed checks are in
// test/integration/server-*.test.ts (real games through the server).
const game = {
  id: 'fixture',
  keyMoment: (e: { type: string }) =>
    e.type === 'AttackDeclared'
      ? { kind: 'attack', label: 'attack!' }
      : e.type === 'MatchEnded'
        ? { kind: 'end', label: 'end' }
        : null,
} as unknown as AnyGameModule;

let seq = 0;
function ev(
  type: string,
  turn: number,
  phase: string,
  step: string | null,
  payload: Record<string, unknown> = {},
  player = 'p1',
): EventEnvelope {
  seq += 1;
  return {
    matchId: 'm',
    seq,
    type,
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
    turn,
    phase,
    step,
    cause: { commandId: `c${seq}`, player },
    rule: null,
    payload,
    prevHash: '',
    hash: '',
  };
}

describe('timeline', () => {
  seq = 0;
  const events = [
    ev('MatchStarted', 0, 'setup', null),
    ev('TurnStarted', 1, 'start', 'untap'),
    ev('CardDrawn', 1, 'start', 'draw'),
    ev('CardPlayed', 1, 'main', null),
    ev('AttackDeclared', 1, 'combat', 'declare'),
    ev('DamageDealt', 1, 'combat', 'damage', { amount: 3, to: 'p2' }),
    ev('TurnStarted', 2, 'start', 'untap', {}, 'p2'),
    ev('CardPlayed', 2, 'main', null, {}, 'p2'),
    ev('MatchEnded', 2, 'main', null),
  ];

  it('bands turns, phases and steps with gap-free seq ranges', () => {
    const t = buildTimeline(game, events);
    expect(t.turns.map((x) => [x.turn, x.fromSeq, x.toSeq])).toEqual([
      [0, 1, 1],
      [1, 2, 6],
      [2, 7, 9],
    ]);
    expect(t.phases.map((x) => [x.phase, x.fromSeq, x.toSeq])).toEqual([
      ['setup', 1, 1],
      ['start', 2, 3],
      ['main', 4, 4],
      ['combat', 5, 6],
      ['start', 7, 7],
      ['main', 8, 9],
    ]);
    expect(t.steps.map((x) => x.step)).toEqual(['untap', 'draw', 'declare', 'damage', 'untap']);
    expect(t.attacks.map((a) => a.seq)).toEqual([5]);
    expect(t.keyMoments.map((a) => a.kind)).toEqual(['attack', 'end']);
    expect(locate(t, 6)).toMatchObject({
      turn: { turn: 1 },
      phase: { phase: 'combat' },
      step: { step: 'damage' },
    });
    expect(locate(t, 99).turn).toBeNull();
  });

  it('is the same built at once or incrementally, and ignores replays of old events', () => {
    const inc = buildTimeline(game, []);
    for (const e of events) appendToTimeline(game, inc, e);
    appendToTimeline(game, inc, events[3]!);
    expect(inc).toEqual(buildTimeline(game, events));
  });

  it('counts events, cards played and damage by player', () => {
    const s = matchStats(events);
    expect(s.events).toBe(9);
    expect(s.eventsByType.CardPlayed).toBe(2);
    expect(s.cardsPlayedBy).toEqual({ p1: 1, p2: 1 });
    expect(s.damageDealtBy).toEqual({ p1: 3 });
    expect(s.damageTakenBy).toEqual({ p2: 3 });
  });
});
