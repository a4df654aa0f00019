// The card pool: the four basic element stones (§2.0) and the promotional cards of §9.1. The document prints
// names only, so every stat and ability here is a sample (D40), chosen so each §7.0 keyword is on some card.
import type { Criteria, Effect } from '../types';

export type Element = 'Mars' | 'Mercury' | 'Jupiter' | 'Venus' | 'neutral';
export type CardType = 'Element Stone' | 'Creature' | 'Transformed Creature' | 'Spellcaster' | 'Spell' | 'Building';
export type SpellKind = 'Flash' | 'Abrupt' | 'Permanent' | 'Equip' | null;

/** A keyword ability as data: the keyword of §7.0 and its parameters ([X], [Criteria], [Effect]). */
export interface Ability {
  keyword: KeywordName;
  x?: number;
  criteria?: Criteria;
  effects?: Effect[];
  /** Last Stand bonus to this creature. */
  bonus?: { power: number; health?: number };
}

export interface ECCard {
  id: string;
  name: string;
  type: CardType;
  /** Basic element stone (§2.0), or the Spell subtype of §6.0. */
  basic?: boolean;
  spell?: SpellKind;
  element: Element;
  level: number;
  power?: number;
  health?: number;
  creatureTypes?: string[];
  /** Effects of a spell when it resolves (targets chosen on play). */
  effects?: Effect[];
  /** "At the end of turn" text of a building or creature (§4.0.E1). */
  endOfTurn?: Effect[];
  abilities: Ability[];
  /** Static bonus of a Permanent spell (own creatures) or an Equip spell (the equipped creature), D11. */
  static?: { power: number; health?: number; scope: 'own-creatures' | 'equipped' };
  unique?: boolean;
  banned?: boolean;
  text: string;
  sample: true;
}

export const KEYWORD_NAMES = [
  'Aerial', 'Berserk', 'Boon', 'Breakthrough', 'Charge Attack', 'Construct', 'Delve', 'Destroy Effect', 'Discharge', 'Echo',
  'Familiar Spirit', 'Future Sight', 'Gamble', 'Harvest', 'Immunity', 'Last Stand', 'Leave Effect', 'Mutate', 'Play Effect',
  'Purge', 'Quickattacker', 'Quickdefender', 'Quickstriker', 'Ranged Attack', 'Recover', 'Reinforce', 'Resident', 'Respawn',
  'Salvage', 'Slayer', 'Stealthy', 'Tribute', 'Unique',
] as const;
export type KeywordName = (typeof KEYWORD_NAMES)[number];

const stone = (id: string, name: string, element: Element): ECCard => ({
  id, name, type: 'Element Stone', basic: true, element, level: 0, abilities: [], text: `Basic element stone (${element}).`, sample: true,
});

type CreatureSpec = Omit<ECCard, 'type' | 'sample' | 'abilities'> & { type?: CardType; abilities?: Ability[] };
const creature = (c: CreatureSpec): ECCard => ({ type: 'Creature', abilities: [], sample: true, ...c });
type SpellSpec = Omit<ECCard, 'type' | 'sample' | 'abilities'> & { abilities?: Ability[] };
const spell = (c: SpellSpec): ECCard => ({ type: 'Spell', abilities: [], sample: true, spell: null, ...c });

const dmg = (amount: number, to: Extract<Effect, { kind: 'damage' }>['to']): Effect => ({ kind: 'damage', amount, to });

