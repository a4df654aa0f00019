// Typed events: a game declares each event's payload as a zod object once, and gets the module's `eventSchema`
// (a discriminated union on `type`), the JSON Schema `matchtape schema` prints, and payload types for its Draft.
// Every payload may carry `random` (written by the Draft), so the helper adds it; games never declare it.
import { z } from 'zod';
import type { GameEvent } from '../game';
import { PlayerIdSchema } from '../ids';

export const RandomDrawSchema = z.union([
  z.object({ kind: z.literal('int'), n: z.number().int(), result: z.number().int() }),
  z.object({ kind: z.literal('shuffle'), n: z.number().int(), result: z.array(z.number().int()) }),
  z.object({ kind: z.literal('id'), result: z.string() }),
]);
/** `payload.random`: draws between two cursors (judges), or all null for other viewers (`redactRandom`). */
export const RandomRecordSchema = z.union([
  z.object({
    from: z.number().int().nonnegative(),
    to: z.number().int().nonnegative(),
    draws: z.array(RandomDrawSchema),
  }),
  z.object({ from: z.null(), to: z.null(), draws: z.null() }),
]);

/** A card in a payload: the judge's `{ id, cardId, oid? }`, a viewer's `{ id, hidden: true }` or `{ id, cardId }`. */
export const CardRefSchema = z.union([
  z.object({ id: z.string(), hidden: z.literal(true) }).strict(),
  z.looseObject({ id: z.string(), cardId: z.string(), oid: z.string().optional() }),
]);

/** The kernel's MatchStarted / MatchEnded payload fields; games extend them with their own. */
export const matchStartedFields = { seedCommitment: z.string(), game: z.string().optional() };
/** `seed` is filled in by the runner when the event is stamped, so drafts leave it out. */
export const matchEndedFields = {
  seed: z.string().optional(),
  winner: PlayerIdSchema.nullable(),
  result: z.string(),
};

type Shapes = Record<string, z.ZodObject>;

export interface EventCatalog<T extends Shapes> {
  /** Discriminated union of `{ type, payload }` for GameModule.eventSchema. */
  eventSchema: z.ZodType<GameEvent>;
  /** The payload schema of one event type (with `random` added). */
  payload(type: keyof T & string): z.ZodObject;
  /** Event type names in declaration order. */
  types: (keyof T & string)[];
  /** JSON Schema of the event union (what `matchtape schema --game` prints). */
  jsonSchema(): Record<string, unknown>;
}

/** Payload types by event type, for `Draft<S, Payloads<typeof EVENTS_SHAPES>>`. */
export type Payloads<T extends Shapes> = { [K in keyof T]: z.input<T[K]> };

/** Declares a game's events. `shapes` maps each event type to its payload object schema. */
export function defineEvents<T extends Shapes>(shapes: T): EventCatalog<T> {
  const types = Object.keys(shapes) as (keyof T & string)[];
  if (types.length === 0) throw new Error('defineEvents needs at least one event type');
  const payloads = new Map<string, z.ZodObject>();
  for (const t of types) payloads.set(t, shapes[t]!.extend({ random: RandomRecordSchema.optional() }));
  const options = types.map((t) => z.object({ type: z.literal(t), payload: payloads.get(t)! }));
  const union = z.discriminatedUnion(
    'type',
    options as [
      z.ZodObject<{ type: z.ZodLiteral<string>; payload: z.ZodObject }>,
      ...z.ZodObject<{ type: z.ZodLiteral<string>; payload: z.ZodObject }>[],
    ],
  );
  // No transform: the JSON Schema must stay representable (`matchtape schema` prints it).
  const eventSchema: z.ZodType<GameEvent> = union;
  return {
    eventSchema,
    payload: (type) => {
      const p = payloads.get(type);
      if (!p) throw new Error(`no event type "${type}"; declared: ${types.join(', ')}`);
      return p;
    },
    types,
    jsonSchema: () =>
      z.toJSONSchema(union, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>,
  };
}

/**
 * `true` when schema S parses exactly the type T. A game's card vocabulary lists one per schema, so its zod
 * schemas and the types its rules read cannot drift apart without a compile error.
 */
export type SchemaIs<S extends z.ZodType, T> = [z.infer<S>] extends [T]
  ? [T] extends [z.infer<S>]
    ? true
    : false
  : false;
