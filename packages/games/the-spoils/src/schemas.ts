// Zod schemas of commands and events (the boundary types; `matchtape schema --game the-spoils` exports them).
import { z } from 'zod';
import {
  clockEventShapes,
  defineEvents,
  matchEndedFields,
  matchStartedFields,
  PlayerIdSchema,
  type Payloads,
} from '@matchtape/engine';

// Up to 2,000 characters: a scenario test card's id carries its definition (cards/test-cards.ts).
const Id = z.string().min(1).max(2000);
const P = PlayerIdSchema;
const meta = { player: P.optional(), commandId: z.string().optional() };
const cmd = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), ...shape, ...meta }).strict();

export const CommandSchemas = {
  ChooseFirstPlayer: cmd('ChooseFirstPlayer', { first: P }),
  MulliganCard: cmd('MulliganCard', { card: Id }),
  EndMulligan: cmd('EndMulligan', {}),
  ResolveTrigger: cmd('ResolveTrigger', { trigger: Id }),
  Develop: cmd('Develop', {
    mode: z.enum(['draw', 'resource']),
    card: Id.optional(),
    faceDown: z.boolean().optional(),
  }),
  PlayCard: cmd('PlayCard', { card: Id, pick: Id.optional(), sacrifice: Id.optional() }),
  UseAbility: cmd('UseAbility', {
    source: Id,
    ability: z.number().int().min(0).max(20),
    pick: Id.optional(),
  }),
  AttachResource: cmd('AttachResource', { resource: Id }),
  Pass: cmd('Pass', {}),
  EndTurn: cmd('EndTurn', {}),
  Attack: cmd('Attack', { target: Id.optional() }),
  AddAttacker: cmd('AddAttacker', { card: Id }),
  ConfirmAttackers: cmd('ConfirmAttackers', {}),
  AddBlocker: cmd('AddBlocker', { card: Id }),
  ConfirmBlockers: cmd('ConfirmBlockers', {}),
  AssignDamage: cmd('AssignDamage', { source: Id, target: Id, amount: z.number().int().min(0).max(1000) }),
  Bid: cmd('Bid', { amount: z.number().int().min(0).max(1000) }),
  PassBid: cmd('PassBid', {}),
  FindCard: cmd('FindCard', { card: Id.optional() }),
  KeepUnique: cmd('KeepUnique', { card: Id }),
  Concede: cmd('Concede', {}),
} as const;

export const commandSchema = z.discriminatedUnion('type', [
  CommandSchemas.ChooseFirstPlayer,
  CommandSchemas.MulliganCard,
  CommandSchemas.EndMulligan,
  CommandSchemas.ResolveTrigger,
  CommandSchemas.Develop,
  CommandSchemas.PlayCard,
  CommandSchemas.UseAbility,
  CommandSchemas.AttachResource,
  CommandSchemas.Pass,
  CommandSchemas.EndTurn,
  CommandSchemas.Attack,
  CommandSchemas.AddAttacker,
  CommandSchemas.ConfirmAttackers,
  CommandSchemas.AddBlocker,
  CommandSchemas.ConfirmBlockers,
  CommandSchemas.AssignDamage,
  CommandSchemas.Bid,
  CommandSchemas.PassBid,
  CommandSchemas.FindCard,
  CommandSchemas.KeepUnique,
  CommandSchemas.Concede,
]);
export type SpoilsCommand = z.infer<typeof commandSchema>;

const Slot = z.union([z.object({ id: Id, cardId: Id }), z.object({ id: Id, hidden: z.literal(true) })]);
const Moved = z.object({ fromId: Id.nullable(), id: Id, cardId: Id.nullable() });
const Perm = z.object({
  id: Id,
  cardId: Id.nullable(),
  owner: P,
  controller: P,
  faceDown: z.boolean(),
  depleted: z.boolean(),
  damage: z.number().int(),
  tokens: z.record(z.string(), z.number().int()),
  attachedTo: Id.nullable(),
  canAttack: z.boolean(),
  influence: z.number().int().optional(),
  token: z.boolean().optional(),
});
const Item = z.object({
  iid: Id,
  kind: z.enum(['card', 'ability', 'end-turn']),
  controller: P,
  card: z.object({ id: Id, cardId: Id }).nullable(),
  source: Id.nullable(),
  sourceCardId: Id.nullable(),
  ability: z.number().int().nullable(),
  picked: Id.nullable(),
  flipUp: z.boolean(),
  label: z.string(),
});
const Prompt = z.object({ kind: z.string(), player: P, rule: z.string() }).loose();
const Leave = z.object({
  id: Id,
  owner: P,
  cardId: Id.nullable(),
  to: z.enum(['discard', 'out-of-game', 'face-down', 'gone']),
  newId: Id.optional(),
  newCardId: Id.nullable().optional(),
  controller: P.optional(),
});
const ids = z.array(Id);
const serial = z.number().int().optional();

/** A payload: its fields, plus the id counter after it for events that hand out fresh ids. */
const pl = <S extends z.ZodRawShape>(shape: S) => z.object({ ...shape, serial });

