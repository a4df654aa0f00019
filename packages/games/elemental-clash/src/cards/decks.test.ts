// Spellbook construction (§2.0), Unique (7.0) and Modern legality (§9.1); the pool covers §9.1's promos.
import { describe, expect, it } from 'vitest';
import { CARD_BY_ID, PRESET_DECKS, validateDeck } from './decks';
import { CARDS } from './pool';

const PROMOS = [
  'Alfian, Prince of the Albs',
  'Anor, Mistress of Dragons',
  'Artupaz the Wicked Warlock',
  'Azragruul, King of the Trolls',
  'Bearheart the Faithful',
  'Bonewarrior',
  'Brainsucker',
  'Ceshire Cat Byre',
  'Cinna, the Enchanting Beauty',
  'Clash of Dragons',
  'Demonic Dragon',
  'Dragonslayer',
  'Enggar, Master of Colors',
  'Fandi of the Flaming Eye',
  'Farcino, the Last Seeker',
  'Fhizban, the Disputed Wizard',
  'Floodbringer Leviathan',
  'Goblin Santa',
  'Gorean the Purger',
  'Helios, Disciple of the Rising Sun',
  'Heroic Deed',
  'Jilocasin the Creator',
  'King Neptune, Deepsea Sovereign',
  "K'nah the Liberator",
  'Krampus',
  'Lake Lindwurm',
  'Legacy of Legends',
  'Lindwurm',
  'Mazrael Karmaut',
  'Morphus the Architect',
  'Pilwiz',
  "Rak'Shazzar, King of the Goblins",
  'Scarecrow Minion',
  'Skeletal Dragon',
  "Summoner's Art",
  'Tellow, Healer Adept',
  'The Mischievous Duo',
  'The Scarecrow King',
  'Thoughtfrazzler',
  'Total Annihilation',
  'Volcanic Fist',
  "Wizard's Study",
];

describe('card pool and spellbooks', () => {
  it('has every promo card of §9.1 and the four basic stones, all marked as samples (D40)', () => {
    const names = new Set(CARDS.map((c) => c.name));
    for (const n of [...PROMOS, 'Mars Stone', 'Mercury Stone', 'Jupiter Stone', 'Venus Stone'])
      expect(names.has(n), n).toBe(true);
    expect(CARDS.every((c) => c.sample)).toBe(true);
    expect(
      CARDS.filter((c) => c.basic)
        .map((c) => c.id)
        .sort(),
    ).toEqual(['jupiter-stone', 'mars-stone', 'mercury-stone', 'venus-stone']);
  });

  it('the presets are legal spellbooks of exactly 40', () => {
    expect(Object.keys(PRESET_DECKS)).toHaveLength(2);
    for (const d of Object.values(PRESET_DECKS)) {
      expect(d.main).toHaveLength(40);
      expect(validateDeck(d)).toEqual([]);
    }
  });

  it('refuses a spellbook of 39 or 41, a 4th copy, a 2nd Unique, an unknown card; basic stones are unlimited (2.0)', () => {
    const base = [...Array.from({ length: 37 }, () => 'mars-stone'), 'krampus', 'krampus', 'krampus'];
    expect(validateDeck({ main: base })).toEqual([]);
    expect(validateDeck({ main: base.slice(1) }).join()).toMatch(/exactly 40/);
    expect(validateDeck({ main: [...base, 'mars-stone'] }).join()).toMatch(/exactly 40/);
    expect(validateDeck({ main: [...base.slice(1), 'krampus'] }).join()).toMatch(/at most 3 copies/);
    expect(
      validateDeck({
        main: [...base.slice(2), 'king-neptune-deepsea-sovereign', 'king-neptune-deepsea-sovereign'],
      }).join(),
    ).toMatch(/Unique/);
    expect(validateDeck({ main: [...base.slice(1), 'orb-of-hermes'] }).join()).toMatch(/banned/);
    expect(validateDeck({ main: [...base.slice(1), 'orb-of-hermes'] }, 'casual')).toEqual([]);
    expect(validateDeck({ main: [...base.slice(1), 'nonsense'] }).join()).toMatch(/unknown card/);
    expect(CARD_BY_ID.get('fire-sale')?.banned).toBe(true);
  });
});
