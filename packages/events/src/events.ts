// The events of a tournament stream: past-tense facts, each payload a zod object (the stream's schema for
// export / import and the site). `TournamentEventSchema` is the discriminated union over `type`.
import { z } from 'zod';
import { Actor, EventOptions, NextGameFirst, PlayerId, Ruling } from './model';

const Result = z.object({
  p1Wins: z.number().int(),
  p2Wins: z.number().int(),
  draws: z.number().int(),
  winner: PlayerId.nullable(),
  by: z.enum(['games', 'bye', 'time', 'ruling']),
});

export const StandingRow = z.object({
  rank: z.number().int(),
  player: PlayerId,
  name: z.string(),
  points: z.number().int(),
  rounds: z.number().int(),
  record: z.string(),
  mwp: z.number(),
  omwp: z.number(),
  gwp: z.number(),
  ogwp: z.number(),
  dropped: z.boolean(),
});
export type StandingRow = z.infer<typeof StandingRow>;

export const EventPayloads = {
  EventCreated: z.object({
    eventId: z.string(),
    options: EventOptions,
    nextGameFirst: NextGameFirst,
    seed: z.string(),
  }),
  PlayerRegistered: z.object({
    player: PlayerId,
    name: z.string(),
    deck: z.record(z.string(), z.unknown()),
    bot: z.enum(['greedy', 'random']).nullable(),
  }),
  PlayerDropped: z.object({ player: PlayerId, afterRound: z.number().int(), reason: z.string().nullable() }),
  RoundPaired: z.object({
    round: z.number().int(),
    stage: z.enum(['swiss', 'top']),
    pairings: z.array(z.object({ table: z.number().int(), p1: PlayerId, p2: PlayerId.nullable() })),
    /** True when no pairing without a rematch existed and the fallback allowed one. */
    rematches: z.boolean(),
  }),
  RoundClockStarted: z.object({
    round: z.number().int(),
    startedAt: z.string(),
    endsAt: z.string(),
    minutes: z.number().int(),
  }),
  GameStarted: z.object({
    round: z.number().int(),
    table: z.number().int(),
    game: z.number().int(),
    matchId: z.string(),
    first: PlayerId,
    rule: z.string().nullable(),
  }),
  GameReported: z.object({
    round: z.number().int(),
    table: z.number().int(),
    game: z.number().int(),
    matchId: z.string().nullable(),
    outcome: z.union([PlayerId, z.literal('draw')]),
    cause: z.enum(['match-ended', 'time']),
  }),
  PairingResultRecorded: z.object({ round: z.number().int(), table: z.number().int(), result: Result }),
  ResultOverridden: z.object({
    round: z.number().int(),
    table: z.number().int(),
    ruling: Ruling,
    player: PlayerId.nullable(),
    reason: z.string(),
    judge: Actor,
    before: Result.nullable(),
    /** The pairing's result after the ruling; null when the ruling decided a game and the pairing plays on. */
    after: Result.nullable(),
    /** A game-loss ruling: the game it decided. */
    game: z.number().int().nullable(),
  }),
  RoundTimeCalled: z.object({ round: z.number().int(), extraTurns: z.number().int() }),
  StandingsPublished: z.object({ round: z.number().int(), standings: z.array(StandingRow) }),
  EventFinished: z.object({ winner: PlayerId.nullable(), placings: z.array(PlayerId) }),
  /** The featured table changed (table null: none featured); `previous` is what was featured before. */
  FeaturedTableChanged: z.object({
    round: z.number().int(),
    table: z.number().int().nullable(),
    previous: z.object({ round: z.number().int(), table: z.number().int() }).nullable(),
  }),
} as const;

export type EventType = keyof typeof EventPayloads;
export type PayloadOf<T extends EventType> = z.infer<(typeof EventPayloads)[T]>;

export const EVENT_TYPES = Object.keys(EventPayloads) as EventType[];

/** Parses a stored event's payload by its type; throws naming the type and the bad field. */
export function parsePayload<T extends EventType>(type: T, payload: unknown): PayloadOf<T> {
  const r = EventPayloads[type].safeParse(payload);
  if (!r.success) throw new TypeError(`${type} payload is invalid: ${z.prettifyError(r.error)}`);
  return r.data as PayloadOf<T>;
}

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EventPayloads, type);
}
