// The turn / phase / step structure of Grand Archive (CR 2.2) as an XState v5 machine. It is THE definition:
// decide() asks it (pure `getNextSnapshot`) which phase or step follows (`nextLocation`) and whether a command is
// allowed where the game is (`commandGate`); the timeline, the UI's phase names and the coverage report read its
// nodes. Every guard carries the rule behind it in `params.rule`, every phase its rule in `meta.rule`.
import { createMachine } from 'xstate';
import { gate, pathOf, stepAfter, type PlayerId } from '@matchtape/engine';
import type { GAState, Phase, Step } from './types';
import { initialState } from './evolve';

export interface MachineContext {
  game: GAState;
}
export type MachineEvent = { type: 'ADVANCE' } | { type: 'GAME_OVER' } | { type: string; player: PlayerId };

type GuardArgs = { context: MachineContext; event: MachineEvent };
type RuleParams = { rule: string };
type PromptParams = { rule: string; kind: string };

const eventPlayer = (e: MachineEvent): string | null => ('player' in e ? e.player : null);

export const GUARDS = {
  /** 2.2.1.a: in a two-player game the first player skips the first draw phase too. */
  firstPlayerFirstTurn: ({ context }: GuardArgs, _p: RuleParams) => {
    const g = context.game;
    return (
      g.order.length === 2 &&
      g.activePlayer === g.firstPlayer &&
      g.players[g.activePlayer ?? '']?.turnsTaken === 1
    );
  },
  /** 1.3.5.a: each player's first turn starts by placing a Lv 0 champion. */
  nextPlayerNeedsChampion: ({ context }: GuardArgs, _p: RuleParams) => {
    const g = context.game;
    const i = g.order.indexOf(g.activePlayer ?? g.order[0]!);
    // The next player still in the game (1.4.5).
    for (let k = 1; k <= g.order.length; k++) {
      const next = g.order[(i + k) % g.order.length]!;
      if (!g.players[next]?.lost) return !g.players[next]?.championPlaced;
    }
    return false;
  },
  /** 2.2.e.2.a: an attack declaration puts the game through the combat phase. */
  combatPending: ({ context }: GuardArgs, _p: RuleParams) => context.game.combat !== null,
  /** 2.6.2.b: an attack card with no legal target fizzles; no combat follows. */
  noAttack: ({ context }: GuardArgs, _p: RuleParams) => context.game.combat === null,
  /** 2.3.a.1.a / 2.8.b.1.b: actions need Opportunity. */
  hasOpportunity: ({ context, event }: GuardArgs, _p: RuleParams) => {
    const g = context.game;
    return g.prompt === null && g.priority !== null && g.priority.holder === eventPlayer(event);
  },
  /** 2.8.a.2: slow player actions: turn player, own main phase, Opportunity, empty stack. */
  slowTiming: ({ context, event }: GuardArgs, _p: RuleParams) => {
    const g = context.game;
    const p = eventPlayer(event);
    return (
      g.prompt === null &&
      g.priority?.holder === p &&
      g.activePlayer === p &&
      g.stack.length === 0 &&
      g.phase === 'main'
    );
  },
  /** A player answers the prompt addressed to them. */
  promptIs: ({ context, event }: GuardArgs, params: PromptParams) => {
    const pr = context.game.prompt;
    return pr !== null && pr.kind === params.kind && pr.player === eventPlayer(event);
  },
};

const g = <T extends keyof typeof GUARDS>(type: T, rule: string, extra: Record<string, string> = {}) => ({
  type,
  params: { rule, ...extra },
});

