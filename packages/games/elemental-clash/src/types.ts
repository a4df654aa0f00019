// The Elemental Clash state (README "State shape"). Plain JSON; `evolve` folds events into it.
import type { PlayerId, Viewer } from '@matchtape/engine';

export type Zone = 'spellbook' | 'hand' | 'archive' | 'purgatory' | 'stacks' | 'atk' | 'def' | 'attached';
export type Phase = 'setup' | 'standby' | 'draw' | 'main' | 'end' | 'game-over';
export type Step = null | 'mulligan' | 'defend';

/** A card instance. `oid` is the opaque id shown to viewers who may not see it (renewed on entering a hidden zone). */
export interface Card {
  id: string;
  cardId: string;
  oid: string;
  /** Viewers who know this card although its zone hides it (D2): 'public' = everyone. */
  known?: Viewer[];
}

/** What a viewer gets for a card it may not see. */
export interface HiddenRef {
  id: string;
  hidden: true;
}
export type SeenCard = Card | HiddenRef;

/** A card in play that is not a stone: a creature, spell, building or equip. */
export interface Permanent {
  id: string;
  cardId: string;
  oid: string;
  owner: PlayerId;
  damage: number;
  attacked: boolean;
  ranged: boolean;
  /** Turn number of the first damage this turn (Berserk, 7.0). */
  damagedTurn: number;
  /** Equip spells attached to this creature (D11). */
  equips: string[];
  /** Card ids of equips, kept beside their instance ids so views need no lookup. */
  equipCards: string[];
  /** Familiar Spirit: the master creature's id (D24). */
  master?: string;
  /** Turn a Resident creature was last kept on its stack (D25). */
  stayed?: number;
  /** Destroyed by damage from a Purge source (D39) / by a Slayer (7.0.Slayer). */
  purged?: boolean;
  slain?: boolean;
}

export interface StoneStack {
  id: string;
  stones: Card[];
  top: Permanent | null;
}

export interface PlayerState {
  id: PlayerId;
  name: string;
  spellbook: SeenCard[];
  hand: SeenCard[];
  archive: Card[];
  purgatory: Card[];
  stacks: StoneStack[];
  atk: Permanent[];
  def: Permanent[];
  attached: Permanent[];
  stonePlayed: boolean;
  mulligans: number;
  kept: boolean;
  lost: string | null;
}

export type PromptKind =
  | 'mulligan'
  | 'redraw'
  | 'putUnder'
  | 'defend'
  | 'orderTriggers'
  | 'target'
  | 'arrange'
  | 'construct'
  | 'freePlay'
  | 'discard';

export interface Prompt {
  kind: PromptKind;
  player: PlayerId;
  rule: string;
  /** The trigger / ability waiting for the answer. */
  source?: string | null;
  /** Construct: eligible card names (owner only, D30); Future Sight: the cards to arrange. */
  options?: string[] | null;
  /** The pending effect and the index of its effect that asked (resolution continues after it). */
  pid?: string;
  at?: number;
}

/** Effect of a card, as data (cards/pool.ts). */
export type Effect =
  | {
      kind: 'damage';
      amount: number;
      to: 'target-creature' | 'target-any' | 'opponent' | 'self-player' | 'each-creature';
    }
  | { kind: 'mill'; n: number; who: 'opponent' | 'self' }
  | { kind: 'draw'; n: number; who?: 'self' | 'each' }
  | { kind: 'pump'; power: number; health?: number; to: 'self' | 'target-own-creature' }
  | { kind: 'destroy'; to: 'target-creature' | 'each-creature' }
  /** The target creature goes from play to its owner's hand, known to everyone there (it was public in play). */
  | { kind: 'return'; to: 'target-creature' }
  | { kind: 'restore'; n: number }
  | { kind: 'futureSight'; x: number }
  | { kind: 'construct'; x: number }
  | { kind: 'delve'; criteria: Criteria }
  | { kind: 'gamble'; table: { from: number; to: number; effects: Effect[] }[] }
  /** A delayed effect: `effects` happen "at the end of turn" (§4.0.E1) of this turn, or of the next one when made after it (D47). */
  | { kind: 'atEndOfTurn'; effects: Effect[] };

export interface Criteria {
  type?: 'creature' | 'spell' | 'stone';
  creatureType?: string;
  element?: string;
}

/** A pending effect: resolves in order after the action that caused it (D7). */
export interface Pending {
  pid: string;
  controller: PlayerId;
  /** Instance id of the source card, and its card id. */
  source: string;
  cardId: string;
  /** The keyword or text it comes from, e.g. "Play Effect". */
  label: string;
  rule: string;
  effects: Effect[];
  target: string | null;
  /** Purge on the source (D39). */
  purge: boolean;
  /** Whether the source is a spell (Immunity [spells], D33). */
  spell: boolean;
  /** Free play offered by Boon / Salvage: the card instance waiting. */
  free?: { card: string; from: 'archive' };
  /** Echo copies still to resolve after this one (D27). */
  copies?: number;
  /** The active player picked it to resolve next (D7). */
  chosen?: boolean;
}

export interface Attack {
  attacker: string;
  attackingPlayer: PlayerId;
  defendingPlayer: PlayerId;
  /** A creature id, or null for a direct attack. */
  target: string | null;
  /** Blockers in the order the defender declared them (D14). */
  blockers: string[];
}

export interface Delayed {
  controller: PlayerId;
  source: string;
  cardId: string;
  effects: Effect[];
  purge: boolean;
  spell: boolean;
}

export interface TimedEffect {
  id: string;
  target: string;
  power: number;
  health: number;
  source: string;
}

export interface ECOptions {
  firstPlayer: PlayerId | null;
  turnLimit: number;
  retaliation: boolean;
  redrawOnSkippedDraw: boolean;
  /** D11 alternative: Permanent spells stay on their stack at Standby (default false: §4.0.S1 archives every spell). */
  permanentSpellsStay: boolean;
  /** D27 alternative: Echo copies keep the original's targets (default false: the player may choose new ones). */
  echoKeepsTargets: boolean;
  minimumHand: number;
  format: 'modern' | 'casual';
}

export interface ECState {
  status: 'setup' | 'playing' | 'ended';
  winner: PlayerId | null;
  result: string | null;
  turn: number;
  activePlayer: PlayerId | null;
  firstPlayer: PlayerId | null;
  order: PlayerId[];
  phase: Phase;
  step: Step;
  players: Record<string, PlayerState>;
  attack: Attack | null;
  prompt: Prompt | null;
  pending: Pending[];
  effects: TimedEffect[];
  /** Delayed "at the end of turn" effects waiting for the next §4.0.E1 (D47). */
  delayed: Delayed[];
  serial: number;
  /** The active player redrew this turn (4.0.D2): the main phase is skipped. */
  redrew: boolean;
  options: ECOptions;
}

export const ZONE_CAP = 5;
export const HAND_LIMIT = 7;
export const SPELLBOOK_SIZE = 40;
