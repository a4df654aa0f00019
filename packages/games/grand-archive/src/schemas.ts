// Zod schemas of commands and events (the boundary types; `matchtape schema --game grand-archive` exports them).
import { z } from 'zod';
import { clockEventShapes, defineEvents, matchStartedFields, PlayerIdSchema } from '@matchtape/engine';
import { EffectSchema } from './cards/effects';

const Id = z.string().min(1).max(200);
const meta = { player: PlayerIdSchema.optional(), commandId: z.string().optional() };

export const CommandSchemas = {
  PlaceStartingChampion: z.object({ type: z.literal('PlaceStartingChampion'), card: Id, ...meta }).strict(),
  Materialize: z
    .object({
      type: z.literal('Materialize'),
      card: Id,
      floating: z.array(Id).min(1).max(12).optional(),
      ...meta,
    })
    .strict(),
  DeclineMaterialize: z.object({ type: z.literal('DeclineMaterialize'), ...meta }).strict(),
  ReturnPreserved: z.object({ type: z.literal('ReturnPreserved'), card: Id, ...meta }).strict(),
  ActivateCard: z
    .object({
      type: z.literal('ActivateCard'),
      card: Id,
      target: Id.optional(),
      weapon: Id.optional(),
      prepare: z.literal(true).optional(),
      ...meta,
    })
    .strict(),
  SelectReserve: z.object({ type: z.literal('SelectReserve'), card: Id, ...meta }).strict(),
  CancelActivation: z.object({ type: z.literal('CancelActivation'), ...meta }).strict(),
  ActivateAbility: z
    .object({
      type: z.literal('ActivateAbility'),
      source: Id,
      ability: z.number().int().min(0).max(20),
      target: Id.optional(),
      ...meta,
    })
    .strict(),
  DeclareAttack: z
    .object({
      type: z.literal('DeclareAttack'),
      attacker: Id,
      target: Id.optional(),
      opponent: PlayerIdSchema.optional(),
      weapon: Id.optional(),
      ...meta,
    })
    .strict(),
  ChooseAttackTarget: z.object({ type: z.literal('ChooseAttackTarget'), target: Id, ...meta }).strict(),
  DiscardForCritical: z.object({ type: z.literal('DiscardForCritical'), card: Id, ...meta }).strict(),
  DeclineCritical: z.object({ type: z.literal('DeclineCritical'), ...meta }).strict(),
  Intercept: z.object({ type: z.literal('Intercept'), ally: Id, ...meta }).strict(),
  DeclineIntercept: z.object({ type: z.literal('DeclineIntercept'), ...meta }).strict(),
  ApplyReplacement: z.object({ type: z.literal('ApplyReplacement'), effect: Id, ...meta }).strict(),
  KeepUnique: z.object({ type: z.literal('KeepUnique'), object: Id, ...meta }).strict(),
  PlaceTrigger: z.object({ type: z.literal('PlaceTrigger'), trigger: Id, ...meta }).strict(),
  DeclareRetaliation: z.object({ type: z.literal('DeclareRetaliation'), unit: Id, ...meta }).strict(),
  DeclineRetaliation: z.object({ type: z.literal('DeclineRetaliation'), ...meta }).strict(),
  PassOpportunity: z.object({ type: z.literal('PassOpportunity'), ...meta }).strict(),
  Concede: z.object({ type: z.literal('Concede'), ...meta }).strict(),
} as const;

export const commandSchema = z.discriminatedUnion('type', [
  CommandSchemas.PlaceStartingChampion,
  CommandSchemas.Materialize,
  CommandSchemas.DeclineMaterialize,
  CommandSchemas.ReturnPreserved,
  CommandSchemas.ActivateCard,
  CommandSchemas.SelectReserve,
  CommandSchemas.CancelActivation,
  CommandSchemas.ActivateAbility,
  CommandSchemas.DeclareAttack,
  CommandSchemas.ChooseAttackTarget,
  CommandSchemas.DiscardForCritical,
  CommandSchemas.DeclineCritical,
  CommandSchemas.Intercept,
  CommandSchemas.DeclineIntercept,
  CommandSchemas.ApplyReplacement,
  CommandSchemas.KeepUnique,
  CommandSchemas.PlaceTrigger,
  CommandSchemas.DeclareRetaliation,
  CommandSchemas.DeclineRetaliation,
  CommandSchemas.PassOpportunity,
  CommandSchemas.Concede,
]);
export type GACommand = z.infer<typeof commandSchema>;