export const grandArchiveMachine = createMachine(
  {
    id: 'grandArchive',
    types: {} as { context: MachineContext; events: MachineEvent; input: { game?: GAState } | undefined },
    context: ({ input }) => ({ game: input?.game ?? initialState() }),
    initial: 'setup',
    on: {
      // 2.12.c.2: conceding is not bound by any timing restriction.
      Concede: { meta: { rule: '2.12.c.2' } },
    },
    states: {
      setup: {
        description:
          'Material decks and shuffled main decks set out; first player chosen at random (1.3.1–1.3.2)',
        meta: { rule: '1.3', phase: 'setup' },
        on: { ADVANCE: { target: 'turn', meta: { rule: '1.3.2.a' } } },
      },
      turn: {
        description:
          'A turn: Wake Up, Materialize, Recollection, Draw, Main (with combats) and End phases (2.2.1)',
        meta: { rule: '2.2.1' },
        initial: 'place-champion',
        on: {
          PassOpportunity: { guard: g('hasOpportunity', '2.8.b.1.c') },
          ActivateCard: { guard: g('hasOpportunity', '2.3.a.1.a') },
          ActivateAbility: { guard: g('hasOpportunity', '2.4.a.1.b') },
          SelectReserve: { guard: g('promptIs', '2.3.c.1', { kind: 'payReserve' }) },
          CancelActivation: { guard: g('promptIs', '2.3.a.8', { kind: 'payReserve' }) },
          // Choices in the middle of a resolution or a state-based check, in any phase of the turn.
          ApplyReplacement: { guard: g('promptIs', '2.5.b.2', { kind: 'orderReplacements' }) },
          KeepUnique: { guard: g('promptIs', '1.7.h.2.i', { kind: 'keepUnique' }) },
          PlaceTrigger: { guard: g('promptIs', '2.4.b.6', { kind: 'orderTriggers' }) },
          // MatchEnded: a player lost (1.4.3), conceded (2.12.c) or the game is a draw (1.4.4).
          GAME_OVER: { target: 'game-over', meta: { rule: '1.4.3' } },
        },
        states: {
          'wake-up': {
            description: 'Wake up every rested object the turn player controls (2.2.a.1)',
            meta: { rule: '2.2.a', phase: 'wake-up' },
            on: { ADVANCE: { target: 'materialize', meta: { rule: '2.2.a.2' } } },
          },
          materialize: {
            description: 'The turn player may materialize one card from the material deck (2.2.b.3)',
            meta: { rule: '2.2.b', phase: 'materialize' },
            on: {
              Materialize: { guard: g('promptIs', '2.2.b.3', { kind: 'materialize' }) },
              DeclineMaterialize: { guard: g('promptIs', '2.2.b.3', { kind: 'materialize' }) },
              ReturnPreserved: { guard: g('promptIs', 'X.A.19.d', { kind: 'materialize' }) },
              ADVANCE: { target: 'recollection', meta: { rule: '2.2.b.5' } },
            },
          },
          recollection: {
            description: 'Turn player gains Opportunity, then returns all of memory to hand (2.2.c)',
            meta: { rule: '2.2.c', phase: 'recollection' },
            on: { ADVANCE: { target: 'draw', meta: { rule: '2.2.c.3' } } },
          },
          draw: {
            description: 'The turn player draws a card (2.2.d.1)',
            meta: { rule: '2.2.d', phase: 'draw' },
            on: { ADVANCE: { target: 'main', meta: { rule: '2.2.d.2' } } },
          },
          main: {
            description: 'Slow and fast actions; attacks start a combat phase (2.2.e)',
            meta: { rule: '2.2.e', phase: 'main' },
            on: {
              DeclareAttack: { guard: g('slowTiming', '2.6.1.b') },
              ADVANCE: [
                { guard: g('combatPending', '2.2.e.2.a'), target: 'combat', meta: { rule: '2.2.e.2.a' } },
                { target: 'end', meta: { rule: '2.2.e.6' } },
              ],
            },
          },
          combat: {
            description: 'One attack: retaliation, damage and end of combat (2.2.g)',
            meta: { rule: '2.2.g', phase: 'combat' },
            initial: 'attack',
            states: {
              attack: {
                description:
                  'Attack declared (an attack card chooses its target on entering Intention, 2.6.3); On Attack triggers (2.2.g.2)',
                meta: { rule: '2.2.g.2', step: 'attack' },
                on: {
                  ChooseAttackTarget: { guard: g('promptIs', '2.6.3', { kind: 'attackTarget' }) },
                  Intercept: { guard: g('promptIs', 'X.A.10.a', { kind: 'intercept' }) },
                  DeclineIntercept: { guard: g('promptIs', 'X.A.10.a', { kind: 'intercept' }) },
                  ADVANCE: [
                    {
                      guard: g('noAttack', '2.6.2.b'),
                      target: '#grandArchive.turn.main',
                      meta: { rule: '2.6.2.b' },
                    },
                    { target: 'retaliation', meta: { rule: '2.2.g.2.a' } },
                  ],
                },
              },
              retaliation: {
                description:
                  '“Before retaliation” Opportunity, then defending units may rest to retaliate (2.2.g.i)',
                meta: { rule: '2.2.g.i', step: 'retaliation' },
                on: {
                  DeclareRetaliation: { guard: g('promptIs', '2.2.g.i.2', { kind: 'retaliate' }) },
                  DeclineRetaliation: { guard: g('promptIs', '2.2.g.i.2', { kind: 'retaliate' }) },
                  ADVANCE: { target: 'damage', meta: { rule: '2.2.g.i.3' } },
                },
              },
              damage: {
                description: '“Before damage” Opportunity, then all combat damage at once (2.2.g.ii)',
                meta: { rule: '2.2.g.ii', step: 'damage' },
                on: {
                  DiscardForCritical: { guard: g('promptIs', 'X.A.3.a', { kind: 'critical' }) },
                  DeclineCritical: { guard: g('promptIs', 'X.A.3.a', { kind: 'critical' }) },
                  ADVANCE: { target: 'end-of-combat', meta: { rule: '2.2.g.iii.1' } },
                },
              },
              'end-of-combat': {
                description:
                  'Attack cards to the graveyard, state-based effects, damage-step triggers (2.2.g.iii)',
                meta: { rule: '2.2.g.iii', step: 'end-of-combat' },
                on: { ADVANCE: { target: '#grandArchive.turn.main', meta: { rule: '2.2.g.iii.3' } } },
              },
            },
          },
          end: {
            description:
              'Beginning-of-end-phase triggers, “before end of turn” Opportunity, then cleanup (2.2.f)',
            meta: { rule: '2.2.f', phase: 'end' },
            on: {
              ADVANCE: [
                {
                  guard: g('nextPlayerNeedsChampion', '1.3.5.a'),
                  target: 'place-champion',
                  meta: { rule: '1.3.5.a' },
                },
                { target: 'wake-up', meta: { rule: '2.2.f.4.c' } },
              ],
            },
          },
          // Declared last so the phase order read from the machine is the rules' turn order (2.2.1); a player's first
          // turn starts here (initial) by putting a Lv 0 champion onto the field, part of starting the game (1.3.3).
          'place-champion': {
            description:
              'First turn: put a Lv 0 champion from the material deck onto the field (1.3.3, 2.2.1.a)',
            meta: { rule: '1.3.3', phase: 'setup', step: 'place-champion' },
            on: {
              PlaceStartingChampion: { guard: g('promptIs', '1.3.3', { kind: 'placeChampion' }) },
              ADVANCE: [
                { guard: g('firstPlayerFirstTurn', '2.2.1.a'), target: 'main', meta: { rule: '2.2.1.a' } },
                { target: 'draw', meta: { rule: '2.2.1.a' } },
              ],
            },
          },
        },
      },
      'game-over': {
        type: 'final',
        description: 'A player won, or the game is a draw (1.4)',
        meta: { rule: '1.4', phase: 'game-over' },
      },
    },
  },
  // The guards are typed on our own context/params shapes; xstate types them loosely.
  { guards: GUARDS as never },
);

