// Zod schemas of commands and events (the boundary types; `matchtape schema --game elemental-clash` exports them).
import { z } from 'zod';
import {
  clockEventShapes,
  defineEvents,
  matchStartedFields,
  PlayerIdSchema,
  ViewerSchema,
} from '@matchtape/engine';

// Up to 2,000 characters: a scenario test card's id carries its definition (cards/test-cards.ts).
const Id = z.string().min(1).max(2000);
const meta = { player: PlayerIdSchema.optional(), commandId: z.string().optional() };
const cmd = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), ...shape, ...meta }).strict();
const Zone = z.enum(['atk', 'def']);

export const CommandSchemas = {
  Keep: cmd('Keep', {}),
  Mulligan: cmd('Mulligan', {}),
  DeployCreature: cmd('DeployCreature', { card: Id, zone: Zone }),
  KeepResident: cmd('KeepResident', { card: Id }),
  AttachFamiliar: cmd('AttachFamiliar', { card: Id, master: Id }),
  MoveCreature: cmd('MoveCreature', { card: Id, zone: Zone }),
  EndStandby: cmd('EndStandby', {}),
  RedrawHand: cmd('RedrawHand', {}),
  DeclineRedraw: cmd('DeclineRedraw', {}),
  PutUnder: cmd('PutUnder', { card: Id }),
  PlayStone: cmd('PlayStone', { card: Id, stack: Id.nullable() }),
  PlayCard: cmd('PlayCard', {
    card: Id,
    stack: Id,
    target: Id.optional(),
    tribute: z.array(Id).min(1).max(5).optional(),
  }),
  DeclareAttack: cmd('DeclareAttack', { attacker: Id, target: Id }),
  RangedAttack: cmd('RangedAttack', { creature: Id, target: Id }),
  Discharge: cmd('Discharge', { creature: Id, stack: Id }),
  Respawn: cmd('Respawn', { card: Id, discard: Id }),
  EndMain: cmd('EndMain', {}),
  DeclareBlocker: cmd('DeclareBlocker', { creature: Id }),
  FinishDefense: cmd('FinishDefense', {}),
  Harvest: cmd('Harvest', { card: Id }),
  Mutate: cmd('Mutate', { card: Id, mutant: Id }),
  Reinforce: cmd('Reinforce', { card: Id, reveal: z.array(Id).min(1).max(3) }),
  ChooseTrigger: cmd('ChooseTrigger', { pid: Id }),
  ArrangeTop: cmd('ArrangeTop', { order: z.array(Id).min(2).max(10) }),
  ChooseConstruct: cmd('ChooseConstruct', { cardId: Id.nullable() }),
  ChooseEchoTarget: cmd('ChooseEchoTarget', { target: Id.nullable() }),
  PlayFree: cmd('PlayFree', { zone: Zone.optional(), target: Id.optional() }),
  DeclineFreePlay: cmd('DeclineFreePlay', {}),
  Discard: cmd('Discard', { card: Id }),
  EndTurn: cmd('EndTurn', {}),
  Concede: cmd('Concede', {}),
} as const;

export type CommandType = keyof typeof CommandSchemas;
export const COMMAND_TYPES = Object.keys(CommandSchemas) as CommandType[];

export const commandSchema = z.discriminatedUnion('type', [
  CommandSchemas.Keep,
  CommandSchemas.Mulligan,
  CommandSchemas.DeployCreature,
  CommandSchemas.KeepResident,
  CommandSchemas.AttachFamiliar,
  CommandSchemas.MoveCreature,
  CommandSchemas.EndStandby,
  CommandSchemas.RedrawHand,
  CommandSchemas.DeclineRedraw,
  CommandSchemas.PutUnder,
  CommandSchemas.PlayStone,
  CommandSchemas.PlayCard,
  CommandSchemas.DeclareAttack,
  CommandSchemas.RangedAttack,
  CommandSchemas.Discharge,
  CommandSchemas.Respawn,
  CommandSchemas.EndMain,
  CommandSchemas.DeclareBlocker,
  CommandSchemas.FinishDefense,
  CommandSchemas.Harvest,
  CommandSchemas.Mutate,
  CommandSchemas.Reinforce,
  CommandSchemas.ChooseTrigger,
  CommandSchemas.ArrangeTop,
  CommandSchemas.ChooseConstruct,
  CommandSchemas.ChooseEchoTarget,
  CommandSchemas.PlayFree,
  CommandSchemas.DeclineFreePlay,
  CommandSchemas.Discard,
  CommandSchemas.EndTurn,
  CommandSchemas.Concede,
]);
export type ECCommand = z.infer<typeof commandSchema>;

