import { describe, expect, it } from 'vitest';
import { assign, createMachine, setup } from 'xstate';
import {
  listStatePaths,
  listTransitions,
  machineEventTypes,
  machineToJson,
  stateValuePaths,
  visitMachine,
} from './machine';
import { coinRaceMachine } from './testing/fixture-game';
import { machineCoverage, shortestEventPaths, unreachableStates } from './testing/graph';

const turnMachine = setup({
  guards: { hasCards: () => true },
  actions: { drawCard: () => undefined },
}).createMachine({
  id: 'turn',
  initial: 'start',
  states: {
    start: { on: { Begin: 'main' } },
    main: {
      type: 'parallel',
      states: {
        combat: {
          initial: 'idle',
          states: { idle: { on: { Attack: 'attacking' } }, attacking: { on: { Resolve: 'idle' } } },
        },
        economy: {
          initial: 'waiting',
          states: {
            waiting: { on: { Draw: { target: 'drawn', guard: 'hasCards', actions: 'drawCard' } } },
            drawn: {},
          },
        },
      },
      on: { End: '#turn.over' },
    },
    over: { type: 'final', description: 'the match is over' },
    orphan: { tags: ['unused'] },
  },
});

describe('machine helpers', () => {
  it('lists every state path depth-first, and the leaves', () => {
    expect(listStatePaths(coinRaceMachine).map((s) => s.path)).toEqual([
      'setup',
      'playing',
      'playing.main',
      'ended',
    ]);
    expect(listStatePaths(turnMachine, { leavesOnly: true }).map((s) => s.path)).toEqual([
      'start',
      'main.combat.idle',
      'main.combat.attacking',
      'main.economy.waiting',
      'main.economy.drawn',
      'over',
      'orphan',
    ]);
    const over = listStatePaths(turnMachine).find((s) => s.path === 'over');
    expect(over).toMatchObject({
      type: 'final',
      description: 'the match is over',
      depth: 1,
      id: 'turn.over',
    });
  });

  it('lists transitions with targets and named guards, and the event types', () => {
    expect(listTransitions(turnMachine)).toContainEqual({
      source: 'main.economy.waiting',
      event: 'Draw',
      targets: ['main.economy.drawn'],
      guard: 'hasCards',
    });
    expect(listTransitions(turnMachine)).toContainEqual({
      source: 'main',
      event: 'End',
      targets: ['over'],
      guard: null,
    });
    expect(machineEventTypes(turnMachine)).toEqual(['Attack', 'Begin', 'Draw', 'End', 'Resolve']);
  });

  it('exports a JSON config that XState builds back into the same structure', () => {
    const json = machineToJson(turnMachine);
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
    const economy = (json.states as Record<string, { states: Record<string, unknown> }>).main!.states
      .economy as { states: { waiting: { on: { Draw: unknown } } } };
    expect(economy.states.waiting.on.Draw).toEqual({
      target: '#turn.main.economy.drawn',
      guard: 'hasCards',
      actions: ['drawCard'],
    });
    const rebuilt = createMachine(json as Parameters<typeof createMachine>[0]);
    expect(listStatePaths(rebuilt).map((s) => s.path)).toEqual(
      listStatePaths(turnMachine).map((s) => s.path),
    );
    expect(
      listTransitions(rebuilt).map(({ source, event, targets }) => ({ source, event, targets })),
    ).toEqual(listTransitions(turnMachine).map(({ source, event, targets }) => ({ source, event, targets })));
  });

  it('keeps transition meta and a static context', () => {
    const m = createMachine({
      id: 'm',
      context: { turn: 0 },
      initial: 'a',
      states: { a: { on: { Go: { target: 'b', meta: { rule: '502.1' } } } }, b: {} },
    });
    const json = machineToJson(m);
    expect(json.context).toEqual({ turn: 0 });
    expect((json.states as { a: { on: unknown } }).a.on).toEqual({
      Go: { target: '#m.b', meta: { rule: '502.1' } },
    });
  });

  it('reads state values as dotted leaf paths (parallel regions too)', () => {
    expect(stateValuePaths('start')).toEqual(['start']);
    expect(stateValuePaths({ main: { combat: 'idle', economy: 'drawn' } })).toEqual([
      'main.combat.idle',
      'main.economy.drawn',
    ]);
  });

  it('visits the machine with events and records the states and transitions taken', () => {
    const v = visitMachine(turnMachine, [
      { type: 'Begin' },
      { type: 'Attack' },
      { type: 'Nothing' },
      { type: 'End' },
    ]);
    expect(v.states.sort()).toEqual(
      ['main.combat.attacking', 'main.combat.idle', 'main.economy.waiting', 'over', 'start'].sort(),
    );
    expect(v.final).toEqual(['over']);
    expect(v.transitions).toEqual([
      { source: 'start', event: 'Begin' },
      { source: 'main.combat.idle', event: 'Attack' },
      { source: 'main', event: 'End' },
    ]);
  });
});

describe('graph coverage (testing helper over xstate/graph)', () => {
  it('reports covered and uncovered states and transitions', () => {
    const v = visitMachine(turnMachine, [{ type: 'Begin' }, { type: 'Attack' }]);
    const c = machineCoverage(turnMachine, v);
    expect(c.states.uncovered).toEqual(['main.economy.drawn', 'over', 'orphan']);
    expect(c.states.total).toBe(10);
    expect(c.states.ratio).toBeCloseTo(7 / 10);
    expect(c.transitions.covered).toEqual(['start --Begin-->', 'main.combat.idle --Attack-->']);
    expect(c.transitions.uncovered).toContain('main --End-->');
  });

  it('finds the shortest event path to each state and the states nothing reaches', () => {
    const paths = shortestEventPaths(coinRaceMachine);
    expect(paths.find((p) => p.state[0] === 'ended')?.events).toEqual(['TurnStarted', 'MatchEnded']);
    expect(unreachableStates(coinRaceMachine)).toEqual([]);
    expect(unreachableStates(turnMachine)).toEqual(['orphan']);
  });

  it('follows context when asked, for guards that read it', () => {
    const counter = setup({ types: {} as { context: { n: number }; events: { type: 'Inc' } } }).createMachine(
      {
        id: 'c',
        context: { n: 0 },
        initial: 'a',
        states: {
          a: {
            always: { guard: ({ context }) => context.n >= 2, target: 'done' },
            on: { Inc: { actions: assign({ n: ({ context }) => context.n + 1 }) } },
          },
          done: {},
        },
      },
    );
    expect(unreachableStates(counter)).toEqual(['done']);
    expect(unreachableStates(counter, { byContext: true, limit: 50 })).toEqual([]);
  });
});