const CardSchema = z.object({
  id: Id,
  cardId: Id,
  oid: z.string().optional(),
  selected: z.literal(true).optional(),
  preserved: z.literal(true).optional(),
});
const SlotSchema = z.union([CardSchema, z.object({ id: z.string(), hidden: z.literal(true) })]);
const ObjectSchema = z.object({
  id: Id,
  cardId: Id,
  cards: z.array(CardSchema),
  owner: PlayerIdSchema,
  controller: PlayerIdSchema,
  rested: z.boolean(),
  damage: z.number().int(),
  counters: z.record(z.string(), z.number().int()),
  enteredTurn: z.number().int(),
  token: z.literal(true).optional(),
});
const StackItemSchema = z.object({
  sid: z.string(),
  controller: PlayerIdSchema,
  kind: z.enum(['card', 'trigger', 'ability']),
  card: CardSchema.nullable(),
  sourceCardId: Id,
  source: Id.nullable(),
  ability: z.number().int(),
  target: Id.nullable(),
  materialized: z.boolean(),
  weapon: Id.nullable(),
  label: z.string(),
  prepared: z.boolean().optional(),
  keyword: z.enum(['Vigor', 'Intercept', 'Preserve']).optional(),
  effects: z.array(EffectSchema).optional(),
});
const InstanceSchema = z.object({
  target: Id,
  source: z.string(),
  amount: z.number().int(),
  doublers: z.array(z.string()),
  applied: z.array(z.string()),
});
const MoveSchema = z.object({
  owner: PlayerIdSchema,
  id: Id.nullable(),
  cardId: Id.nullable(),
  from: z.enum(['mainDeck', 'materialDeck', 'hand', 'memory', 'graveyard', 'banishment']),
  to: z.enum(['mainDeck', 'materialDeck', 'hand', 'memory', 'graveyard', 'banishment']),
  fromOid: z.string().nullable(),
  toOid: z.string().nullable(),
  bottom: z.boolean().optional(),
  preserved: z.boolean().optional(),
  fromPreserved: z.boolean().optional(),
});
const P = PlayerIdSchema;

/**
 * `defs`: definitions of the scenario test cards an event names (cards/book.ts), on any event; absent in a match
 * without test cards. Loose on purpose: a definition is the card data of src/cards/types.ts.
 */
const DefsSchema = z.record(
  z.string(),
  z.looseObject({ id: z.string(), name: z.string(), type: z.string() }),
);
function event<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ...shape, defs: DefsSchema.optional() });
}