const P = PlayerIdSchema;
/** A card as an event carries it: in full, or as a hidden reference for viewers who may not see it. */
const CardSchema = z.object({ id: Id, cardId: Id, oid: z.string(), known: z.array(ViewerSchema).optional() });
const Seen = z.union([CardSchema, z.object({ id: Id, hidden: z.literal(true) })]);
const EffectSchema = z.record(z.string(), z.unknown());
const PendingSchema = z.object({
  pid: z.string(),
  controller: P,
  source: Id,
  cardId: Id,
  label: z.string(),
  rule: z.string(),
  effects: z.array(EffectSchema),
  target: Id.nullable(),
  purge: z.boolean(),
  spell: z.boolean(),
  free: z.object({ card: Id, from: z.literal('archive') }).optional(),
  copies: z.number().int().optional(),
  chosen: z.boolean().optional(),
});
const PromptSchema = z.object({
  kind: z.enum([
    'mulligan',
    'redraw',
    'putUnder',
    'defend',
    'orderTriggers',
    'target',
    'arrange',
    'construct',
    'freePlay',
    'discard',
  ]),
  player: P,
  rule: z.string(),
  source: Id.nullable().optional(),
  options: z.array(z.string()).nullable().optional(),
  pid: z.string().optional(),
  at: z.number().int().optional(),
});
/** An event's payload (defineEvents adds `random`, written by the Draft). */
const event = <S extends z.ZodRawShape>(shape: S) => z.object(shape);
const InPlayZone = z.enum(['stacks', 'atk', 'def', 'attached', 'equip']);

