// The player's table: the HTTP contract between the server (apps/server/src/table) and the site's table pages.
// The single source of these types. The web imports them from `@matchtape/server/table-contract` (this file; it
// imports nothing but zod, so a browser bundle can take it).
//
// Routes (all JSON; "seat token" = `Authorization: Bearer <seat token>`):
//   POST /api/matches            (organiser) CreateTableBody → CreateTableResponse. A body is a table request when
//                                a player has `kind` or the body has `clock`; other bodies keep the old behaviour.
//                                A `kind: 'person'` seat without `deck` waits for one (status 'waiting-deck'); the
//                                match starts (setup events appended) when every seat has a deck.
//   POST /api/practice           (no token; rate-limited per address) PracticeBody → PracticeResponse; p2 is greedy.
//   POST /api/join               JoinBody → JoinResponse (idempotent: the same code always seats the same seat).
//   GET  /api/matches/:id/seat   (seat token) → SeatInfo
//   POST /api/matches/:id/deck   (seat token) DeckBody → 200 DeckAccepted | 422 DeckRefused
//   GET  /api/matches/:id/actions (seat token) → TableActions
//   GET  /api/matches/:id/clock  (anyone, as their view and delay) → ClockState ({ kind: 'none', … } without a clock)
//   POST /api/matches/:id/clock  (judge token) AddTimeBody → ClockState
//   POST /api/matches/:id/commands (seat token) unchanged; a 422 refusal now also carries `ruleText` (CommandRefusal).
import { z } from 'zod';

export const Seat = z.string().regex(/^p[1-9][0-9]*$/);
export type Seat = z.infer<typeof Seat>;

// ---- clocks ----
export const ClockOption = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }).strict(),
  z
    .object({
      kind: z.literal('chess'),
      initialSeconds: z
        .number()
        .int()
        .min(1)
        .max(24 * 3600),
      incrementSeconds: z.number().int().min(0).max(600).default(0),
      onTimeout: z.enum(['loss', 'draw']).default('loss'),
    })
    .strict(),
  z
    .object({
      kind: z.literal('turn'),
      secondsPerTurn: z.number().int().min(1).max(3600),
      onTimeout: z.enum(['loss', 'draw']).default('loss'),
    })
    .strict(),
]);
export type ClockOption = z.infer<typeof ClockOption>;

/** A clock as of `asOf` (ISO time): remaining time per seat, and whose clock runs (null: none runs). */
export const ClockState = z.object({
  kind: z.enum(['none', 'chess', 'turn']),
  remainingMs: z.record(z.string(), z.number()),
  running: Seat.nullable(),
  asOf: z.string(),
});
export type ClockState = z.infer<typeof ClockState>;

// ---- creating tables ----
/** A deck as text ("3 Card Name" lines, optional section headings such as "Contender:") or a preset's name. */
export const DeckBody = z.union([
  z.object({ text: z.string().min(1).max(20_000) }).strict(),
  z.object({ preset: z.string().min(1).max(100) }).strict(),
]);
export type DeckBody = z.infer<typeof DeckBody>;

export const TablePlayer = z
  .object({
    name: z.string().trim().min(1).max(60),
    kind: z.enum(['person', 'bot']).default('person'),
    bot: z.enum(['greedy', 'random']).optional(),
    /** A preset's name or a deck text; absent for a person: the player submits it (POST …/deck). Bots get a preset. */
    deck: z.string().min(1).max(20_000).optional(),
  })
  .strict();
export type TablePlayer = z.infer<typeof TablePlayer>;

export const CreateTableBody = z
  .object({
    game: z.string().min(1),
    players: z.array(TablePlayer).min(2).max(8),
    clock: ClockOption.default({ kind: 'none' }),
    spectatorDelaySeconds: z.number().int().min(0).max(3600).default(0),
    coverageDelaySeconds: z.number().int().min(0).max(3600).optional(),
    revealPolicy: z.enum(['hidden', 'reveal-all']).default('hidden'),
  })
  .strict();
export type CreateTableBody = z.infer<typeof CreateTableBody>;

export const CreateTableResponse = z.object({
  matchId: z.string(),
  game: z.string(),
  /** Seat tokens of every seat (organisers may hand them out themselves). */
  seats: z.record(Seat, z.string()),
  /** Person seats only: the link a player opens ('/join/<code>'). */
  invites: z.record(Seat, z.string()),
  status: z.enum(['waiting-deck', 'playing']),
  spectatorDelaySeconds: z.number(),
  coverageDelaySeconds: z.number(),
});
export type CreateTableResponse = z.infer<typeof CreateTableResponse>;

export const PracticeBody = z
  .object({
    game: z.string().min(1),
    name: z.string().trim().min(1).max(60),
    /** A preset's name or a deck text; absent: the game's first preset. */
    deck: z.string().min(1).max(20_000).optional(),
  })
  .strict();
export type PracticeBody = z.infer<typeof PracticeBody>;
export const PracticeResponse = z.object({
  matchId: z.string(),
  seat: z.literal('p1'),
  seatToken: z.string(),
  practice: z.literal(true),
});
export type PracticeResponse = z.infer<typeof PracticeResponse>;

