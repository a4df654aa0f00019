// The turn / phase / step structure of Alpha Clash (CR 500–505, setup 103) as an XState v5 machine. It is THE
// definition: decide() asks it which step follows (stepAfter), the timeline and UI read its node names, and the
// coverage test walks its graph. Each guarded transition carries `meta.rule` so rejections and automatic steps
// can cite the rule behind them.
import { createMachine, getNextSnapshot, type AnyMachineSnapshot } from 'xstate';
import { locationOf, stepAfter as kitStepAfter } from '@matchtape/engine';

export interface MachineContext {
  turn: number;
  activePlayer: string | null;
  startingPlayer: string | null;
  players: number;
  standbyEmpty: boolean;
}

export type MachineEvent =
  | { type: 'CUTS_DONE' }
  | { type: 'HANDS_DRAWN' }
  | { type: 'MULLIGANS_DONE' }
  | { type: 'START_GAME' }
  | { type: 'NEXT' }
  | { type: 'DECLARE_ATTACK' }
  | { type: 'CLASH_ENDS' }
  | { type: 'END_TURN' }
  | { type: 'GAME_OVER' };

/** Rules behind each guard, also attached to transitions as `meta.rule`. */
export const GUARD_RULES = {
  skipsReadyAndDraw: '103.8a',
  standbyEmpty: '505.5',
} as const;

export const alphaClashMachine = createMachine({
  id: 'alphaClash',
  types: {} as { context: MachineContext; events: MachineEvent },
  context: { turn: 0, activePlayer: null, startingPlayer: null, players: 2, standbyEmpty: true },
  initial: 'setup',
  states: {
    setup: {
      description: 'Contenders revealed, starting player chosen at random, decks shuffled (103.1–103.5)',
      meta: { phase: 'setup', rule: '103' },
      initial: 'cut',
      states: {
        cut: {
          description: 'Each opponent may cut the shuffled deck (103.3a)',
          meta: { step: 'cut', rule: '103.3a' },
          on: { CUTS_DONE: { target: 'opening', meta: { rule: '103.3a' } } },
        },
        opening: {
          description: 'Draw the opening hand of 8 (103.5)',
          meta: { step: 'opening', rule: '103.5' },
          on: { HANDS_DRAWN: { target: 'mulligan', meta: { rule: '103.5' } } },
        },
        mulligan: {
          description: 'Each player may mulligan once, starting player first (103.5)',
          meta: { step: 'mulligan', rule: '103.5' },
          on: { MULLIGANS_DONE: { target: 'startOfGame', meta: { rule: '103.6' } } },
        },
        startOfGame: {
          description:
            '"At the start of the game" actions, after mulligans (103.6): Haven, Biding Time searches a Relic',
          meta: { step: 'startOfGame', rule: '103.6' },
          on: { START_GAME: { target: '#alphaClash.turn', meta: { rule: '103.8' } } },
        },
      },
      on: { GAME_OVER: { target: 'gameOver', meta: { rule: '104.3a' } } },
    },
    turn: {
      description: 'A turn (500.1)',
      meta: { rule: '500.1' },
      initial: 'startOfTurn',
      states: {
        startOfTurn: {
          description: 'Start of Turn Phase: start-of-turn triggers (501.1)',
          meta: { phase: 'startOfTurn', step: null, rule: '501.1' },
          on: {
            NEXT: [
              {
                guard: { type: 'skipsReadyAndDraw', params: { rule: GUARD_RULES.skipsReadyAndDraw } },
                target: 'expansion.resource',
                meta: { rule: '103.8a' },
              },
              { target: 'expansion', meta: { rule: '502.1' } },
            ],
          },
        },
        expansion: {
          description: 'Expansion Phase (502)',
          meta: { phase: 'expansion', rule: '502.1' },
          initial: 'ready',
          states: {
            ready: {
              description: 'Ready Step: ready all your cards (502.1a)',
              meta: { step: 'ready', rule: '502.1a' },
              on: { NEXT: { target: 'draw', meta: { rule: '502.1b' } } },
            },
            draw: {
              description: 'Draw Step: draw one card (502.1b)',
              meta: { step: 'draw', rule: '502.1b' },
              on: { NEXT: { target: 'resource', meta: { rule: '502.1c' } } },
            },
            resource: {
              description: 'Resource Step: put up to one card into your Resource Zone (502.1c, 408.1)',
              meta: { step: 'resource', rule: '502.1c' },
              on: { NEXT: { target: '#alphaClash.turn.primary', meta: { rule: '503.1' } } },
            },
          },
        },
        primary: {
          description: 'Primary Phase (503)',
          meta: { phase: 'primary', rule: '503.1' },
          initial: 'main',
          states: {
            main: {
              description:
                'Play cards, set Traps, attach Weapons, activate the Portal, attack or end the turn (503.1)',
              meta: { step: 'main', rule: '503.1' },
              on: {
                DECLARE_ATTACK: {
                  guard: { type: 'standbyEmpty', params: { rule: '503.1d' } },
                  target: 'clash',
                  meta: { rule: '503.1d' },
                },
                END_TURN: {
                  guard: { type: 'standbyEmpty', params: { rule: GUARD_RULES.standbyEmpty } },
                  target: '#alphaClash.turn.endOfTurn',
                  meta: { rule: '505.1' },
                },
              },
            },
            clash: {
              description: 'Clash Phase, embedded in the Primary Phase (504)',
              meta: { phase: 'clash', rule: '504.2' },
              initial: 'attack',
              states: {
                attack: {
                  description: 'C1 Attack Step (504.2a)',
                  meta: { step: 'attack', rule: '504.2a' },
                  on: { NEXT: { target: 'counter', meta: { rule: '504.2a' } } },
                },
                counter: {
                  description: 'C2 Counter Step (504.2b)',
                  meta: { step: 'counter', rule: '504.2b' },
                  on: { NEXT: { target: 'obstruct', meta: { rule: '504.2b.1' } } },
                },
                obstruct: {
                  description: 'C3 Obstruct Step (504.2c)',
                  meta: { step: 'obstruct', rule: '504.2c' },
                  on: { NEXT: { target: 'attackerBuff', meta: { rule: '504.2c.1' } } },
                },
                attackerBuff: {
                  description: "C4 Attacker's Clash Buff Step (504.2d)",
                  meta: { step: 'attackerBuff', rule: '504.2d' },
                  on: { NEXT: { target: 'defenderBuff', meta: { rule: '504.2e' } } },
                },
                defenderBuff: {
                  description: "C5 Defender's Clash Buff Step (504.2e)",
                  meta: { step: 'defenderBuff', rule: '504.2e' },
                  on: { NEXT: { target: 'damage', meta: { rule: '504.2f' } } },
                },
                damage: {
                  description: 'C6 Damage Step (504.2f)',
                  meta: { step: 'damage', rule: '504.2f' },
                  on: { NEXT: { target: 'end', meta: { rule: '504.10' } } },
                },
                end: {
                  type: 'final',
                  description: 'The clash is over; back to the Primary Phase (504.10)',
                  meta: { step: 'end', rule: '504.10' },
                },
              },
              on: { CLASH_ENDS: { target: '.end', meta: { rule: '504.3' } } },
              onDone: { target: 'main', meta: { rule: '504.10' } },
            },
          },
        },
        endOfTurn: {
          description: 'End of Turn Phase (505)',
          meta: { phase: 'endOfTurn', step: null, rule: '505.3' },
          on: { NEXT: { target: 'startOfTurn', reenter: true, meta: { rule: '505.3' } } },
        },
      },
      on: { GAME_OVER: { target: 'gameOver', meta: { rule: '104.5' } } },
    },
    gameOver: {
      type: 'final',
      description: 'The game has ended (104)',
      meta: { phase: 'gameOver', step: null, rule: '104.5' },
    },
  },
}).provide({
  guards: {
    skipsReadyAndDraw: ({ context }) =>
      context.players === 2 && context.turn === 1 && context.activePlayer === context.startingPlayer,
    standbyEmpty: ({ context }) => context.standbyEmpty,
  },
});