/** Every event's payload, by event type. */
export const EVENTS = {
  MatchStarted: event({
    ...matchStartedFields,
    rulesVersion: z.string(),
    players: z.array(z.object({ id: P, name: z.string() })),
    options: z.record(z.string(), z.unknown()),
  }),
  PositionSet: event({
    turn: z.number().int(),
    activePlayer: P,
    phase: z.string(),
    players: z.record(z.string(), z.record(z.string(), z.unknown())),
    effects: z.array(z.record(z.string(), z.unknown())),
    stonePlayed: z.record(z.string(), z.boolean()),
  }),
  FirstPlayerChosen: event({ player: P, agreed: z.boolean() }),
  // reason 'fork': a fork's reshuffle (reshuffle.ts; Matchtape's action, no rule).
  SpellbookShuffled: event({ player: P, cards: z.array(Seen), reason: z.literal('fork').optional() }),
  SpellbookStacked: event({ player: P, cards: z.array(Seen) }),
  CardsDrawn: event({ player: P, cards: z.array(Seen), reason: z.string() }),
  MulliganTaken: event({
    player: P,
    handSize: z.number().int(),
    spellbook: z.array(Seen),
    hand: z.array(Seen),
  }),
  HandKept: event({ player: P }),
  TurnBegan: event({ turn: z.number().int(), player: P }),
  PhaseBegan: event({ phase: z.string(), step: z.string().nullable() }),
  ChoiceOffered: event({ prompt: PromptSchema }),
  SpellArchived: event({ player: P, stack: Id, card: CardSchema, to: z.enum(['archive', 'purgatory']) }),
  SpellRecovered: event({ player: P, stack: Id, card: CardSchema }),
  CreatureDeployed: event({ player: P, card: Id, stack: Id, zone: z.enum(['atk', 'def']) }),
  CreatureKeptResident: event({ player: P, card: Id, stack: Id }),
  FamiliarAttached: event({ player: P, card: Id, stack: Id, master: Id }),
  CreatureMoved: event({ player: P, card: Id, from: z.enum(['atk', 'def']), to: z.enum(['atk', 'def']) }),
  DrawSkipped: event({ player: P }),
  RedrawStarted: event({ player: P, count: z.number().int() }),
  CardPutUnder: event({ player: P, card: Seen, handOid: z.string() }),
  HandRedrawn: event({ player: P, drawn: z.array(Seen) }),
  RedrawDeclined: event({ player: P }),
  MainPhaseSkipped: event({ player: P }),
  ElementStonePlayed: event({ player: P, card: CardSchema, stack: Id, newStack: z.boolean() }),
  CardPlayed: event({
    player: P,
    card: CardSchema,
    stack: Id,
    target: Id.nullable(),
    tribute: z.array(Id),
    flash: z.boolean(),
  }),
  EquipAttached: event({ player: P, card: Id, cardId: Id, creature: Id }),
  AttackDeclared: event({ player: P, attacker: Id, target: Id.nullable(), defender: P }),
  BlockerDeclared: event({ player: P, creature: Id }),
  DefenseFinished: event({ player: P, blockers: z.array(Id) }),
  DamageDealt: event({
    source: Id,
    sourceCard: Id,
    target: Id,
    amount: z.number().int(),
    player: z.boolean().optional(),
    purge: z.boolean().optional(),
    slayer: z.boolean().optional(),
  }),
  DamagePrevented: event({ source: Id, target: Id, amount: z.number().int() }),
  SpellbookMilled: event({
    player: P,
    cards: z.array(CardSchema),
    to: z.enum(['archive', 'purgatory']),
    reason: z.string(),
  }),
  AttackEnded: event({ attacker: Id }),
  RangedAttackMade: event({ player: P, creature: Id, target: Id, amount: z.number().int() }),
  DelayedEffectCreated: event({
    delayed: z.object({
      controller: P,
      source: Id,
      cardId: Id,
      effects: z.array(EffectSchema),
      purge: z.boolean(),
      spell: z.boolean(),
    }),
  }),
  DelayedEffectsTriggered: event({ count: z.number().int() }),
  EffectApplied: event({
    id: z.string(),
    source: Id,
    target: Id,
    power: z.number().int(),
    health: z.number().int(),
    until: z.literal('end-of-turn'),
  }),
  EffectsExpired: event({ player: P }),
  CreatureDischarged: event({ player: P, creature: Id, stack: Id }),
  CardReturnedToHand: event({ player: P, card: CardSchema, from: z.literal('archive'), hand: Seen }),
  CardReturnedFromPlay: event({ player: P, card: CardSchema, from: InPlayZone, hand: CardSchema }),
  CardDiscarded: event({ player: P, card: CardSchema, reason: z.string() }),
  CardsHarvested: event({ player: P, source: Id, cards: z.array(CardSchema) }),
  CardsRevealed: event({ player: P, cards: z.array(CardSchema) }),
  CardsPutIntoSpellbook: event({
    player: P,
    cards: z.array(CardSchema),
    from: z.enum(['hand', 'archive']),
    where: z.enum(['bottom', 'shuffled']),
  }),
  TopCardsLooked: event({ player: P, source: Id, cards: z.array(Seen) }),
  TopCardsArranged: event({ player: P, source: Id.nullable(), cards: z.array(Seen) }),
  CardConstructed: event({ player: P, source: Id.nullable(), card: CardSchema, hand: CardSchema }),
  ConstructFoundNothing: event({ player: P, source: Id.nullable() }),
  DieRolled: event({ player: P, source: Id, sides: z.literal(6), result: z.number().int().min(1).max(6) }),
  CardLeftPlay: event({
    player: P,
    card: CardSchema,
    from: InPlayZone,
    to: z.enum(['archive', 'purgatory']),
    reason: z.string(),
    equip: z.boolean().optional(),
  }),
  MutantEnteredPlay: event({
    player: P,
    card: CardSchema,
    from: z.enum(['hand', 'archive']),
    zone: z.enum(['stacks', 'atk', 'def']),
    stack: Id.nullable(),
  }),
  FreePlayed: event({
    player: P,
    card: CardSchema,
    zone: z.enum(['atk', 'def', 'stacks']).nullable(),
    stack: Id.nullable(),
    target: Id.nullable(),
  }),
  FreePlayDeclined: event({ player: P, card: Id }),
  TriggerQueued: event({ pending: PendingSchema }),
  TriggerChosen: event({ pid: z.string() }),
  TriggerResolved: event({ pid: z.string(), source: Id }),
  EchoCopied: event({ pid: z.string(), source: Id, remaining: z.number().int() }),
  EchoTargetChosen: event({ player: P, pid: z.string(), target: Id.nullable() }),
  TurnEnded: event({ player: P }),
  Conceded: event({ player: P }),
  PlayerLost: event({ player: P, rule: z.string(), reason: z.string() }),
  MatchEnded: event({ winner: P.nullable(), result: z.string(), seed: z.string() }),
  // The table's clock (kit/clock.ts): recorded by the host, folded as markers.
  ...clockEventShapes,
};

export const events = defineEvents(EVENTS);
export const eventSchema = events.eventSchema;
/** Event type names in declaration order. */
export const EVENT_TYPES = events.types;