export const JoinBody = z.object({ code: z.string().min(1).max(2000) }).strict();
export type JoinBody = z.infer<typeof JoinBody>;
export const JoinResponse = z.object({
  matchId: z.string(),
  seat: Seat,
  seatToken: z.string(),
  name: z.string(),
});
export type JoinResponse = z.infer<typeof JoinResponse>;

// ---- the seat ----
export const TableStatus = z.enum(['waiting-deck', 'playing', 'ended']);
export type TableStatus = z.infer<typeof TableStatus>;

export const SeatInfo = z.object({
  matchId: z.string(),
  game: z.string(),
  seat: Seat,
  name: z.string(),
  opponents: z.array(
    z.object({
      seat: Seat,
      name: z.string(),
      bot: z.boolean(),
      connected: z.boolean(),
      deckSubmitted: z.boolean(),
    }),
  ),
  /** The deck step: whether this seat's deck is in, the presets by name, and each preset written out as text. */
  deck: z.object({
    submitted: z.boolean(),
    presets: z.array(z.string()),
    presetTexts: z.record(z.string(), z.string()),
  }),
  status: TableStatus,
  practice: z.boolean(),
  clock: ClockState.optional(),
});
export type SeatInfo = z.infer<typeof SeatInfo>;

export const DeckLine = z.object({
  line: z.number().int(),
  text: z.string(),
  ok: z.boolean(),
  message: z.string().optional(),
});
export type DeckLine = z.infer<typeof DeckLine>;
export const DeckAccepted = z.object({ ok: z.literal(true), status: TableStatus });
export type DeckAccepted = z.infer<typeof DeckAccepted>;
export const DeckRefused = z.object({
  ok: z.literal(false),
  /** One answer per line of the text (line numbers from 1); `line: 0` holds what is wrong with the deck as a whole. */
  lines: z.array(DeckLine),
});
export type DeckRefused = z.infer<typeof DeckRefused>;

// ---- the table ----
export const OfferKind = z.enum([
  'pass',
  'play',
  'attack',
  'block',
  'activate',
  'pay',
  'choose',
  'order',
  'mulligan',
  'concede',
  'other',
]);
export type OfferKind = z.infer<typeof OfferKind>;

export const Offer = z.object({
  /** Stable within this seq (a hash of the command). */
  key: z.string(),
  /** Exactly one legalCommands entry for the seat, without `player`; send it (plus a commandId) to …/commands. */
  command: z.object({ type: z.string() }).catchall(z.unknown()),
  /** In the game's own words: "Play Ridge Warden", "Pass priority". */
  label: z.string(),
  kind: OfferKind,
  /** The card instance id (as the seat knows it) the action starts from. */
  source: z.string().optional(),
  /** Card ids / player seats the command points at. */
  targets: z.array(z.string()).optional(),
  /** Resource card ids it pays with. */
  pays: z.array(z.string()).optional(),
  /** The rule the action follows (rule id of the game's rules document). */
  rule: z.string().optional(),
});
export type Offer = z.infer<typeof Offer>;

export const PromptKind = z.enum([
  'choice',
  'mulligan',
  'attackers',
  'blockers',
  'targets',
  'order',
  'division',
  'priority',
  'deck',
  'other',
]);
export type PromptKind = z.infer<typeof PromptKind>;

export const TableActions = z.object({
  /** The seat's view is at this seq (the match's last seq; 0 while waiting for decks). */
  seq: z.number().int(),
  status: TableStatus,
  you: Seat,
  /**
   * The other side's status line. When an opponent must act: their seat and "Waiting for Greedy to declare
   * blockers". When only you act: the opponent and "Greedy waits for you to …". Null when the match is over.
   */
  waitingFor: z.object({ seat: Seat, name: z.string(), text: z.string() }).nullable(),
  /** What you are asked now (null when you have nothing to do). */
  prompt: z.object({ kind: PromptKind, text: z.string() }).nullable(),
  offers: z.array(Offer),
});
export type TableActions = z.infer<typeof TableActions>;

/** A refused command (HTTP 422 of POST …/commands): the rule, the reason, and the rule's own text. */
export const CommandRefusal = z.object({
  error: z.literal('rejected'),
  message: z.string(),
  commandId: z.string(),
  rule: z.string(),
  reason: z.string(),
  ruleText: z.string().nullable(),
});
export type CommandRefusal = z.infer<typeof CommandRefusal>;

/** A judge adds time to a seat's clock (POST /api/matches/:id/clock, judge token). */
export const AddTimeBody = z.object({ seat: Seat, addSeconds: z.number().int().min(1).max(3600) }).strict();
export type AddTimeBody = z.infer<typeof AddTimeBody>;

/** SSE frame `event: presence` on a seat's live stream. */
export const PresenceFrame = z.object({ seat: Seat, connected: z.boolean() });
export type PresenceFrame = z.infer<typeof PresenceFrame>;
