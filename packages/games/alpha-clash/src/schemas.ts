// Zod schemas of commands and events (JSON Schema via z.toJSONSchema for `matchtape schema`).
import {
  clockEventShapes,
  defineEvents,
  matchEndedFields,
  matchStartedFields,
  PlayerIdSchema,
  type Payloads,
} from '@matchtape/engine';
import type { Command } from '@matchtape/engine';
import { z } from 'zod';
import { RulesTextSchema } from './cards/effects';

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
  PlayCard: {
    card: Id,
    targets: Targets.optional(),
    x: z.number().int().min(0).max(99).optional(),
    alternative: z.literal(true).optional(),
  },
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

export type CommandType = keyof typeof SHAPES;
const TYPES = Object.keys(SHAPES) as CommandType[];

function union(withPlayer: boolean) {
  const options: z.ZodObject[] = TYPES.map((type) =>
    z
      .object({
        type: z.literal(type),
        ...SHAPES[type],
        ...(withPlayer ? { player: Player } : {}),
        commandId: z.string().max(200).optional(),
      })
      .strict(),
  );
  return z.discriminatedUnion('type', options as [z.ZodObject, ...z.ZodObject[]]);
}

export const CommandSchema = union(true);
/** The command body a client sends (the host sets `player` from the seat token); parsed, it is a command body. */
export const commandSchema: z.ZodType<Omit<Command, 'player'>> = union(false).transform((c) => ({
  ...c,
  type: String(c.type),
}));

// ---------------------------------------------------------------- events

const Seat = PlayerIdSchema;
const Ids = z.array(Id);
/** A card in a payload: the judge's `{ id, cardId, oid? }`; viewers may get `{ id: <opaque>, hidden: true }`. */
const Card = z.union([
  z.object({ id: Id, hidden: z.literal(true) }).strict(),
  z.object({
    id: Id,
    cardId: Id,
    oid: Id.optional(),
    revealed: z.literal(true).optional(),
    knownTo: z.array(Seat).optional(),
  }),
]);
const Cards = z.array(Card);
const Gems = z.partialRecord(z.enum(['W', 'U', 'B', 'R', 'G']), z.number().int().nonnegative());
const Paid = { paid: Ids, healthPaid: z.number().int().nonnegative() };
const Zone = z.enum(['clash', 'accessory', 'resources', 'clashground', 'standby']);
const StandbyKind = z.enum(['card', 'trap', 'trigger', 'activated']);
const Enters = z
  .object({
    damage: z.number().int(),
    engaged: z.boolean(),
    atk: z.number().int(),
    def: z.number().int(),
    noEnterTrigger: z.boolean(),
  })
  .partial();
