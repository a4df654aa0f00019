// The effect vocabulary of cards/types.ts as zod schemas: what a card can say — abilities (2.4: triggered "On
// Enter"/"On Attack"…, activated with costs, static, and an action's resolution), their restrictions (Class Bonus,
// Element Bonus, Level Restriction, Inherited Effect), targets (2.7.6) and effects (draw, deal damage, prevent,
// recover, counters, empower, grant a keyword, wake, destroy, materialize…) — checked where card data comes from
// outside the pool (scenario test cards, organisers' card sets), so a malformed text is refused with its path
// instead of failing in the middle of a match. Pool cards and test cards share this one vocabulary; flow.ts
// interprets it. The same shape as the other games' cards/effects.ts.
import type { SchemaIs } from '@matchtape/engine';
import { z } from 'zod';
import type { Ability, AbilityCost, Effect, KeywordName, StaticEffect } from './types';

const N = z.number().int().min(0);
const ElementSchema = z.enum(['norm', 'fire', 'water', 'wind', 'arcane', 'crux', 'luxem', 'umbra']);
export const KeywordNameSchema = z.enum([
  'Class Bonus',
  'Cleave',
  'Critical',
  'Divine Relic',
  'Efficiency',
  'Element Bonus',
  'Floating Memory',
  'Immortality',
  'Inherited Effect',
  'Intercept',
  'Lineage',
  'On Attack',
  'On Death',
  'On Enter',
  'On Hit',
  'On Kill',
  'On Leave',
  'Prepare',
  'Preserve',
  'Pride',
  'Spellshroud',
  'Stealth',
  'True Sight',
  'Vigor',
  'Level Restriction',
]);
export const TargetSpecSchema = z.enum([
  'unit',
  'ally',
  'opponent-unit',
  'your-ally',
  'graveyard-card',
  'stack-attack-card',
]);

export const EffectSchema: z.ZodType<Effect> = z.lazy(() =>
  z.discriminatedUnion('do', [
    z.strictObject({ do: z.literal('draw'), n: N }),
    z.strictObject({
      do: z.literal('damage'),
      n: N,
      to: z.enum(['target', 'opposing-champions', 'each-champion']),
    }),
    z.strictObject({
      do: z.literal('prevent'),
      n: N,
      to: z.enum(['target', 'your-champion', 'each-your-unit']),
      damage: z.enum(['attack', 'non-attack', 'any']),
      enlighten: z.boolean().optional(),
    }),
    z.strictObject({ do: z.literal('recover'), n: N }),
    z.strictObject({
      do: z.literal('counters'),
      kind: z.enum(['buff', 'enlighten', 'level', 'preparation']),
      n: N,
      on: z.enum(['target', 'self', 'your-champion', 'each-your-ally']),
    }),
    z.strictObject({ do: z.literal('empower'), n: N, on: z.enum(['your-champion', 'target']) }),
    z.strictObject({ do: z.literal('grant'), keyword: KeywordNameSchema, on: z.literal('target') }),
    z.strictObject({ do: z.literal('wake'), on: z.literal('self') }),
    z.strictObject({ do: z.literal('destroy'), on: z.literal('target') }),
    z.strictObject({ do: z.literal('return'), on: z.literal('target') }),
    z.strictObject({ do: z.literal('negate'), on: z.literal('target') }),
    z.strictObject({ do: z.literal('materialize-weapon'), maxCost: N }),
    z.strictObject({ do: z.literal('token'), card: z.string().min(1), n: z.number().int().min(1) }),
    z.strictObject({ do: z.literal('banish-random-memory'), then: z.literal('draw') }),
    z.strictObject({ do: z.literal('banish-from-graveyard'), levelIfFloating: z.boolean() }),
    z.strictObject({ do: z.literal('double-attack-if-banish'), element: ElementSchema, n: N }),
    z.strictObject({
      do: z.literal('delayed'),
      at: z.literal('end-phase'),
      effects: z.array(EffectSchema).min(1),
    }),
  ]),
);

export const AbilityCostSchema = z.strictObject({
  rest: z.literal(true).optional(),
  banishSelf: z.literal(true).optional(),
  removeCounters: z
    .strictObject({
      kind: z.enum(['durability', 'enlighten', 'preparation']),
      n: N,
      from: z.enum(['self', 'your-champion']),
    })
    .optional(),
});

export const StaticEffectSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('power'),
    n: z.number().int(),
    applies: z.enum(['self', 'your-allies']),
    whenPrepared: z.boolean().optional(),
  }),
  z.strictObject({ kind: z.literal('power-per-banished-regalia-weapon') }),
  z.strictObject({ kind: z.literal('level'), n: z.number().int() }),
]);

/** Restrictions on an ability (2.4.d): Class Bonus, Element Bonus, Level Restriction, Inherited Effect. */
const Condition = {
  classBonus: z.boolean().optional(),
  elementBonus: z.boolean().optional(),
  levelAtLeast: N.optional(),
  inherited: z.boolean().optional(),
};
const Effects = z.array(EffectSchema).min(1);

export const AbilitySchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('trigger'),
    on: z.enum(['enter', 'attack', 'hit', 'ally-hit', 'kill', 'death', 'leave', 'end-phase']),
    effects: Effects,
    condition: z.literal('awake').optional(),
    cost: AbilityCostSchema.optional(),
    text: z.string(),
    ...Condition,
  }),
  z.strictObject({
    kind: z.literal('activated'),
    cost: AbilityCostSchema,
    target: TargetSpecSchema.optional(),
    effects: Effects,
    text: z.string(),
    ...Condition,
  }),
  z.strictObject({
    kind: z.literal('resolve'),
    target: TargetSpecSchema.optional(),
    effects: Effects,
    text: z.string(),
  }),
  z.strictObject({ kind: z.literal('static'), effect: StaticEffectSchema, text: z.string(), ...Condition }),
]);

/** A card's rules text as data (a test card's extra field, a card set's card). */
export const RulesTextSchema = z.object({ abilities: z.array(AbilitySchema).optional() });

// The schemas describe exactly the types flow.ts interprets (a compile error here means they drifted apart; the
// recursive EffectSchema is typed as Effect itself).
export const VOCABULARY_MATCHES: [
  SchemaIs<typeof KeywordNameSchema, KeywordName>,
  SchemaIs<typeof AbilityCostSchema, AbilityCost>,
  SchemaIs<typeof StaticEffectSchema, StaticEffect>,
  SchemaIs<typeof AbilitySchema, Ability>,
] = [true, true, true, true];
