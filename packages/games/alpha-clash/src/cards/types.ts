// Card definitions as data. The engine interprets these; card text is for people.
import type { Color } from '../types';
import type { KeywordRef } from './keywords';

export type CardType =
  | 'Contender'
  | 'Clash'
  | 'Clashground'
  | 'Trap'
  | 'Weapon'
  | 'Relic'
  | 'Basic Action'
  | 'Quick Action'
  | 'Clash Buff';
export type CounterTag = 'Counter–Attack' | 'Counter–Play' | 'Counter–Trap';

/** What a targeted effect may point at. Targets are enumerated in legalCommands. */
export type TargetSpec =
  | 'none'
  /** Your Clash card or Contender (Clash Buffs' default, 306.6). */
  | 'ownClashOrContender'
  | 'ownClash'
  | 'anyClash'
  | 'anyClashOrContender'
  | 'anyContender'
  /** The opponent's card being played, just below in Standby (Counter–Play). */
  | 'standbyCard'
  /** The opponent's Trap being activated, just below in Standby (Counter–Trap). */
  | 'standbyTrap';

/** "Until end of turn" (505.3), "until end of this clash" (504.10), "until the start of your next turn" (500.3). */
export type Until = 'turn' | 'clash' | 'yourNextTurn';

/**
 * When a delayed triggered effect (603.7) triggers: at the End of Turn Phase of this turn (505.2), at the start of the
 * next turn (501.1), or at the start of its controller's next turn.
 */
export type DelayedAt = 'endOfTurn' | 'startOfNextTurn' | 'startOfYourNextTurn';

export type Effect =
  | BaseEffect
  /**
   * Create a delayed triggered effect (603.7a): at `at` its `effects` trigger once (603.7b), with this effect's
   * source, controller and target (603.7d–e); a target no longer in play then is not affected (603.7c).
   */
  | { do: 'delayed'; at: DelayedAt; effects: BaseEffect[] };

export type BaseEffect =
  | { do: 'damage'; amount: number }
  | { do: 'damageEachClash'; amount: number; whose: 'all' | 'opponents'; affiliation?: string }
  /** Deal damage to each Contender, the active player's first (both Contenders, 116.2, 101.4). */
  | { do: 'damageEachContender'; amount: number }
  | { do: 'modify'; atk: number; def: number; until: Until }
  | { do: 'modifyAttacker'; atk: number; def: number; until: Until }
  | { do: 'modifyOpponentsClash'; atk: number; def: number }
  | { do: 'draw'; amount: number }
  | { do: 'gainHealth'; amount: number }
  | { do: 'negate' }
  | { do: 'sendToOblivion' }
  | { do: 'engage' }
  | { do: 'activatePortal' }
  | { do: 'preventClash'; amount: number }
  | { do: 'attackerToOblivionAfterClash' }
  /** Counter–Play riders on the Clash card being played: it enters with damage / engaged / modified (Energy Blast…). */
  | { do: 'entersWith'; damage?: number; engaged?: boolean; atk?: number; def?: number }
  | { do: 'noEnterTrigger' }
  | { do: 'xDamage' }
  | { do: 'barrage' }
  | { do: 'enrage'; x: number }
  /** Each player in turn order draws `amount`, then discards one (118.2c, 703.7). */
  | { do: 'eachDrawThenDiscard'; amount: number }
  /** Return the card being played from Standby to its owner's hand; it does not enter play (703.12c). */
  | { do: 'returnToHand' }
  /** Return the target permanent from play to its owner's hand (703.12b); it becomes a new object (400.6). */
  | { do: 'returnPermanentToHand' }
  /** Gain control of the target permanent: it moves to your side without leaving play (110.2c). */
  | { do: 'gainControl' }
  /** Look at (703.8d, controller only) or reveal (703.8a, everyone) the top N cards of your deck; as many as there are (606.3). */
  | { do: 'lookTop' | 'revealTop'; amount: number }
  /** 703.9: search your deck for a card of this type and put it into your hand (you need not find one, 703.9b). */
  | { do: 'search'; cardType: CardType };

export interface EffectSpec {
  target: TargetSpec;
  effects: Effect[];
}

export type TriggerTag = 'Enter' | 'Attack' | 'Obstruct' | 'Defeat' | 'Victory' | 'StartOfTurn';

export interface TriggerSpec extends EffectSpec {
  on: TriggerTag;
}

export interface ActivatedSpec extends EffectSpec {
  /** "Once per turn, during your Primary Phase, you may engage this card" (602, 115.3). */
  engage: boolean;
  health: number;
  cost: number;
  gems: Partial<Record<Color, number>>;
  oncePerTurn: boolean;
  /** Contender abilities are active only at or below this health (107.4b, 301.3). */
  threshold?: number;
  /** A Counter-tagged activated effect is activated in that response window instead of your Primary Phase (602.5). */
  window?: CounterTag;
  /** Cost: send this card to Oblivion (T-Bone, the Vindictive). */
  sendSelf?: boolean;
  /** The target (a card being played) must be of this type. */
  targetType?: CardType;
}

export interface StaticSpec {
  /** Your other Clash cards get +atk/+def (Magnate, the Tyrant). */
  alliesAtk?: number;
  alliesDef?: number;
  /** Prevent all non-clash damage dealt to this card (Torque, the Uncontrollable). */
  preventNonClash?: boolean;
  /** One-gem Weapon attach costs become 0 (United Nations Headquarters). */
  freeOneGemAttach?: boolean;
  /** The Draw Step draw becomes "draw 1 more, then discard 1" (Amazon Rainforest). */
  drawStepExtra?: boolean;
  /** Contender threshold for this static ability (107.4b). */
  threshold?: number;
}

export interface ACCardDef {
  id: string;
  name: string;
  printed?: string;
  type: CardType;
  colors: Color[];
  /** Total resource cost (initial cost) and the colored gems within it (202.1–2). */
  cost: number;
  gems: Partial<Record<Color, number>>;
  /** X in the resource cost (107.3): the player declares X ≥ the gems. */
  xCost?: boolean;
  healthCost?: number;
  atk?: number;
  def?: number;
  health?: number;
  character?: string;
  affiliation?: string;
  keywords: KeywordRef[];
  tag?: CounterTag;
  /** Actions, Traps: what resolves. */
  play?: EffectSpec;
  triggers?: TriggerSpec[];
  activated?: ActivatedSpec;
  static?: StaticSpec;
  attach?: { cost: number; gems: Partial<Record<Color, number>>; atk: number; def: number };
  /** Printed cost reductions (115.6; a gem reduction lowers the total too, 115.6b). */
  costMod?:
    | { free: 'characterCount'; character: string; count: number }
    | { free: 'weaponCount'; count: number }
    | {
        reduceGems: Partial<Record<Color, number>>;
        ifDefeatedThisTurn: { affiliations: string[]; count: number };
      }
    /** "This card costs [gems] less to play for each unattached Weapon you control" (the 115.6 example). */
    | { reduceGems: Partial<Record<Color, number>>; per: 'unattachedWeapon' };
  /** Alternative cost (115.9): instead of the resource cost, send one card of each of these characters you control to Oblivion. */
  altCostSend?: string[];
  /** Your Traps with exactly one gem cost 0 to activate while you control this (Moxie, Fully Loaded). */
  freeOneGemTraps?: boolean;
  /** "At the start of the game" action (103.6): search the deck for a card of this type and put it into play. */
  startOfGameSearch?: CardType;
  text: string;
  /** True when the documents give no stats and we chose plausible ones. */
  sample: boolean;
  /** Printed text the engine does not carry out, and why. */
  unimplemented?: string;
}