const Perm = z.object({
  card: Card,
  owner: Seat,
  controller: Seat,
  engaged: z.boolean(),
  faceDown: z.boolean(),
  enteredTurn: z.number().int(),
  damage: z.number().int(),
  clashDamage: z.number().int(),
  attachedTo: Id.nullable(),
  weapon: Id.nullable(),
  usedThisTurn: z.boolean(),
  defeated: z.boolean(),
});
const Effect = z.object({
  id: Id,
  target: Id,
  atk: z.number().int(),
  def: z.number().int(),
  grant: z.array(z.string()),
  until: z.enum(['turn', 'clash', 'yourNextTurn']),
  player: Seat.optional(),
  prevent: z.number().int(),
  source: Id.nullable(),
});

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
const KeywordNameSchema = z.enum([
  'Awe Factor',
  'Barrage',
  'Breakthrough',
  'Close Combat',
  'Enrage',
  'Exclusive',
  'Flight',
  'Interception',
  'Irrefutable',
  'Necrotic',
  'Observant',
  'Superspeed',
  'Undisputed',
  'Unrivaled',
  'Safeguard',
]);
/** A scenario test card's definition (the subset of ACCardDef a scenario can state: type, cost, stats, keywords and rules text). */
export const TestCardDefSchema = z.object({
  id: Id,
  name: z.string(),
  type: CardTypeSchema,
  colors: z.array(z.enum(['W', 'U', 'B', 'R', 'G'])),
  cost: z.number().int().nonnegative(),
  gems: Gems,
  atk: z.number().int().optional(),
  def: z.number().int().optional(),
  health: z.number().int().optional(),
  character: z.string().optional(),
  affiliation: z.string().optional(),
  keywords: z.array(z.object({ k: KeywordNameSchema, x: z.number().int().optional() })),
  text: z.string(),
  sample: z.boolean(),
  // Its rules text in the card vocabulary (cards/effects.ts), as the scenario or card set gave it.
  ...RulesTextSchema.shape,
});
/** A test card and who knows it; viewers outside `knownTo` get `card: null` (view.ts). */
const TestCardEntrySchema = z.object({ card: TestCardDefSchema.nullable(), knownTo: z.array(z.string()) });
const StandbyObj = z.object({
  sid: Id,
  kind: StandbyKind,
  controller: Seat,
  card: Card.nullable(),
  source: Id.nullable(),
  effect: z.string(),
  targets: Ids,
  x: z.number().int(),
  division: z.array(z.number().int()),
  thenPutIntoOblivion: Id.nullable(),
  enters: z
    .object({
      damage: z.number().int(),
      engaged: z.boolean(),
      atk: z.number().int(),
      def: z.number().int(),
      noEnterTrigger: z.boolean(),
    })
    .nullable(),
});
const ClashObj = z.object({
  attacker: Id,
  attackingPlayer: Seat,
  defendingPlayer: Seat,
  target: Id,
  obstructors: Ids,
  obstructed: z.boolean(),
  buffPlayed: z.boolean(),
  necrotic: Ids,
  afterClash: Ids,
  damageDealt: z.boolean(),
  declared: z.boolean(),
  ended: z.boolean(),
  attackerRemoved: z.boolean().optional(),
});

