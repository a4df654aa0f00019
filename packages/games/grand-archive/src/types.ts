// The state of a Grand Archive match: a pure fold of its events (see README.md for the shape, which scenario
// `expectState` paths address). Hidden cards are `{ id: <opaque>, hidden: true }` in viewer states; in the
// judge (full) state a card in a hidden zone carries its current opaque id in `oid`.
import type { ContinuousEffect, HiddenCard, PlayerId, PriorityWindow } from '@matchtape/engine';
import type { Effect, GACardDef } from './cards/types';

export type Element = 'norm' | 'fire' | 'water' | 'wind' | 'arcane' | 'crux' | 'luxem' | 'umbra';
export type CardType = 'champion' | 'ally' | 'action' | 'attack' | 'item' | 'weapon' | 'domain';

/** A card outside the field. `oid` is its opaque id while it sits in a hidden zone (renewed on entry). */
export interface Card {
  id: string;
  cardId: string;
  oid?: string;
  /** Chosen to pay a reserve cost that is not confirmed yet (2.3.c.1.a); only its owner sees the mark. */
  selected?: true;
  /** Face-up in the material deck, so public (Preserve, X.A.19.c). */
  preserved?: true;
}
/** What a viewer gets for a card it may not see: the engine's `{ id: oid, hidden: true }`. */
export type { HiddenCard };
export type Slot = Card | HiddenCard;

/** Per-player zones (2.1). The field, the Effects Stack and Intention are shared/elsewhere. */
export type PlayerZone = 'mainDeck' | 'materialDeck' | 'hand' | 'memory' | 'graveyard' | 'banishment';
export type Zone = PlayerZone | 'field' | 'stack' | 'intention' | 'pending';

/** An object on the field (2.7.1). A champion's lineage is `cards` bottom → top; the top card is its champion. */
export interface FieldObject {
  /** Object id: stays the same while the object is on the field, also through level-ups (1.7.a.4.d.i). */
  id: string;
  cardId: string;
  cards: Card[];
  owner: PlayerId;
  controller: PlayerId;
  rested: boolean;
  /** Champions: damage counters (2.11.6.b). Allies: marked damage, removed at cleanup (2.9.13). */
  damage: number;
  counters: Record<string, number>;
  enteredTurn: number;
  /** A token object (2.3.d.5): made by an effect, no card behind it; it ceases to exist off the field (2.5.a.1). */
  token?: true;
}

export interface StackItem {
  sid: string;
  controller: PlayerId;
  kind: 'card' | 'trigger' | 'ability';
  /** The card itself for activations / materializations (public while on the stack, 2.3.a.2). */
  card: Card | null;
  /** Card whose ability this is (triggers / abilities), and the object it came from. */
  sourceCardId: string;
  source: string | null;
  /** Index in the card's `abilities`. */
  ability: number;
  target: string | null;
  materialized: boolean;
  /** Attack cards: weapon announced at activation (2.6.5.b). */
  weapon: string | null;
  label: string;
  /** The activation is prepared (X.A.18.b). */
  prepared?: boolean;
  /** A keyword's own triggered ability (no index in the card's abilities). */
  keyword?: KeywordTrigger;
  /** A delayed trigger's own effects (2.4.b.5). */
  effects?: Effect[];
}

/** A triggered ability that has triggered and is not yet on the stack (2.4.b). */
export interface PendingTrigger {
  controller: PlayerId;
  source: string | null;
  sourceCardId: string;
  ability: number;
  target: string | null;
  label: string;
  keyword?: KeywordTrigger;
  /** A delayed trigger's own effects (2.4.b.5), instead of a printed ability's. */
  effects?: Effect[];
}

/** A triggered ability waiting to be put on the stack while its controller orders their simultaneous ones (2.4.b.6). */
export interface WaitingTrigger extends PendingTrigger {
  id: string;
}

/** Keywords that are triggered abilities: Vigor (X.A.24.a), Intercept (X.A.10.a), Preserve on objects (X.A.19.a). */
export type KeywordTrigger = 'Vigor' | 'Intercept' | 'Preserve';

export interface Pending {
  player: PlayerId;
  card: Card;
  from: 'hand' | 'materialDeck';
  target: string | null;
  weapon: string | null;
  /** Reserve cards still to choose. */
  cost: number;
  selected: number;
  materialize: boolean;
  /** Prepare N paid as an additional cost (X.A.18). */
  prepared?: boolean;
}

export type Prompt =
  | { kind: 'placeChampion'; player: PlayerId; rule: '1.3.3' }
  | { kind: 'materialize'; player: PlayerId; rule: '2.2.b.3' }
  | { kind: 'payReserve'; player: PlayerId; rule: '2.3.c.1' }
  | { kind: 'attackTarget'; player: PlayerId; rule: '2.6.3' }
  | { kind: 'retaliate'; player: PlayerId; rule: '2.2.g.i.2' }
  /** The resolving Intercept trigger of `ally` (stack item `sid`): redirect the attack or not (X.A.10.a). */
  | { kind: 'intercept'; player: PlayerId; rule: 'X.A.10.a'; ally: string; sid: string }
  | { kind: 'critical'; player: PlayerId; rule: 'X.A.3.a' }
  /** Two or more replacement effects apply to the damage to `target`: its controller picks the next (2.2.g.ii.2.d, 2.9.a.2). */
  | {
      kind: 'orderReplacements';
      player: PlayerId;
      rule: '2.2.g.ii.2.d' | '2.9.a.2';
      target: string;
      instance: number;
      options: string[];
    }
  /** A player has two or more simultaneous triggers: they choose the next to put on the stack (2.4.b.6). */
  | { kind: 'orderTriggers'; player: PlayerId; rule: '2.4.b.6'; options: string[] }
  /** Two or more unique objects with one name: their controller keeps one, the rest are sacrificed (1.7.h.2.i). */
  | { kind: 'keepUnique'; player: PlayerId; rule: '1.7.h.2.i'; name: string; objects: string[] };

