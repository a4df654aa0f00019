// Zod schemas of commands and events (the boundary types; `matchtape schema --game the-spoils` exports them).
import { z } from 'zod';
import { PlayerIdSchema } from '@matchtape/engine';

const Id = z.string().min(1).max(200);
const P = PlayerIdSchema;
const meta = { player: P.optional(), commandId: z.string().optional() };
const cmd = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.object({ type: z.literal(type), ...shape, ...meta }).strict();

export const CommandSchemas = {
  ChooseFirstPlayer: cmd('ChooseFirstPlayer', { first: P }),
  MulliganCard: cmd('MulliganCard', { card: Id }),
  EndMulligan: cmd('EndMulligan', {}),
  ResolveTrigger: cmd('ResolveTrigger', { trigger: Id }),
  Develop: cmd('Develop', { mode: z.enum(['draw', 'resource']), card: Id.optional(), faceDown: z.boolean().optional() }),
  PlayCard: cmd('PlayCard', { card: Id, pick: Id.optional(), sacrifice: Id.optional() }),
  UseAbility: cmd('UseAbility', { source: Id, ability: z.number().int().min(0).max(20), pick: Id.optional() }),
  AttachResource: cmd('AttachResource', { resource: Id }),
  Pass: cmd('Pass', {}),
  EndTurn: cmd('EndTurn', {}),
  Attack: cmd('Attack', { target: Id }),
  AddAttacker: cmd('AddAttacker', { card: Id }),
  ConfirmAttackers: cmd('ConfirmAttackers', {}),
  AddBlocker: cmd('AddBlocker', { card: Id }),
  ConfirmBlockers: cmd('ConfirmBlockers', {}),
  AssignDamage: cmd('AssignDamage', { source: Id, target: Id, amount: z.number().int().min(0).max(1000) }),
  Bid: cmd('Bid', { amount: z.number().int().min(0).max(1000) }),
  PassBid: cmd('PassBid', {}),
  FindCard: cmd('FindCard', { card: Id.optional() }),
  KeepUnique: cmd('KeepUnique', { card: Id }),
} as const;

export const SpoilsCommandSchema = z.discriminatedUnion('type', [
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
]);
export type SpoilsCommand = z.infer<typeof SpoilsCommandSchema>;

const RandomSchema = z.object({ from: z.number().int(), to: z.number().int(), draws: z.array(z.unknown()).nullable() });
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
const Leave = z.object({ id: Id, owner: P, cardId: Id.nullable(), to: z.enum(['discard', 'out-of-game', 'face-down', 'gone']), newId: Id.optional(), newCardId: Id.nullable().optional(), controller: P.optional() });
const ids = z.array(Id);
const serial = z.number().int().optional();

const ev = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), payload: z.object({ ...shape, serial, random: RandomSchema.optional() }) });

