// The turn structure of Elemental Clash (§4.0) as an XState v5 machine: THE definition of phases and steps.
// Nodes carry `meta: { phase, step, rule }`, transitions `meta: { rule }`, guards `params.rule`. decide() asks it
// which phase follows (`nextLocation`, pure `getNextSnapshot`) and whether a command is allowed where the game is
// (`commandGate`, `getTransitionData`); the timeline, the UI's phase names and rules coverage read its nodes.
import { createMachine, type EventObject } from 'xstate';
import { gate, pathOf, stepAfter, type PlayerId } from '@matchtape/engine';
import { initialState } from './evolve';
import type { ECState, Phase, PromptKind, Step } from './types';

export interface MachineContext {
  game: ECState;
}
export type MachineEvent = { type: 'ADVANCE' } | { type: 'GAME_OVER' } | { type: string; player: PlayerId };

type GuardArgs = { context: MachineContext; event: MachineEvent };
type RuleParams = { rule: string };
type PromptParams = { rule: string; kind: PromptKind };

const playerOf = (e: MachineEvent): string | null => ('player' in e ? e.player : null);

export const GUARDS = {
  /** The active player acts in their own phase when no choice is waiting (§4.0: tasks in any order). */
  activeWindow: ({ context, event }: GuardArgs, _p: RuleParams) => {
    const g = context.game;
    return g.prompt === null && g.activePlayer === playerOf(event);
  },
  /** A player answers the choice addressed to them. */
  promptIs: ({ context, event }: GuardArgs, params: PromptParams) => {
    const pr = context.game.prompt;
    return pr !== null && pr.kind === params.kind && pr.player === playerOf(event);
  },
  /** D26: "at any time" abilities: the active player's open window, or the defender's window (D13). */
  anyTimeWindow: ({ context, event }: GuardArgs, _p: RuleParams) => {
    const g = context.game;
    const p = playerOf(event);
    if (g.prompt === null) return g.activePlayer === p && g.phase !== 'draw';
    return g.prompt.kind === 'defend' && g.prompt.player === p;
  },
  /** §4.0.D2: the redraw skips the main phase. */
  redrew: ({ context }: GuardArgs, _p: RuleParams) => context.game.redrew,
};

const g = <T extends keyof typeof GUARDS>(type: T, rule: string, extra: Record<string, string> = {}) => ({
  type,
  params: { rule, ...extra },
});