/** Dotted machine path of where the game is, e.g. "turn.combat.damage" (from the nodes' meta phase/step). */
export function machinePath(s: GAState): string {
  return pathOf(grandArchiveMachine, s.phase, s.step);
}

/** Where the game goes when the current phase/step is done, and the rule behind the transition taken. */
export function nextLocation(s: GAState): { phase: Phase; step: Step; rule: string } {
  const next = stepAfter(grandArchiveMachine, machinePath(s), { type: 'ADVANCE' }, { game: s });
  if (!next) throw new Error(`grand-archive machine: no ADVANCE from ${machinePath(s)}`);
  return { phase: next.phase as Phase, step: next.step as Step, rule: next.transitionRule ?? '2.2.1' };
}

/** Command types the machine knows, with the rule to cite when the command is not allowed where the game is. */
export const COMMAND_RULES: Readonly<Record<string, string>> = {
  PlaceStartingChampion: '1.3.3',
  Materialize: '2.3.b.1.a',
  DeclineMaterialize: '2.2.b.3',
  ReturnPreserved: 'X.A.19.d',
  ActivateCard: '2.3.a.1.a',
  SelectReserve: '2.3.c.1',
  CancelActivation: '2.3.a.8',
  ActivateAbility: '2.4.a.1.b',
  DeclareAttack: '2.6.1.b',
  ChooseAttackTarget: '2.6.3',
  Intercept: 'X.A.10.a',
  ApplyReplacement: '2.5.b.2',
  KeepUnique: '1.7.h.2.i',
  PlaceTrigger: '2.4.b.6',
  DiscardForCritical: 'X.A.3.a',
  DeclineCritical: 'X.A.3.a',
  DeclineIntercept: 'X.A.10.a',
  DeclareRetaliation: '2.2.g.i.2',
  DeclineRetaliation: '2.2.g.i.2',
  PassOpportunity: '2.8.b.1.c',
  Concede: '2.12.c.2',
};

