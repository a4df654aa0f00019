// The state of a match of The Spoils: a pure fold of its events (README.md documents the shape that scenario
// `expectState` paths address). Card ids carry no identity: a card gets a fresh id from a public counter
// whenever it enters a zone some player cannot see (deck, hand, face-down in play), so an id alone tells nobody
// what the card is; viewers get `{ id, hidden: true }` where they may not see the card.
import type { HiddenCard, PlayerId } from '@matchtape/engine';
import type { Icon } from './cards/types';

export interface Card {
  id: string;
  cardId: string;
}
/** What a viewer gets for a card it may not see: the engine's `{ id: oid, hidden: true }`. */
export type { HiddenCard };
export type Slot = Card | HiddenCard;

/** A card in play (403.4): the faction, resources, characters, items, locations and tokens. */
export interface Perm {
  id: string;
  /** null: a face-down card seen by someone other than its controller (411.2). */
  cardId: string | null;
  owner: PlayerId;
  controller: PlayerId;
  faceDown: boolean;
  depleted: boolean;
  /** Characters: damage this turn (408.4); locations: damage this game (408.5). */
  damage: number;
  tokens: Record<string, number>;
  /** The card this one is attached to (301): gear to a character, paid resources to the faction (203.3). */
  attachedTo: string | null;
  /** May attack this turn: controlled since the start of the turn (602.1c, 608.1b). */
  canAttack: boolean;
  /** Factions only: the score (202.3). */
  influence?: number;
  /** Created by an effect (409.3). */
  token?: boolean;
}

/**
 * A card as it enters play: face up, not depleted, undamaged, unattached and not yet able to attack (602.1c);
 * `more` sets what differs (face down, attached, a faction's influence, a token).
 */
export function newPerm(
  id: string,
  cardId: string | null,
  owner: PlayerId,
  controller: PlayerId,
  more: Partial<Perm> = {},
): Perm {
  return {
    id,
    cardId,
    owner,
    controller,
    faceDown: false,
    depleted: false,
    damage: 0,
    tokens: {},
    attachedTo: null,
    canAttack: false,
    ...more,
  };
}

/** An action waiting for responses (607): a card being played, an ability used, or the announced end of turn. */
export interface ChainItem {
  iid: string;
  kind: 'card' | 'ability' | 'end-turn';
  controller: PlayerId;
  /** The card being played (403.3, public, face-up 604.1c). */
  card: Card | null;
  /** The ability's source and its index in the card's abilities. */
  source: string | null;
  sourceCardId: string | null;
  ability: number | null;
  /** What the costs picked (310), incl. the Attach-to target (507.2a). */
  picked: string | null;
  /** Played with Flip Up (507.4). */
  flipUp: boolean;
  label: string;
}

/** Paying a numeric cost: attach resources one by one (203.3, 309.1) once the running total is known (406.3a). */
export interface Payment {
  player: PlayerId;
  total: number;
  remaining: number;
  /** What the payment is for: the newest chain item, an attacking party's requirement (505.1), or a bid (413). */
  purpose: 'item' | 'party' | 'bid';
  /** Bids: cards the winner draws once paid (413). */
  draw?: number;
}

export interface PendingTrigger {
  tid: string;
  controller: PlayerId;
  source: string;
  sourceCardId: string;
  /** Index in the card's triggers. */
  trigger: number;
  label: string;
}

export type Prompt =
  | { kind: 'choose-first-player'; player: PlayerId; rule: '601.1c' }
  | { kind: 'mulligan'; player: PlayerId; rule: '601.1f'; bottomed: number }
  | { kind: 'order-triggers'; player: PlayerId; rule: '503.4' | '602.2' }
  | { kind: 'develop'; player: PlayerId; rule: '202.8' }
  | {
      kind: 'bid';
      player: PlayerId;
      rule: '413.1';
      high: number;
      leader: PlayerId | null;
      passed: PlayerId[];
      prizeDraw: number;
    }
  | { kind: 'search'; player: PlayerId; rule: '312.2'; type: 'item' }
  | { kind: 'keep-unique'; player: PlayerId; rule: '507.5a'; ids: string[] };

export type BattleStep =
  'attackers' | 'pre-block' | 'blockers' | 'window-a' | 'assign-attackers' | 'assign-blockers' | 'window-b';

export interface Battle {
  attacker: PlayerId;
  defender: PlayerId;
  /** The faction or location attacked (302.1); null once a location target changed controller (407.5). */
  target: string | null;
  attackers: string[];
  blockers: string[];
  blocked: boolean;
  /** Covert party (302.11): fixed for blocks already made (302.11b). */
  covert: boolean;
  /** The speed level being resolved (609.1b). */
  speed: number | null;
  /** Characters that have assigned their battle damage (609.1g, 609.2). */
  assigned: string[];
  /** Damage still to assign this speed level, per assigning character. */
  toAssign: Record<string, number>;
  /** Assigned, not yet inflicted (609.1f). */
  pending: { source: string; target: string; amount: number }[];
  /** Who holds the battle window now; both pass in turn (608.1c, 609.1a, 609.1e). */
  windowHolder: PlayerId | null;
}

/** A "this turn" effect (602.1b) on a card in play. */
export interface TurnEffect {
  target: string;
  str: number;
  life: number;
  spd: number;
}

export interface PlayerState {
  id: PlayerId;
  name: string;
  deck: Slot[];
  hand: Slot[];
  discard: Card[];
  outOfGame: Card[];
  /** The faction's id in play (601.1a). */
  faction: string;
  mulliganDone: boolean;
}

export type Phase = 'setup' | 'start-of-turn' | 'main' | 'battle' | 'end-of-turn' | 'game-over';
export type Step = null | 'choose-first-player' | 'mulligan' | BattleStep;

export interface SpoilsState {
  status: 'setup' | 'playing' | 'ended';
  matchId: string;
  order: PlayerId[];
  players: Record<string, PlayerState>;
  perms: Perm[];
  turn: number;
  activePlayer: PlayerId | null;
  firstPlayer: PlayerId | null;
  phase: Phase;
  step: Step;
  chain: ChainItem[];
  payment: Payment | null;
  triggers: PendingTrigger[];
  prompt: Prompt | null;
  battle: Battle | null;
  effects: TurnEffect[];
  /** The End the Turn action was taken this turn (603.2d). */
  endAnnounced: boolean;
  /** Triggers that happened since a player's last action other than ordering triggers (414.1). */
  loopRun: number;
  /** Public counter for fresh ids. */
  serial: number;
  turnLimit: number;
  winner: PlayerId | null;
  result: string | null;
}

export type IconCount = Record<Icon, number>;
