// Card definitions as data: stats, keywords (./keywords.ts) and abilities in a small effect language that
// resolve.ts interprets. Nothing here is code, so the pool can be listed, validated and shown as JSON.
import type { CardType, Element } from '../types';

export type KeywordName =
  | 'Class Bonus'
  | 'Cleave'
  | 'Critical'
  | 'Divine Relic'
  | 'Efficiency'
  | 'Element Bonus'
  | 'Floating Memory'
  | 'Immortality'
  | 'Inherited Effect'
  | 'Intercept'
  | 'Lineage'
  | 'On Attack'
  | 'On Death'
  | 'On Enter'
  | 'On Hit'
  | 'On Kill'
  | 'On Leave'
  | 'Prepare'
  | 'Preserve'
  | 'Pride'
  | 'Spellshroud'
  | 'Stealth'
  | 'True Sight'
  | 'Vigor'
  | 'Level Restriction';

/**
 * Restrictions on a printed keyword or ability (2.4.d): Class Bonus (X.A.1: your champion shares a class with the
 * card), Element Bonus (X.A.6: your champion's elements include the card's), Level Restriction (X.A.25: LV ≥ N).
 * `inherited` (X.A.9): a champion card's ability that its lineage's top champion has while the card is in it.
 */
export interface Condition {
  classBonus?: boolean;
  elementBonus?: boolean;
  levelAtLeast?: number;
  inherited?: boolean;
}

/** A keyword printed on a card, with its restrictions. */
export interface KeywordInstance extends Condition {
  keyword: KeywordName;
  n?: number;
  name?: string;
}

/** What a target may be (2.7.6). */
export type TargetSpec =
  | 'unit'
  | 'ally'
  | 'opponent-unit'
  | 'your-ally'
  | 'graveyard-card'
  /** An attack card's activation on the Effects Stack (its `sid`), for "negate target attack card" (1.7.d.4.a). */
  | 'stack-attack-card';

export type Effect =
  | { do: 'draw'; n: number }
  /** To its target, each opponent's champion, or each champion in the game (the controller's own too). */
  | { do: 'damage'; n: number; to: 'target' | 'opposing-champions' | 'each-champion' }
  | {
      do: 'prevent';
      n: number;
      to: 'target' | 'your-champion' | 'each-your-unit';
      damage: 'attack' | 'non-attack' | 'any';
      enlighten?: boolean;
    }
  | { do: 'recover'; n: number }
  | {
      do: 'counters';
      kind: 'buff' | 'enlighten' | 'level' | 'preparation';
      n: number;
      on: 'target' | 'self' | 'your-champion' | 'each-your-ally';
    }
  | { do: 'empower'; n: number; on: 'your-champion' | 'target' }
  | { do: 'grant'; keyword: KeywordName; on: 'target' }
  | { do: 'wake'; on: 'self' }
  | { do: 'destroy'; on: 'target' }
  /** Return the target ally to its owner's hand (2.1.h.6, 2.1.h.6.a). */
  | { do: 'return'; on: 'target' }
  /** Negate the target card activation on the Effects Stack: it goes to the graveyard and does nothing (X.B.23, 1.7.d.4.a). */
  | { do: 'negate'; on: 'target' }
  /** A delayed trigger (2.4.b.5): at the beginning of this turn's end phase, once, its effects go on the stack. */
  | { do: 'delayed'; at: 'end-phase'; effects: Effect[] }
  | { do: 'materialize-weapon'; maxCost: number }
  /** Put `n` token objects of a card's definition onto the field under your control (2.3.d.5; a token leaving the field ceases to exist, 2.5.a.1). */
  | { do: 'token'; card: string; n: number }
  | { do: 'banish-random-memory'; then: 'draw' }
  | { do: 'banish-from-graveyard'; levelIfFloating: boolean }
  | { do: 'double-attack-if-banish'; element: Element; n: number };

export type TriggerOn = 'enter' | 'attack' | 'hit' | 'ally-hit' | 'kill' | 'death' | 'leave' | 'end-phase';

export type Ability =
  | ({
      kind: 'trigger';
      on: TriggerOn;
      effects: Effect[];
      condition?: 'awake';
      cost?: AbilityCost;
      text: string;
    } & Condition)
  | ({
      kind: 'activated';
      cost: AbilityCost;
      target?: TargetSpec;
      effects: Effect[];
      text: string;
    } & Condition)
  | { kind: 'resolve'; target?: TargetSpec; effects: Effect[]; text: string }
  | ({ kind: 'static'; effect: StaticEffect; text: string } & Condition);

export interface AbilityCost {
  rest?: true;
  banishSelf?: true;
  removeCounters?: {
    kind: 'durability' | 'enlighten' | 'preparation';
    n: number;
    from: 'self' | 'your-champion';
  };
}

export type StaticEffect =
  | { kind: 'power'; n: number; applies: 'self' | 'your-allies'; whenPrepared?: boolean }
  | { kind: 'power-per-banished-regalia-weapon' }
  | { kind: 'level'; n: number };

export interface GACardDef {
  id: string;
  name: string;
  type: CardType;
  supertypes: ('regalia' | 'unique')[];
  /** Class and other subtypes as printed ("Warrior", "Spell", "Spirit", "Reaction"…). */
  subtypes: string[];
  element: Element;
  /** Printed cost; null = no cost (2.3.c.4), which can't be paid, not even as 0. */
  cost: { kind: 'reserve' | 'memory'; n: number } | null;
  level?: number;
  life?: number;
  power?: number;
  durability?: number;
  speed?: 'fast' | 'slow';
  /** Lineage name of a champion ("Lorraine"), 1.7.a.10. */
  lineageName?: string;
  keywords: KeywordInstance[];
  abilities: Ability[];
  text: string;
  /** Where the Comprehensive Rules name this card, if they do. */
  namedIn?: string;
  sample: boolean;
}
