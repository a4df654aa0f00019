// A game-agnostic picture of a state, so the site draws any game's board from its zones.
// Games build it in `board(state)` from whichever view they are given.

export interface CardFace {
  name: string;
  /** e.g. "2RR", "3", "X". */
  cost?: string | null;
  /** Card type line as printed: "Clash", "Action – Quick", "Ally"… */
  types: string[];
  /** Colours / elements / factions. */
  colors?: string[];
  stats?: Record<string, number | string>;
  keywords?: string[];
  text?: string;
  /** The card's picture, when the card data has one: a path the site serves (its CSP allows same-origin images). */
  art?: string;
}

export interface CardTile {
  id: string;
  hidden?: false;
  cardId: string;
  face: CardFace;
  /** Engaged / rested / exhausted / face down… as the game names it. */
  tapped?: boolean;
  faceDown?: boolean;
  damage?: number;
  counters?: Record<string, number>;
  /** Current stats after modifiers, when they differ from the face. */
  current?: Record<string, number>;
  attachments?: CardTile[];
  /** Short tags shown on the tile: "attacking", "obstructing", "summoning sick"… */
  tags?: string[];
}

/** A card the viewer may not see: only an opaque id. */
export interface HiddenTile {
  id: string;
  hidden: true;
}

export type Tile = CardTile | HiddenTile;

export interface ZoneModel {
  key: string;
  label: string;
  /** row: cards side by side (play areas); pile: a deck or discard shown as a stack with a count; fan: a hand. */
  layout: 'row' | 'pile' | 'fan' | 'stack';
  count: number;
  /** For piles, the cards visible (e.g. the top of a discard); for others, every card. */
  cards: Tile[];
}

export interface StatModel {
  key: string;
  label: string;
  value: number | string;
  max?: number;
}

export interface PlayerBoard {
  id: string;
  name: string;
  stats: StatModel[];
  zones: ZoneModel[];
  /** The champion / contender / faction shown large. */
  hero?: CardTile | null;
}

export interface BoardModel {
  game: string;
  status: 'setup' | 'playing' | 'ended';
  turn: number;
  phase: string;
  step: string | null;
  activePlayer: string | null;
  /** Who may act now (priority / prompt). */
  acting: string[];
  players: PlayerBoard[];
  /** Zones that belong to nobody: Standby, the effects stack, a shared Clashground… */
  shared: ZoneModel[];
  /** A sentence on what is happening: "Clash: Ravager attacks Zenith (C3 Obstruct)". */
  banner: string | null;
  winner: string | null;
  result: string | null;
}
