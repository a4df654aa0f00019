// The HTTP API's contract: request and response shapes as zod schemas. Handlers parse with them,
// /api/openapi.json is generated from them (z.toJSONSchema), and the site imports the response types from here
// (`@matchtape/server/contract`; this file imports nothing of the server's runtime).
import { ViewEnvelopeSchema } from '@matchtape/engine';
import { z } from 'zod';
import { MAX_INT } from './hardening';

/** A seq or other counter in a query: a whole number that fits the Postgres integer column. */
const seqParam = (min: number) => z.coerce.number().int().min(min).max(MAX_INT, `must be at most ${MAX_INT}`);

const SeatId = z.string().regex(/^p[1-9][0-9]*$/, 'a seat is p1, p2, …');
export const ViewerParam = z
  .string()
  .regex(/^(public|judge|coverage|p[1-9][0-9]*)$/, 'as must be public, judge, coverage or p1…pN');

export const DeckListBody = z
  .object({
    name: z.string().max(100).optional(),
    main: z.array(z.string().min(1).max(100)).max(500),
    extra: z.record(z.string(), z.array(z.string().min(1).max(100)).max(200)).optional(),
  })
  .strict()
  .meta({ description: 'A submitted deck: card ids with multiplicity; game-specific sections in extra.' });

export const CreateMatchBody = z
  .object({
    game: z.string().min(1).meta({ description: 'Game id, e.g. alpha-clash (GET /api/games lists them).' }),
    players: z
      .array(
        z
          .object({
            name: z.string().min(1).max(60).optional(),
            deck: z
              .union([
                z.string().min(1).max(100).meta({ description: 'Name of a preset deck of the game.' }),
                DeckListBody,
              ])
              .optional(),
            bot: z
              .enum(['random', 'greedy'])
              .nullable()
              .optional()
              .meta({ description: 'Let a bot of the game play this seat.' }),
          })
          .strict(),
      )
      .min(2)
      .max(8),
    spectatorDelaySeconds: z.number().int().min(0).max(3600).default(0),
    coverageDelaySeconds: z
      .number()
      .int()
      .min(0)
      .max(3600)
      .optional()
      .meta({ description: 'Default: the spectator delay. Must not exceed it.' }),
    revealPolicy: z.enum(['hidden', 'reveal-all']).default('hidden').meta({
      description:
        'After the match ends and the spectator delay has passed its end: keep hidden information hidden, or show everyone the judge view.',
    }),
  })
  .strict();
export type CreateMatchBody = z.infer<typeof CreateMatchBody>;

export const CreateMatchResponse = z.object({
  matchId: z.string(),
  game: z.string(),
  seats: z
    .record(SeatId, z.string())
    .meta({ description: 'Seat tokens: send as "Authorization: Bearer <token>".' }),
  spectatorDelaySeconds: z.number(),
  coverageDelaySeconds: z.number(),
});

