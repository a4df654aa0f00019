// Events (tournaments) over HTTP: the contract between apps/server/src/events and the site's /events pages. It
// imports only zod and the pure @matchtape/events, so a browser bundle can take it (`@matchtape/server/events-contract`).
//
//   POST /api/events                         (organiser) CreateEventBody → EventCreatedResponse
//   GET  /api/events                         (anyone) → EventListItem[]
//   GET  /api/events/:id                     (anyone) → EventView: pairings, results, standings, round clock
//   POST /api/events/:id/players             (organiser) RegisterBody → Registered (invite link) | 422 deck refused
//   POST /api/events/:id/players/:player/drop (organiser, judge, or that player's token) DropBody
//   POST /api/events/:id/rounds              (organiser) → the round paired; its tables start at once
//   POST /api/events/:id/time                (organiser, judge) → time called in the current round
//   POST /api/events/:id/results             (judge) RulingBody → the pairing after the ruling
//   GET  /api/events/:id/me                  (player token) → MyEvent: your pairing, your table and seat token
//   GET  /api/events/:id/invites             (organiser: every player's; a player token: their own) → Invite[]
//   GET  /api/events/:id/standings.csv | pairings.csv | standings.json | pairings.json (anyone)
//   GET  /api/events/:id/stream.jsonl        (organiser, judge) the event stream, verifiable like a match copy
//   GET  /api/events/:id/featured            (anyone) → FeaturedView: the featured table as of now − the event's delay
//   POST /api/events/:id/featured            (coverage, organiser) FeatureBody → FeaturedView after the switch
import { EventOptions, RulingFields, StandingRow } from '@matchtape/events';
import { z } from 'zod';

/** Event ids are `e_` + base64url; anything else is refused before it reaches the store. */
const EventId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, 'an event id is letters, digits, _ and - (e.g. e_AbC123)');
export const EventIdParams = z.object({ id: EventId }).strict();
export const EventPlayerParams = z
  .object({ id: EventId, player: z.string().regex(/^p[1-9][0-9]*$/) })
  .strict();

// The event's options as the pure core defines them; the format is Swiss (the only one), so a request leaves it out.
export const CreateEventBody = EventOptions.omit({ format: true });
export type CreateEventBody = z.infer<typeof CreateEventBody>;

export const EventCreatedResponse = z.object({ eventId: z.string(), page: z.string() });

export const RegisterBody = z
  .object({
    name: z.string().trim().min(1).max(60),
    /** "3 Card Name" lines, or a preset's name. */
    deck: z.string().min(1).max(20_000),
    /** A bot plays this player's games (tests, practice); absent: a person. */
    bot: z.enum(['greedy', 'random']).optional(),
  })
  .strict();
export type RegisterBody = z.infer<typeof RegisterBody>;

export const Registered = z.object({
  player: z.string(),
  name: z.string(),
  /** The player's token (role seat, bound to this event): their pairing, tables and drop. */
  token: z.string(),
  /** The link to hand the player: the event page, which keeps the token and links their table. */
  invite: z.string(),
});
export type Registered = z.infer<typeof Registered>;

/** A player's invite link as the organiser reads it again (any browser): the server keeps it, secret like a token. */
export const Invite = z.object({
  player: z.string(),
  name: z.string(),
  dropped: z.boolean(),
  invite: z.string(),
});
export type Invite = z.infer<typeof Invite>;

export const DropBody = z.object({ reason: z.string().max(500).optional() }).strict();
export const RulingBody = z
  .object({ round: z.number().int().min(1), table: z.number().int().min(1), ...RulingFields })
  .strict();
export type RulingBody = z.infer<typeof RulingBody>;

const Result = z.object({
  p1Wins: z.number(),
  p2Wins: z.number(),
  draws: z.number(),
  winner: z.string().nullable(),
  by: z.string(),
});
export const GameView = z.object({
  game: z.number(),
  matchId: z.string().nullable(),
  first: z.string(),
  outcome: z.string().nullable(),
  cause: z.string().nullable(),
});
export const PairingView = z.object({
  table: z.number(),
  p1: z.string(),
  p2: z.string().nullable(),
  games: z.array(GameView),
  result: Result.nullable(),
});
export const RoundView = z.object({
  round: z.number(),
  stage: z.enum(['swiss', 'top']),
  pairings: z.array(PairingView),
  clock: z.object({ startedAt: z.string(), endsAt: z.string() }).nullable(),
  timeCalled: z.object({ at: z.string(), extraTurns: z.number() }).nullable(),
});
/** A standings row as the API documents it: the model's row without its round count. */
export const StandingView = StandingRow.omit({ rounds: true });
export const EventView = z.object({
  eventId: z.string(),
  name: z.string(),
  game: z.string(),
  options: z.record(z.string(), z.unknown()),
  status: z.enum(['registration', 'running', 'finished']),
  players: z.array(z.object({ id: z.string(), name: z.string(), dropped: z.boolean(), bot: z.boolean() })),
  rounds: z.array(RoundView),
  /** The standings as last published (after the latest finished round), from the projection. */
  standings: z.array(StandingView),
  standingsRound: z.number(),
  winner: z.string().nullable(),
  lastSeq: z.number(),
  /** The table the producer featured now (the overlays reach it after the event's delay); null: none. */
  featured: z.object({ round: z.number(), table: z.number() }).nullable(),
  /** The server's clock when it answered, so a page counts the round clock down without trusting its own. */
  now: z.string(),
});
export type EventView = z.infer<typeof EventView>;

/** The event a match is a game of (kept in its hosted config): a table of a round, and which game of its pairing. */
export const EventTable = z.object({
  eventId: z.string(),
  round: z.number().int(),
  table: z.number().int(),
  game: z.number().int(),
});
export type EventTable = z.infer<typeof EventTable>;

export const EventListItem = z.object({
  eventId: z.string(),
  name: z.string(),
  game: z.string(),
  createdAt: z.string(),
  status: z.string(),
});

export const MyEvent = z.object({
  player: z.string(),
  name: z.string(),
  dropped: z.boolean(),
  round: z.number(),
  pairing: PairingView.nullable(),
  opponent: z.string().nullable(),
  /** Your current game's table: open `/join/<seatToken>` (or play at `/matches/<matchId>/play`). */
  table: z
    .object({ matchId: z.string(), seat: z.string(), seatToken: z.string(), join: z.string() })
    .nullable(),
});
export type MyEvent = z.infer<typeof MyEvent>;

/** The producer's switch: a table of a round, or null to feature none. */
export const FeatureBody = z
  .object({ round: z.number().int().min(1), table: z.number().int().min(1).nullable() })
  .strict();
export type FeatureBody = z.infer<typeof FeatureBody>;

/** The featured table and its current game as a delayed feed may know them (`asOf` = the server's now − delay). */
export const FeaturedView = z.object({
  eventId: z.string(),
  delaySeconds: z.number(),
  asOf: z.string(),
  featured: z
    .object({
      round: z.number(),
      table: z.number(),
      game: z.number().nullable(),
      matchId: z.string().nullable(),
      players: z.array(z.string().nullable()),
    })
    .nullable(),
});
export type FeaturedView = z.infer<typeof FeaturedView>;