/**
 * Asks the machine whether `type` by `player` is allowed where the game is. When it is not, names the rule of
 * the failing guard (or of the command, if this phase has no such transition at all).
 */
type Gate = { ok: true } | { ok: false; rule: string; reason: string };
const gates = new WeakMap<GAState, Map<string, Gate>>();

export function commandGate(s: GAState, type: string, player: PlayerId): Gate {
  // States are immutable values: the answer for (state, command type, player) never changes.
  let cache = gates.get(s);
  if (!cache) gates.set(s, (cache = new Map()));
  const key = `${type}:${player}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const event: MachineEvent = { type, player };
  const g = gate(grandArchiveMachine, machinePath(s), event, { game: s });
  const r: Gate = g.ok
    ? g
    : g.guard
      ? {
          ok: false,
          rule: g.rule ?? COMMAND_RULES[type] ?? '2.12.i.1',
          reason: `${type} is not allowed now (${describeGuard(g.guard, s, player)})`,
        }
      : {
          ok: false,
          rule: COMMAND_RULES[type] ?? '2.12.i.1',
          reason: `${type} is not possible in the ${s.phase} phase${s.step ? ` (${s.step} step)` : ''}`,
        };
  cache.set(key, r);
  return r;
}

function describeGuard(type: string, s: GAState, player: PlayerId): string {
  switch (type) {
    case 'hasOpportunity':
      return s.prompt
        ? `${s.prompt.player} must first answer: ${s.prompt.kind}`
        : `${player} does not have Opportunity; ${s.priority?.holder ?? 'nobody'} does`;
    case 'slowTiming':
      return 'slow actions need the turn player with Opportunity in their main phase and an empty Effects Stack';
    case 'promptIs':
      return s.prompt ? `waiting for ${s.prompt.player} to ${s.prompt.kind}` : 'nothing to answer';
    default:
      return 'its condition does not hold';
  }
}
