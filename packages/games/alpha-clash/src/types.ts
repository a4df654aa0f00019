// The Alpha Clash state: plain JSON, folded from events. Documented field by field in README.md (scenario
// `expectState` paths read it). Hidden cards keep their real id and card id in the judge's state; views replace
// them with `{ id: <opaque>, hidden: true }`.
import type { PlayerId, PriorityWindow } from '@matchtape/engine';
import type { StepPath } from './machine';
import type { ACCardDef, BaseEffect, DelayedAt, Until } from './cards/types';

export type Color = 'W' | 'U' | 'B' | 'R' | 'G';
export const COLORS: readonly Color[] = ['W', 'U', 'B', 'R', 'G'];

/** A card the viewer can see. `oid` is its opaque id while it sits in a zone hidden from someone. */
export interface CardRef {
  id: string;
  cardId: string;
  oid?: string;
  /** A deck card revealed to all (703.8a) or looked at by some players (703.8d) until the deck is reordered (703.8c). */
  revealed?: true;
  knownTo?: PlayerId[];
}
export interface HiddenRef {
  id: string;
  hidden: true;
}
export type AnyRef = CardRef | HiddenRef;

/** A card in play (Clash, Accessory, Resource, Clashground zones). */
export interface Permanent {
  card: AnyRef;
  owner: PlayerId;
  controller: PlayerId;
  engaged: boolean;
  /** Set Traps only. */
  faceDown: boolean;
  /** Turn it entered play / was set (304.7, 704.12). */
  enteredTurn: number;
  /** Non-clash damage (until end of turn, 117.2b) and clash damage (until the clash ends, 117.2a). */
  damage: number;
  clashDamage: number;
  /** Weapon: the Clash card it is attached to. Clash card: its attached Weapon. */
  attachedTo: string | null;
  weapon: string | null;
  /** "Once per turn" activations used this turn (602.6). */
  usedThisTurn: boolean;
  /** Trigger–Defeat waiting to resolve before the card goes to Oblivion (117.4a). */
  defeated: boolean;
}

export interface ContenderState {
  card: CardRef;
  health: number;
  maxHealth: number;
  engaged: boolean;
  damage: number;
  clashDamage: number;
  usedThisTurn: boolean;
}

export interface PlayerState {
  id: PlayerId;
  name: string;
  contender: ContenderState | null;
  deck: AnyRef[];
  hand: AnyRef[];
  clash: Permanent[];
  accessory: Permanent[];
  resources: Permanent[];
  oblivion: CardRef[];
  banished: CardRef[];
  /** Public counts (402.3, 401.2). */
  deckCount: number;
  handCount: number;
  /** Mulligan decision (103.5); `returning` are the cards going back (owner-only). */
  mulligan: null | { taken: boolean; count: number; returning: AnyRef[] };
  resourcePlacedThisTurn: boolean;
  /** Targets that already got a Clash Buff this turn (306.5). */
  buffTargetsThisTurn: string[];
  /** Set when this player tried to draw from an empty deck (104.3c); the SBA ends the game. */
  drewFromEmpty: boolean;
  clashCardsDefeatedThisTurn: number;
}

export type StandbyKind = 'card' | 'trap' | 'trigger' | 'activated';

export interface StandbyObject {
  /** Object id in Standby: the card's id for cards and Traps, "e<n>" for effects. */
  sid: string;
  kind: StandbyKind;
  controller: PlayerId;
  /** Card played / Trap activated / source of the effect. */
  card: CardRef | null;
  source: string | null;
  /** Which effect list of the card definition resolves (e.g. "enter", "attack", "activated", "play"). */
  effect: string;
  /** A delayed triggered effect's own effects (effect "delayed", 603.7). */
  effects?: BaseEffect[];
  /** A delayed triggered effect's targets that left play after it was created (603.7c, 400.6). */
  left?: string[];
  targets: string[];
  x: number;
  /** Damage division (Barrage, 601.1d), parallel to targets. */
  division: number[];
  /** For Defeat triggers: the card that goes to Oblivion once this resolves (117.4a). */
  thenPutIntoOblivion: string | null;
  /** Counter–Play riders for a Clash card being played (Energy Blast, Saw You Coming…). */
  enters: null | { damage: number; engaged: boolean; atk: number; def: number; noEnterTrigger: boolean };
}

/** A delayed triggered effect created and not yet triggered (603.7a); it triggers once (603.7b). */
export interface DelayedTrigger {
  id: string;
  /** The player who controlled the card or effect that created it as it resolved (603.7d–e). */
  controller: PlayerId;
  /** The card or effect source that created it (603.7d–e). */
  source: string;
  at: DelayedAt;
  effects: BaseEffect[];
  targets: string[];
  /** The turn it was created in: "next turn" means a later one. */
  turn: number;
  /** Targets that left play since it was created: back in play they are new objects (400.6), not affected (603.7c). */
  left?: string[];
}

