// Zod schemas of commands and events (the boundary types; `matchtape schema --game grand-archive` exports them).
import { z } from 'zod';
import { PlayerIdSchema } from '@matchtape/engine';

const Id = z.string().min(1).max(200);
const meta = { player: PlayerIdSchema.optional(), commandId: z.string().optional() };

export const CommandSchemas = {
  PlaceStartingChampion: z.object({ type: z.literal('PlaceStartingChampion'), card: Id, ...meta }).strict(),
  Materialize: z.object({ type: z.literal('Materialize'), card: Id, floating: z.array(Id).min(1).max(12).optional(), ...meta }).strict(),
  DeclineMaterialize: z.object({ type: z.literal('DeclineMaterialize'), ...meta }).strict(),
  ReturnPreserved: z.object({ type: z.literal('ReturnPreserved'), card: Id, ...meta }).strict(),
  ActivateCard: z.object({ type: z.literal('ActivateCard'), card: Id, target: Id.optional(), weapon: Id.optional(), prepare: z.literal(true).optional(), ...meta }).strict(),
  SelectReserve: z.object({ type: z.literal('SelectReserve'), card: Id, ...meta }).strict(),
  CancelActivation: z.object({ type: z.literal('CancelActivation'), ...meta }).strict(),
  ActivateAbility: z.object({ type: z.literal('ActivateAbility'), source: Id, ability: z.number().int().min(0).max(20), target: Id.optional(), ...meta }).strict(),
  DeclareAttack: z.object({ type: z.literal('DeclareAttack'), attacker: Id, target: Id.optional(), opponent: PlayerIdSchema.optional(), weapon: Id.optional(), ...meta }).strict(),
  ChooseAttackTarget: z.object({ type: z.literal('ChooseAttackTarget'), target: Id, ...meta }).strict(),
  DiscardForCritical: z.object({ type: z.literal('DiscardForCritical'), card: Id, ...meta }).strict(),
  DeclineCritical: z.object({ type: z.literal('DeclineCritical'), ...meta }).strict(),
  Intercept: z.object({ type: z.literal('Intercept'), ally: Id, ...meta }).strict(),
  DeclineIntercept: z.object({ type: z.literal('DeclineIntercept'), ...meta }).strict(),
  DeclareRetaliation: z.object({ type: z.literal('DeclareRetaliation'), unit: Id, ...meta }).strict(),
  DeclineRetaliation: z.object({ type: z.literal('DeclineRetaliation'), ...meta }).strict(),
  PassOpportunity: z.object({ type: z.literal('PassOpportunity'), ...meta }).strict(),
  Concede: z.object({ type: z.literal('Concede'), ...meta }).strict(),
} as const;

export const GACommandSchema = z.discriminatedUnion('type', [
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
  CommandSchemas.DeclareRetaliation,
  CommandSchemas.DeclineRetaliation,
  CommandSchemas.PassOpportunity,
  CommandSchemas.Concede,
]);
export type GACommand = z.infer<typeof GACommandSchema>;

const CardSchema = z.object({ id: Id, cardId: Id, oid: z.string().optional(), selected: z.literal(true).optional(), preserved: z.literal(true).optional() });
const RandomSchema = z.object({ from: z.number().int(), to: z.number().int(), draws: z.array(z.unknown()).nullable() });
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
const ev = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), payload: z.object({ ...shape, random: RandomSchema.optional() }) });

