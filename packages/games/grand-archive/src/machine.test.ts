// The machine is the single definition of the phases: this test drives bot matches and every scenario file
// through the real engine, records the machine state the game was in for every event and every accepted
// command, and checks with the kernel's graph coverage (xstate/graph) that every state node and every
// transition of the machine is reached by some test.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toDirectedGraph } from 'xstate/graph';
import { checkMachineMeta, listTransitions, phaseOrder, stepOrder, machineToJson } from '@matchtape/engine';
import { traceBotMatch, traceScenarioFiles, TransitionTrace } from '@matchtape/engine/testing/graph';
import { grandArchive } from './index';
import { commandGate, grandArchiveMachine, nextLocation } from './machine';
import type { GAState } from './types';

/** Grand Archive's machine moves on PhaseEntered (ADVANCE) and ends at MatchEnded (GAME_OVER). */
const eventOf = (e: { type: string }) =>
  e.type === 'PhaseEntered' ? 'ADVANCE' : e.type === 'MatchEnded' ? 'GAME_OVER' : null;

describe('grand-archive machine', () => {
  it('every state and transition is reached by bot matches and scenarios', { timeout: 120_000 }, () => {
    const t = new TransitionTrace(grandArchiveMachine, eventOf);
    for (let i = 0; i < 30; i++) {
      const kind = i % 2 === 0 ? 'random' : 'greedy';
      traceBotMatch(t, grandArchive, { seed: `mc-${i}`, bots: { p1: kind, p2: kind } });
    }
    traceScenarioFiles(t, grandArchive, join(import.meta.dirname, '../scenarios'));
    const cov = t.coverage();
    expect(cov.states.uncovered).toEqual([]);
    expect(cov.transitions.uncovered).toEqual([]);
    // xstate/graph sees the same nodes the coverage counted.
    const graph = toDirectedGraph(grandArchiveMachine);
    const count = (n: { children: unknown[] }): number =>
      1 + (n.children as { children: unknown[] }[]).reduce((a, c) => a + count(c), 0);
    expect(count(graph) - 1).toBe(cov.states.total);
  });

  it('every guard names the rule behind it, and every phase node its rule', () => {
    for (const tr of listTransitions(grandArchiveMachine))
      if (tr.guard) expect(tr.guard).toMatch(/^[a-zA-Z]+$/);
    const json = JSON.stringify(machineToJson(grandArchiveMachine));
    expect(json).toContain('"rule":"2.2.g.i"');
    const walk = (n: { states?: Record<string, unknown>; meta?: { rule?: string } }, path: string) => {
      expect(n.meta?.rule, path).toMatch(/^(\d|X)/);
      for (const [k, c] of Object.entries(n.states ?? {})) walk(c as typeof n, `${path}.${k}`);
    };
    for (const [k, c] of Object.entries(
      (machineToJson(grandArchiveMachine) as { states: Record<string, unknown> }).states,
    ))
      walk(c as never, k);
  });

  it('the phase order comes from the machine, with the rule of each transition', () => {
    const base = grandArchive.initial();
    const s: GAState = {
      ...base,
      status: 'playing',
      order: ['p1', 'p2'],
      firstPlayer: 'p1',
      activePlayer: 'p1',
      phase: 'setup',
      step: 'place-champion',
      players: {
        p1: { turnsTaken: 1, championPlaced: true } as GAState['players'][string],
        p2: { turnsTaken: 0, championPlaced: false } as GAState['players'][string],
      },
    };
    expect(nextLocation(s)).toEqual({ phase: 'main', step: null, rule: '2.2.1.a' });
    expect(nextLocation({ ...s, activePlayer: 'p2' })).toEqual({
      phase: 'draw',
      step: null,
      rule: '2.2.1.a',
    });
    expect(nextLocation({ ...s, phase: 'end', step: null })).toEqual({
      phase: 'setup',
      step: 'place-champion',
      rule: '1.3.5.a',
    });
    expect(
      nextLocation({
        ...s,
        phase: 'end',
        step: null,
        players: { ...s.players, p2: { ...s.players.p2!, championPlaced: true } },
      }),
    ).toEqual({ phase: 'wake-up', step: null, rule: '2.2.f.4.c' });
    expect(nextLocation({ ...s, phase: 'main', step: null }).phase).toBe('end');
    expect(nextLocation({ ...s, phase: 'main', step: null, combat: {} as GAState['combat'] })).toEqual({
      phase: 'combat',
      step: 'attack',
      rule: '2.2.e.2.a',
    });
    expect(nextLocation({ ...s, phase: 'combat', step: 'damage' })).toEqual({
      phase: 'combat',
      step: 'end-of-combat',
      rule: '2.2.g.iii.1',
    });
  });

  it('the meta is complete and the phase order read from it is the rules’ turn order (2.2.1), Wake Up first', () => {
    expect(checkMachineMeta(grandArchiveMachine)).toEqual([]);
    expect(phaseOrder(grandArchiveMachine)).toEqual([
      'setup',
      'wake-up',
      'materialize',
      'recollection',
      'draw',
      'main',
      'combat',
      'end',
      'game-over',
    ]);
    expect(stepOrder(grandArchiveMachine, 'combat')).toEqual([
      'attack',
      'retaliation',
      'damage',
      'end-of-combat',
    ]);
    // Node keys are the phase and step names, so anything reading the keys gets the same order.
    expect(Object.keys(grandArchiveMachine.root.states.turn!.states)).toEqual([
      'wake-up',
      'materialize',
      'recollection',
      'draw',
      'main',
      'combat',
      'end',
      'place-champion',
    ]);
  });

  it('commands outside their phase are rejected by the machine with a rule', () => {
    const s: GAState = {
      ...grandArchive.initial(),
      status: 'playing',
      order: ['p1', 'p2'],
      activePlayer: 'p1',
      phase: 'main',
      step: null,
      priority: { order: ['p1', 'p2'], holder: 'p1', passed: [] },
    };
    expect(commandGate(s, 'Materialize', 'p1')).toMatchObject({ ok: false, rule: '2.3.b.1.a' });
    expect(commandGate(s, 'DeclareRetaliation', 'p1')).toMatchObject({ ok: false, rule: '2.2.g.i.2' });
    expect(commandGate(s, 'PassOpportunity', 'p2')).toMatchObject({ ok: false, rule: '2.8.b.1.c' });
    expect(commandGate(s, 'PassOpportunity', 'p1')).toEqual({ ok: true });
    expect(commandGate(s, 'DeclareAttack', 'p1')).toEqual({ ok: true });
  });
});