export const CARDS: readonly ECCard[] = [
  stone('mars-stone', 'Mars Stone', 'Mars'),
  stone('mercury-stone', 'Mercury Stone', 'Mercury'),
  stone('jupiter-stone', 'Jupiter Stone', 'Jupiter'),
  stone('venus-stone', 'Venus Stone', 'Venus'),
  creature({ id: 'alfian-prince-of-the-albs', name: 'Alfian, Prince of the Albs', element: 'Jupiter', level: 2, power: 2, health: 3, creatureTypes: ['Alb', 'Human'], abilities: [{ keyword: 'Aerial' }], text: 'Aerial.' }),
  creature({ id: 'anor-mistress-of-dragons', name: 'Anor, Mistress of Dragons', element: 'Mars', level: 3, power: 2, health: 4, creatureTypes: ['Human'], unique: true, abilities: [{ keyword: 'Unique' }, { keyword: 'Tribute', x: 1, criteria: { creatureType: 'Dragon' }, effects: [dmg(4, 'target-any')] }], text: 'Unique. Tribute 1 [Dragon] - Deal 4 damage to target player or creature.' }),
  creature({ id: 'artupaz-the-wicked-warlock', name: 'Artupaz the Wicked Warlock', type: 'Spellcaster', element: 'Mars', level: 2, power: 1, health: 3, creatureTypes: ['Warlock', 'Human'], abilities: [{ keyword: 'Ranged Attack', x: 2 }], text: 'Ranged Attack 2.' }),
  creature({ id: 'azragruul-king-of-the-trolls', name: 'Azragruul, King of the Trolls', element: 'Venus', level: 4, power: 4, health: 6, creatureTypes: ['Troll'], unique: true, abilities: [{ keyword: 'Unique' }, { keyword: 'Berserk', effects: [{ kind: 'pump', power: 2, to: 'self' }] }], text: 'Unique. Berserk - This creature gets +2 Power until end of turn.' }),
  creature({ id: 'bearheart-the-faithful', name: 'Bearheart the Faithful', element: 'Venus', level: 2, power: 2, health: 4, creatureTypes: ['Beast'], abilities: [{ keyword: 'Quickdefender' }], text: 'Quickdefender.' }),
  creature({ id: 'bonewarrior', name: 'Bonewarrior', element: 'Mars', level: 1, power: 2, health: 1, creatureTypes: ['Undead'], abilities: [{ keyword: 'Boon' }], text: 'Boon.' }),
  creature({ id: 'brainsucker', name: 'Brainsucker', element: 'Mercury', level: 2, power: 1, health: 3, creatureTypes: ['Horror'], abilities: [{ keyword: 'Play Effect', effects: [{ kind: 'mill', n: 2, who: 'opponent' }] }], text: 'Play Effect - Your opponent puts the top 2 cards of their spellbook into their archive.' }),
  creature({ id: 'ceshire-cat-byre', name: 'Ceshire Cat Byre', element: 'Jupiter', level: 1, power: 1, health: 2, creatureTypes: ['Beast'], abilities: [{ keyword: 'Stealthy' }], text: 'Stealthy.' }),
  creature({ id: 'cinna-the-enchanting-beauty', name: 'Cinna, the Enchanting Beauty', element: 'Mercury', level: 2, power: 1, health: 3, creatureTypes: ['Human'], abilities: [{ keyword: 'Immunity', criteria: { type: 'spell' } }], text: 'Immunity - Spells.' }),
  spell({ id: 'clash-of-dragons', name: 'Clash of Dragons', element: 'Mars', level: 2, effects: [dmg(2, 'target-creature')], abilities: [{ keyword: 'Echo' }], text: 'Deal 2 damage to target creature. Echo.' }),
  creature({ id: 'demonic-dragon', name: 'Demonic Dragon', element: 'Mars', level: 4, power: 4, health: 4, creatureTypes: ['Dragon', 'Demon'], abilities: [{ keyword: 'Aerial' }, { keyword: 'Purge' }], text: 'Aerial. Purge.' }),
  creature({ id: 'dragonslayer', name: 'Dragonslayer', element: 'Venus', level: 2, power: 1, health: 2, creatureTypes: ['Human'], abilities: [{ keyword: 'Slayer' }], text: 'Slayer.' }),
  creature({ id: 'enggar-master-of-colors', name: 'Enggar, Master of Colors', type: 'Spellcaster', element: 'neutral', level: 3, power: 2, health: 3, creatureTypes: ['Human', 'Wizard'], abilities: [{ keyword: 'Play Effect', effects: [{ kind: 'futureSight', x: 3 }] }, { keyword: 'Future Sight', x: 3 }], text: 'Play Effect - Future Sight 3.' }),
  creature({ id: 'fandi-of-the-flaming-eye', name: 'Fandi of the Flaming Eye', element: 'Mars', level: 2, power: 2, health: 2, creatureTypes: ['Human'], abilities: [{ keyword: 'Quickstriker' }], text: 'Quickstriker.' }),
  creature({ id: 'farcino-the-last-seeker', name: 'Farcino, the Last Seeker', element: 'neutral', level: 2, power: 1, health: 2, creatureTypes: ['Human'], abilities: [{ keyword: 'Play Effect', effects: [{ kind: 'construct', x: 2 }] }, { keyword: 'Construct', x: 2 }], text: 'Play Effect - Construct 2.' }),
  creature({ id: 'fhizban-the-disputed-wizard', name: 'Fhizban, the Disputed Wizard', type: 'Spellcaster', element: 'Mercury', level: 3, power: 2, health: 3, creatureTypes: ['Human', 'Wizard'], abilities: [{ keyword: 'Play Effect', effects: [{ kind: 'gamble', table: [{ from: 1, to: 2, effects: [dmg(2, 'self-player')] }, { from: 3, to: 4, effects: [{ kind: 'draw', n: 1 }] }, { from: 5, to: 6, effects: [dmg(3, 'opponent')] }] }] }, { keyword: 'Gamble' }], text: 'Play Effect - Gamble - 1-2: deal 2 damage to yourself; 3-4: draw a card; 5-6: deal 3 damage to your opponent.' }),
  creature({ id: 'floodbringer-leviathan', name: 'Floodbringer Leviathan', element: 'Mercury', level: 5, power: 6, health: 6, creatureTypes: ['Leviathan'], abilities: [{ keyword: 'Breakthrough' }], text: 'Breakthrough.' }),
  creature({ id: 'goblin-santa', name: 'Goblin Santa', element: 'Mars', level: 1, power: 1, health: 1, creatureTypes: ['Goblin'], abilities: [{ keyword: 'Leave Effect', effects: [{ kind: 'draw', n: 1 }] }], text: 'Leave Effect - Draw a card.' }),
  creature({ id: 'gorean-the-purger', name: 'Gorean the Purger', element: 'Venus', level: 3, power: 3, health: 3, creatureTypes: ['Human'], abilities: [{ keyword: 'Purge' }], text: 'Purge.' }),
  creature({ id: 'helios-disciple-of-the-rising-sun', name: 'Helios, Disciple of the Rising Sun', element: 'Jupiter', level: 2, power: 2, health: 2, creatureTypes: ['Human'], abilities: [{ keyword: 'Charge Attack', effects: [{ kind: 'pump', power: 2, to: 'self' }] }], text: 'Charge Attack - This creature gets +2 Power until end of turn.' }),
  spell({ id: 'heroic-deed', name: 'Heroic Deed', spell: 'Flash', element: 'neutral', level: 1, effects: [{ kind: 'pump', power: 2, health: 2, to: 'target-own-creature' }], abilities: [{ keyword: 'Salvage' }], text: 'Spell - Flash. Target creature you control gets +2/+2 until end of turn. Salvage.' }),
  creature({ id: 'jilocasin-the-creator', name: 'Jilocasin the Creator', type: 'Spellcaster', element: 'neutral', level: 3, power: 2, health: 3, creatureTypes: ['Human', 'Wizard'], abilities: [{ keyword: 'Harvest', x: 3, effects: [{ kind: 'draw', n: 1 }] }], text: 'Harvest 3 - Draw a card.' }),
  creature({ id: 'king-neptune-deepsea-sovereign', name: 'King Neptune, Deepsea Sovereign', element: 'Mercury', level: 4, power: 3, health: 5, creatureTypes: ['Merfolk'], unique: true, abilities: [{ keyword: 'Unique' }, { keyword: 'Last Stand', bonus: { power: 3 } }], text: 'Unique. Last Stand - This creature gets +3 Power.' }),
  creature({ id: 'knah-the-liberator', name: "K'nah the Liberator", element: 'Jupiter', level: 3, power: 3, health: 2, creatureTypes: ['Human'], abilities: [{ keyword: 'Quickattacker' }], text: 'Quickattacker.' }),
  creature({ id: 'krampus', name: 'Krampus', element: 'Mars', level: 3, power: 3, health: 3, creatureTypes: ['Demon'], abilities: [{ keyword: 'Destroy Effect', effects: [dmg(2, 'opponent')] }], text: 'Destroy Effect - Deal 2 damage to your opponent.' }),
  creature({ id: 'lake-lindwurm', name: 'Lake Lindwurm', type: 'Transformed Creature', element: 'Mercury', level: 3, power: 4, health: 4, creatureTypes: ['Mutant', 'Lindwurm'], abilities: [], text: 'Transformed Creature - Mutant.' }),
  spell({ id: 'legacy-of-legends', name: 'Legacy of Legends', spell: 'Permanent', element: 'neutral', level: 2, static: { power: 1, scope: 'own-creatures' }, text: 'Spell - Permanent. Creatures you control get +1 Power.' }),
  creature({ id: 'lindwurm', name: 'Lindwurm', element: 'Venus', level: 2, power: 2, health: 2, creatureTypes: ['Mutant', 'Lindwurm'], abilities: [{ keyword: 'Mutate', x: 3 }], text: 'Mutate 3.' }),
  creature({ id: 'mazrael-karmaut', name: 'Mazrael Karmaut', element: 'Mars', level: 3, power: 3, health: 3, creatureTypes: ['Demon'], abilities: [{ keyword: 'Resident', effects: [dmg(1, 'opponent')] }], text: 'Resident - Deal 1 damage to your opponent.' }),
  creature({ id: 'morphus-the-architect', name: 'Morphus the Architect', type: 'Spellcaster', element: 'neutral', level: 2, power: 1, health: 3, creatureTypes: ['Human', 'Wizard'], abilities: [{ keyword: 'Discharge', effects: [{ kind: 'draw', n: 1 }] }], text: 'Discharge - Draw a card.' }),
  creature({ id: 'pilwiz', name: 'Pilwiz', element: 'Venus', level: 1, power: 1, health: 1, creatureTypes: ['Fairy'], abilities: [{ keyword: 'Familiar Spirit', criteria: { creatureType: 'Human' } }], text: 'Familiar Spirit - Human.' }),
  creature({ id: 'rakshazzar-king-of-the-goblins', name: "Rak'Shazzar, King of the Goblins", element: 'Mars', level: 3, power: 3, health: 4, creatureTypes: ['Goblin'], unique: true, abilities: [{ keyword: 'Unique' }, { keyword: 'Tribute', x: 1, criteria: { creatureType: 'Goblin' }, effects: [dmg(3, 'opponent')] }], text: 'Unique. Tribute 1 [Goblin] - Deal 3 damage to your opponent.' }),
  creature({ id: 'scarecrow-minion', name: 'Scarecrow Minion', element: 'Venus', level: 1, power: 1, health: 2, creatureTypes: ['Scarecrow'], abilities: [{ keyword: 'Reinforce', effects: [{ kind: 'pump', power: 2, health: 2, to: 'self' }] }], text: 'Reinforce - This creature gets +2/+2 until end of turn.' }),
  creature({ id: 'skeletal-dragon', name: 'Skeletal Dragon', element: 'Mars', level: 4, power: 3, health: 3, creatureTypes: ['Undead', 'Dragon'], abilities: [{ keyword: 'Aerial' }, { keyword: 'Respawn' }], text: 'Aerial. Respawn.' }),
  spell({ id: 'summoners-art', name: "Summoner's Art", element: 'neutral', level: 1, effects: [{ kind: 'delve', criteria: { type: 'creature' } }], abilities: [{ keyword: 'Delve', criteria: { type: 'creature' } }], text: 'Delve [Creature].' }),
  creature({ id: 'tellow-healer-adept', name: 'Tellow, Healer Adept', element: 'Mercury', level: 2, power: 1, health: 3, creatureTypes: ['Human'], abilities: [{ keyword: 'Play Effect', effects: [{ kind: 'restore', n: 2 }] }], text: 'Play Effect - Put the 2 most recent cards of your archive on the bottom of your spellbook.' }),
  creature({ id: 'the-mischievous-duo', name: 'The Mischievous Duo', element: 'Jupiter', level: 2, power: 2, health: 2, creatureTypes: ['Goblin'], abilities: [{ keyword: 'Ranged Attack', x: 1 }], text: 'Ranged Attack 1.' }),
  creature({ id: 'the-scarecrow-king', name: 'The Scarecrow King', element: 'Venus', level: 3, power: 3, health: 4, creatureTypes: ['Scarecrow'], unique: true, abilities: [{ keyword: 'Unique' }, { keyword: 'Last Stand', bonus: { power: 2 } }], text: 'Unique. Last Stand - This creature gets +2 Power.' }),
  spell({ id: 'thoughtfrazzler', name: 'Thoughtfrazzler', spell: 'Abrupt', element: 'Mercury', level: 2, effects: [{ kind: 'mill', n: 2, who: 'opponent' }], abilities: [{ keyword: 'Recover' }], text: 'Spell - Abrupt. Your opponent puts the top 2 cards of their spellbook into their archive. Recover.' }),
  spell({ id: 'total-annihilation', name: 'Total Annihilation', element: 'Mars', level: 5, effects: [{ kind: 'destroy', to: 'each-creature' }], text: 'Destroy each creature in every ATK and DEF zone.' }),
  spell({ id: 'volcanic-fist', name: 'Volcanic Fist', spell: 'Equip', element: 'neutral', level: 2, static: { power: 2, scope: 'equipped' }, text: 'Spell - Equip. Equipped creature gets +2 Power.' }),
  {
    id: 'wizards-study', name: "Wizard's Study", type: 'Building', element: 'neutral', level: 2, abilities: [{ keyword: 'Future Sight', x: 1 }],
    endOfTurn: [{ kind: 'futureSight', x: 1 }], text: 'Building. At the end of turn, Future Sight 1.', sample: true,
  },
  // Banned in the Modern format (§9.1); playable with options.format = 'casual'.
  spell({ id: 'fire-sale', name: 'Fire Sale', element: 'Mars', level: 1, banned: true, effects: [dmg(1, 'opponent')], text: 'Deal 1 damage to your opponent. (Banned, §9.1.)' }),
  spell({ id: 'orb-of-hermes', name: 'Orb of Hermes', spell: 'Permanent', element: 'neutral', level: 1, banned: true, static: { power: 1, scope: 'own-creatures' }, text: 'Spell - Permanent. Creatures you control get +1 Power. (Banned, §9.1.)' }),
];
