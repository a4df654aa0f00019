// The structure of a game of The Spoils (601 setup, 602 start of turn, 603 the turn, 608–609 battles, 610 ending
// a turn) as an XState v5 machine. It is THE definition: every node carries `meta: { phase, step, rule }`, every
// transition `meta: { rule }`; decide() asks it which command types a node accepts (`commandAllowed`) and where
// the game goes when a node is done (`nextLocation`, following the ADVANCE transitions and their guards). The
// response structure (607) is not a node: a card played, an ability used or the announced end of turn waits for
// responses wherever it happened, so its commands are accepted on the `turn` node.
import { createMachine } from 'xstate';
import { gate, locationOf, pathOf, stepAfter } from '@matchtape/engine';
import type { Phase, SpoilsState, Step } from './types';
import { initialState } from './evolve';

export interface MachineContext {
  game: SpoilsState;
}

type GuardArgs = { context: MachineContext };
type RuleParams = { rule: string };

export const GUARDS = {
  /** 608.1a: an attack was announced. */
  battleAnnounced: ({ context }: GuardArgs, _p: RuleParams) => context.game.battle !== null,
  /** 610.1: the end of the turn was announced and every response is done. */
  turnEnding: ({ context }: GuardArgs, _p: RuleParams) =>
    context.game.endAnnounced && context.game.chain.length === 0,
  /** 609.1c: attackers at speed X still have damage to assign with a choice to make. */
  attackersAssign: ({ context }: GuardArgs, _p: RuleParams) => assigning(context.game, 'attackers'),
  /** 609.1d: blockers at speed X still have damage to assign with a choice to make. */
  blockersAssign: ({ context }: GuardArgs, _p: RuleParams) => assigning(context.game, 'blockers'),
  /** 609.1g / 302.15: no attacking party is left (its members left play or were removed from the battle). */
  partyGone: ({ context }: GuardArgs, _p: RuleParams) =>
    context.game.battle !== null && context.game.battle.attackers.length === 0,
  /** 609.1g: some character in the battle, still in play, has not assigned its battle damage. */
  battleContinues: ({ context }: GuardArgs, _p: RuleParams) => {
    const b = context.game.battle;
    if (!b) return false;
    return [...b.attackers, ...b.blockers].some((id) => !b.assigned.includes(id));
  },
};

function assigning(s: SpoilsState, side: 'attackers' | 'blockers'): boolean {
  const b = s.battle;
  if (!b) return false;
  return b[side].some((id) => (b.toAssign[id] ?? 0) > 0);
}

const g = <T extends keyof typeof GUARDS>(type: T, rule: string) => ({ type, params: { rule } });