/** Every Alpha Clash event and its payload (the Draft adds `random`); `matchtape schema --game alpha-clash` prints them. */
export const EVENTS = {
  MatchStarted: z.object({
    ...matchStartedFields,
    players: z.array(z.object({ id: Seat, name: z.string() })),
    stacked: z.boolean(),
    variants: z.object({ quickStartFirstTurnAttackBan: z.boolean() }),
    testCards: z.array(TestCardEntrySchema).optional(),
  }),
  TestCardRevealed: z.object({ card: TestCardDefSchema.nullable(), knownTo: z.array(z.string()) }),
  ContenderRevealed: z.object({ player: Seat, card: Card, health: z.number().int() }),
  StartPositionPrepared: z.object({
    player: Seat,
    resources: Cards,
    clash: Cards,
    clashEngaged: Cards,
    accessory: Cards,
    traps: Cards,
    health: z.number().int().optional(),
  }),
  PositionSet: z.object({
    turn: z.number().int(),
    activePlayer: Seat,
    startingPlayer: Seat,
    step: z.string(),
    portal: z.enum(['open', 'closed']),
    players: z.array(
      z.object({
        id: Seat,
        contender: z.object({
          card: Card,
          health: z.number().int(),
          maxHealth: z.number().int(),
          damage: z.number().int(),
          engaged: z.boolean(),
          usedThisTurn: z.boolean().optional(),
        }),
        hand: Cards,
        deck: Cards,
        clash: z.array(Perm),
        accessory: z.array(Perm),
        resources: z.array(Perm),
        oblivion: Cards,
        resourcePlacedThisTurn: z.boolean().optional(),
      }),
    ),
    clashground: Perm.nullable(),
    standby: z.array(StandbyObj).optional(),
    priority: z
      .object({ order: z.array(Seat), holder: Seat, passed: z.array(Seat) })
      .nullable()
      .optional(),
    clash: ClashObj.nullable().optional(),
    effects: z.array(Effect).optional(),
    nextId: z.number().int().optional(),
  }),
  StartingPlayerDetermined: z.object({ player: Seat, method: z.enum(['random', 'chosen']) }),
  DeckShuffled: z.object({
    player: Seat,
    cards: Cards,
    count: z.number().int(),
    reason: z.enum(['start', 'stacked', 'search', 'fork']),
  }),
  CutOffered: z.object({
    cuts: z.array(z.object({ deck: Seat, by: Seat })),
    stage: z.enum(['cut', 'mulliganCut']),
  }),
  DeckCut: z.object({ deck: Seat, by: Seat, at: z.number().int() }),
  CutDeclined: z.object({ deck: Seat, by: Seat }),
  CardDrawn: z.object({ player: Seat, card: Card, deckCount: z.number().int() }),
  DrawFromEmptyDeckAttempted: z.object({ player: Seat }),
  MulliganStarted: z.object({ order: z.array(Seat) }),
  MulliganDeclared: z.object({ player: Seat, count: z.number().int(), returning: Cards }),
  MulliganShuffled: z.object({ player: Seat, returned: Cards, cards: Cards, count: z.number().int() }),
  SearchOffered: z.object({ player: Seat, source: Id, cardType: z.string(), then: z.array(Seat) }),
  DeckSearched: z.object({
    player: Seat,
    found: Card.nullable(),
    deckOid: Id.nullable(),
    zone: z.enum(['accessory', 'hand']).nullable(),
  }),
  SetupCompleted: z.object({}),
  TurnStarted: z.object({ player: Seat, turn: z.number().int() }),
  StepStarted: z.object({ step: z.string() }),
  CardsReadied: z.object({ player: Seat, ids: Ids }),
  CardsEngaged: z.object({ ids: Ids }),
  ResourcePlaced: z.object({ player: Seat, card: Card, handOid: Id.nullable() }),
  ResourcePlacementSkipped: z.object({ player: Seat, reason: z.literal('empty hand').optional() }),
  CardPlayed: z.object({
    player: Seat,
    card: Card,
    handOid: Id.nullable(),
    type: z.string(),
    targets: Ids,
    x: z.number().int().optional(),
    ...Paid,
    clashBuff: z.literal(true).optional(),
    alternative: z.literal(true).optional(),
    sent: Ids.optional(),
  }),
  TrapSet: z.object({ player: Seat, card: Card, handOid: Id.nullable(), setTurn: z.number().int() }),
  TrapActivated: z.object({ player: Seat, card: Card, trapOid: Id.nullable(), targets: Ids, ...Paid }),
  EffectActivated: z.object({
    player: Seat,
    sid: Id,
    source: Id,
    effect: z.enum(['activated', 'attach', 'unattach']),
    targets: Ids,
    ...Paid,
    engageSource: Id.optional(),
    sendSelf: z.literal(true).optional(),
  }),
  PaymentRequired: z.object({
    player: Seat,
    sid: Id.nullable(),
    total: z.number().int().positive(),
    gems: Gems,
  }),
  ResourceEngaged: z.object({ player: Seat, resource: Id, sid: Id.nullable() }),
  CostPaid: z.object({ player: Seat, sid: Id.nullable(), paid: Ids }),
  EffectTriggered: z.object({
    sid: Id,
    controller: Seat,
    source: Id,
    effect: z.string(),
    targets: Ids,
    x: z.number().int().optional(),
    division: z.array(z.number().int()).optional(),
    thenPutIntoOblivion: Id.optional(),
    /** A delayed triggered effect triggering (603.7): its id and own effects. */
    delayed: Id.optional(),
    effects: z.array(z.record(z.string(), z.unknown())).optional(),
    /** Its targets that left play since it was created: new objects if back (603.7c, 400.6). */
    left: Ids.optional(),
  }),
  DelayedTriggerCreated: z.object({
    trigger: z.object({
      id: Id,
      controller: Seat,
      source: Id,
      at: z.enum(['endOfTurn', 'startOfNextTurn', 'startOfYourNextTurn']),
      effects: z.array(z.record(z.string(), z.unknown())),
      targets: Ids,
      turn: z.number().int(),
    }),
  }),
  EffectsExpired: z.object({ ids: Ids }),
  PriorityPassed: z.object({
    player: Seat,
    step: z.literal('buff').optional(),
    auto: z.literal(true).optional(),
  }),
  StandbyResolved: z.object({
    sid: Id,
    kind: StandbyKind,
    /** An effect's source (trigger, activated): the log names it, since an effect's sid ("e8") says nothing. */
    source: Id.optional(),
  }),
  StandbyObjectRemoved: z.object({ sid: Id }),
  CardNegated: z.object({ sid: Id, owner: Seat, card: Card.nullable() }),
  StandbyObjectModified: z.object({ sid: Id, enters: Enters }),
  PermanentEnteredPlay: z.object({
    player: Seat,
    card: Card,
    zone: Zone,
    engaged: z.boolean(),
    damage: z.number().int(),
  }),
  CardPutIntoOblivion: z.object({
    id: Id,
    owner: Seat,
    from: Zone,
    reason: z.enum(['defeated', 'resolved', 'replaced']),
    card: Card.nullable().optional(),
  }),
  CardSentToOblivion: z.object({ id: Id, owner: Seat, from: Zone, reason: z.enum(['sent', 'necrotic']) }),
  CardDefeated: z.object({ id: Id, owner: Seat }),
  DamageDealt: z.object({
    source: Id.nullable(),
    target: Id,
    amount: z.number().int(),
    clash: z.boolean(),
    toHealth: z.number().int(),
    prevented: z.number().int().optional(),
    shield: Id.nullable().optional(),
    necrotic: z.literal(true).optional(),
    pass: z.number().int().optional(),
    sources: Ids.optional(),
    breakthrough: z.literal(true).optional(),
  }),
  DamagePrevented: z.object({
    source: Id.nullable(),
    target: Id,
    amount: z.number().int(),
    clash: z.boolean(),
    shield: Id.nullable().optional(),
  }),
  HealthGained: z.object({ player: Seat, amount: z.number().int().positive() }),
  ContinuousEffectCreated: z.object({ effect: Effect }),
  PortalActivated: z.object({
    player: Seat,
    portal: z.enum(['open', 'closed']),
    paid: Ids.optional(),
    free: z.literal(true).optional(),
  }),
  WeaponAttached: z.object({ player: Seat, weapon: Id, to: Id, paid: Ids.optional() }),
  WeaponUnattached: z.object({ player: Seat, weapon: Id, paid: Ids.optional() }),
  AttackDeclared: z.object({ player: Seat, attacker: Id, target: Id }),
  BarrageOffered: z.object({ player: Seat, source: Id, amount: z.number().int(), max: z.number().int() }),
  BarrageDeclined: z.object({ player: Seat }),
  BarrageChosen: z.object({ player: Seat, targets: Ids, division: z.array(z.number().int().positive()) }),
  DiscardRequired: z.object({ player: Seat, source: Id, then: z.array(Seat) }),
  CardDiscarded: z.object({ player: Seat, card: Card, handOid: Id.nullable() }),
  CardReturnedToHand: z.object({ player: Seat, sid: Id, card: Card }),
  ControlChanged: z.object({ id: Id, player: Seat, from: Seat }),
  RemovedFromClash: z.object({ id: Id, role: z.enum(['attacker', 'obstructor']), reason: z.string() }),
  PermanentReturnedToHand: z.object({ id: Id, player: Seat, from: Zone, card: Card }),
  CardsLookedAt: z.object({ player: Seat, owner: Seat, cards: Cards, count: z.number().int() }),
  CardRevealed: z.object({ player: Seat, owner: Seat, cards: Cards, count: z.number().int() }),
  EffectFizzled: z.object({ sid: Id, reason: z.string() }),
  CounterStepEnded: z.object({ player: Seat }),
  ObstructorsDeclared: z.object({ player: Seat, ids: Ids }),
  /** Logs recorded before obstructors were one declaration. */
  ObstructorDeclared: z.object({ player: Seat, id: Id }),
  ObstructStepEnded: z.object({ player: Seat, obstructors: Ids }),
  MarkedForOblivionAfterClash: z.object({ id: Id }),
  ClashDamageStepDone: z.object({}),
  ClashEnded: z.object({ reason: z.string() }),
  EndTurnDeclared: z.object({ player: Seat }),
  TurnEnded: z.object({ player: Seat, turn: z.number().int() }),
  PlayerConceded: z.object({ player: Seat }),
  MatchEnded: z.object(matchEndedFields),
  // The table's clock (kit/clock.ts): recorded by the host, folded as markers.
  ...clockEventShapes,
};

export const events = defineEvents(EVENTS);
export const eventSchema = events.eventSchema;
export type AlphaClashPayloads = Payloads<typeof EVENTS>;
