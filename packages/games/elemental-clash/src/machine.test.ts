// The machine is the one definition of the turn (§4.0): its meta is complete, decide follows it, and seeded bot
// matches plus the scenario files cover every state and every transition (path coverage).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMachineMeta, machineLocations, MatchSession, phaseOrder } from '@matchtape/engine';
import { defaultConfig } from '@matchtape/engine/testing';
import {
  machineCoverage,
  traceBotMatch,
  traceScenario,
  TransitionTrace,
} from '@matchtape/engine/testing/graph';
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
    const dir = join(import.meta.dirname, '../scenarios');
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.json')))
      traceScenario(seen, game, JSON.parse(readFileSync(join(dir, f), 'utf8')));
    const cov = machineCoverage(machine, { states: seen.states, transitions: seen.transitions.values() });
    expect(cov.states.uncovered).toEqual([]);
    // Nobody concedes during the mulligans in these matches: the one transition left to a dedicated check.
    expect(cov.transitions.uncovered).toEqual(['setup --GAME_OVER-->']);
    const r = MatchSession.start<ECState>(game, defaultConfig(game, 'm-concede'), {
      seed: 'concede',
      at: 't',
    });
    if (!r.ok) throw new Error(r.reason);
    const res = r.session.play({ type: 'Concede', player: 'p2' }, 't');
    expect(res.ok && res.events.map((e) => e.type)).toEqual(['Conceded', 'PlayerLost', 'MatchEnded']);
    expect(r.session.state.phase).toBe('game-over');
  });
});
