// Card definitions as data: types, cost, threshold, battle stats, keywords (./keywords.ts), abilities, triggers,
// static rules text and replacements in a small effect language that flow.ts interprets. Nothing here is code.

/** Resource icons (405.5). */
export type Icon = 'Obsession' | 'Greed' | 'Elitism' | 'Deception' | 'Rage' | 'Volition';
export const ICONS: readonly Icon[] = ['Obsession', 'Greed', 'Elitism', 'Deception', 'Rage', 'Volition'];

/** Card types (Section 2); a card may have several (208.1). */
export type CardType = 'faction' | 'resource' | 'character' | 'tactic' | 'item' | 'location';

/** A threshold: how many icons of each kind you must control (405.1). */
export type Threshold = Partial<Record<Icon, number>>;

/** What an effect or cost may pick (310, 402.3a: in play unless a zone is named). */
export interface PickSpec {
  type: 'character' | 'location' | 'item';
  controller: 'you' | 'opponent' | 'any';
  /** "with N strength or less" */
  maxStrength?: number;
}

export type Effect =
  | { do: 'draw'; n: number }
  | { do: 'damage'; n: number; to: 'picked' | 'opponent-faction' }
  | { do: 'lose-influence'; n: number; who: 'opponent' }
  | { do: 'stats'; on: 'picked'; str: number; life: number; spd: number }
  | { do: 'token'; token: 'micromajig-token' }
  | { do: 'add-tokens'; kind: string; n: number }
  | { do: 'control'; on: 'picked' }
  | { do: 'restore-rule' }
  | { do: 'develop-rule' }
  | { do: 'search'; type: 'item' }
  | { do: 'bid'; prize: { draw: number } }
  /** 305: every card of the hand goes to the discard pile at the same time. */
  | { do: 'discard-hand'; who: 'you' | 'opponent' }
  /** 314: the card or ability this responds to (the one below it in the responses) is stopped before it resolves. */
  | { do: 'terminate'; what: 'responded-to' };

/** Extra costs, satisfied in the order listed (401.3); `pay` adds to the running total (406.3). */
export type ExtraCost =
  | { kind: 'pick'; pick: PickSpec }
  | { kind: 'destroy-own'; type: 'character' }
  | { kind: 'deplete-self' }
  | { kind: 'remove-tokens'; token: string; n: number }
  | { kind: 'pay'; n: number }
  | { kind: 'your-turn-only' };

export interface Ability {
  name: string;
  threshold?: Threshold;
  cost: ExtraCost[];
  effect: Effect[];
}

export type TriggerWhen =
  | 'start-of-your-turn'
  | 'end-of-your-turn'
  | 'enters-play'
  | 'token-enters-play'
  | 'you-play-a-resource'
  | 'leaves-play';

export interface Trigger {
  when: TriggerWhen;
  effect: Effect[];
  /** A named section of a faction's rules text (202.7, 202.8). */
  section?: string;
}

/** Ongoing rules text (504 conditionals, 505 requirements, 406/410 cost changes, 408.3b damage reduction). */
export type Static =
  | { kind: 'gains-per-subtype'; subtype: string; str: number; life: number }
  | { kind: 'gains-while-opponent-controls-character'; str: number; life: number }
  | { kind: 'gains'; str: number; life: number; threshold: Threshold }
  | { kind: 'cost-reduction'; appliesTo: CardType; n: number }
  | { kind: 'opponent-cost-increase'; appliesTo: CardType; n: number }
  | { kind: 'faction-damage-reduction'; n: number }
  | { kind: 'opponent-attack-requirement'; pay: number };

/** Replacements ("instead", 506). */
export type Replacement = { kind: 'discard-from-play'; instead: 'flip-face-down' | 'remove-from-game' };

export type Keyword =
  | { kw: 'attach-to'; type: 'character' }
  | { kw: 'covert' }
  | { kw: 'flip-up'; cost: number; threshold: Threshold }
  | { kw: 'unique'; id: string }
  | { kw: 'tactical' }
  | { kw: 'cannot-be-blocked' };

export interface FactionRules {
  influence: number;
  /** Card ids searched out of the deck at 601.1b. */
  startingResources: string[];
  startingDraw: { first: number; second: number };
}

export interface CardDef {
  id: string;
  name: string;
  /** Trade (201.4a); the resource icon it is tied to. */
  trade?: string;
  types: CardType[];
  supertypes: string[];
  subtypes: string[];
  cost?: number;
  threshold: Threshold;
  str?: number;
  life?: number;
  spd?: number;
  structure?: number;
  /** Gear adjustments printed on an item (201.7c). */
  gear?: { str: number; life: number; spd: number };
  provides: Icon[];
  keywords: Keyword[];
  abilities: Ability[];
  triggers: Trigger[];
  statics: Static[];
  replacements: Replacement[];
  /** Extra costs and effect of a tactic (or of playing a card at all). */
  playCost: ExtraCost[];
  effect: Effect[];
  faction?: FactionRules;
  /** A token (409): created by effects, never in a deck. */
  token?: boolean;
  /** The rules document names the card but gives no stats: ours are samples. */
  sample: boolean;
  /** Where the document mentions it. */
  rule?: string;
  text: string;
}