export const elementalClashMachine = createMachine(
  {
    id: 'elementalClash',
    types: {} as { context: MachineContext; events: MachineEvent; input: { game?: ECState } | undefined },
    context: ({ input }) => ({ game: input?.game ?? initialState() }),
    initial: 'setup',
    on: {
      // D22: a player may concede at any time.
      Concede: { meta: { rule: 'D22' } },
    },
    states: {
      setup: {
        description:
          'Random first player, 7-card hands, mulligans of one card fewer each after the first (§4.0)',
        meta: { phase: 'setup', step: 'mulligan', rule: '4.0' },
        on: {
          Keep: { guard: g('promptIs', '4.0', { kind: 'mulligan' }) },
          Mulligan: { guard: g('promptIs', '4.0', { kind: 'mulligan' }) },
          ADVANCE: { target: 'turn', meta: { rule: '4.0' } },
          GAME_OVER: { target: 'gameOver', meta: { rule: 'D22' } },
        },
      },
      turn: {
        description: 'A turn: Standby, Draw, Main and End phases in this order (§4.0)',
        meta: { phase: 'turn', step: null, rule: '4.0' },
        initial: 'standby',
        on: {
          Harvest: { guard: g('anyTimeWindow', '7.0.Harvest') },
          Mutate: { guard: g('anyTimeWindow', '7.0.Mutate') },
          Reinforce: { guard: g('anyTimeWindow', '7.0.Reinforce') },
          ChooseTrigger: { guard: g('promptIs', 'D7', { kind: 'orderTriggers' }) },
          ArrangeTop: { guard: g('promptIs', '7.0.Future Sight', { kind: 'arrange' }) },
          ChooseConstruct: { guard: g('promptIs', '7.0.Construct', { kind: 'construct' }) },
          ChooseEchoTarget: { guard: g('promptIs', '7.0.Echo', { kind: 'target' }) },
          PlayFree: { guard: g('promptIs', 'D29', { kind: 'freePlay' }) },
          DeclineFreePlay: { guard: g('promptIs', 'D29', { kind: 'freePlay' }) },
          // §1.0: a player forced to draw from an empty spellbook loses at once; D22 concession.
          GAME_OVER: { target: 'gameOver', meta: { rule: '1.0' } },
        },
        states: {
          standby: {
            description:
              'Spells on stacks to the archive; creatures on stacks to ATK or DEF (max 5 each); free moves (§4.0.S1–S3)',
            meta: { phase: 'standby', step: null, rule: '4.0.S1' },
            on: {
              DeployCreature: { guard: g('activeWindow', '4.0.S2') },
              KeepResident: { guard: g('activeWindow', '7.0.Resident') },
              AttachFamiliar: { guard: g('activeWindow', '7.0.Familiar Spirit') },
              MoveCreature: { guard: g('activeWindow', '4.0.S3') },
              EndStandby: { guard: g('activeWindow', 'D20') },
              ADVANCE: { target: 'draw', meta: { rule: '4.0' } },
            },
          },
          draw: {
            description:
              'Draw the top card (the first player skips it on the first turn), then the optional redraw (§4.0.D1–D2)',
            meta: { phase: 'draw', step: null, rule: '4.0.D1' },
            on: {
              RedrawHand: { guard: g('promptIs', '4.0.D2', { kind: 'redraw' }) },
              DeclineRedraw: { guard: g('promptIs', '4.0.D2', { kind: 'redraw' }) },
              PutUnder: { guard: g('promptIs', '4.0.D2', { kind: 'putUnder' }) },
              ADVANCE: [
                { guard: g('redrew', '4.0.D2'), target: 'end', meta: { rule: '4.0.D2' } },
                { target: 'main', meta: { rule: '4.0' } },
              ],
            },
          },
          main: {
            description: 'One element stone, cards onto stacks, attacks one at a time (§4.0.M1–M3)',
            meta: { phase: 'main', step: null, rule: '4.0.M1' },
            initial: 'open',
            states: {
              open: {
                description: 'The active player plays and attacks in any order (§4.0)',
                meta: { phase: 'main', step: null, rule: '4.0.M2' },
                on: {
                  PlayStone: { guard: g('activeWindow', '4.0.M1') },
                  PlayCard: { guard: g('activeWindow', '4.0.M2') },
                  DeclareAttack: { guard: g('activeWindow', '4.0.M3') },
                  RangedAttack: { guard: g('activeWindow', '7.0.Ranged Attack') },
                  Discharge: { guard: g('activeWindow', '7.0.Discharge') },
                  Respawn: { guard: g('activeWindow', '7.0.Respawn') },
                  EndMain: { guard: g('activeWindow', 'D20') },
                  ATTACK: { target: 'defend', meta: { rule: '4.0.M3' } },
                  ADVANCE: { target: '#elementalClash.turn.end', meta: { rule: '4.0' } },
                },
              },
              defend: {
                description:
                  'Defender window: "at any time" abilities and Flash spells, blockers for a direct attack, then damage (§4.0.M3, D13)',
                meta: { phase: 'main', step: 'defend', rule: '4.0.M3' },
                on: {
                  DeclareBlocker: { guard: g('promptIs', '4.0.M3', { kind: 'defend' }) },
                  FinishDefense: { guard: g('promptIs', 'D13', { kind: 'defend' }) },
                  PlayCard: { guard: g('promptIs', 'D9', { kind: 'defend' }) },
                  ADVANCE: { target: 'open', meta: { rule: 'D14' } },
                },
              },
            },
          },
          end: {
            description:
              '"Until end of turn" effects end, "at the end of turn" triggers (active player orders), discard to 7 (§4.0.E1–E2)',
            meta: { phase: 'end', step: null, rule: '4.0.E1' },
            on: {
              Discard: { guard: g('promptIs', '4.0.E2', { kind: 'discard' }) },
              EndTurn: { guard: g('activeWindow', '4.0.E2') },
              ADVANCE: { target: 'standby', meta: { rule: '4.0' } },
            },
          },
        },
      },
      gameOver: {
        type: 'final',
        description: 'A player lost (§1.0), conceded or the turn limit was reached (D22)',
        meta: { phase: 'game-over', step: null, rule: '1.0' },
      },
    },
  },
  { guards: GUARDS as never },
);