/** A step as stored in the state: dotted path of the machine's state value, e.g. "turn.primary.clash.counter". */
export type StepPath = string;

function valueToPath(value: unknown): string {
  if (typeof value === 'string') return value;
  const [k, v] = Object.entries(value as Record<string, unknown>)[0]!;
  return `${k}.${valueToPath(v)}`;
}

type Value = string | { [k: string]: Value };
function pathToValue(path: string): Value {
  const parts = path.split('.');
  let v: Value = parts[parts.length - 1]!;
  for (let i = parts.length - 2; i >= 0; i--) v = { [parts[i]!]: v };
  return v;
}

/** The step the machine moves to from `path` on `event`, or null when the machine does not accept it there. */
const memo = new Map<string, StepPath | null>();

export function stepAfter(path: StepPath, event: MachineEvent, context: MachineContext): StepPath | null {
  // Guards read only these two facts, so the answer can be memoised on them.
  const key = `${path}|${event.type}|${context.players === 2 && context.turn === 1 && context.activePlayer === context.startingPlayer}|${context.standbyEmpty}`;
  let to = memo.get(key);
  if (to === undefined) {
    to = computeStep(path, event, context);
    memo.set(key, to);
  }
  return to;
}

function computeStep(path: StepPath, event: MachineEvent, context: MachineContext): StepPath | null {
  const snap = alphaClashMachine.resolveState({ value: pathToValue(path), context }) as AnyMachineSnapshot;
  const next = getNextSnapshot(alphaClashMachine, snap, event);
  const to = valueToPath(next.value);
  if (next === snap || (to === path && next.value === snap.value)) return null;
  return to;
}

/** The rule of the transition the machine takes from `path` on `event` (its `meta.rule`), read by the kit's adapter. */
export function transitionRule(path: StepPath, event: MachineEvent, context: MachineContext): string | null {
  return kitStepAfter(alphaClashMachine, path, event, context)?.transitionRule ?? null;
}

/** Phase and step of a machine path, from the nodes' `meta` (what events, timelines and coverage show). */
export function phaseOf(path: StepPath): { phase: string; step: string | null } {
  const { phase, step } = locationOf(alphaClashMachine, path);
  return { phase, step };
}

export function initialStep(): StepPath {
  return valueToPath(alphaClashMachine.getInitialSnapshot(undefined as never).value);
}
