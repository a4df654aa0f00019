// Test cards of scenario start positions (`cards` in a scenario file): definitions for rules no pool card
// exercises. Their card id carries the definition (the engine's testCardId), so folds and replays need no registry.
import { testCardId, testCardResolver, type TestCard } from '@matchtape/engine';
import { RulesTextSchema } from './effects';
import { KEYWORDS } from './keywords';
import { ICONS, type CardDef, type CardType, type Icon, type Keyword, type Threshold } from './types';

const TYPES: readonly CardType[] = ['faction', 'resource', 'character', 'tactic', 'item', 'location'];
const STATS = ['str', 'life', 'spd', 'structure', 'influence'] as const;
const STAT_ALIASES: Readonly<Record<string, string>> = { strength: 'str', speed: 'spd' };
/** A keyword's name without its bracketed parameter ("Unique [Identifier]" → "Unique"). */
const baseName = (name: string): string => name.replace(/\s*\[.*\]$/, '');

/** The type and keyword names a scenario may give (any letter case; a keyword with or without its [parameter]), for the scenario hooks. */
export const TEST_CARD_TYPES: readonly string[] = TYPES.flatMap((t) => [t, t[0]!.toUpperCase() + t.slice(1)]);
export const TEST_CARD_KEYWORDS: readonly string[] = [
  ...new Set(
    [...KEYWORDS.flatMap((k) => [k.keyword, baseName(k.keyword)]), 'Attach to Character'].flatMap((n) => [
      n,
      n.toLowerCase(),
    ]),
  ),
];

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function icons(v: unknown, at: string): Threshold | string {
  if (v === undefined) return {};
  const out: Threshold = {};
  const add = (name: string, n: number): string | null => {
    const icon = ICONS.find((i) => i.toLowerCase() === name.toLowerCase());
    if (!icon || !Number.isInteger(n) || n < 0)
      return `${at}: "${name}" is not a resource icon (${ICONS.join(', ')}) with a whole count`;
    out[icon] = (out[icon] ?? 0) + n;
    return null;
  };
  if (Array.isArray(v))
    for (const x of v) {
      const e = add(String(x), 1);
      if (e) return e;
    }
  else if (isObj(v))
    for (const [k, n] of Object.entries(v)) {
      const e = add(k, Number(n));
      if (e) return e;
    }
  else return `${at}: a list of icons or { icon: count }`;
  return out;
}

/**
 * A scenario's test card as a Spoils card, or what is wrong with it. `type` is a card type (Section 2; extra
 * `types` for several, 208.1); `cost` the cost number; `stats`: str, life, spd, structure (influence for a
 * faction); `colors` the threshold icons, one per icon (or `threshold: { Rage: 2 }`); keywords by their 507 names
 * ("Covert", "Tactical", "Flip Up" with `value` its cost and optional `flipUpThreshold`, "Unique [Identifier]"
 * with optional `uniqueId`, "Attach to [Type]", "Cannot be blocked", "Staple"). Optional extra fields in the pool's
 * vocabulary (cards/effects.ts): `abilities`, `triggers`, `statics`, `replacements`, `playCost`, `effect`,
 * `provides`, `subtypes`, `supertypes`, `trade`, `gear`.
 */
export function testCardDef(tc: TestCard): CardDef | string {
  const x = tc as Record<string, unknown>;
  const names = Array.isArray(x.types) ? x.types.map(String) : [tc.type];
  const types: CardType[] = [];
  for (const n of names) {
    const t = TYPES.find((y) => y === n.toLowerCase());
    if (!t) return `type "${n}" is not a card type of The Spoils (${TYPES.join(', ')})`;
    types.push(t);
  }
  const cost = tc.cost === undefined ? undefined : Number(tc.cost);
  if (cost !== undefined && (!Number.isInteger(cost) || cost < 0))
    return `cost "${String(tc.cost)}": the cost number is a whole number (201.2)`;
  const stats: Partial<Record<(typeof STATS)[number], number>> = {};
  for (const [k, v] of Object.entries(tc.stats ?? {})) {
    const key = STATS.find((s) => s === (STAT_ALIASES[k.toLowerCase()] ?? k.toLowerCase()));
    if (!key || typeof v !== 'number')
      return `stats.${k}: The Spoils stats are numbers named ${STATS.join(', ')}`;
    stats[key] = v;
  }
  const threshold = icons(x.threshold ?? tc.colors, x.threshold !== undefined ? 'threshold' : 'colors');
  if (typeof threshold === 'string') return threshold;
  const keywords: Keyword[] = [];
  const supertypes = Array.isArray(x.supertypes) ? x.supertypes.map(String) : [];
  for (const k of tc.keywords ?? []) {
    const name = typeof k === 'string' ? k : k.keyword;
    const n = name.toLowerCase();
    const spec = KEYWORDS.find(
      (s) =>
        s.keyword.toLowerCase() === n ||
        s.kw === n ||
        baseName(s.keyword).toLowerCase() === n ||
        (s.kw === 'attach-to' && n === 'attach to character'),
    );
    if (!spec) return `keyword "${name}" is not one of ${KEYWORDS.map((s) => s.keyword).join(', ')}`;
    const value = typeof k === 'string' ? undefined : k.value;
    if (spec.kw === 'staple') supertypes.push('staple');
    else if (spec.kw === 'flip-up') {
      const flip = icons(x.flipUpThreshold, 'flipUpThreshold');
      if (typeof flip === 'string') return flip;
      keywords.push({ kw: 'flip-up', cost: value ?? 0, threshold: flip });
    } else if (spec.kw === 'unique') keywords.push({ kw: 'unique', id: String(x.uniqueId ?? tc.name) });
    else if (spec.kw === 'attach-to') keywords.push({ kw: 'attach-to', type: 'character' });
    else keywords.push({ kw: spec.kw });
  }
  const provides = icons(x.provides, 'provides');
  if (typeof provides === 'string') return provides;
  // Rules text in the pool's vocabulary (cards/effects.ts), checked so a malformed text is refused here.
  const text = RulesTextSchema.safeParse(x);
  if (!text.success) return text.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  const data = text.data;
  const { influence, ...battle } = stats;
  return {
    id: testCardId(tc),
    name: tc.name,
    types,
    supertypes,
    subtypes: Array.isArray(x.subtypes) ? x.subtypes.map(String) : [],
    ...(typeof x.trade === 'string' ? { trade: x.trade } : {}),
    ...(cost !== undefined ? { cost } : {}),
    threshold,
    ...battle,
    ...(isObj(x.gear)
      ? {
          gear: {
            str: Number(x.gear.str ?? 0),
            life: Number(x.gear.life ?? 0),
            spd: Number(x.gear.spd ?? 0),
          },
        }
      : {}),
    provides: Object.entries(provides).flatMap(([i, n]) => Array.from({ length: n ?? 0 }, () => i as Icon)),
    keywords,
    abilities: [],
    triggers: [],
    statics: [],
    replacements: [],
    playCost: [],
    effect: [],
    ...data,
    ...(types.includes('faction')
      ? {
          faction: {
            influence: influence ?? 20,
            startingResources: [],
            startingDraw: { first: 5, second: 6 },
          },
        }
      : {}),
    sample: true,
    text: tc.text ?? '',
  };
}

/** The definition a `test:` card id carries; undefined for any other id. */
export const testCardFromId: (cardId: string) => CardDef | undefined = testCardResolver(testCardDef);
