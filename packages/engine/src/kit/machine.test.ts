import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import {
  checkMachineMeta,
  gate,
  mergeCoverage,
  locationOf,
  machineLocations,
  machineRulesCoverage,
  pathOf,
  phaseOrder,
  positionLabels,
  stepAfter,
  stepOrder,
} from './machine';

// A small turn machine in the shape the games use: phases with kebab-case names differing from node keys,
// a compound phase with steps, a guarded transition, a final step whose onDone returns to the main phase.
const m = createMachine(
  {
    id: 'demo',
    types: {} as {
      context: { first: boolean };
      events: { type: 'NEXT' } | { type: 'ATTACK' } | { type: 'PlayCard' } | { type: 'Retaliate' };
    },
    context: { first: true },
    initial: 'setup',
    states: {
      setup: {
        meta: { phase: 'setup', rule: '1.1' },
        on: { NEXT: { target: 'turn', meta: { rule: '1.2' } } },
      },
      turn: {
        meta: { rule: '2' },
        initial: 'wakeUp',
        states: {
          wakeUp: {
            description: 'Wake up everything',
            meta: { phase: 'wake-up', rule: '2.1' },
            on: {
              NEXT: [
                { guard: 'first', target: 'main', meta: { rule: '2.1.a' } },
                { target: 'draw', meta: { rule: '2.1.b' } },
              ],
            },
          },
          draw: {
            meta: { phase: 'draw', rule: '2.2' },
            on: { NEXT: { target: 'main', meta: { rule: '2.2.a' } } },
          },
          main: {
            meta: { phase: 'main', rule: '2.3' },
            on: {
              ATTACK: { target: 'combat', meta: { rule: '2.3.b' } },
              PlayCard: { guard: 'never', meta: { rule: '2.3.c' } },
              Retaliate: { guard: { type: 'never', params: { kind: 'retaliate' } }, meta: { rule: '2.3.d' } },
            },
          },
          combat: {
            meta: { phase: 'combat', rule: '2.4' },
            initial: 'attack',
            states: {
              attack: {
                meta: { step: 'attack', rule: '2.4.a' },
                on: { NEXT: { target: 'done', meta: { rule: '2.4.b' } } },
              },
              done: { type: 'final', meta: { step: 'end-of-combat' } },
            },
            onDone: { target: 'main', meta: { rule: '2.4.c' } },
          },
        },
      },
    },
  },
  { guards: { first: ({ context }) => context.first, never: () => false } },
);

describe('machine adapter', () => {
  it('reads phase, step and rule of every leaf from meta, inheriting phase and rule', () => {
    expect(machineLocations(m).map((l) => [l.path, l.phase, l.step, l.rule])).toEqual([
      ['setup', 'setup', null, '1.1'],
      ['turn.wakeUp', 'wake-up', null, '2.1'],
      ['turn.draw', 'draw', null, '2.2'],
      ['turn.main', 'main', null, '2.3'],
      ['turn.combat.attack', 'combat', 'attack', '2.4.a'],
      ['turn.combat.done', 'combat', 'end-of-combat', '2.4'],
    ]);
    expect(locationOf(m, 'turn.wakeUp').label).toBe('Wake up everything');
    expect(() => locationOf(m, 'turn.nowhere')).toThrow(/no leaf state "turn\.nowhere"/);
    expect(pathOf(m, 'combat', 'attack')).toBe('turn.combat.attack');
  });

  it('orders phases by the machine (kebab-case names from meta, not node keys) and steps within a phase', () => {
    expect(phaseOrder(m)).toEqual(['setup', 'wake-up', 'draw', 'main', 'combat']);
    expect(stepOrder(m, 'combat')).toEqual(['attack', 'end-of-combat']);
    expect(positionLabels(m)['wake-up']).toBe('Wake up everything');
  });

  it('gives the next location and the rule of the transition taken, guards reading the context', () => {
    expect(stepAfter(m, 'turn.wakeUp', { type: 'NEXT' }, { first: true })).toMatchObject({
      path: 'turn.main',
      phase: 'main',
      transitionRule: '2.1.a',
    });
    expect(stepAfter(m, 'turn.wakeUp', { type: 'NEXT' }, { first: false })).toMatchObject({
      path: 'turn.draw',
      transitionRule: '2.1.b',
    });
    // A final step: XState follows onDone back to main.
    expect(stepAfter(m, 'turn.combat.attack', { type: 'NEXT' }, { first: false })).toMatchObject({
      path: 'turn.main',
      transitionRule: '2.4.b',
    });
    expect(stepAfter(m, 'turn.main', { type: 'NEXT' }, { first: false })).toBeNull();
  });

  it('gates commands: the refusing guard’s rule, or null when nothing on the path knows the event', () => {
    expect(gate(m, 'turn.main', { type: 'ATTACK' }, { first: false })).toEqual({ ok: true });
    expect(gate(m, 'turn.main', { type: 'PlayCard' }, { first: false })).toEqual({
      ok: false,
      rule: '2.3.c',
      guard: 'never',
    });
    expect(gate(m, 'turn.draw', { type: 'PlayCard' }, { first: false })).toEqual({
      ok: false,
      rule: null,
      guard: null,
    });
    // The refusing guard's params come back, so a game can explain the refusal in its own words.
    expect(gate(m, 'turn.main', { type: 'Retaliate' }, { first: false })).toEqual({
      ok: false,
      rule: '2.3.d',
      guard: 'never',
      params: { kind: 'retaliate' },
    });
  });

  it('checks meta completeness and reports what is missing', () => {
    expect(checkMachineMeta(m)).toEqual([]);
    const bad = createMachine({
      id: 'bad',
      initial: 'a',
      states: { a: { on: { GO: 'b' } }, b: { meta: { phase: 'x' } }, c: { meta: { phase: 'x', rule: '1' } } },
    });
    expect(checkMachineMeta(bad)).toEqual([
      'a: no meta.phase on the node or an ancestor',
      'a: no meta.rule on the node or an ancestor',
      'a --GO--> b: no meta.rule (or guard params.rule)',
      'b: no meta.rule on the node or an ancestor',
      'c: same phase/step (x/) as b; positions must be unique',
    ]);
  });

  it('generates the machine part of rules coverage from the nodes that name a rule', () => {
    const c = machineRulesCoverage(m, ['machine.test.ts']);
    expect(c.map((e) => e.rule)).toEqual(['1.1', '2', '2.1', '2.2', '2.3', '2.4', '2.4.a']);
    expect(c.find((e) => e.rule === '2.1')).toEqual({
      rule: '2.1',
      title: 'wake-up: Wake up everything',
      status: 'implemented',
      tests: ['machine.test.ts'],
    });
    const merged = mergeCoverage(c, [
      { rule: '2.2', title: 'Draw', status: 'partial', tests: [], reason: 'no replacement' },
    ]);
    expect(merged.map((e) => `${e.rule}:${e.status}`)).toEqual([
      '1.1:implemented',
      '2:implemented',
      '2.1:implemented',
      '2.3:implemented',
      '2.4:implemented',
      '2.4.a:implemented',
      '2.2:partial',
    ]);
  });
});