export const EventSchemas = [
  ev('MatchStarted', { matchId: z.string(), players: z.array(z.object({ id: P, name: z.string() })), seedCommitment: z.string(), turnLimit: z.number().int(), rulesVersion: z.string() }),
  ev('FactionPlaced', { player: P, faction: Perm }),
  ev('StartingResourcesSearched', { player: P, resources: z.array(Moved), missing: z.array(Id) }),
  ev('DeckShuffled', { player: P, deck: z.array(Slot), stacked: z.boolean() }),
  ev('FirstPlayerChooserDrawn', { chooser: P }),
  ev('FirstPlayerChosen', { chooser: P, first: P }),
  ev('StartingResourcesRevealed', { player: P, resources: z.array(z.object({ id: Id, cardId: Id.nullable() })) }),
  ev('PromptOpened', { prompt: Prompt }),
  ev('PromptClosed', { player: P }),
  ev('CardsDrawn', { player: P, moves: z.array(Moved), failed: z.number().int() }),
  ev('MulliganCardBottomed', { player: P, move: Moved }),
  ev('MulliganEnded', { player: P, count: z.number().int() }),
  ev('TurnStarted', { turn: z.number().int(), player: P, cleared: ids }),
  ev('StepEntered', { phase: z.string(), step: z.string().nullable() }),
  ev('TriggerRaised', { trigger: z.object({ tid: Id, controller: P, source: Id, sourceCardId: Id, trigger: z.number().int(), label: z.string() }) }),
  ev('TriggerHappened', { tid: Id, source: Id, label: z.string(), controller: P }),
  ev('CardPlayStarted', { player: P, item: Item, fromId: Id, via: z.enum(['hand', 'flip-up']) }),
  ev('AbilityUsed', { player: P, item: Item }),
  ev('EndTurnAnnounced', { player: P, item: Item }),
  ev('ResponsesDone', { player: P, iid: Id }),
  ev('ItemResolved', { iid: Id, to: z.enum(['play', 'discard']).nullable(), label: z.string(), owner: P.optional(), perm: Perm.optional() }),
  ev('PaymentStarted', { payment: z.object({ player: P, total: z.number().int(), remaining: z.number().int(), purpose: z.enum(['item', 'party', 'bid']), draw: z.number().int().optional() }), breakdown: z.record(z.string(), z.number()) }),
  ev('ResourcesAttached', { player: P, ids, to: Id, payment: z.boolean() }),
  ev('CardsDetached', { ids, from: Id }),
  ev('CardsDepleted', { ids }),
  ev('CardsRestored', { ids }),
  ev('TokensChanged', { card: Id, kind: z.string(), delta: z.number().int() }),
  ev('TokenCreated', { perm: Perm }),
  ev('DamageInflicted', { source: Id.nullable(), target: Id, targetKind: z.string(), raw: z.number().int(), amount: z.number().int(), battle: z.boolean() }),
  ev('InfluenceLost', { faction: Id, player: P, amount: z.number().int(), influence: z.number().int() }),
  ev('CardsLeftPlay', { leaves: z.array(Leave), reason: z.string() }),
  ev('ControlChanged', { card: Id, from: P, to: P, inBattle: z.boolean() }),
  ev('TurnEffectAdded', { effect: z.object({ target: Id, str: z.number().int(), life: z.number().int(), spd: z.number().int() }) }),
  ev('ResourcePlaying', { player: P, fromId: Id, faceDown: z.boolean() }),
  ev('ResourcePlayed', { player: P, move: Moved, faceDown: z.boolean() }),
  ev('DeckSearched', { player: P, found: Moved.nullable(), criteria: z.string() }),
  ev('BattleStarted', { battle: z.object({ attacker: P, defender: P, target: Id.nullable() }).loose() }),
  ev('AttackerAdded', { player: P, card: Id }),
  ev('AttackingPartyFormed', { player: P, attackers: ids, covert: z.boolean() }),
  ev('BlockerAdded', { player: P, card: Id }),
  ev('BlockingPartyFormed', { blockers: ids }),
  ev('BattleWindowOpened', { player: P }),
  ev('BattleWindowPassed', { player: P, next: P.nullable() }),
  ev('SpeedLevelFound', { speed: z.number().int(), toAssign: z.record(z.string(), z.number().int()) }),
  ev('BattleDamageAssigned', { source: Id, target: Id.nullable(), amount: z.number().int() }),
  ev('BattleDamageCleared', {}),
  ev('BattleEnded', { attacker: P }),
  ev('BidPlaced', { player: P, amount: z.number().int() }),
  ev('BidPassed', { player: P }),
  ev('BidWon', { player: P, amount: z.number().int() }),
  ev('MatchEnded', { winner: P.nullable(), result: z.string(), seed: z.string(), losers: z.array(P) }),
] as const;

export const SpoilsEventSchema = z.union(EventSchemas);
export const EVENT_TYPES: readonly string[] = EventSchemas.map((s) => s.shape.type.value);
