// The keywords of the glossary (X.A) as data: which rule defines each, whether this engine applies it, and how.
// Engine code asks `hasKeyword` (printed with its Class Bonus condition, or granted by an effect); the coverage
// report and the keyword tests read KEYWORDS.
import type { KeywordEntry } from '@matchtape/engine';
import type { KeywordName } from './types';

export interface KeywordSpec extends KeywordEntry<KeywordName> {
  status: 'implemented' | 'partial' | 'not-implemented';
  /** What the engine does, or why it does not. */
  note: string;
  /** Instances beyond the first are ignored (2.4.10). */
  redundant?: boolean;
}

export const KEYWORDS: readonly KeywordSpec[] = [
  {
    keyword: 'Class Bonus',
    rule: 'X.A.1',
    status: 'implemented',
    note: 'Abilities and keywords marked classBonus apply only while the controller’s (or, in a graveyard, the owner’s) champion shares a class with the card; in every zone (X.A.1.b-c).',
  },
  {
    keyword: 'Cleave',
    rule: 'X.A.2',
    status: 'implemented',
    note: 'DeclareAttack { opponent } with a Cleave unit or weapon: no target (so no Intercept or stealth check), each defending unit may retaliate, damage is calculated per unit and dealt at once, the weapon loses one durability counter. Attack cards with Cleave are not in the pool. A start position may stand in an attack with Cleave (combat.opponent, several retaliators).',
  },
  {
    keyword: 'Critical',
    rule: 'X.A.3',
    status: 'implemented',
    note: 'A replacement effect (X.A.3.b): before attack damage the defending player may discard N cards (DiscardForCritical, one at a time) or decline (DeclineCritical); declined, the doubling applies in the order the damaged unit’s controller chooses among the replacement effects (ApplyReplacement, 2.2.g.ii.2.d), once; instances on the source add up. Two players only, so the opponent is the defending player (X.A.3.a.i). A retaliating unit’s Critical applies too (its damage is attack damage, 2.9.2): offered to the attacking player after the attack’s own, one source at a time (CriticalOffered/CriticalSettled name the `source`).',
  },
  {
    keyword: 'Divine Relic',
    rule: 'X.A.4',
    status: 'implemented',
    note: 'validateDeck refuses a material deck with more than one Divine Relic (Sunforged Relic, Moonlit Relic).',
  },
  {
    keyword: 'Efficiency',
    rule: 'X.A.5',
    status: 'implemented',
    note: 'Activation (not materialization) costs LV less, floor 0 (1.6.b.8.c).',
  },
  {
    keyword: 'Element Bonus',
    rule: 'X.A.6',
    status: 'implemented',
    note: 'Abilities marked elementBonus apply only while the element is among your champion’s lineage elements (Cinder Adept).',
  },
  {
    keyword: 'Floating Memory',
    rule: 'X.A.7',
    status: 'implemented',
    note: 'Materialize { floating: [ids] } banishes those graveyard cards to pay 1 each before the random part (X.A.7.c); Merlin, Memory Thief reads it (X.A.1.c.i).',
    redundant: true,
  },
  {
    keyword: 'Immortality',
    rule: 'X.A.8',
    status: 'implemented',
    note: 'An immortal ally is not destroyed at 0 life nor by destroy effects; it can still be banished.',
    redundant: true,
  },
  {
    keyword: 'Inherited Effect',
    rule: 'X.A.9',
    status: 'implemented',
    note: 'Triggered and activated abilities marked inherited belong to the top champion while their card is in its lineage (Rai, Storm Seer); inherited statics are not used by the pool.',
  },
  {
    keyword: 'Intercept',
    rule: 'X.A.10',
    status: 'implemented',
    note: 'A triggered ability (X.A.10.a): when your champion is attacked, each awake ally with Intercept puts a trigger on the stack (even if it does not obey, X.B.24.c.1) and the turn player gets Opportunity; as it resolves its controller may redirect the attack to the ally (Intercept / DeclineIntercept) unless the ally is rested (X.A.10.b) or does not obey.',
    redundant: true,
  },
  {
    keyword: 'Lineage',
    rule: 'X.A.11',
    status: 'implemented',
    note: 'Level-up from a champion of another lineage name is rejected at declaration and re-checked at resolution (2.3.d.2.a).',
  },
  {
    keyword: 'On Attack',
    rule: 'X.A.12',
    status: 'implemented',
    note: 'Triggers when the attack is declared and goes on the stack at the start of combat (2.2.g.2).',
  },
  {
    keyword: 'On Death',
    rule: 'X.A.13',
    status: 'implemented',
    note: 'Triggers when a destroyed ally goes to the graveyard (not when banished instead).',
  },
  {
    keyword: 'On Enter',
    rule: 'X.A.14',
    status: 'implemented',
    note: 'Triggers when an object enters, and for a champion when its card joins the lineage (X.A.14.b).',
  },
  {
    keyword: 'On Hit',
    rule: 'X.A.15',
    status: 'implemented',
    note: 'On Hit and On Ally Hit trigger when attack damage > 0 is dealt (2.9.10), from the attack card or the attacking unit.',
  },
  {
    keyword: 'On Kill',
    rule: 'X.A.16',
    status: 'implemented',
    note: 'Triggers when this source’s attack damage is what makes an ally lethal and it is destroyed by state-based effects (X.A.16.b); Heavy Strike.',
  },
  {
    keyword: 'On Leave',
    rule: 'X.A.17',
    status: 'implemented',
    note: 'Triggers whenever the object leaves the field, however it leaves.',
  },
  {
    keyword: 'Prepare',
    rule: 'X.A.18',
    status: 'implemented',
    note: 'ActivateCard { prepare: true } removes exactly N preparation counters from your champion as an additional cost; the activation (and its attack) is prepared (Shadow Strike, with Tristan’s counters).',
  },
  {
    keyword: 'Preserve',
    rule: 'X.A.19',
    status: 'implemented',
    note: 'A destroyed object with Preserve dies into the graveyard and its death trigger puts the card face-up (public) into its owner’s material deck (X.A.19.a); a resolving non-object goes there instead of the graveyard (a replacement, X.A.19.b); in the materialize phase ReturnPreserved puts one into hand instead of materializing. A banish-instead choice (X.A.19.b.ii) does not arise in the pool.',
    redundant: true,
  },
  {
    keyword: 'Pride',
    rule: 'X.A.20',
    status: 'implemented',
    note: 'An ally with Pride N does not obey (cannot attack or activate) unless your champion’s LV ≥ N; the highest N counts.',
  },
  {
    keyword: 'Spellshroud',
    rule: 'X.A.21',
    status: 'implemented',
    note: 'Cannot be the target of a card with the Spell subtype.',
    redundant: true,
  },
  {
    keyword: 'Stealth',
    rule: 'X.A.22',
    status: 'implemented',
    note: 'Cannot be targeted by an attack unless the attacker or its weapon has True Sight; a target that receives stealth during the attack makes it negated (AttackNegated, X.A.22.a.v): no attack damage, no durability loss, no retaliation offered, declared retaliators still deal their damage.',
    redundant: true,
  },
  {
    keyword: 'True Sight',
    rule: 'X.A.23',
    status: 'implemented',
    note: 'The unit’s attacks (or attacks with this weapon) may target stealth units and are not negated when the target gains stealth; True Sight gained after the negation does not restore the attack (X.A.23.b.i).',
    redundant: true,
  },
  {
    keyword: 'Vigor',
    rule: 'X.A.24',
    status: 'implemented',
    note: 'The unit wakes at the beginning of its controller’s end phase.',
    redundant: true,
  },
  {
    keyword: 'Level Restriction',
    rule: 'X.A.25',
    status: 'implemented',
    note: 'Abilities marked levelAtLeast N apply only while your champion’s LV ≥ N (Ridge Warden).',
  },
];

export const KEYWORD_RULE: Readonly<Record<string, string>> = Object.fromEntries(
  KEYWORDS.map((k) => [k.keyword, k.rule]),
);

// The keyword checks live in rules.ts (they need LV and elements); re-exported here for readers of keywords.
export {
  championClasses,
  classBonusActive,
  hasKeyword,
  keywordN,
  printedKeyword,
  conditionsMet,
} from '../rules';