export const EventSchemas = [
  ev('MatchStarted', { seedCommitment: z.string(), matchId: z.string(), players: z.array(z.object({ id: P, name: z.string() })), rulesVersion: z.string(), turnLimit: z.number().int(), format: z.string() }),
  ev('DeckSetOut', { player: P, main: z.array(CardSchema).nullable(), mainOids: z.array(z.string()), material: z.array(CardSchema).nullable(), materialOids: z.array(z.string()), hand: z.array(CardSchema).nullable(), handOids: z.array(z.string()), shuffled: z.boolean() }),
  ev('FirstPlayerChosen', { player: P, method: z.string() }),
  ev('TurnStarted', { turn: z.number().int(), player: P }),
  ev('PhaseEntered', { phase: z.string(), step: z.string().nullable() }),
  ev('PromptOpened', { prompt: z.object({ kind: z.string(), player: P, rule: z.string() }) }),
  ev('StartingChampionPlaced', { player: P, object: ObjectSchema, fromOid: z.string().nullable() }),
  ev('CardsMoved', { reason: z.string(), player: P, moves: z.array(MoveSchema) }),
  ev('OpportunityGranted', { player: P }),
  ev('OpportunityPassed', { player: P }),
  ev('ActivationDeclared', { player: P, card: CardSchema, from: z.enum(['hand', 'materialDeck']), fromOid: z.string().nullable(), target: Id.nullable(), weapon: Id.nullable(), reserve: z.number().int(), memory: z.number().int(), materialize: z.boolean(), prepared: z.boolean().optional(), floating: z.array(Id).optional() }),
  ev('ReserveSelected', { player: P, card: Id.nullable(), oid: z.string().nullable() }),
  ev('ActivationCanceled', { player: P, card: CardSchema.nullable(), from: z.enum(['hand', 'materialDeck']), toOid: z.string() }),
  ev('ActivationPlaced', { item: StackItemSchema }),
  ev('TriggerPlaced', { item: StackItemSchema }),
  ev('AbilityActivated', { item: StackItemSchema }),
  ev('StackItemResolved', { sid: z.string(), to: z.enum(['graveyard', 'banishment', 'materialDeck']).nullable(), note: z.string().optional() }),
  ev('StackItemFizzled', { sid: z.string(), to: z.enum(['graveyard', 'banishment']).nullable(), reason: z.string() }),
  ev('ObjectEntered', { object: ObjectSchema, fromZone: z.enum(['materialDeck']).nullable(), fromOid: z.string().nullable(), materialized: z.boolean().optional() }),
  ev('ChampionLeveledUp', { object: Id, player: P, card: CardSchema, fromCardId: Id, levelFrom: z.number().int(), levelTo: z.number().int() }),
  ev('ObjectRested', { object: Id, reason: z.string() }),
  ev('ObjectsWoken', { objects: z.array(Id), player: P }),
  ev('CountersChanged', { object: Id, kind: z.string(), delta: z.number().int() }),
  ev('DamageDealt', { source: z.string(), attack: z.boolean(), damage: z.array(z.object({ target: Id, amount: z.number().int(), source: z.string().optional() })) }),
  ev('DamagePrevented', { shield: z.string(), target: Id, amount: z.number().int(), attack: z.boolean() }),
  ev('DamageRecovered', { object: Id, amount: z.number().int() }),
  ev('ShieldCreated', { shields: z.array(z.object({ id: z.string(), target: Id, amount: z.number().int(), damage: z.enum(['attack', 'non-attack', 'any']), source: z.string(), enlighten: z.boolean().optional() })) }),
  ev('EffectCreated', { effect: z.record(z.string(), z.unknown()) }),
  ev('ObjectLeftField', { object: Id, cardId: Id, to: z.enum(['graveyard', 'banishment', 'materialDeck']), reason: z.string() }),
  ev('PreservedReturned', { player: P }),
  ev('IntentionEntered', { sid: z.string(), player: P, card: CardSchema, attacker: Id, weapon: Id.nullable(), prepared: z.boolean().optional() }),
  ev('AttackDeclared', { player: P, attacker: Id, target: Id.nullable(), defendingPlayer: P, weapon: Id.nullable(), attackCard: CardSchema.nullable(), cleave: z.boolean().optional() }),
  ev('CriticalOffered', { player: P, n: z.number().int() }),
  ev('CriticalCardSelected', { player: P, card: Id.nullable(), oid: z.string().nullable() }),
  ev('CriticalSettled', { player: P, doubled: z.boolean() }),
  ev('AttackRedirected', { player: P, ally: Id, from: Id }),
  ev('InterceptDeclined', { player: P }),
  ev('AttackFizzled', { player: P, reason: z.string() }),
  ev('AttackDoubled', { player: P }),
  ev('RetaliationDeclared', { player: P, unit: Id, against: Id }),
  ev('RetaliationDeclined', { player: P }),
  ev('IntentionCleared', { player: P, card: CardSchema }),
  ev('CombatEnded', { player: P }),
  ev('MaterializationDeclined', { player: P, reason: z.string().optional() }),
  ev('EndOfTurnCleanup', { player: P, allies: z.array(Id) }),
  ev('TurnEnded', { turn: z.number().int(), player: P }),
  ev('DrawFromEmptyDeck', { player: P }),
  ev('PlayerConceded', { player: P }),
  ev('PlayerLost', { player: P, rule: z.string(), reason: z.string() }),
  ev('PlayerRemoved', { player: P }),
  ev('TurnEndedEarly', { player: P, banished: z.array(z.string()) }),
  ev('MatchEnded', { winner: P.nullable(), result: z.string(), seed: z.string() }),
] as const;

export const GAEventSchema = z.union(EventSchemas);
