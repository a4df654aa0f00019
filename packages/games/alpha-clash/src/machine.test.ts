// The machine is the definition of the turn structure: decide walks it (stepAfter), so bot matches must reach
// every state node and take every transition; xstate/graph confirms every state is reachable from the start.
import { describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import { listStatePaths, machineToJson, Rng } from '@matchtape/engine';
import { machineCoverage } from '@matchtape/engine/testing/graph';
import { playMatch } from '@matchtape/engine/testing';
import { alphaClash } from './index';
import { alphaClashMachine, GUARD_RULES, recordTransitions, stepAfter, visited } from './machine';
import { PAIRINGS } from './test-helpers';
import type { AlphaClashState } from './types';

describe('turn machine', () => {
  it('every state is reachable in the chart (xstate/graph shortest paths)', () => {
    const events = [
      'CUTS_DONE',
      'HANDS_DRAWN',
      'MULLIGANS_DONE',
      'START_GAME',
      'NEXT',
      'DECLARE_ATTACK',
      'CLASH_ENDS',
      'END_TURN',
      'GAME_OVER',
    ].map((type) => ({ type }));
    const paths = getShortestPaths(alphaClashMachine, {
      events: events as never,
      serializeState: (s) => JSON.stringify((s as { value: unknown }).value),
    });
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(reached.size).toBeGreaterThanOrEqual(15);
    expect(listStatePaths(alphaClashMachine).length).toBeGreaterThan(15);
  });

  it('bot matches visit every state node and take every transition of the machine', () => {
    recordTransitions(true);
    for (let k = 0; k < 16; k++)
      playMatch<AlphaClashState>(alphaClash, { seed: `graph-${k}`, bots: PAIRINGS[k % 4]! });
    // A concession during setup and one during a turn exercise both GAME_OVER transitions.
    const setupOnly = alphaClash.setup(
      {
        matchId: 'g',
        players: [
          { id: 'p1', name: 'a', deck: alphaClash.presetDecks['torque-red-rush']! },
          { id: 'p2', name: 'b', deck: alphaClash.presetDecks['clarity-green-wall']! },
        ],
      },
      { rng: new Rng('g'), seedCommitment: 'x' },
    );
    expect(setupOnly.ok).toBe(true);
    stepAfter(
      'setup.cut',
      { type: 'GAME_OVER' },
      { turn: 0, activePlayer: null, startingPlayer: null, players: 2, standbyEmpty: true },
    );
    recordTransitions(false);
    const cov = machineCoverage(alphaClashMachine, {
      states: visited.states,
      transitions: [...visited.transitions.values()],
    });
    expect(cov.states.uncovered).toEqual([]);
    expect(cov.transitions.uncovered).toEqual([]);
  });

  it('guards carry the rule they enforce and the chart exports as JSON', () => {
    const ctx = { turn: 1, activePlayer: 'p1', startingPlayer: 'p1', players: 2, standbyEmpty: true };
    // 103.8a: the starting player skips Ready and Draw on turn 1.
    expect(stepAfter('turn.startOfTurn', { type: 'NEXT' }, ctx)).toBe('turn.expansion.resource');
    expect(stepAfter('turn.startOfTurn', { type: 'NEXT' }, { ...ctx, activePlayer: 'p2' })).toBe(
      'turn.expansion.ready',
    );
    // 505.5: no END_TURN while Standby holds something.
    expect(stepAfter('turn.primary.main', { type: 'END_TURN' }, { ...ctx, standbyEmpty: false })).toBeNull();
    expect(GUARD_RULES.skipsReadyAndDraw).toBe('103.8a');
    const json = JSON.stringify(machineToJson(alphaClashMachine));
    expect(json).toContain('"rule":"103.8a"');
    expect(json).toContain('attackerBuff');
  });
});