export const ListMatchesQuery = z
  .object({
    status: z.enum(['setup', 'playing', 'ended']).optional(),
    game: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict();

export const MatchListItem = z.object({
  matchId: z.string(),
  game: z.string(),
  status: z.enum(['setup', 'playing', 'ended']),
  players: z.array(z.object({ id: z.string(), name: z.string(), bot: z.string().nullable().optional() })),
  turn: z.number(),
  phase: z.string(),
  step: z.string().nullable(),
  winner: z.string().nullable(),
  lastSeq: z.number(),
  spectatorDelaySeconds: z.number(),
  spectatorsWatching: z
    .number()
    .meta({ description: 'SSE spectators (public + coverage) on this server instance.' }),
  createdAt: z.string(),
  practice: z
    .literal(true)
    .optional()
    .meta({ description: 'A practice match against a bot (POST /api/practice).' }),
  eventId: z
    .string()
    .optional()
    .meta({ description: 'The event (tournament) this match is a game of; absent otherwise.' }),
  eventTable: z
    .object({ eventId: z.string(), round: z.number(), table: z.number(), game: z.number() })
    .optional()
    .meta({
      description:
        "The event's round, table and game this match is; its round clock is the event's (GET /api/events/:id).",
    }),
  forkOf: z
    .object({
      matchId: z.string(),
      seq: z.number(),
      hash: z.string(),
      reseeded: z.boolean(),
      reshuffled: z.boolean(),
    })
    .nullable()
    .optional()
    .meta({
      description:
        'A fork (judges): the parent match and the seq it was forked at; null or absent otherwise.',
    }),
});

export const CommandBody = z
  .object({
    commandId: z.string().min(1).max(100).meta({
      description:
        'Client-chosen id; a retry with the same id returns the first outcome and never acts twice.',
    }),
    type: z.string().min(1).max(100),
    player: SeatId.optional().meta({ description: 'Ignored but must match the seat token when given.' }),
  })
  .catchall(z.unknown())
  .meta({
    description:
      "A command of the game (see its JSON Schema) plus commandId. The player is the seat token's.",
  });

export const CommandAccepted = z.object({
  status: z.literal('accepted'),
  commandId: z.string(),
  player: z.string(),
  fromSeq: z.number(),
  toSeq: z.number(),
  events: z.array(z.object({ seq: z.number(), type: z.string() })),
  replayed: z.boolean(),
});
export const CommandRejected = z.object({
  error: z.literal('rejected'),
  message: z.string(),
  status: z.literal('rejected'),
  commandId: z.string(),
  player: z.string(),
  rule: z.string(),
  reason: z.string(),
  replayed: z.boolean(),
  ruleText: z.string().nullable().meta({
    description:
      "The rule's text from the game's rules document (null when the document does not number it).",
  }),
});

export const EventsQuery = z
  .object({
    from: seqParam(1).optional(),
    to: seqParam(1).optional(),
    as: ViewerParam.optional(),
  })
  .strict();

export const StateQuery = z.object({ seq: seqParam(0).optional(), as: ViewerParam.optional() }).strict();
export const ViewQuery = z.object({ as: ViewerParam.optional() }).strict();
export const LiveQuery = z
  .object({
    as: ViewerParam.optional(),
    token: z.string().optional().meta({
      description: 'For EventSource, which cannot send headers: the only route that reads ?token=.',
    }),
    lastEventId: seqParam(0).optional().meta({ description: 'Same as the Last-Event-ID header.' }),
    follow: z.enum(['side']).optional().meta({
      description:
        'side: once the match has ended, stay open after `event: end` for its side frames (drawings, annotations)',
    }),
  })
  .strict();

export const MatchIdParams = z.object({ id: z.string().min(1).max(100) }).strict();

export const ErrorBody = z.object({ error: z.string(), message: z.string() }).catchall(z.unknown());

/** An event envelope as a viewer receives it (payload redacted for that viewer): the engine's, shared with the site. */
export const ViewEnvelope = ViewEnvelopeSchema;

export const EventsResponse = z.object({
  matchId: z.string(),
  as: z.string(),
  delaySeconds: z.number(),
  events: z.array(ViewEnvelope),
  next: z.number().nullable().meta({
    description: 'The `from` of the next page, or null when this page reaches `to` or the released end.',
  }),
});
export type EventsResponse = z.infer<typeof EventsResponse>;

export const StateResponse = z.object({
  matchId: z.string(),
  as: z.string(),
  seq: z.number(),
  requestedSeq: z.number().nullable(),
  position: z.unknown(),
  status: z.unknown(),
  state: z.unknown(),
  board: z.unknown(),
});
export type StateResponse = z.infer<typeof StateResponse>;

export const WindowResponse = z.object({
  matchId: z.string(),
  as: z.string(),
  delaySeconds: z.number(),
  seq: z.number(),
  requestedSeq: z.number().nullable(),
  keyframe: z.object({ seq: z.number(), state: z.unknown() }),
  events: z.array(ViewEnvelope),
});
export type WindowResponse = z.infer<typeof WindowResponse>;

export type MatchListItemResponse = z.infer<typeof MatchListItem>;
export type ErrorResponse = z.infer<typeof ErrorBody>;
