// Preset spellbooks and spellbook validation (§2.0, §7.0 Unique, §9.1; D36).
import type { DeckList } from '@matchtape/engine';
import { CARDS, type ECCard } from './pool';
import { testCardFromId } from './test-cards';

export const CARD_BY_ID: ReadonlyMap<string, ECCard> = new Map(CARDS.map((c) => [c.id, c]));

/** A card of the pool, or a scenario's test card (its id carries its definition, cards/test-cards.ts). */
export function findCard(cardId: string): ECCard | undefined {
  return CARD_BY_ID.get(cardId) ?? testCardFromId(cardId);
}

export function cardDef(cardId: string): ECCard {
  const c = findCard(cardId);
  if (!c) throw new Error(`unknown Elemental Clash card "${cardId}"`);
  return c;
}

const times = (n: number, id: string): string[] => Array.from({ length: n }, () => id);

export const PRESET_DECKS: Readonly<Record<string, DeckList>> = {
  'ember-legion': {
    name: 'Ember Legion (Mars / Venus)',
    main: [
      ...times(9, 'mars-stone'),
      ...times(7, 'venus-stone'),
      ...times(3, 'bonewarrior'),
      ...times(2, 'goblin-santa'),
      'fandi-of-the-flaming-eye',
      'pilwiz',
      'krampus',
      'total-annihilation',
      'rakshazzar-king-of-the-goblins',
      'dragonslayer',
      'artupaz-the-wicked-warlock',
      'azragruul-king-of-the-trolls',
      ...times(2, 'lindwurm'),
      'lake-lindwurm',
      ...times(3, 'scarecrow-minion'),
      'mazrael-karmaut',
      'skeletal-dragon',
      'demonic-dragon',
      'anor-mistress-of-dragons',
      'clash-of-dragons',
    ],
  },
  'tides-of-jupiter': {
    name: 'Tides of Jupiter (Mercury / Jupiter)',
    main: [
      ...times(8, 'mercury-stone'),
      ...times(8, 'jupiter-stone'),
      'alfian-prince-of-the-albs',
      'jilocasin-the-creator',
      'ceshire-cat-byre',
      'bearheart-the-faithful',
      'cinna-the-enchanting-beauty',
      'volcanic-fist',
      'brainsucker',
      'wizards-study',
      'helios-disciple-of-the-rising-sun',
      'morphus-the-architect',
      ...times(2, 'knah-the-liberator'),
      'the-mischievous-duo',
      'legacy-of-legends',
      'tellow-healer-adept',
      'fhizban-the-disputed-wizard',
      'enggar-master-of-colors',
      'farcino-the-last-seeker',
      'king-neptune-deepsea-sovereign',
      'floodbringer-leviathan',
      ...times(2, 'thoughtfrazzler'),
      'heroic-deed',
      'summoners-art',
    ],
  },
};

/** Problems with a spellbook, in plain words; empty when it is legal. */
export function validateDeck(deck: DeckList, format: 'modern' | 'casual' = 'modern'): string[] {
  const out: string[] = [];
  if (deck.main.length !== 40)
    out.push(`a spellbook has exactly 40 cards (2.0); this one has ${deck.main.length}`);
  const counts = new Map<string, number>();
  for (const id of deck.main) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const [id, n] of counts) {
    const c = CARD_BY_ID.get(id);
    if (!c) {
      out.push(`unknown card "${id}": use a card id of the Elemental Clash pool`);
      continue;
    }
    if (c.unique && n > 1) out.push(`${c.name} is Unique: at most 1 copy (7.0.Unique), found ${n}`);
    else if (!c.basic && n > 3) out.push(`at most 3 copies of ${c.name} (2.0), found ${n}`);
    if (format === 'modern' && c.banned) out.push(`${c.name} is banned in the Modern format (9.1)`);
  }
  return out;
}
