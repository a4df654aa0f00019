// Test cards of scenario start positions (`cards` in a scenario file): definitions for rules no pool card
// exercises. Their card id carries the definition (the engine's testCardId), so folds and replays need no registry.
import { testCardId, testCardResolver, type TestCard } from '@matchtape/engine';
import { RulesTextSchema } from './effects';
import {
  KEYWORD_NAMES,
  type Ability,
  type CardType,
  type ECCard,
  type Element,
  type SpellKind,
} from './pool';

const TYPES: readonly CardType[] = [
  'Element Stone',
  'Creature',
  'Transformed Creature',
  'Spellcaster',
  'Spell',
  'Building',
];
const ELEMENTS: readonly Element[] = ['Mars', 'Mercury', 'Jupiter', 'Venus', 'neutral'];
const SPELLS: readonly string[] = ['Flash', 'Abrupt', 'Permanent', 'Equip'];
/** Stat names a scenario may use, by the names D12 gives them. */
const STAT_NAMES: Readonly<Record<string, 'power' | 'health'>> = {
  power: 'power',
  attack: 'power',
  atk: 'power',
  health: 'health',
  life: 'health',
  hp: 'health',
};

/**
 * A scenario's test card as an Elemental Clash card, or what is wrong with it. `type` is a §6.0 type; `cost` is
 * the level (D5); `stats`: power, health; `colors[0]` (or `element`) its element (D3, default neutral);
 * `keywords`: §7.0 names, `value` as [X]. Optional extra fields: `spell` (Flash, Abrupt, Permanent, Equip),
 * `creatureTypes`, and rules text in the vocabulary of cards/effects.ts: `effects` (a spell's), `endOfTurn`
 * (§4.0.E1), `abilities` (keywords with [X], [Effect] or [Criteria]), `unique`.
 */
/** The type names a scenario may give (§6.0, any letter case), for the scenario hooks. */
export const TEST_CARD_TYPES: readonly string[] = [
  ...TYPES,
  ...SPELLS.map((k) => `Spell - ${k}`),
  'Element Stone - Basic',
].flatMap((t) => [t, t.toLowerCase()]);

export function testCardDef(tc: TestCard): ECCard | string {
  const x = tc as Record<string, unknown>;
  // §6.0 writes subtypes after a dash: "Spell - Flash", "Element Stone - Basic".
  const [base, sub] = tc.type.split(/\s+[-–]\s+/) as [string, string | undefined];
  const type = TYPES.find((t) => t.toLowerCase() === base.toLowerCase());
  if (!type)
    return `type "${tc.type}" is not an Elemental Clash card type (${TYPES.join(', ')}; a spell may be "Spell - Flash" etc.)`;
  const level = tc.cost === undefined ? 0 : Number(tc.cost);
  if (!Number.isInteger(level) || level < 0)
    return `cost "${String(tc.cost)}": give the level as a whole number`;
  const elementName = String(x.element ?? tc.colors?.[0] ?? 'neutral');
  const element = ELEMENTS.find((e) => e.toLowerCase() === elementName.toLowerCase());
  if (!element) return `element "${elementName}" is not one of ${ELEMENTS.join(', ')}`;
  const stats: { power?: number; health?: number } = {};
  for (const [k, v] of Object.entries(tc.stats ?? {})) {
    const key = STAT_NAMES[k.toLowerCase()];
    if (!key || typeof v !== 'number')
      return `stats.${k}: Elemental Clash stats are numbers named power and health (D12)`;
    stats[key] = v;
  }
  const abilities: Ability[] = [];
  for (const k of tc.keywords ?? []) {
    const name = typeof k === 'string' ? k : k.keyword;
    const kw = KEYWORD_NAMES.find((n) => n.toLowerCase() === name.toLowerCase());
    if (!kw) return `keyword "${name}" is not in the §7.0 keyword table`;
    abilities.push(
      typeof k !== 'string' && k.value !== undefined ? { keyword: kw, x: k.value } : { keyword: kw },
    );
  }
  // Rules text in the pool's vocabulary (cards/effects.ts), checked so a malformed text is refused here.
  const text = RulesTextSchema.safeParse(x);
  if (!text.success) return text.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  abilities.push(...(text.data.abilities ?? []));
  const kind = x.spell ?? (type === 'Spell' ? sub : undefined);
  const spell =
    kind === undefined || kind === null
      ? null
      : (SPELLS.find((k) => k.toLowerCase() === String(kind).toLowerCase()) ?? String(kind));
  if (spell !== null && (type !== 'Spell' || !SPELLS.includes(spell)))
    return `spell "${spell}": only a Spell has a kind, one of ${SPELLS.join(', ')}`;
  const effects = text.data.effects ?? [];
  const endOfTurn = text.data.endOfTurn ?? [];
  const creatureTypes = Array.isArray(x.creatureTypes) ? x.creatureTypes.map(String) : [];
  const unique = x.unique === true || abilities.some((a) => a.keyword === 'Unique');
  return {
    id: testCardId(tc),
    name: tc.name,
    type,
    element,
    level,
    ...stats,
    ...(type === 'Spell' ? { spell: spell as SpellKind } : {}),
    ...(creatureTypes.length > 0 ? { creatureTypes } : {}),
    ...(effects.length > 0 ? { effects } : {}),
    ...(endOfTurn.length > 0 ? { endOfTurn } : {}),
    ...(unique ? { unique } : {}),
    ...(type === 'Element Stone' && sub?.toLowerCase() === 'basic' ? { basic: true } : {}),
    abilities,
    text: tc.text ?? '',
    sample: true,
  };
}

/** The definition a `test:` card id carries; undefined for any other id. */
export const testCardFromId: (cardId: string) => ECCard | undefined = testCardResolver(testCardDef);