/** One instance of damage to one unit while its replacement effects are applied one at a time (2.5.b.2.a). */
export interface DamageInstance {
  target: string;
  /** The object dealing the damage (2.9.11). */
  source: string;
  /** Damage after the replacement effects applied so far. */
  amount: number;
  /** Doubling replacement effects that apply to this instance (Critical, X.A.3; Rending Flames). */
  doublers: string[];
  /** Replacement effects (shield ids, doubler ids) already applied to this instance. */
  applied: string[];
}

/** Damage being dealt whose replacement effects are still being applied (2.2.g.ii.2.d, 2.9.a.2). */
export interface PendingDamage {
  attack: boolean;
  source: string;
  instances: DamageInstance[];
  /** Non-attack damage from a resolving stack item: resume its effects after effect `effect`. */
  resume: { sid: string; effect: number } | null;
}

export interface Combat {
  attacker: string;
  attackingPlayer: PlayerId;
  defendingPlayer: PlayerId | null;
  target: string | null;
  weapon: string | null;
  /** The attack card in the attacking champion's Intention zone (2.1.j, 2.6.6). */
  attackCard: Card | null;
  /** Units declared retaliating (2.2.g.i.2); several under Cleave (X.A.2.d). */
  retaliators: string[];
  /** The attack hits every unit of `defendingPlayer` (Cleave, X.A.2). */
  cleave?: boolean;
  retaliationDecided: boolean;
  damageDealt: boolean;
  /** Replacement effects that double this attack's damage (Critical X.A.3, Rending Flames), applied in the order
   *  the damaged unit's controller chooses (2.2.g.ii.2.d). */
  doublers: { id: string; label: string }[];
  /** The damage step has calculated this attack's damage (2.2.g.ii.2.e). */
  damageCalculated?: boolean;
  /**
   * The Critical N being offered (X.A.3): its source (the attacking unit, or a retaliating unit — its damage is attack
   * damage too, 2.9.2), cards the opponent has chosen to discard, and whether it is settled.
   */
  critical?: { n: number; selected: number; settled: boolean; source?: string };
  /** Sources whose Critical has been settled this combat (each source's Critical is offered once, X.A.3.d). */
  criticalsSettled?: string[];
  /** Retaliating units whose damage their Critical doubles (X.A.3.a; the attack's own doublers are `doublers`). */
  retaliatorDoublers?: string[];
  /** The attack card was activated prepared (X.A.18). */
  prepared?: boolean;
  /** The attack was negated: its target gained stealth without True Sight on the attack (X.A.22.a.v). */
  negated: boolean;
}

/** Shielding prevention (2.9.a.4.a): absorbs up to `amount` of preventable damage to `target`. */
export interface Shield {
  id: string;
  target: string;
  amount: number;
  /** 'attack' prevents attack damage only, 'non-attack' the rest, 'any' both (2.9.a.3). */
  damage: 'attack' | 'non-attack' | 'any';
  source: string;
  /** Extra enlighten counters per damage point prevented (Spellshield: Arcane, 2.9.a.10). */
  enlighten?: boolean;
}

export interface PlayerState {
  id: PlayerId;
  name: string;
  mainDeck: Slot[];
  materialDeck: Slot[];
  hand: Slot[];
  memory: Slot[];
  graveyard: Card[];
  banishment: Card[];
  championPlaced: boolean;
  turnsTaken: number;
  materializedThisPhase: boolean;
  /** Set when a rule makes the player lose (drew from an empty deck, 2.10.6); SBE ends the match. */
  lost: string | null;
}

export type Phase =
  'setup' | 'wake-up' | 'materialize' | 'recollection' | 'draw' | 'main' | 'combat' | 'end' | 'game-over';
export type Step =
  null | 'place-champion' | 'attack' | 'retaliation' | 'damage' | 'end-of-combat' | 'cleanup';

export interface GAState {
  status: 'setup' | 'playing' | 'ended';
  matchId: string;
  order: PlayerId[];
  players: Record<string, PlayerState>;
  turn: number;
  activePlayer: PlayerId | null;
  firstPlayer: PlayerId | null;
  phase: Phase;
  step: Step;
  field: FieldObject[];
  stack: StackItem[];
  priority: PriorityWindow | null;
  prompt: Prompt | null;
  pending: Pending | null;
  combat: Combat | null;
  /** Power modifiers and granted keywords with durations (kernel ContinuousEffect). */
  effects: ContinuousEffect[];
  shields: Shield[];
  /** Damage whose replacement effects are being applied (a prompt is open), else null. */
  damage: PendingDamage | null;
  /** Simultaneous triggers not yet on the stack while a player orders theirs (2.4.b.6). */
  waitingTriggers: WaitingTrigger[];
  /** Delayed triggers generated this turn, waiting for the beginning of the end phase (2.4.b.5). */
  delayed: PendingTrigger[];
  /** Counter for stack item / effect ids (public, deterministic). */
  serial: number;
  turnLimit: number;
  /**
   * Test cards of a scenario, by card id, that this state knows (empty in a normal match; the pool is CARDS).
   * They arrive on the events that name them (`payload.defs`), so a judge knows every test card still in the
   * match and a viewer only those it can see (view.ts).
   */
  cards: Record<string, GACardDef>;
  winner: PlayerId | null;
  result: string | null;
}

export interface GameOptions {
  /** Whole turns after which the match ends in a recorded draw; a safety net for bots, 0 = none. */
  turnLimit?: number;
}
