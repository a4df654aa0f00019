// The effect vocabulary of types.ts (`Effect`, `Criteria`) and the keyword abilities of cards/pool.ts as zod
// schemas: what a card can do, checked where card data comes from outside the pool (scenario test cards), so a
// malformed text is refused with its path instead of failing in the middle of a match. Pool cards and test cards
// share this one vocabulary; flow.ts interprets it.
import type { SchemaIs } from '@matchtape/engine';
import { z } from 'zod';
import type { Criteria, Effect } from '../types';
import { KEYWORD_NAMES, type Ability } from './pool';

const N = z.number().int().min(0);

export const CriteriaSchema = z.strictObject({
  type: z.enum(['creature', 'spell', 'stone']).optional(),
  creatureType: z.string().min(1).optional(),
  element: z.string().min(1).optional(),
});

export const EffectSchema: z.ZodType<Effect> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('damage'),
      amount: N,
      to: z.enum(['target-creature', 'target-any', 'opponent', 'self-player', 'each-creature']),
    }),
    z.strictObject({ kind: z.literal('mill'), n: N, who: z.enum(['opponent', 'self']) }),
    z.strictObject({ kind: z.literal('draw'), n: N, who: z.enum(['self', 'each']).optional() }),
    z.strictObject({
      kind: z.literal('pump'),
      power: z.number().int(),
      health: z.number().int().optional(),
      to: z.enum(['self', 'target-own-creature']),
    }),
    z.strictObject({ kind: z.literal('destroy'), to: z.enum(['target-creature', 'each-creature']) }),
    z.strictObject({ kind: z.literal('return'), to: z.literal('target-creature') }),
    z.strictObject({ kind: z.literal('restore'), n: N }),
    z.strictObject({ kind: z.literal('futureSight'), x: N }),
    z.strictObject({ kind: z.literal('construct'), x: N }),
    z.strictObject({ kind: z.literal('delve'), criteria: CriteriaSchema }),
    z.strictObject({ kind: z.literal('atEndOfTurn'), effects: z.array(EffectSchema) }),
    z.strictObject({
      kind: z.literal('gamble'),
      table: z.array(
        z.strictObject({
          from: z.number().int().min(1).max(6),
          to: z.number().int().min(1).max(6),
          effects: z.array(EffectSchema),
        }),
      ),
    }),
  ]),
);

export const AbilitySchema = z.strictObject({
  keyword: z.enum(KEYWORD_NAMES),
  x: N.optional(),
  criteria: CriteriaSchema.optional(),
  effects: z.array(EffectSchema).optional(),
  bonus: z.strictObject({ power: z.number().int(), health: z.number().int().optional() }).optional(),
});

/** A card's rules text as data, each part optional (a test card's extra fields). */
export const RulesTextSchema = z.object({
  abilities: z.array(AbilitySchema).optional(),
  effects: z.array(EffectSchema).optional(),
  endOfTurn: z.array(EffectSchema).optional(),
});

// The schemas describe exactly the types flow.ts interprets (a compile error here means they drifted apart).
export const VOCABULARY_MATCHES: [
  SchemaIs<typeof CriteriaSchema, Criteria>,
  SchemaIs<typeof AbilitySchema, Ability>,
] = [true, true];
