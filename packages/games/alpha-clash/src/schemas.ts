// Zod schemas of commands and events (JSON Schema via z.toJSONSchema for `matchtape schema`).
import { z } from 'zod';

const Id = z.string().min(1).max(100);
const Player = z.string().regex(/^p[1-9][0-9]*$/);
const Targets = z.array(Id).max(8);

// Each command's own fields; `player` (set by the host) and `commandId` are added for the full command.
const SHAPES = {
  CutDeck: { deck: Player, at: z.number().int() },
  DeclineCut: { deck: Player },
  KeepHand: {},
  Mulligan: { cards: z.array(Id).max(60) },
  PlaceResource: { card: Id },
  SkipResource: {},
  PlayCard: { card: Id, targets: Targets.optional(), x: z.number().int().min(0).max(99).optional(), alternative: z.literal(true).optional() },
  SetTrap: { card: Id },
  ActivateTrap: { trap: Id, targets: Targets.optional() },
  ActivateEffect: { source: Id, targets: Targets.optional() },
  AttachWeapon: { weapon: Id, to: Id },
  UnattachWeapon: { weapon: Id },
  ActivatePortal: {},
  DeclareAttack: { attacker: Id, target: Id },
  EndCounterStep: {},
  DeclareObstructors: { cards: z.array(Id).max(20) },
  PassPriority: {},
  ChooseBarrage: { targets: Targets, division: z.array(z.number().int()).max(8).optional() },
  EngageResource: { resource: Id },
  Discard: { card: Id },
  SearchDeck: { cardId: Id.nullable() },
  EndTurn: {},
  Concede: {},
} as const;

type Shapes = typeof SHAPES;
function union(withPlayer: boolean) {
  const opts = (Object.keys(SHAPES) as (keyof Shapes)[]).map((type) =>
    z.object({ type: z.literal(type), ...SHAPES[type], ...(withPlayer ? { player: Player } : {}), commandId: z.string().max(200).optional() }).strict(),
  );
  return z.discriminatedUnion('type', opts as unknown as [z.ZodObject, ...z.ZodObject[]]);
}

export const CommandSchema = union(true);
/** The command body a client sends (the host sets `player` from the seat token). */
export const CommandBodySchema = union(false);

export const EVENT_TYPES = [
  'MatchStarted', 'ContenderRevealed', 'StartPositionPrepared', 'StartingPlayerDetermined', 'DeckShuffled', 'CutOffered', 'DeckCut', 'CutDeclined',
  'CardDrawn', 'DrawFromEmptyDeckAttempted', 'MulliganStarted', 'MulliganDeclared', 'MulliganShuffled', 'SetupCompleted',
  'TurnStarted', 'StepStarted', 'CardsReadied', 'CardsEngaged', 'ResourcePlaced', 'ResourcePlacementSkipped', 'CardPlayed',
  'TrapActivated', 'TrapSet', 'EffectActivated', 'EffectTriggered', 'PriorityPassed', 'StandbyResolved', 'StandbyObjectRemoved',
  'CardNegated', 'StandbyObjectModified', 'PaymentRequired', 'ResourceEngaged', 'CostPaid', 'PermanentEnteredPlay', 'CardPutIntoOblivion', 'CardSentToOblivion', 'CardDefeated',
  'DamageDealt', 'DamagePrevented', 'HealthGained', 'ContinuousEffectCreated', 'PortalActivated', 'WeaponAttached',
  'WeaponUnattached', 'AttackDeclared', 'BarrageOffered', 'DiscardRequired', 'CardDiscarded', 'SearchOffered', 'DeckSearched', 'CardReturnedToHand', 'CardsLookedAt', 'CardRevealed', 'BarrageDeclined', 'BarrageChosen', 'EffectFizzled', 'CounterStepEnded',
  'ObstructorsDeclared', 'ObstructorDeclared', 'ObstructStepEnded', 'MarkedForOblivionAfterClash', 'ClashDamageStepDone', 'ClashEnded', 'EndTurnDeclared',
  'TurnEnded', 'PlayerConceded', 'MatchEnded',
] as const;

export const EventSchema = z.object({
  type: z.enum(EVENT_TYPES),
  payload: z.record(z.string(), z.unknown()),
});
