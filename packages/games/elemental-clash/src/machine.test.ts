// The machine is the one definition of the turn (§4.0): its meta is complete, decide follows it, and seeded bot
// matches plus the scenario files cover every state and every transition (path coverage).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMachineMeta, machineLocations, phaseOrder } from '@matchtape/engine';
import { traceBotMatch, traceScenarioFiles, TransitionTrace } from '@matchtape/engine/testing/graph';
import { elementalClash as game } from './index';
import { elementalClashMachine as machine, nextLocation } from './machine';
import { botsFor } from './property-helpers';
import type { ECState } from './types';

/** Where a move lands names the machine event: the defend step is ATTACK, the end GAME_OVER, the rest ADVANCE. */
const eventOf = (_e: { type: string }, from: string, to: string) =>
  from === to ? null : to === 'gameOver' ? 'GAME_OVER' : to === 'turn.main.defend' ? 'ATTACK' : 'ADVANCE';

describe('elemental-clash machine', () => {
  it('meta is complete and positions are the document’s phases in order (§4.0)', () => {
    expect(checkMachineMeta(machine)).toEqual([]);
    expect(phaseOrder(machine)).toEqual(['setup', 'standby', 'draw', 'main', 'end', 'game-over']);
    expect(machineLocations(machine).map((l) => `${l.phase}/${l.step ?? ''}`)).toEqual([
      'setup/mulligan',
      'standby/',
      'draw/',
      'main/',
      'main/defend',
      'end/',
      'game-over/',
    ]);
  });

  it('decides the phase order: the redraw skips the main phase (§4.0.D2)', () => {
    const base = game.initial();
    const at = (phase: ECState['phase'], redrew = false): ECState => ({
      ...base,
      status: 'playing',
      phase,
      redrew,
    });
    expect(nextLocation(at('standby')).phase).toBe('draw');
    expect(nextLocation(at('draw'))).toMatchObject({ phase: 'main', rule: '4.0' });
    expect(nextLocation(at('draw', true))).toMatchObject({ phase: 'end', rule: '4.0.D2' });
    expect(nextLocation(at('main')).phase).toBe('end');
    expect(nextLocation(at('end')).phase).toBe('standby');
  });

  it('bot matches and scenario files cover every state and transition', { timeout: 600_000 }, () => {
    const seen = new TransitionTrace(machine, eventOf);
    for (let i = 0; i < 16; i++) traceBotMatch(seen, game, { seed: `cov-${i}`, bots: botsFor(i) });
    traceScenarioFiles(seen, game, join(import.meta.dirname, '../scenarios'));
    const cov = seen.coverage();
    expect(cov.states.uncovered).toEqual([]);
    // A concession during the mulligans (a scenario file, D22) takes setup's GAME_OVER.
    expect(cov.transitions.uncovered).toEqual([]);
  });
});
