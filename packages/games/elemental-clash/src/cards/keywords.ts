// The 33 keywords of §7.0 as the engine applies them: where each acts and which sample card carries it (D40).
import type { KeywordEntry } from '@matchtape/engine';
import { CARDS, KEYWORD_NAMES, type KeywordName } from './pool';

export interface KeywordSpec extends KeywordEntry<KeywordName> {
  /** How the engine applies it, in one line. */
  how: string;
  /** Sample cards of the pool carrying it. */
  cards: string[];
}

const HOW: Record<KeywordName, string> = {
  Aerial: 'DeclareBlocker rejects a non-Aerial blocker of an Aerial attacker',
  Berserk: 'trigger on the first damage dealt to the creature in a turn',
  Boon: 'milled from the spellbook into the archive: free-play prompt (creature to ATK/DEF, stone to a new stack, spell resolves)',
  Breakthrough: 'blocked direct attack: damage beyond lethal to every blocker hits the defending player',
  'Charge Attack': 'trigger when the creature is put from its stack into the ATK zone at Standby',
  Construct:
    'search the spellbook by name for a neutral Permanent/Equip spell of level ≤ X, reveal, to hand, shuffle (owner-only options)',
  Delve: 'the spell targets a matching card in its controller’s archive and returns it to hand',
  'Destroy Effect': 'trigger when the card goes from play directly into the archive',
  Discharge: 'main-phase command: creature from ATK/DEF onto a stack that could cast it, then the effect',
  Echo: 'a copy of the spell per same-named card in the archive, same targets (D27)',
  'Familiar Spirit':
    'Standby command AttachFamiliar: attach to a matching master; destroyed when the master leaves play',
  'Future Sight': 'look at the top X (owner only) and ArrangeTop them',
  Gamble: 'a d6 from the match generator (DieRolled), then the card’s row',
  Harvest: '"at any time" command: X most recent archive cards to purgatory, then the effect',
  Immunity: 'untargetable by matching spells/abilities; matching damage prevented (DamagePrevented)',
  'Last Stand': 'static bonus while its controller’s spellbook has 7 or fewer cards',
  'Leave Effect': 'trigger whenever the card leaves play',
  Mutate:
    '"at any time" command: this card to the archive, a Mutant of level ≤ X from hand or archive into its zone',
  'Play Effect': 'trigger when the card enters play',
  Purge: 'cards its damage or effects would archive go to purgatory',
  Quickattacker: 'on a stack it counts as in the ATK zone (attacks, can be attacked)',
  Quickdefender: 'on a stack it counts as in the DEF zone (blocks)',
  Quickstriker: 'deals combat damage before creatures without it',
  'Ranged Attack':
    'main-phase command instead of attacking: X damage to a player or any creature, once per turn',
  Recover: 'a spell going from the element-stone zone to the archive is shuffled into the spellbook instead',
  Reinforce:
    '"at any time" command: reveal same-named creature cards from hand, shuffle them in, then the effect',
  Resident: 'Standby command KeepResident: the creature stays on its stack, then the effect',
  Respawn: 'main-phase command: discard a creature sharing a type, return this from the archive to hand',
  Salvage: 'discarded from hand into the archive: free-play prompt',
  Slayer: 'damage it deals to a creature destroys that creature',
  Stealthy: 'untargetable by opponents’ spells and abilities; cannot be attacked by their creatures',
  Tribute: 'PlayCard.tribute sacrifices X matching cards you control for the effect',
  Unique: 'spellbook limit of one; cannot be played while a copy is in play',
};

export const KEYWORDS: readonly KeywordSpec[] = KEYWORD_NAMES.map((keyword) => ({
  keyword,
  rule: `7.0.${keyword}`,
  how: HOW[keyword],
  cards: CARDS.filter((c) => c.abilities.some((a) => a.keyword === keyword)).map((c) => c.id),
}));
