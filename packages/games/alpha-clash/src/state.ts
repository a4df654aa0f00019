// Constructors and small pure helpers over the state.
import type { PlayerId } from '@matchtape/engine';
import type { AlphaClashState, AnyRef, ContenderState, Permanent, PlayerState } from './types';
import { initialStep } from './machine';

export function initialState(): AlphaClashState {
  return {
    game: 'alpha-clash',
    status: 'setup',
    seedCommitment: null,
    rng: 0,
    nextId: 1,
    order: [],
    players: {},
    startingPlayer: null,
    activePlayer: null,
    turn: 0,
    step: initialStep(),
    setup: { stage: 'cut', cuts: [], mulliganOrder: [], stacked: false },
    clashground: null,
    portal: 'closed',
    standby: [],
    priority: null,
    clash: null,
    effects: [],
    delayed: [],
    pending: null,
    attacksThisTurn: 0,
    defeatedThisTurn: [],
    testCards: [],
    variants: { quickStartFirstTurnAttackBan: false },
    winner: null,
    result: null,
  };
}

export function newPlayer(id: PlayerId, name: string): PlayerState {
  return {
    id,
    name,
    contender: null,
    deck: [],
    hand: [],
    clash: [],
    accessory: [],
    resources: [],
    oblivion: [],
    banished: [],
    deckCount: 0,
    handCount: 0,
    mulligan: null,
    resourcePlacedThisTurn: false,
    buffTargetsThisTurn: [],
    drewFromEmpty: false,
    clashCardsDefeatedThisTurn: 0,
  };
}

export function newPermanent(
  card: AnyRef,
  owner: PlayerId,
  turn: number,
  over: Partial<Permanent> = {},
): Permanent {
  return {
    card,
    owner,
    controller: owner,
    engaged: false,
    faceDown: false,
    enteredTurn: turn,
    damage: 0,
    clashDamage: 0,
    attachedTo: null,
    weapon: null,
    usedThisTurn: false,
    defeated: false,
    ...over,
  };
}

export function opponentOf(s: AlphaClashState, p: PlayerId): PlayerId {
  return s.order.find((q) => q !== p)!;
}

export function player(s: AlphaClashState, p: PlayerId): PlayerState {
  const ps = s.players[p];
  if (!ps) throw new Error(`no player ${p}`);
  return ps;
}

export type Located =
  | { kind: 'contender'; player: PlayerId; contender: ContenderState }
  | { kind: 'perm'; zone: 'clash' | 'accessory' | 'resources'; player: PlayerId; perm: Permanent }
  | { kind: 'clashground'; player: PlayerId; perm: Permanent };

/** Finds a Contender or permanent by its (visible) id. */
export function locate(s: AlphaClashState, id: string): Located | null {
  for (const p of s.order) {
    const ps = s.players[p]!;
    if (ps.contender && ps.contender.card.id === id)
      return { kind: 'contender', player: p, contender: ps.contender };
    for (const zone of ['clash', 'accessory', 'resources'] as const) {
      const perm = ps[zone].find((x) => x.card.id === id);
      if (perm) return { kind: 'perm', zone, player: p, perm };
    }
  }
  if (s.clashground && s.clashground.card.id === id)
    return { kind: 'clashground', player: s.clashground.controller, perm: s.clashground };
  return null;
}

export { phaseOf } from './machine';
