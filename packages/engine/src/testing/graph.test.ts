// TransitionTrace credits each machine event to the node that handles it, and a transition into a nested final
// state to that state and its parent's onDone too (no event ever stands there, so nothing else would record them).
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { machineCoverage, TransitionTrace } from './graph';

const machine = createMachine({
  id: 'toy',
  initial: 'main',
  states: {
    main: { meta: { phase: 'main' }, on: { ATTACK: 'fight' } },
    fight: {
      meta: { phase: 'fight' },
      initial: 'hit',
      states: {
        hit: { meta: { step: 'hit' }, on: { NEXT: 'end' } },
        end: { type: 'final', meta: { step: 'end' } },
      },
      on: { STOP: '.end' },
      onDone: 'main',
    },
  },
});

const at = (type: string, phase: string, step: string | null = null) => ({ type, phase, step });
// main → fight.hit on an attack; back to main once the fight reaches its end.
const eventOf = (_e: { type: string }, from: string, to: string) =>
  from === 'main' && to === 'fight.hit' ? 'ATTACK' : from === 'fight.hit' && to === 'main' ? 'NEXT' : null;

describe('TransitionTrace', () => {
  it('credits a transition into a nested final state to that state and to its parent’s onDone', () => {
    const t = new TransitionTrace(machine, eventOf);
    t.begin();
    t.events([at('Started', 'main'), at('Attacked', 'fight', 'hit'), at('Hit', 'main')]);
    expect([...t.states].sort()).toEqual(['fight.end', 'fight.hit', 'main']);
    expect([...t.transitions.keys()].sort()).toEqual([
      'fight.hit|NEXT',
      'fight|xstate.done.state.toy.fight',
      'main|ATTACK',
    ]);
    const cov = machineCoverage(machine, { states: t.states, transitions: t.transitions.values() });
    expect(cov.states.uncovered).toEqual([]);
    // STOP (handled by `fight`, from any of its steps) is the one transition not taken.
    expect(cov.transitions.uncovered).toEqual(['fight --STOP-->']);
  });

  it('credits an event to the nearest ancestor that handles it, and a command by its own type', () => {
    const t = new TransitionTrace(machine);
    t.begin();
    t.events([at('Attacked', 'fight', 'hit')]);
    t.command('STOP');
    expect(t.handler('fight.hit', 'STOP')).toBe('fight');
    expect(t.handler('main', 'STOP')).toBeNull();
    expect([...t.transitions.keys()].sort()).toEqual(['fight|STOP', 'fight|xstate.done.state.toy.fight']);
    // A new match starts unplaced: a command before its first event is not credited anywhere.
    t.begin();
    t.command('ATTACK');
    expect(t.transitions.has('main|ATTACK')).toBe(false);
  });
});