/** Dotted machine path of where the game is, e.g. "turn.main.defend" (the kit reads phase and step from meta). */
export function machinePath(s: ECState): string {
  return pathOf(elementalClashMachine, s.phase, s.step);
}

/** Where the game goes when the current phase is done, and the rule of the transition taken. */
export function nextLocation(s: ECState): { phase: Phase; step: Step; rule: string } {
  const to = stepAfter(elementalClashMachine, machinePath(s), { type: 'ADVANCE' }, { game: s });
  // A final state (game over) stays where it is.
  if (!to) return { phase: s.phase, step: s.step, rule: '4.0' };
  return { phase: to.phase as Phase, step: to.step as Step, rule: to.transitionRule ?? '4.0' };
}

/** The rule to cite when a command is not allowed where the game is and no guard names one. */
export const COMMAND_RULES: Readonly<Record<string, string>> = {
  Keep: '4.0',
  Mulligan: '4.0',
  DeployCreature: '4.0.S2',
  KeepResident: '7.0.Resident',
  AttachFamiliar: '7.0.Familiar Spirit',
  MoveCreature: '4.0.S3',
  EndStandby: 'D20',
  RedrawHand: '4.0.D2',
  DeclineRedraw: '4.0.D2',
  PutUnder: '4.0.D2',
  PlayStone: '4.0.M1',
  PlayCard: '4.0.M2',
  DeclareAttack: '4.0.M3',
  RangedAttack: '7.0.Ranged Attack',
  Discharge: '7.0.Discharge',
  Respawn: '7.0.Respawn',
  EndMain: 'D20',
  DeclareBlocker: '4.0.M3',
  FinishDefense: 'D13',
  Harvest: '7.0.Harvest',
  Mutate: '7.0.Mutate',
  Reinforce: '7.0.Reinforce',
  ChooseTrigger: 'D7',
  ArrangeTop: '7.0.Future Sight',
  ChooseConstruct: '7.0.Construct',
  ChooseEchoTarget: '7.0.Echo',
  PlayFree: 'D29',
  DeclineFreePlay: 'D29',
  Discard: '4.0.E2',
  EndTurn: '4.0.E2',
  Concede: 'D22',
};

export type Gate = { ok: true } | { ok: false; rule: string; reason: string };
const gates = new WeakMap<ECState, Map<string, Gate>>();

/** Asks the machine whether `type` by `player` is allowed where the game is; otherwise names the failing rule. */
export function commandGate(s: ECState, type: string, player: PlayerId): Gate {
  let cache = gates.get(s);
  if (!cache) gates.set(s, (cache = new Map()));
  const key = `${type}:${player}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const r = gateAt(s, type, player);
  cache.set(key, r);
  return r;
}

function gateAt(s: ECState, type: string, player: PlayerId): Gate {
  const g = gate(elementalClashMachine, machinePath(s), { type, player } as EventObject, { game: s });
  if (g.ok) return g;
  if (g.guard === null && g.rule === null)
    return {
      ok: false,
      rule: COMMAND_RULES[type] ?? '4.0',
      reason: `${type} is not possible in the ${s.phase} phase${s.step ? ` (${s.step})` : ''}`,
    };
  const kind = typeof g.params?.kind === 'string' ? g.params.kind : undefined;
  const rule = typeof g.params?.rule === 'string' ? g.params.rule : (COMMAND_RULES[type] ?? '4.0');
  return {
    ok: false,
    rule,
    reason: `${type} is not allowed now: ${explain(g.guard ?? undefined, kind, s, player)}`,
  };
}

function explain(type: string | undefined, kind: string | undefined, s: ECState, player: PlayerId): string {
  if (s.prompt && s.prompt.player !== player)
    return `${s.prompt.player} must first answer (${s.prompt.kind})`;
  if (s.prompt) return `answer the ${s.prompt.kind} choice first`;
  switch (type) {
    case 'activeWindow':
    case 'anyTimeWindow':
      return `only the active player (${s.activePlayer}) acts in the ${s.phase} phase`;
    case 'promptIs':
      return `nothing asks for a ${kind} choice now`;
    default:
      return 'its condition does not hold';
  }
}
