// The machine is the single definition of the game's structure: this test drives bot matches and every scenario
// file through the real engine, records the machine state of every event and the transitions taken (ADVANCE when
// the position moves on, the command's own transition for every accepted command, GAME_OVER at MatchEnded), and
// checks with the kernel's graph coverage that every state node and every transition is reached.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMachineMeta, phaseOrder, Rng } from '@matchtape/engine';
import { traceBotMatch, traceScenarioFiles, TransitionTrace } from '@matchtape/engine/testing/graph';
import { theSpoils } from './index';
import { nextLocation, spoilsMachine } from './machine';
import { initialState } from './evolve';
import type { SpoilsState } from './types';

/** The Spoils' machine moves on StepEntered to a new node (ADVANCE) and ends at MatchEnded (GAME_OVER). */
const eventOf = (e: { type: string }, from: string, to: string) =>
  e.type === 'MatchEnded' ? 'GAME_OVER' : e.type === 'StepEntered' && from !== to ? 'ADVANCE' : null;

describe('the-spoils machine', () => {
  it('every state and transition is reached by bot matches and scenarios', { timeout: 300_000 }, () => {
    const t = new TransitionTrace(spoilsMachine, eventOf);
    for (let i = 0; i < 12; i++) {
      const kind = i % 2 === 0 ? 'random' : 'greedy';
      traceBotMatch(t, theSpoils, { seed: `mc-${i}`, bots: { p1: kind, p2: kind } });
    }
    traceScenarioFiles(t, theSpoils, join(import.meta.dirname, '../scenarios'));
    const cov = t.coverage();
    expect(cov.states.uncovered).toEqual([]);
    expect(cov.transitions.uncovered).toEqual([]);
  });

  it('meta is complete (phase, step and rule on every leaf, a rule on every transition) and phases come in rules order', () => {
    expect(checkMachineMeta(spoilsMachine)).toEqual([]);
    expect(phaseOrder(spoilsMachine)).toEqual([
      'setup',
      'start-of-turn',
      'main',
      'battle',
      'end-of-turn',
      'game-over',
    ]);
  });

  it('the way on is decided by the machine, with the rule of the transition taken', () => {
    const base: SpoilsState = {
      ...initialState(),
      status: 'playing',
      order: ['p1', 'p2'],
      activePlayer: 'p1',
      phase: 'main',
      step: null,
    };
    expect(nextLocation({ ...base, endAnnounced: true })).toEqual({
      phase: 'end-of-turn',
      step: null,
      rule: '610.1',
    });
    expect(nextLocation({ ...base, phase: 'start-of-turn' })).toEqual({
      phase: 'main',
      step: null,
      rule: '603.2',
    });
    const battle = {
      attacker: 'p1',
      defender: 'p2',
      target: 'gold',
      attackers: ['a'],
      blockers: ['b'],
      blocked: true,
      covert: false,
      speed: 3,
      assigned: ['a'],
      toAssign: { b: 2 },
      pending: [],
      windowHolder: null,
    } as const;
    const inBattle: SpoilsState = {
      ...base,
      phase: 'battle',
      step: 'window-a',
      battle: {
        ...battle,
        attackers: ['a'],
        blockers: ['b'],
        assigned: ['a'],
        toAssign: { b: 2 },
        pending: [],
      },
    };
    expect(nextLocation(inBattle)).toEqual({ phase: 'battle', step: 'assign-blockers', rule: '609.1d' });
    expect(
      nextLocation({
        ...inBattle,
        step: 'window-b',
        battle: { ...inBattle.battle!, toAssign: {}, assigned: ['a'] },
      }),
    ).toEqual({ phase: 'battle', step: 'window-a', rule: '609.1g' });
    expect(
      nextLocation({
        ...inBattle,
        step: 'window-b',
        battle: { ...inBattle.battle!, toAssign: {}, assigned: ['a', 'b'] },
      }),
    ).toEqual({ phase: 'main', step: null, rule: '609.1h' });
    expect(
      nextLocation({ ...inBattle, step: 'pre-block', battle: { ...inBattle.battle!, attackers: [] } }),
    ).toEqual({ phase: 'main', step: null, rule: '609.1g' });
  });

  it('commands outside their place in the machine are rejected with a rule', () => {
    const m = theSpoils;
    const s: SpoilsState = {
      ...initialState(),
      status: 'playing',
      order: ['p1', 'p2'],
      activePlayer: 'p1',
      phase: 'main',
      step: null,
      players: {},
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'AddAttacker', card: 'x' }, '608.1b'],
      [{ type: 'ConfirmBlockers' }, '608.1d'],
      [{ type: 'MulliganCard', card: 'x' }, '601.1f'],
      [{ type: 'AssignDamage', source: 'x', target: 'y', amount: 1 }, '609.1c'],
      [{ type: 'ChooseFirstPlayer', first: 'p1' }, '601.1c'],
    ];
    for (const [c, rule] of cases)
      expect(m.decide(s, { type: '', ...c, player: 'p1' }, { rng: new Rng('x') })).toMatchObject({
        ok: false,
        rule,
      });
  });
});
