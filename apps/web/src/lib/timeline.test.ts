import type { EventEnvelope } from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing';
import { getGame } from '@matchtape/games';
import { describe, expect, it } from 'vitest';
import { fixtureGame, fixtureMatch } from '../test/fixture-game';
import { MatchTape } from './tape';
import { machineStateKeys, orderedPhases, TimelineNav } from './timeline';

function navOf() {
  const nav = new TimelineNav(fixtureGame);
  for (const e of fixtureMatch()) nav.push(e);
  return nav;
}

describe('TimelineNav', () => {
  it('marks turns, phase bands and key moments by seq', () => {
    const nav = navOf();
    expect(nav.length).toBe(12);
    expect(nav.turns.map((t) => [t.turn, t.fromSeq, t.toSeq])).toEqual([
      [0, 1, 1],
      [1, 2, 7],
      [2, 8, 12],
    ]);
    expect(nav.phases.map((p) => `${p.turn}:${p.phase}:${p.fromSeq}-${p.toSeq}`)).toEqual([
      '0:setup:1-1',
      '1:start:2-3',
      '1:main:4-6',
      '1:end:7-7',
      '2:start:8-9',
      '2:main:10-12',
    ]);
    expect(nav.keys.map((k) => [k.seq, k.kind])).toEqual([
      [6, 'attack'],
      [11, 'attack'],
    ]);
  });

  it('steps by turn: next goes to the next turn start, previous to this turn start then the one before', () => {
    const nav = navOf();
    expect(nav.nextTurnStart(0)).toBe(1);
    expect(nav.nextTurnStart(1)).toBe(2);
    expect(nav.nextTurnStart(4)).toBe(8);
    expect(nav.nextTurnStart(9)).toBe(12); // last turn: the end
    expect(nav.prevTurnStart(9)).toBe(8);
    expect(nav.prevTurnStart(8)).toBe(2);
    expect(nav.prevTurnStart(2)).toBe(1);
    expect(nav.prevTurnStart(1)).toBe(0);
    expect(nav.seqOfTurn(2)).toBe(8);
    expect(nav.seqOfTurn(9)).toBeNull();
  });

  it('locates a seq in its turn and phase, and finds neighbouring key moments', () => {
    const nav = navOf();
    expect(nav.turnAt(5)?.turn).toBe(1);
    expect(nav.phaseAt(5)?.phase).toBe('main');
    expect(nav.phaseAt(0)?.phase).toBe('setup');
    expect(nav.nextKey(6)?.seq).toBe(11);
    expect(nav.prevKey(11)?.seq).toBe(6);
    expect(nav.prevKey(6)).toBeUndefined();
  });

  it('gives the original gap between events for real-time playback', () => {
    const nav = navOf();
    expect(nav.gapAfter(3)).toBe(2000);
    expect(nav.gapAfter(0)).toBe(0);
    expect(nav.gapAfter(12)).toBe(0);
  });

  it('refuses an event out of order', () => {
    const nav = new TimelineNav(fixtureGame);
    const [a, b] = fixtureMatch();
    nav.push(a!);
    expect(() => nav.push({ ...b!, seq: 3 })).toThrow(/expected seq 2/);
  });
});

describe('phase order from the machine', () => {
  it('walks the state nodes depth first', () => {
    expect(machineStateKeys(fixtureGame.machine)).toEqual(['setup', 'turn', 'start', 'main', 'end', 'over']);
  });
  it('orders the phases seen by the machine, unknown ones after in order of appearance', () => {
    expect(
      orderedPhases(['setup', 'start', 'main', 'end'], ['main', 'combat', 'start', 'end', 'main', 'cleanup']),
    ).toEqual(['start', 'main', 'end', 'combat', 'cleanup']);
  });
});

describe('turn navigation on Grand Archive (TurnStarted is stamped in the previous End Phase)', () => {
  const game = getGame('grand-archive');
  const match = playMatch(game, {
    seed: 'web-turns',
    bots: { p1: 'greedy', p2: 'random' },
    recordStates: false,
  });
  const events = match.events as EventEnvelope[];
  const tape = new MatchTape(game);
  tape.append(events);
  const nav = tape.timeline;
  const turnStarted = (n: number) => events.find((e) => e.type === 'TurnStarted' && e.turn === n)!.seq;

  it('jump to turn N and Shift+→ land on the first phase of the turn, not on "End"', () => {
    expect(events[turnStarted(3) - 1]!.phase).toBe('end');
    const s3 = nav.seqOfTurn(3)!;
    expect(events[s3 - 1]!.phase).toBe('wake-up');
    expect(events[s3 - 1]!.turn).toBe(3);
    expect(nav.nextTurnStart(turnStarted(3) - 5)).toBe(s3);
    expect(nav.prevTurnStart(s3 + 3)).toBe(s3);
    expect(nav.prevTurnStart(s3)).toBe(nav.seqOfTurn(2));
    // A player's first turn opens with the champion placement (Setup phase, Place Champion step).
    expect(events[nav.seqOfTurn(2)! - 1]!.phase).toBe('setup');
    expect(events[nav.seqOfTurn(2)! - 1]!.step).toBe('place-champion');
    expect(nav.seqOfTurn(999)).toBeNull();
    expect(nav.turnRange()).toEqual({ first: 0, last: events[events.length - 1]!.turn });
  });

  it('orders the phase strip by the rules: Wake Up first once the opening round is over', () => {
    const ordered = orderedPhases(
      machineStateKeys(game.machine),
      nav.phases.map((p) => p.phase),
    );
    const s5 = nav.seqOfTurn(5)!;
    const strip = nav.stripPhases(ordered, events[s5 - 1]!.phase, 5, 2);
    expect(strip[0]).toBe('wake-up');
    expect(strip.slice(0, 5)).toEqual(['wake-up', 'materialize', 'recollection', 'draw', 'main']);
    expect(strip).not.toContain('setup');
    expect(strip).not.toContain('game-over');
    // In a player's first turn the champion placement is shown, before the turn's other phases.
    expect(nav.stripPhases(ordered, 'setup', 2, 2)[0]).toBe('setup');
    expect(nav.stripPhases(ordered, 'setup', 2, 2).slice(1, 3)).toEqual(['wake-up', 'materialize']);
  });
});
