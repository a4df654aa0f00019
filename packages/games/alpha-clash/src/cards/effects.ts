// The effect vocabulary of cards/types.ts as zod schemas: what a card can say — targets (605.3), effects (703's
// keyword actions: deal damage, prevent, negate, return, draw, reveal…), triggers (603), activated effects (602)
// with a Contender's health threshold (107.4b), statics and printed cost reductions (115.6) — checked where card
// data comes from outside the pool (scenario test cards, organisers' card sets), so a malformed text is refused
// with its path instead of failing in the middle of a match. Pool cards and test cards share this one vocabulary;
// flow.ts interprets it. The same shape as The Spoils' and Elemental Clash's cards/effects.ts.
import type { SchemaIs } from '@matchtape/engine';
import { z } from 'zod';
import type { ActivatedSpec, ACCardDef, Effect, EffectSpec, StaticSpec, TriggerSpec } from './types';

const N = z.number().int().min(0);
const I = z.number().int();
const Color = z.enum(['W', 'U', 'B', 'R', 'G']);
export const GemsSchema = z.partialRecord(Color, N);
const CardTypeSchema = z.enum([
  'Contender',
  'Clash',
  'Clashground',
  'Trap',
  'Weapon',
  'Relic',
  'Basic Action',
  'Quick Action',
  'Clash Buff',
]);
const CounterTagSchema = z.enum(['Counter–Attack', 'Counter–Play', 'Counter–Trap']);
const Until = z.enum(['turn', 'clash', 'yourNextTurn']);

export const TargetSpecSchema = z.enum([
  'none',
  'ownClashOrContender',
  'ownClash',
  'anyClash',
  'anyClashOrContender',
  'anyContender',
  'standbyCard',
  'standbyTrap',
]);

export const BaseEffectSchema = z.discriminatedUnion('do', [
  z.strictObject({ do: z.literal('damage'), amount: N }),
  z.strictObject({
    do: z.literal('damageEachClash'),
    amount: N,
    whose: z.enum(['all', 'opponents']),
    affiliation: z.string().min(1).optional(),
  }),
  z.strictObject({ do: z.literal('damageEachContender'), amount: N }),
  z.strictObject({ do: z.literal('modify'), atk: I, def: I, until: Until }),
  z.strictObject({ do: z.literal('modifyAttacker'), atk: I, def: I, until: Until }),
  z.strictObject({ do: z.literal('modifyOpponentsClash'), atk: I, def: I }),
  z.strictObject({ do: z.literal('draw'), amount: N }),
  z.strictObject({ do: z.literal('gainHealth'), amount: N }),
  z.strictObject({ do: z.literal('negate') }),
  z.strictObject({ do: z.literal('sendToOblivion') }),
  z.strictObject({ do: z.literal('engage') }),
  z.strictObject({ do: z.literal('activatePortal') }),
  z.strictObject({ do: z.literal('preventClash'), amount: N }),
  z.strictObject({ do: z.literal('attackerToOblivionAfterClash') }),
  z.strictObject({
    do: z.literal('entersWith'),
    damage: N.optional(),
    engaged: z.boolean().optional(),
    atk: I.optional(),
    def: I.optional(),
  }),
  z.strictObject({ do: z.literal('noEnterTrigger') }),
  z.strictObject({ do: z.literal('xDamage') }),
  z.strictObject({ do: z.literal('barrage') }),
  z.strictObject({ do: z.literal('enrage'), x: N }),
  z.strictObject({ do: z.literal('eachDrawThenDiscard'), amount: N }),
  z.strictObject({ do: z.literal('returnToHand') }),
  z.strictObject({ do: z.literal('returnPermanentToHand') }),
  z.strictObject({ do: z.literal('gainControl') }),
  z.strictObject({ do: z.enum(['lookTop', 'revealTop']), amount: N }),
  z.strictObject({ do: z.literal('search'), cardType: CardTypeSchema }),
]);

/** An effect, or a delayed triggered effect (603.7) whose own effects are plain ones (no delay within a delay). */
export const EffectSchema = z.union([
  BaseEffectSchema,
  z.strictObject({
    do: z.literal('delayed'),
    at: z.enum(['endOfTurn', 'startOfNextTurn', 'startOfYourNextTurn']),
    effects: z.array(BaseEffectSchema).min(1),
  }),
]);

export const EffectSpecSchema = z.strictObject({
  target: TargetSpecSchema,
  effects: z.array(EffectSchema).min(1),
});

export const TriggerSpecSchema = z.strictObject({
  on: z.enum(['Enter', 'Attack', 'Obstruct', 'Defeat', 'Victory', 'StartOfTurn']),
  target: TargetSpecSchema,
  effects: z.array(EffectSchema).min(1),
});

export const ActivatedSpecSchema = z.strictObject({
  engage: z.boolean(),
  health: N,
  cost: N,
  gems: GemsSchema,
  oncePerTurn: z.boolean(),
  threshold: N.optional(),
  window: CounterTagSchema.optional(),
  sendSelf: z.boolean().optional(),
  targetType: CardTypeSchema.optional(),
  target: TargetSpecSchema,
  effects: z.array(EffectSchema).min(1),
});

export const StaticSpecSchema = z.strictObject({
  alliesAtk: I.optional(),
  alliesDef: I.optional(),
  preventNonClash: z.boolean().optional(),
  freeOneGemAttach: z.boolean().optional(),
  drawStepExtra: z.boolean().optional(),
  threshold: N.optional(),
});

export const CostModSchema = z.union([
  z.strictObject({ free: z.literal('characterCount'), character: z.string().min(1), count: N }),
  z.strictObject({ free: z.literal('weaponCount'), count: N }),
  z.strictObject({
    reduceGems: GemsSchema,
    ifDefeatedThisTurn: z.strictObject({ affiliations: z.array(z.string().min(1)), count: N }),
  }),
  z.strictObject({ reduceGems: GemsSchema, per: z.literal('unattachedWeapon') }),
]);

export const AttachSchema = z.strictObject({ cost: N, gems: GemsSchema, atk: I, def: I });

/** A card's rules text as data, each part optional (a test card's extra fields, a card set's card). */
export const RulesTextSchema = z.object({
  tag: CounterTagSchema.optional(),
  xCost: z.boolean().optional(),
  healthCost: N.optional(),
  play: EffectSpecSchema.optional(),
  triggers: z.array(TriggerSpecSchema).optional(),
  activated: ActivatedSpecSchema.optional(),
  static: StaticSpecSchema.optional(),
  attach: AttachSchema.optional(),
  costMod: CostModSchema.optional(),
});
export type RulesText = z.infer<typeof RulesTextSchema>;

// The schemas describe exactly the types flow.ts interprets (a compile error here means they drifted apart).
export const VOCABULARY_MATCHES: [
  SchemaIs<typeof EffectSchema, Effect>,
  SchemaIs<typeof EffectSpecSchema, EffectSpec>,
  SchemaIs<typeof TriggerSpecSchema, TriggerSpec>,
  SchemaIs<typeof ActivatedSpecSchema, ActivatedSpec>,
  SchemaIs<typeof StaticSpecSchema, StaticSpec>,
  SchemaIs<typeof CostModSchema, NonNullable<ACCardDef['costMod']>>,
  SchemaIs<typeof AttachSchema, NonNullable<ACCardDef['attach']>>,
] = [true, true, true, true, true, true, true];
