// The rules-text vocabulary of cards/types.ts as zod schemas: what a card can say — abilities (502), triggers
// (503), statics (504, 505, 406/410 cost changes, 408.3b), replacements (506), extra costs (401) and effects —
// checked where card data comes from outside the pool (scenario test cards), so a malformed text is refused with
// its path instead of failing in the middle of a match. Pool cards and test cards share this one vocabulary.
import type { SchemaIs } from '@matchtape/engine';
import { z } from 'zod';
import {
  ICONS,
  type Ability,
  type Effect,
  type ExtraCost,
  type Replacement,
  type Static,
  type Trigger,
} from './types';

const N = z.number().int().min(0);
const Icon = z.enum(ICONS as unknown as [string, ...string[]]);
const ThresholdSchema = z.partialRecord(Icon, N);
const PickSpecSchema = z.strictObject({
  type: z.enum(['character', 'location', 'item']),
  controller: z.enum(['you', 'opponent', 'any']),
  maxStrength: N.optional(),
});
const CardTypeSchema = z.enum(['faction', 'resource', 'character', 'tactic', 'item', 'location']);

export const EffectSchema = z.discriminatedUnion('do', [
  z.strictObject({ do: z.literal('draw'), n: N }),
  z.strictObject({ do: z.literal('damage'), n: N, to: z.enum(['picked', 'opponent-faction']) }),
  z.strictObject({ do: z.literal('lose-influence'), n: N, who: z.literal('opponent') }),
  z.strictObject({
    do: z.literal('stats'),
    on: z.literal('picked'),
    str: z.number().int(),
    life: z.number().int(),
    spd: z.number().int(),
  }),
  z.strictObject({ do: z.literal('token'), token: z.literal('micromajig-token') }),
  z.strictObject({ do: z.literal('add-tokens'), kind: z.string().min(1), n: N }),
  z.strictObject({ do: z.literal('control'), on: z.literal('picked') }),
  z.strictObject({ do: z.literal('restore-rule') }),
  z.strictObject({ do: z.literal('develop-rule') }),
  z.strictObject({ do: z.literal('search'), type: z.literal('item') }),
  z.strictObject({ do: z.literal('bid'), prize: z.strictObject({ draw: N }) }),
  z.strictObject({ do: z.literal('discard-hand'), who: z.enum(['you', 'opponent']) }),
  z.strictObject({ do: z.literal('terminate'), what: z.literal('responded-to') }),
]);

export const ExtraCostSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('pick'), pick: PickSpecSchema }),
  z.strictObject({ kind: z.literal('destroy-own'), type: z.literal('character') }),
  z.strictObject({ kind: z.literal('deplete-self') }),
  z.strictObject({ kind: z.literal('remove-tokens'), token: z.string().min(1), n: N }),
  z.strictObject({ kind: z.literal('pay'), n: N }),
  z.strictObject({ kind: z.literal('your-turn-only') }),
]);

export const AbilitySchema = z.strictObject({
  name: z.string().min(1),
  threshold: ThresholdSchema.optional(),
  cost: z.array(ExtraCostSchema),
  effect: z.array(EffectSchema),
});

export const TriggerSchema = z.strictObject({
  when: z.enum([
    'start-of-your-turn',
    'end-of-your-turn',
    'enters-play',
    'token-enters-play',
    'you-play-a-resource',
    'leaves-play',
  ]),
  effect: z.array(EffectSchema),
  section: z.string().optional(),
});

export const StaticSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('gains-per-subtype'),
    subtype: z.string().min(1),
    str: z.number().int(),
    life: z.number().int(),
  }),
  z.strictObject({
    kind: z.literal('gains-while-opponent-controls-character'),
    str: z.number().int(),
    life: z.number().int(),
  }),
  z.strictObject({
    kind: z.literal('gains'),
    str: z.number().int(),
    life: z.number().int(),
    threshold: ThresholdSchema,
  }),
  z.strictObject({ kind: z.literal('cost-reduction'), appliesTo: CardTypeSchema, n: N }),
  z.strictObject({ kind: z.literal('opponent-cost-increase'), appliesTo: CardTypeSchema, n: N }),
  z.strictObject({ kind: z.literal('faction-damage-reduction'), n: N }),
  z.strictObject({ kind: z.literal('opponent-attack-requirement'), pay: N }),
]);

export const ReplacementSchema = z.strictObject({
  kind: z.literal('discard-from-play'),
  instead: z.enum(['flip-face-down', 'remove-from-game']),
});

/** A card's rules text as data, each part optional (a test card's extra fields). */
export const RulesTextSchema = z.object({
  abilities: z.array(AbilitySchema).optional(),
  triggers: z.array(TriggerSchema).optional(),
  statics: z.array(StaticSchema).optional(),
  replacements: z.array(ReplacementSchema).optional(),
  playCost: z.array(ExtraCostSchema).optional(),
  effect: z.array(EffectSchema).optional(),
});

// The schemas describe exactly the types flow.ts interprets (a compile error here means they drifted apart).
export const VOCABULARY_MATCHES: [
  SchemaIs<typeof EffectSchema, Effect>,
  SchemaIs<typeof ExtraCostSchema, ExtraCost>,
  SchemaIs<typeof StaticSchema, Static>,
  SchemaIs<typeof ReplacementSchema, Replacement>,
  SchemaIs<typeof TriggerSchema, Trigger>,
  SchemaIs<typeof AbilitySchema, Ability>,
] = [true, true, true, true, true, true];