export const spoilsMachine = createMachine(
  {
    id: 'spoils',
    types: {} as { context: MachineContext; input: { game?: SpoilsState } | undefined },
    context: ({ input }) => ({ game: input?.game ?? initialState() }),
    initial: 'setup',
    states: {
      setup: {
        description:
          'Factions in play, starting resources searched out face-down, decks shuffled, a random player chooses who goes first (601.1a–c)',
        meta: { phase: 'setup', step: null, rule: '601.1' },
        initial: 'chooseFirstPlayer',
        states: {
          chooseFirstPlayer: {
            description: 'The randomly determined player chooses who takes the first turn (601.1c)',
            meta: { phase: 'setup', step: 'choose-first-player', rule: '601.1c' },
            on: {
              ChooseFirstPlayer: { meta: { rule: '601.1c' } },
              ADVANCE: { target: 'mulligan', meta: { rule: '601.1d' } },
            },
          },
          mulligan: {
            description:
              'Starting resources flipped face-up, the Starting Draw, then each player in turn may mulligan once (601.1d–g)',
            meta: { phase: 'setup', step: 'mulligan', rule: '601.1f' },
            on: {
              MulliganCard: { meta: { rule: '601.1f' } },
              EndMulligan: { meta: { rule: '601.1f' } },
              ADVANCE: { target: '#spoils.turn.startOfTurn', meta: { rule: '601.1h' } },
            },
          },
        },
      },
      turn: {
        description: 'A turn (602–610)',
        meta: { phase: 'main', step: null, rule: '603.1' },
        initial: 'startOfTurn',
        on: {
          // 607: responses to a card played, an ability used or the end of the turn, wherever they happen.
          PlayCard: { meta: { rule: '603.2a' } },
          UseAbility: { meta: { rule: '603.2b' } },
          Pass: { meta: { rule: '607.2' } },
          AttachResource: { meta: { rule: '309.1' } },
          ResolveTrigger: { meta: { rule: '503.4a' } },
          Develop: { meta: { rule: '202.8' } },
          Bid: { meta: { rule: '413.1' } },
          PassBid: { meta: { rule: '413.1b' } },
          FindCard: { meta: { rule: '312.2' } },
          KeepUnique: { meta: { rule: '507.5a' } },
          GAME_OVER: { target: 'gameOver', meta: { rule: '102.1' } },
        },
        states: {
          startOfTurn: {
            description:
              'One instant: character damage cleared, "this turn" effects end, attackers marked (602.1); then the start-of-turn triggers in the active player\'s order (602.2)',
            meta: { phase: 'start-of-turn', step: null, rule: '602.2' },
            on: { ADVANCE: { target: 'main', meta: { rule: '603.2' } } },
          },
          main: {
            description:
              'The active player plays cards, uses abilities, attacks and ends the turn in any order (603.2)',
            meta: { phase: 'main', step: null, rule: '603.2' },
            on: {
              Attack: { meta: { rule: '608.1a' } },
              EndTurn: { meta: { rule: '603.2d' } },
              ADVANCE: [
                { guard: g('turnEnding', '610.1'), target: 'endOfTurn', meta: { rule: '610.1' } },
                { guard: g('battleAnnounced', '608.1a'), target: 'battle', meta: { rule: '608.1a' } },
              ],
            },
          },
          battle: {
            description:
              'A battle: attackers, tactics and abilities, blockers, then the speed-ordered resolution loop (608–609)',
            meta: { phase: 'battle', step: null, rule: '608.1' },
            initial: 'attackers',
            states: {
              attackers: {
                description:
                  'Choose attackers among your characters that can attack; they are depleted (608.1b)',
                meta: { phase: 'battle', step: 'attackers', rule: '608.1b' },
                on: {
                  AddAttacker: { meta: { rule: '608.1b' } },
                  ConfirmAttackers: { meta: { rule: '608.1b' } },
                  ADVANCE: { target: 'preBlock', meta: { rule: '608.1c' } },
                },
              },
              preBlock: {
                description:
                  'Tactics and abilities: the attacking player, then the defending player (608.1c)',
                meta: { phase: 'battle', step: 'pre-block', rule: '608.1c' },
                on: {
                  ADVANCE: [
                    {
                      guard: g('partyGone', '609.1g'),
                      target: '#spoils.turn.main',
                      meta: { rule: '609.1g' },
                    },
                    { target: 'blockers', meta: { rule: '608.1d' } },
                  ],
                },
              },
              blockers: {
                description: 'The defending player may form a blocking party (608.1d, 412.1, 507.3)',
                meta: { phase: 'battle', step: 'blockers', rule: '608.1d' },
                on: {
                  AddBlocker: { meta: { rule: '608.1d' } },
                  ConfirmBlockers: { meta: { rule: '608.1d' } },
                  ADVANCE: [
                    {
                      guard: g('partyGone', '609.1g'),
                      target: '#spoils.turn.main',
                      meta: { rule: '609.1g' },
                    },
                    { target: 'windowA', meta: { rule: '608.1e' } },
                  ],
                },
              },
              windowA: {
                description:
                  'Tactics and abilities: attacking player, then defending player (609.1a); then the speed level X is found (609.1b)',
                meta: { phase: 'battle', step: 'window-a', rule: '609.1a' },
                on: {
                  ADVANCE: [
                    {
                      guard: g('partyGone', '609.1g'),
                      target: '#spoils.turn.main',
                      meta: { rule: '609.1g' },
                    },
                    {
                      guard: g('attackersAssign', '609.1c'),
                      target: 'assignAttackers',
                      meta: { rule: '609.1c' },
                    },
                    {
                      guard: g('blockersAssign', '609.1d'),
                      target: 'assignBlockers',
                      meta: { rule: '609.1d' },
                    },
                    { target: 'windowB', meta: { rule: '609.1e' } },
                  ],
                },
              },
              assignAttackers: {
                description:
                  "Attackers at speed X divide their strength over the blocking party, or hit the attack's target (609.1c)",
                meta: { phase: 'battle', step: 'assign-attackers', rule: '609.1c' },
                on: {
                  AssignDamage: { meta: { rule: '609.1c' } },
                  ADVANCE: [
                    {
                      guard: g('blockersAssign', '609.1d'),
                      target: 'assignBlockers',
                      meta: { rule: '609.1d' },
                    },
                    { target: 'windowB', meta: { rule: '609.1e' } },
                  ],
                },
              },
              assignBlockers: {
                description: 'Blockers at speed X divide their strength over the attacking party (609.1d)',
                meta: { phase: 'battle', step: 'assign-blockers', rule: '609.1d' },
                on: {
                  AssignDamage: { meta: { rule: '609.1d' } },
                  ADVANCE: { target: 'windowB', meta: { rule: '609.1e' } },
                },
              },
              windowB: {
                description:
                  'Tactics and abilities (609.1e); then all assigned battle damage is inflicted at once (609.1f)',
                meta: { phase: 'battle', step: 'window-b', rule: '609.1e' },
                on: {
                  ADVANCE: [
                    { guard: g('battleContinues', '609.1g'), target: 'windowA', meta: { rule: '609.1g' } },
                    { target: '#spoils.turn.main', meta: { rule: '609.1h' } },
                  ],
                },
              },
            },
          },
          endOfTurn: {
            description:
              "The turn actually ends: end-of-turn triggers (610.1a), then the next player's turn starts",
            meta: { phase: 'end-of-turn', step: null, rule: '610.1a' },
            on: { ADVANCE: { target: 'startOfTurn', meta: { rule: '602.1' } } },
          },
        },
      },
      gameOver: {
        type: 'final',
        description:
          'A faction reached 0 influence (102.1), everyone lost at once (102.2) or a loop nobody can end (414.1)',
        meta: { phase: 'game-over', step: null, rule: '102.1' },
      },
    },
  },
  { guards: GUARDS as never },
);