export const EVENTS = {
  MatchStarted: pl({
    ...matchStartedFields,
    matchId: z.string(),
    players: z.array(z.object({ id: P, name: z.string() })),
    seedCommitment: z.string(),
    turnLimit: z.number().int(),
    rulesVersion: z.string(),
  }),
  FactionPlaced: pl({ player: P, faction: Perm }),
  StartingResourcesSearched: pl({ player: P, resources: z.array(Moved), missing: z.array(Id) }),
  // reason 'fork': a fork's reshuffle (reshuffle.ts; Matchtape's action, no rule).
  DeckShuffled: pl({
    player: P,
    deck: z.array(Slot),
    stacked: z.boolean(),
    reason: z.literal('fork').optional(),
  }),
  FirstPlayerChooserDrawn: pl({ chooser: P }),
  FirstPlayerChosen: pl({ chooser: P, first: P }),
  StartingResourcesRevealed: pl({
    player: P,
    resources: z.array(z.object({ id: Id, cardId: Id.nullable() })),
  }),
  PromptOpened: pl({ prompt: Prompt }),
  PromptClosed: pl({ player: P, choice: z.string().optional(), kept: Id.optional() }),
  CardsDrawn: pl({ player: P, moves: z.array(Moved), failed: z.number().int() }),
  CardsDiscarded: pl({ player: P, cards: z.array(z.object({ id: Id, cardId: Id })) }),
  MulliganCardBottomed: pl({ player: P, move: Moved }),
  MulliganEnded: pl({ player: P, count: z.number().int() }),
  TurnStarted: pl({ turn: z.number().int(), player: P, cleared: ids }),
  StepEntered: pl({ phase: z.string(), step: z.string().nullable() }),
  TriggerRaised: pl({
    trigger: z.object({
      tid: Id,
      controller: P,
      source: Id,
      sourceCardId: Id,
      trigger: z.number().int(),
      label: z.string(),
    }),
  }),
  TriggerHappened: pl({ tid: Id, source: Id, label: z.string(), controller: P }),
  CardPlayStarted: pl({ player: P, item: Item, fromId: Id, via: z.enum(['hand', 'flip-up']) }),
  AbilityUsed: pl({ player: P, item: Item }),
  EndTurnAnnounced: pl({ player: P, item: Item }),
  ResponsesDone: pl({ player: P, iid: Id }),
  ItemResolved: pl({
    iid: Id,
    to: z.enum(['play', 'discard']).nullable(),
    label: z.string(),
    owner: P.optional(),
    perm: Perm.optional(),
  }),
  ItemTerminated: pl({
    iid: Id,
    to: z.literal('discard').nullable(),
    label: z.string(),
    owner: P.optional(),
  }),
  PaymentStarted: pl({
    payment: z.object({
      player: P,
      total: z.number().int(),
      remaining: z.number().int(),
      purpose: z.enum(['item', 'party', 'bid']),
      draw: z.number().int().optional(),
    }),
    breakdown: z.record(z.string(), z.number()),
  }),
  ResourcesAttached: pl({ player: P, ids, to: Id, payment: z.boolean() }),
  CardsDetached: pl({ ids, from: Id }),
  CardsDepleted: pl({ ids }),
  CardsRestored: pl({ ids }),
  TokensChanged: pl({ card: Id, kind: z.string(), delta: z.number().int() }),
  TokenCreated: pl({ perm: Perm }),
  DamageInflicted: pl({
    source: Id.nullable(),
    target: Id,
    targetKind: z.string(),
    raw: z.number().int(),
    amount: z.number().int(),
    battle: z.boolean(),
  }),
  InfluenceLost: pl({ faction: Id, player: P, amount: z.number().int(), influence: z.number().int() }),
  CardsLeftPlay: pl({ leaves: z.array(Leave), reason: z.string() }),
  ControlChanged: pl({ card: Id, from: P, to: P, inBattle: z.boolean() }),
  TurnEffectAdded: pl({
    effect: z.object({ target: Id, str: z.number().int(), life: z.number().int(), spd: z.number().int() }),
  }),
  ResourcePlaying: pl({ player: P, fromId: Id, faceDown: z.boolean() }),
  ResourcePlayed: pl({ player: P, move: Moved, faceDown: z.boolean() }),
  DeckSearched: pl({ player: P, found: Moved.nullable(), criteria: z.string() }),
  BattleStarted: pl({ battle: z.object({ attacker: P, defender: P, target: Id.nullable() }).loose() }),
  AttackerAdded: pl({ player: P, card: Id }),
  AttackingPartyFormed: pl({ player: P, attackers: ids, covert: z.boolean() }),
  BlockerAdded: pl({ player: P, card: Id }),
  BlockingPartyFormed: pl({ blockers: ids, player: P.optional() }),
  BattleWindowOpened: pl({ player: P }),
  BattleWindowPassed: pl({ player: P, next: P.nullable() }),
  SpeedLevelFound: pl({ speed: z.number().int(), toAssign: z.record(z.string(), z.number().int()) }),
  BattleDamageAssigned: pl({ source: Id, target: Id.nullable(), amount: z.number().int() }),
  BattleDamageCleared: pl({}),
  BattleEnded: pl({ attacker: P }),
  BidPlaced: pl({ player: P, amount: z.number().int() }),
  BidPassed: pl({ player: P }),
  BidWon: pl({ player: P, amount: z.number().int() }),
  PositionSet: pl({
    turn: z.number().int(),
    activePlayer: P,
    players: z.record(
      z.string(),
      z.object({
        deck: z.array(Slot),
        hand: z.array(Slot),
        discard: z.array(z.object({ id: Id, cardId: Id })),
      }),
    ),
    perms: z.array(Perm),
  }),
  PlayerConceded: pl({ player: P }),
  MatchEnded: pl({ ...matchEndedFields, losers: z.array(P) }),
  // The table's clock (kit/clock.ts): recorded by the host, folded as markers.
  ...clockEventShapes,
};

export const events = defineEvents(EVENTS);
export const eventSchema = events.eventSchema;
export const EVENT_TYPES: readonly string[] = events.types;
export type SpoilsPayloads = Payloads<typeof EVENTS>;
