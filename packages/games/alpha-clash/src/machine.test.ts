// The machine is the definition of the turn structure: decide walks it (stepAfter), so bot matches and scenario
// files must reach every state node and take every transition (recorded by the engine's TransitionTrace from each
// event's phase and step, as in the other three games); xstate/graph confirms every state is reachable.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import { listStatePaths, machineToJson } from '@matchtape/engine';
import {
  traceBotMatch,
  traceScenarioFiles,
  TransitionTrace,
  type MachineEventOf,
} from '@matchtape/engine/testing/graph';
import { alphaClash } from './index';
import { alphaClashMachine, GUARD_RULES, stepAfter } from './machine';
import { PAIRINGS } from './test-helpers';

/** Setup's steps each move on their own event. */
const SETUP_EVENTS: Record<string, string> = {
  'setup.cut': 'CUTS_DONE',
  'setup.opening': 'HANDS_DRAWN',
  'setup.mulligan': 'MULLIGANS_DONE',
  'setup.startOfGame': 'START_GAME',
};

/** The machine event that moved Alpha Clash from the leaf `from` to the leaf `to`. */
const eventOf: MachineEventOf = (e, from, to) => {
  if (e.type === 'MatchEnded') return 'GAME_OVER';
  if (from === to) return null;
  if (SETUP_EVENTS[from]) return SETUP_EVENTS[from];
  if (from === 'turn.primary.main')
    return to.startsWith('turn.primary.clash.') ? 'DECLARE_ATTACK' : 'END_TURN';
  // A clash left before its Damage Step ended early (504.3); after it, the Damage Step's NEXT reached its end.
  if (from.startsWith('turn.primary.clash.') && !to.startsWith('turn.primary.clash.'))
    return from === 'turn.primary.clash.damage' ? 'NEXT' : 'CLASH_ENDS';
  return 'NEXT';
};

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

  it(
    'bot matches and scenario files visit every state node and take every transition',
    { timeout: 120_000 },
    () => {
      const t = new TransitionTrace(alphaClashMachine, eventOf);
      for (let k = 0; k < 16; k++)
        traceBotMatch(t, alphaClash, { seed: `graph-${k}`, bots: PAIRINGS[k % 4]! });
      // Scenario files add what bots rarely do: a concession during setup takes setup's GAME_OVER (104.3a).
      traceScenarioFiles(t, alphaClash, join(import.meta.dirname, '../scenarios'));
      const cov = t.coverage();
      expect(cov.states.uncovered).toEqual([]);
      expect(cov.transitions.uncovered).toEqual([]);
    },
  );

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
