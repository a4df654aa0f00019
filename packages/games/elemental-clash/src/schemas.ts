// Zod schemas of commands and events (the boundary types; `matchtape schema --game elemental-clash` exports them).
import { z } from 'zod';
import { clockEventShapes, PlayerIdSchema, RandomRecordSchema, ViewerSchema } from '@matchtape/engine';

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

export const ECCommandSchema = z.discriminatedUnion('type', [
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
export type ECCommand = z.infer<typeof ECCommandSchema>;

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
const ev = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), payload: z.object({ ...shape, random: RandomRecordSchema.optional() }) });
const InPlayZone = z.enum(['stacks', 'atk', 'def', 'attached', 'equip']);

export const EventSchemas = [
  ev('MatchStarted', {
    seedCommitment: z.string(),
    game: z.string().optional(),
    rulesVersion: z.string(),
    players: z.array(z.object({ id: P, name: z.string() })),
    options: z.record(z.string(), z.unknown()),
  }),
  ev('PositionSet', {
    turn: z.number().int(),
    activePlayer: P,
    phase: z.string(),
    players: z.record(z.string(), z.record(z.string(), z.unknown())),
    effects: z.array(z.record(z.string(), z.unknown())),
    stonePlayed: z.record(z.string(), z.boolean()),
  }),
  ev('FirstPlayerChosen', { player: P, agreed: z.boolean() }),
  // reason 'fork': a fork's reshuffle (reshuffle.ts; Matchtape's action, no rule).
  ev('SpellbookShuffled', { player: P, cards: z.array(Seen), reason: z.literal('fork').optional() }),
  ev('SpellbookStacked', { player: P, cards: z.array(Seen) }),
  ev('CardsDrawn', { player: P, cards: z.array(Seen), reason: z.string() }),
  ev('MulliganTaken', {
    player: P,
    handSize: z.number().int(),
    spellbook: z.array(Seen),
    hand: z.array(Seen),
  }),
  ev('HandKept', { player: P }),
  ev('TurnBegan', { turn: z.number().int(), player: P }),
  ev('PhaseBegan', { phase: z.string(), step: z.string().nullable() }),
  ev('ChoiceOffered', { prompt: PromptSchema }),
  ev('SpellArchived', { player: P, stack: Id, card: CardSchema, to: z.enum(['archive', 'purgatory']) }),
  ev('SpellRecovered', { player: P, stack: Id, card: CardSchema }),
  ev('CreatureDeployed', { player: P, card: Id, stack: Id, zone: z.enum(['atk', 'def']) }),
  ev('CreatureKeptResident', { player: P, card: Id, stack: Id }),
  ev('FamiliarAttached', { player: P, card: Id, stack: Id, master: Id }),
  ev('CreatureMoved', { player: P, card: Id, from: z.enum(['atk', 'def']), to: z.enum(['atk', 'def']) }),
  ev('DrawSkipped', { player: P }),
  ev('RedrawStarted', { player: P, count: z.number().int() }),
  ev('CardPutUnder', { player: P, card: Seen, handOid: z.string() }),
  ev('HandRedrawn', { player: P, drawn: z.array(Seen) }),
  ev('RedrawDeclined', { player: P }),
  ev('MainPhaseSkipped', { player: P }),
  ev('ElementStonePlayed', { player: P, card: CardSchema, stack: Id, newStack: z.boolean() }),
  ev('CardPlayed', {
    player: P,
    card: CardSchema,
    stack: Id,
    target: Id.nullable(),
    tribute: z.array(Id),
    flash: z.boolean(),
  }),
  ev('EquipAttached', { player: P, card: Id, cardId: Id, creature: Id }),
  ev('AttackDeclared', { player: P, attacker: Id, target: Id.nullable(), defender: P }),
  ev('BlockerDeclared', { player: P, creature: Id }),
  ev('DefenseFinished', { player: P, blockers: z.array(Id) }),
  ev('DamageDealt', {
    source: Id,
    sourceCard: Id,
    target: Id,
    amount: z.number().int(),
    player: z.boolean().optional(),
    purge: z.boolean().optional(),
    slayer: z.boolean().optional(),
  }),
  ev('DamagePrevented', { source: Id, target: Id, amount: z.number().int() }),
  ev('SpellbookMilled', {
    player: P,
    cards: z.array(CardSchema),
    to: z.enum(['archive', 'purgatory']),
    reason: z.string(),
  }),
  ev('AttackEnded', { attacker: Id }),
  ev('RangedAttackMade', { player: P, creature: Id, target: Id, amount: z.number().int() }),
  ev('DelayedEffectCreated', {
    delayed: z.object({
      controller: P,
      source: Id,
      cardId: Id,
      effects: z.array(EffectSchema),
      purge: z.boolean(),
      spell: z.boolean(),
    }),
  }),
  ev('DelayedEffectsTriggered', { count: z.number().int() }),
  ev('EffectApplied', {
    id: z.string(),
    source: Id,
    target: Id,
    power: z.number().int(),
    health: z.number().int(),
    until: z.literal('end-of-turn'),
  }),
  ev('EffectsExpired', { player: P }),
  ev('CreatureDischarged', { player: P, creature: Id, stack: Id }),
  ev('CardReturnedToHand', { player: P, card: CardSchema, from: z.literal('archive'), hand: Seen }),
  ev('CardReturnedFromPlay', { player: P, card: CardSchema, from: InPlayZone, hand: CardSchema }),
  ev('CardDiscarded', { player: P, card: CardSchema, reason: z.string() }),
  ev('CardsHarvested', { player: P, source: Id, cards: z.array(CardSchema) }),
  ev('CardsRevealed', { player: P, cards: z.array(CardSchema) }),
  ev('CardsPutIntoSpellbook', {
    player: P,
    cards: z.array(CardSchema),
    from: z.enum(['hand', 'archive']),
    where: z.enum(['bottom', 'shuffled']),
  }),
  ev('TopCardsLooked', { player: P, source: Id, cards: z.array(Seen) }),
  ev('TopCardsArranged', { player: P, source: Id.nullable(), cards: z.array(Seen) }),
  ev('CardConstructed', { player: P, source: Id.nullable(), card: CardSchema, hand: CardSchema }),
  ev('ConstructFoundNothing', { player: P, source: Id.nullable() }),
  ev('DieRolled', { player: P, source: Id, sides: z.literal(6), result: z.number().int().min(1).max(6) }),
  ev('CardLeftPlay', {
    player: P,
    card: CardSchema,
    from: InPlayZone,
    to: z.enum(['archive', 'purgatory']),
    reason: z.string(),
    equip: z.boolean().optional(),
  }),
  ev('MutantEnteredPlay', {
    player: P,
    card: CardSchema,
    from: z.enum(['hand', 'archive']),
    zone: z.enum(['stacks', 'atk', 'def']),
    stack: Id.nullable(),
  }),
  ev('FreePlayed', {
    player: P,
    card: CardSchema,
    zone: z.enum(['atk', 'def', 'stacks']).nullable(),
    stack: Id.nullable(),
    target: Id.nullable(),
  }),
  ev('FreePlayDeclined', { player: P, card: Id }),
  ev('TriggerQueued', { pending: PendingSchema }),
  ev('TriggerChosen', { pid: z.string() }),
  ev('TriggerResolved', { pid: z.string(), source: Id }),
  ev('EchoCopied', { pid: z.string(), source: Id, remaining: z.number().int() }),
  ev('EchoTargetChosen', { player: P, pid: z.string(), target: Id.nullable() }),
  ev('TurnEnded', { player: P }),
  ev('Conceded', { player: P }),
  ev('PlayerLost', { player: P, rule: z.string(), reason: z.string() }),
  ev('MatchEnded', { winner: P.nullable(), result: z.string(), seed: z.string() }),
  // The table's clock (kit/clock.ts): recorded by the host, folded as markers.
  ev('ClockExpired', clockEventShapes.ClockExpired.shape),
  ev('TimeAdded', clockEventShapes.TimeAdded.shape),
  ev('RoundTimeCalled', clockEventShapes.RoundTimeCalled.shape),
  ev('RoundTimeEnded', clockEventShapes.RoundTimeEnded.shape),
] as const;

export const ECEventSchema = z.union(EventSchemas);
export const EVENT_TYPES = EventSchemas.map((s) => s.shape.type.value);