export interface ContinuousEffectState {
  id: string;
  target: string;
  atk: number;
  def: number;
  grant: string[];
  until: Until;
  /** Whose next turn ends a "until the start of your next turn" effect (500.3): its controller's. */
  player?: PlayerId;
  /** "Prevent the next N clash damage" shields (Earthly Barricade). */
  prevent: number;
  source: string | null;
}

export interface ClashState {
  attacker: string;
  attackingPlayer: PlayerId;
  defendingPlayer: PlayerId;
  /** Contender id or Clash card id. */
  target: string;
  obstructors: string[];
  obstructed: boolean;
  /** One Clash Buff per buff step (504.2d–e). */
  buffPlayed: boolean;
  /** Cards dealt clash damage by a Necrotic source: sent to Oblivion after the clash (704.11e). */
  necrotic: string[];
  /** Cards sent to Oblivion after the clash (Surprise!). */
  afterClash: string[];
  damageDealt: boolean;
  /** The defending player made their one declaration of obstructors (504.2c, 504.9); C3 ends once Standby is empty. */
  declared: boolean;
  ended: boolean;
  /** The attacker was removed from the clash (its controller changed, 504.5): the clash ends without damage. */
  attackerRemoved?: boolean;
}

/** What is still owed while a player chooses which resources pay a cost (408.7, 601.1f). */
export interface PaymentDue {
  /** The Standby object being paid for, or null for activating the Portal (410.3). */
  sid: string | null;
  total: number;
  gems: Partial<Record<Color, number>>;
  /** Resources engaged for this cost so far. */
  engaged: string[];
}

export interface PendingChoice {
  player: PlayerId;
  /**
   * barrage: choose targets and the division (704.3c–d); discard: choose a card of your hand to discard (703.7b);
   * search: start-of-game search (103.6); payment: engage resources one by one to pay a cost (408.7, 107.4a).
   */
  kind: 'barrage' | 'discard' | 'search' | 'payment';
  source: string;
  amount: number;
  max: number;
  /** Players who discard next, in turn order (Garfield Park Lagoon). */
  then: PlayerId[];
  /** kind search: the card type searched for (103.6: the Contender's start-of-game search; 703.9: an effect's). */
  cardType?: string;
  /** kind payment: the cost still owed. */
  payment?: PaymentDue;
}

export interface SetupState {
  stage: 'cut' | 'mulligan' | 'mulliganCut' | 'done';
  /** Players who still have to decide on the opponent's cut (deck owner → cutter). */
  cuts: { deck: PlayerId; by: PlayerId }[];
  /** Turn order of mulligan declarations still to come. */
  mulliganOrder: PlayerId[];
  stacked: boolean;
}

/**
 * A scenario's test card: its definition travels with the match (MatchStarted), so every fold, in any process,
 * knows it. `knownTo` are the viewers who have seen a card of this id ('public' = everyone): other viewers get
 * neither the definition nor the id (400.2), until an event reveals it (TestCardRevealed).
 */
export interface TestCardEntry {
  card: ACCardDef;
  knownTo: string[];
}

export interface AlphaClashState {
  game: 'alpha-clash';
  status: 'setup' | 'playing' | 'ended';
  seedCommitment: string | null;
  /** Generator cursor (kernel Rng): evolve sets it from payload.random.to. Judges only: other views hold 0. */
  rng: number;
  /** Counter for effect ids (continuous effects, effect objects in Standby). */
  nextId: number;
  order: PlayerId[];
  players: Record<string, PlayerState>;
  startingPlayer: PlayerId | null;
  activePlayer: PlayerId | null;
  turn: number;
  /** Machine state path, e.g. "turn.primary.clash.counter". */
  step: StepPath;
  setup: SetupState;
  clashground: Permanent | null;
  portal: 'open' | 'closed';
  standby: StandbyObject[];
  /** Priority while Standby holds an object (114.2, 405.5): opened when an object enters, reopened for the active
   *  player (or the clash step's holder) after each resolution; the top resolves once every player has passed. */
  priority: PriorityWindow | null;
  clash: ClashState | null;
  effects: ContinuousEffectState[];
  /** Delayed triggered effects waiting for their moment (603.7). */
  delayed: DelayedTrigger[];
  pending: PendingChoice | null;
  attacksThisTurn: number;
  /** Card ids of Clash cards defeated this turn (Rizlac, the Depraved counts them). */
  defeatedThisTurn: string[];
  /** Test cards of a scenario (empty in real matches); definitions are looked up with `defOf(s, …)`. */
  testCards: TestCardEntry[];
  /** Variant rules chosen at setup (MatchConfig.options), e.g. the quick start's turn-1 attack ban. */
  variants: { quickStartFirstTurnAttackBan: boolean };
  winner: PlayerId | null;
  result: string | null;
}
