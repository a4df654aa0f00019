// Keyword abilities (CR 704) as data: card definitions reference them by name; the engine reads these
// definitions, never the card text. `mechanical: false` marks keywords that only matter for deck building.
import type { KeywordEntry } from '@matchtape/engine';
export type KeywordName =
  | 'Awe Factor'
  | 'Barrage'
  | 'Breakthrough'
  | 'Close Combat'
  | 'Enrage'
  | 'Exclusive'
  | 'Flight'
  | 'Interception'
  | 'Irrefutable'
  | 'Necrotic'
  | 'Observant'
  | 'Superspeed'
  | 'Undisputed'
  | 'Unrivaled'
  | 'Safeguard';

export interface KeywordDefinition extends KeywordEntry<KeywordName> {
  kind: 'static' | 'triggered' | 'deckbuilding';
  /** Numbered abilities take a value; several instances do not stack, the highest applies (704.2d). */
  numbered: boolean;
  /** Where the engine implements it. */
  implementedBy: string;
  summary: string;
}

export const KEYWORDS: readonly KeywordDefinition[] = [
  {
    keyword: 'Awe Factor',
    rule: '704.2',
    kind: 'triggered',
    numbered: true,
    implementedBy: 'trigger on entering play',
    summary: "When this card enters play, all Clash cards you don't control get -X/-0 until end of turn.",
  },
  {
    keyword: 'Barrage',
    rule: '704.3',
    kind: 'triggered',
    numbered: true,
    implementedBy: 'attack trigger with a divided-damage choice',
    summary:
      'When this card attacks, you may deal damage equal to its initial attack power divided among up to X target Clash cards.',
  },
  {
    keyword: 'Breakthrough',
    rule: '704.4',
    kind: 'static',
    numbered: false,
    implementedBy: 'clash damage (C6)',
    summary:
      "An obstructed attacker deals its attack above the obstructors' total defense to the defending Contender.",
  },
  {
    keyword: 'Close Combat',
    rule: '704.5',
    kind: 'static',
    numbered: false,
    implementedBy: 'attack targets',
    summary: 'This card can attack ready Clash cards.',
  },
  {
    keyword: 'Enrage',
    rule: '704.6',
    kind: 'triggered',
    numbered: true,
    implementedBy: 'trigger on non-clash damage',
    summary: 'Whenever this card is dealt non-clash damage, it gets +X/+0 until end of turn for each point.',
  },
  {
    keyword: 'Exclusive',
    rule: '704.7',
    kind: 'static',
    numbered: false,
    implementedBy: 'play legality',
    summary: 'Only one copy of this card can be in your control.',
  },
  {
    keyword: 'Flight',
    rule: '704.8',
    kind: 'static',
    numbered: false,
    implementedBy: 'obstruct legality',
    summary: 'Can only be obstructed by Clash cards with Flight or Interception.',
  },
  {
    keyword: 'Interception',
    rule: '704.9',
    kind: 'static',
    numbered: false,
    implementedBy: 'obstruct legality',
    summary: 'This card can obstruct Clash cards with Flight.',
  },
  {
    keyword: 'Irrefutable',
    rule: '704.10',
    kind: 'static',
    numbered: false,
    implementedBy: 'negation',
    summary: "This card can't be prevented from entering play.",
  },
  {
    keyword: 'Necrotic',
    rule: '704.11',
    kind: 'static',
    numbered: false,
    implementedBy: 'clash damage / clash end',
    summary: 'Clash cards dealt clash damage by this card are sent to Oblivion after the clash.',
  },
  {
    keyword: 'Observant',
    rule: '704.12',
    kind: 'static',
    numbered: false,
    implementedBy: 'attack legality',
    summary: "This card can't attack the turn it enters play.",
  },
  {
    keyword: 'Superspeed',
    rule: '704.13',
    kind: 'static',
    numbered: false,
    implementedBy: 'clash damage (two passes)',
    summary: 'Deals clash damage before Clash cards without Superspeed.',
  },
  {
    keyword: 'Undisputed',
    rule: '704.14',
    kind: 'static',
    numbered: false,
    implementedBy: 'state-based defeat check',
    summary: "This Clash card can't be defeated during a clash on your turn.",
  },
  {
    keyword: 'Unrivaled',
    rule: '704.15',
    kind: 'deckbuilding',
    numbered: false,
    implementedBy: 'validateDeck',
    summary: 'Only one card with Unrivaled is allowed per deck.',
  },
  {
    keyword: 'Safeguard',
    rule: '704.16',
    kind: 'static',
    numbered: false,
    implementedBy: 'target legality',
    summary: "This card can't be the target of card effects or abilities your opponents control.",
  },
];

/** A keyword on a card: name and, for numbered abilities, X. */
export interface KeywordRef {
  k: KeywordName;
  x?: number;
}