/** Every event's payload (defineEvents adds `random`, written by the Draft). */
export const EVENTS = {
  MatchStarted: event({
    ...matchStartedFields,
    matchId: z.string(),
    players: z.array(z.object({ id: P, name: z.string() })),
    rulesVersion: z.string(),
    turnLimit: z.number().int(),
    format: z.string(),
  }),
  DeckSetOut: event({
    player: P,
    main: z.array(CardSchema).nullable(),
    mainOids: z.array(z.string()),
    material: z.array(CardSchema).nullable(),
    materialOids: z.array(z.string()),
    hand: z.array(CardSchema).nullable(),
    handOids: z.array(z.string()),
    shuffled: z.boolean(),
  }),
  FirstPlayerChosen: event({ player: P, method: z.string() }),
  /** A fork's reshuffle of a main deck (reshuffle.ts; Matchtape's action, no rule): judges see `main`. */
  DeckShuffled: event({
    player: P,
    main: z.array(CardSchema).nullable(),
    mainOids: z.array(z.string()),
    reason: z.literal('fork'),
  }),
  PositionSet: event({
    turn: z.number().int(),
    activePlayer: P,
    firstPlayer: P,
    phase: z.string(),
    step: z.string().nullable(),
    players: z.record(
      z.string(),
      z.object({
        mainDeck: z.array(SlotSchema),
        materialDeck: z.array(SlotSchema),
        hand: z.array(SlotSchema),
        memory: z.array(SlotSchema),
        graveyard: z.array(CardSchema),
        banishment: z.array(CardSchema),
        championPlaced: z.boolean(),
        turnsTaken: z.number().int(),
      }),
    ),
    field: z.array(ObjectSchema),
    effects: z.array(z.record(z.string(), z.unknown())),
    priority: P.nullable(),
    // A position in combat, or with items on the Effects Stack (start-moment.ts).
    combat: z.record(z.string(), z.unknown()).optional(),
    stack: z.array(StackItemSchema).optional(),
    serial: z.number().int().optional(),
  }),
  TurnStarted: event({ turn: z.number().int(), player: P }),
  PhaseEntered: event({ phase: z.string(), step: z.string().nullable() }),
  PromptOpened: event({
    prompt: z.object({
      kind: z.string(),
      player: P,
      rule: z.string(),
      ally: Id.optional(),
      sid: z.string().optional(),
      target: Id.optional(),
      instance: z.number().int().optional(),
      options: z.array(z.string()).optional(),
      name: z.string().optional(),
      objects: z.array(Id).optional(),
    }),
  }),
  StartingChampionPlaced: event({ player: P, object: ObjectSchema, fromOid: z.string().nullable() }),
  CardsMoved: event({ reason: z.string(), player: P, moves: z.array(MoveSchema) }),
  OpportunityGranted: event({ player: P }),
  OpportunityPassed: event({ player: P }),
  ActivationDeclared: event({
    player: P,
    card: CardSchema,
    from: z.enum(['hand', 'materialDeck']),
    fromOid: z.string().nullable(),
    target: Id.nullable(),
    weapon: Id.nullable(),
    reserve: z.number().int(),
    memory: z.number().int(),
    materialize: z.boolean(),
    prepared: z.boolean().optional(),
    floating: z.array(Id).optional(),
  }),
  ReserveSelected: event({ player: P, card: Id.nullable(), oid: z.string().nullable() }),
  ActivationCanceled: event({
    player: P,
    card: CardSchema.nullable(),
    from: z.enum(['hand', 'materialDeck']),
    toOid: z.string(),
  }),
  ActivationPlaced: event({ item: StackItemSchema }),
  TriggerPlaced: event({ item: StackItemSchema, waiting: z.string().optional() }),
  TriggersWaiting: event({
    triggers: z.array(
      z.object({
        id: z.string(),
        controller: P,
        source: Id.nullable(),
        sourceCardId: Id,
        ability: z.number().int(),
        target: Id.nullable(),
        label: z.string(),
        keyword: z.enum(['Vigor', 'Intercept', 'Preserve']).optional(),
        effects: z.array(EffectSchema).optional(),
      }),
    ),
  }),
  DelayedTriggerCreated: event({
    trigger: z.object({
      controller: P,
      source: Id.nullable(),
      sourceCardId: Id,
      ability: z.number().int(),
      target: Id.nullable(),
      label: z.string(),
      effects: z.array(EffectSchema),
    }),
  }),
  DelayedTriggersFired: event({ count: z.number().int() }),
  AbilityActivated: event({ item: StackItemSchema }),
  StackItemResolved: event({
    sid: z.string(),
    to: z.enum(['graveyard', 'banishment', 'materialDeck']).nullable(),
    note: z.string().optional(),
  }),
  StackItemNegated: event({ sid: z.string(), to: z.literal('graveyard') }),
  StackItemFizzled: event({
    sid: z.string(),
    to: z.enum(['graveyard', 'banishment']).nullable(),
    reason: z.string(),
  }),
  ObjectEntered: event({
    object: ObjectSchema,
    fromZone: z.enum(['materialDeck']).nullable(),
    fromOid: z.string().nullable(),
    materialized: z.boolean().optional(),
  }),
  ChampionLeveledUp: event({
    object: Id,
    player: P,
    card: CardSchema,
    fromCardId: Id,
    levelFrom: z.number().int(),
    levelTo: z.number().int(),
  }),
  ObjectRested: event({ object: Id, reason: z.string() }),
  ObjectsWoken: event({ objects: z.array(Id), player: P }),
  CountersChanged: event({ object: Id, kind: z.string(), delta: z.number().int() }),
  DamageDealt: event({
    source: z.string(),
    attack: z.boolean(),
    damage: z.array(z.object({ target: Id, amount: z.number().int(), source: z.string().optional() })),
  }),
  DamageCalculated: event({
    attack: z.boolean(),
    source: z.string(),
    instances: z.array(InstanceSchema),
    resume: z.object({ sid: z.string(), effect: z.number().int() }).nullable(),
  }),
  DamagePrevented: event({
    shield: z.string(),
    target: Id,
    amount: z.number().int(),
    attack: z.boolean(),
    instance: z.number().int().optional(),
  }),
  DamageDoubled: event({
    instance: z.number().int(),
    effect: z.string(),
    target: Id,
    amount: z.number().int(),
  }),
  NoDamageDealt: event({ source: z.string(), attack: z.boolean() }),
  DamageRecovered: event({ object: Id, amount: z.number().int() }),
  ShieldCreated: event({
    shields: z.array(
      z.object({
        id: z.string(),
        target: Id,
        amount: z.number().int(),
        damage: z.enum(['attack', 'non-attack', 'any']),
        source: z.string(),
        enlighten: z.boolean().optional(),
      }),
    ),
  }),
  EffectCreated: event({ effect: z.record(z.string(), z.unknown()) }),
  ObjectLeftField: event({
    object: Id,
    cardId: Id,
    to: z.enum(['graveyard', 'banishment', 'materialDeck', 'hand']),
    reason: z.string(),
    // Returned to hand (2.1.h.6): the owner, the card's new opaque id there, and `hidden` in the copies of viewers other than the owner.
    player: z.string().optional(),
    toOid: z.string().optional(),
    hidden: z.literal(true).optional(),
  }),
  PreservedReturned: event({ player: P }),
  IntentionEntered: event({
    sid: z.string(),
    player: P,
    card: CardSchema,
    attacker: Id,
    weapon: Id.nullable(),
    prepared: z.boolean().optional(),
  }),
  AttackDeclared: event({
    player: P,
    attacker: Id,
    target: Id.nullable(),
    defendingPlayer: P,
    weapon: Id.nullable(),
    attackCard: CardSchema.nullable(),
    cleave: z.boolean().optional(),
  }),
  CriticalOffered: event({ player: P, n: z.number().int(), source: z.string().optional() }),
  CriticalCardSelected: event({ player: P, card: Id.nullable(), oid: z.string().nullable() }),
  CriticalSettled: event({
    player: P,
    doubled: z.boolean(),
    reason: z.string().optional(),
    source: z.string().optional(),
  }),
  AttackRedirected: event({ player: P, ally: Id, from: Id }),
  InterceptDeclined: event({ player: P }),
  AttackFizzled: event({ player: P, reason: z.string() }),
  AttackDoubled: event({ player: P, effect: z.string().optional() }),
  AttackNegated: event({ player: P, target: Id, reason: z.string() }),
  UniqueKept: event({ player: P, object: Id, name: z.string() }),
  RetaliationDeclared: event({ player: P, unit: Id, against: Id }),
  RetaliationDeclined: event({ player: P }),
  IntentionCleared: event({ player: P, card: CardSchema }),
  CombatEnded: event({ player: P }),
  MaterializationDeclined: event({ player: P, reason: z.string().optional() }),
  EndOfTurnCleanup: event({ player: P, allies: z.array(Id) }),
  TurnEnded: event({ turn: z.number().int(), player: P }),
  DrawFromEmptyDeck: event({ player: P }),
  PlayerConceded: event({ player: P }),
  PlayerLost: event({ player: P, rule: z.string(), reason: z.string() }),
  PlayerRemoved: event({ player: P }),
  TurnEndedEarly: event({ player: P, banished: z.array(z.string()) }),
  MatchEnded: event({ winner: P.nullable(), result: z.string(), seed: z.string() }),
  // The table's clock (kit/clock.ts): recorded by the host, folded as markers.
  ...clockEventShapes,
};

export const GAEvents = defineEvents(EVENTS);
export const eventSchema = GAEvents.eventSchema;