// ── Reading the machine (the kit's adapter) ─────────────────────────────────────────────────────────────

/** Dotted machine path of where the game is, e.g. "turn.battle.windowA". */
export function machinePath(s: SpoilsState): string {
  return pathOf(spoilsMachine, s.phase, s.step);
}

/** Where the game goes when the node it is in is done: the ADVANCE transition whose guard holds. */
export function nextLocation(s: SpoilsState): { phase: Phase; step: Step; rule: string } | null {
  const next = stepAfter(spoilsMachine, machinePath(s), { type: 'ADVANCE' }, { game: s });
  if (!next) return null;
  return {
    phase: next.phase as Phase,
    step: (next.step ?? null) as Step,
    rule: next.transitionRule ?? next.rule ?? '603.1',
  };
}

// States are immutable values: the answer for (state, command type) never changes.
const gates = new WeakMap<SpoilsState, Map<string, boolean>>();

/** Does the node the game is in (or an ancestor) accept this command type? */
export function commandAllowed(s: SpoilsState, type: string): boolean {
  let cache = gates.get(s);
  if (!cache) gates.set(s, (cache = new Map()));
  const hit = cache.get(type);
  if (hit !== undefined) return hit;
  const ok = gate(spoilsMachine, machinePath(s), { type }, { game: s }).ok;
  cache.set(type, ok);
  return ok;
}

/** The rule of the node the game is in. */
export function nodeRule(s: SpoilsState): string {
  return locationOf(spoilsMachine, machinePath(s)).rule ?? '603.1';
}
