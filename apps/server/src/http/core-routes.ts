// The core API: games, matches (create, list, read), commands, events, state, timeline, export, rejections, the
// OpenAPI document; and the live SSE route (also served by the gateway role). Each handler's logic is a function
// of its parsed input; the declarations below say method, path, schemas and rate-limit class (http/route.ts).
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { DeckList, PlayerId } from '@matchtape/engine';
import { buildTimeline, matchStats } from '@matchtape/projections';
import { MatchHasForksError, MatchInEventError } from '@matchtape/store';
import { mintToken, type TokenClaims } from '../auth/tokens';
import { HostError } from '../host/engine-host';
import { coverageDelayOf, missingToken } from './refusals';
import { createFromPosition, isPositionRequest, PositionBody } from '../judges/replay-routes';
import { forkOfRecord } from '../judges/replay';
import { copyText } from '../judges/copy';
import { timelineFromReadModels } from '../projector/serve';
import { ruleText } from '../judges/disputes-rules';
import { CreateTableBody, CreateTableResponse } from '../table/contract';
import { clockForViewer, createTable, isTableRequest } from '../table/routes';
import { accessFor, resolveAccess, roleInList } from '../viewers';
import type { RouteContext, RouteModule } from './context';
import { MAX_INT } from './hardening';
import { route, type Route } from './route';
import * as S from './schemas';

const err = (description: string) => ({ description, schema: S.ErrorBody });

/** Operators, not strangers, create and delete matches and tables: an organiser token (`npx matchtape token --role organiser`). */
function requireOrganiser(
  claims: TokenClaims | null,
  doing = 'creating a match',
  verb = 'create matches',
): void {
  if (!claims) throw missingToken(doing, 'organiser');
  if (claims.role !== 'organiser')
    throw new HostError(
      403,
      'not_an_organiser',
      `a ${claims.role} token cannot ${verb}; use an organiser token (\`npx matchtape token --role organiser\`)`,
    );
}

/** PGlite has no autovacuum: after deletions, a VACUUM at most this often lets new rows reuse the freed pages. */
const RECLAIM_EVERY_MS = 60_000;
/** When each server (its route context) last vacuumed. */
const lastReclaim = new WeakMap<RouteContext, number>();

/**
 * DELETE /api/matches/:id: an organiser removes an ended match and everything stored under its id (the demo's
 * bounded history, scripts/start.mjs). A match still in setup or playing, or a game of an event, is refused.
 */
async function deleteMatch(ctx: RouteContext, id: string, claims: TokenClaims | null) {
  requireOrganiser(claims, 'deleting a match', 'delete matches');
  const r = await ctx.record(id);
  if (r.status !== 'ended')
    throw new HostError(
      409,
      'match_not_ended',
      `match ${id} is still ${r.status === 'setup' ? 'being set up' : 'being played'}: only an ended match can be deleted`,
    );
  let deleted: boolean;
  try {
    deleted = await ctx.store.deleteMatch(id);
  } catch (err) {
    if (err instanceof MatchInEventError)
      throw new HostError(
        409,
        'match_in_event',
        `match ${id} is a game of event ${err.eventId}: the event's results refer to it, so it is kept`,
      );
    if (err instanceof MatchHasForksError)
      throw new HostError(
        409,
        'match_has_forks',
        `match ${id} has forks that link to it (e.g. ${err.forkId}), so it is kept; delete the forks first`,
      );
    throw err;
  }
  if (!deleted) throw new HostError(404, 'not_found', `no match ${id}`);
  ctx.host.forget(id);
  const now = ctx.now().getTime();
  if (ctx.store.dialect === 'pglite' && now - (lastReclaim.get(ctx) ?? -Infinity) >= RECLAIM_EVERY_MS) {
    lastReclaim.set(ctx, now);
    void ctx.store
      .reclaimSpace()
      .catch((err: unknown) => ctx.log.warn({ err }, 'reclaiming the space of deleted matches failed'));
  }
  return { matchId: id, deleted: true as const };
}

/** POST /api/matches without `position`: an organiser's new match, one seat token per player. */

async function createMatch(
  ctx: RouteContext,
  claims: TokenClaims | null,
  body: S.CreateMatchBody,
): Promise<z.infer<typeof S.CreateMatchResponse>> {
  requireOrganiser(claims);
  const game = ctx.host.game(body.game);
  const presets = Object.entries(game.presetDecks);
  if (presets.length === 0) throw new HostError(500, 'no_presets', `${game.id} has no preset decks`);
  const players = body.players.map((p, i) => {
    let deck: DeckList;
    if (p.deck === undefined) deck = presets[i % presets.length]![1];
    else if (typeof p.deck === 'string') {
      const preset = Object.hasOwn(game.presetDecks, p.deck) ? game.presetDecks[p.deck] : undefined;
      if (!preset)
        throw new HostError(
          400,
          'unknown_deck',
          `${game.id} has no preset deck "${p.deck}"; presets: ${Object.keys(game.presetDecks).join(', ')}`,
        );
      deck = preset;
    } else {
      deck = p.deck;
      const problems = game.validateDeck(deck);
      if (problems.length > 0)
        throw Object.assign(
          new HostError(
            422,
            'invalid_deck',
            `the deck of p${i + 1} is not legal for ${game.id}: ${problems.join('; ')}`,
          ),
          { problems },
        );
    }
    return { name: p.name ?? (p.bot ? `Bot ${i + 1}` : `Player ${i + 1}`), deck, bot: p.bot ?? null };
  });
  const coverage = coverageDelayOf(body);
  const { matchId } = await ctx.host.createMatch({
    game: game.id,
    players,
    spectatorDelaySeconds: body.spectatorDelaySeconds,
    coverageDelaySeconds: coverage,
    revealPolicy: body.revealPolicy,
  });
  const seats: Record<string, string> = {};
  players.forEach(
    (_, i) =>
      (seats[`p${i + 1}`] = mintToken({
        role: 'seat',
        matchId,
        seat: `p${i + 1}`,
        ttlSeconds: ctx.config.seatTokenTtlSeconds,
      })),
  );
  return {
    matchId,
    game: game.id,
    seats,
    spectatorDelaySeconds: body.spectatorDelaySeconds,
    coverageDelaySeconds: coverage,
  };
}

async function listMatches(
  ctx: RouteContext,
  claims: TokenClaims | null,
  q: z.infer<typeof S.ListMatchesQuery>,
) {
  // Everyone filters on the status they are shown. A delayed feed is behind the stored status, never ahead:
  // shown `ended` is stored `ended`; shown `setup`/`playing` may be stored further on, so read more and filter.
  const exact = claims?.role === 'judge' || q.status === 'ended';
  const list = await ctx.store.listMatches({
    limit: exact || !q.status ? q.limit : Math.min(1000, q.limit * 3),
    ...(q.status && exact ? { status: q.status } : {}),
    ...(q.game ? { game: q.game } : {}),
  });
  const shown = await ctx.sight.forks.shownTo(list, claims);
  const items = (await Promise.all(shown.map((r) => ctx.listItem(r, claims)))).filter(
    (m) => !q.status || m.status === q.status,
  );
  return { matches: items.slice(0, q.limit) };
}

async function submitCommand(
  ctx: RouteContext,
  id: string,
  claims: TokenClaims | null,
  body: z.infer<typeof S.CommandBody>,
  reply: FastifyReply,
) {
  if (!claims)
    throw new HostError(401, 'missing_token', 'send your seat token as "Authorization: Bearer <token>"');
  if (claims.role !== 'seat' || !claims.seat)
    throw new HostError(403, 'not_a_seat', `a ${claims.role} token cannot send commands; use a seat token`);
  if (claims.matchId !== id)
    throw new HostError(403, 'wrong_match', `this seat token is for match ${claims.matchId}, not ${id}`);
  const seat = claims.seat as PlayerId;
  if (body.player !== undefined && body.player !== seat)
    throw new HostError(
      403,
      'wrong_seat',
      `this token is the seat of ${seat}; it cannot act for ${body.player}`,
    );
  const { player: _player, ...command } = body;
  let out;
  try {
    out = await ctx.host.submit(id, seat, command);
  } catch (e) {
    ctx.metrics.command('failed');
    throw e;
  }
  ctx.metrics.command(out.status === 'stale' ? 'stale' : out.replayed ? 'replayed' : out.status);
  // The rule's own words beside its number, for the player's table (and any client) to show.
  if (out.status === 'rejected')
    return reply.status(422).send({
      error: 'rejected',
      message: `${out.commandId} was rejected under rule ${out.rule}: ${out.reason}`,
      ...out,
      ruleText: ruleText((await ctx.record(id)).game, out.rule).text,
    });
  return out;
}

async function eventsPage(
  ctx: RouteContext,
  id: string,
  claims: TokenClaims | null,
  q: z.infer<typeof S.EventsQuery>,
): Promise<S.EventsResponse> {
  const rec = await ctx.record(id);
  const access = resolveAccess(rec, claims, q.as, ctx.now().getTime());
  const from = q.from ?? 1;
  const to = Math.min(q.to ?? MAX_INT, from + ctx.config.eventsPageSize - 1, MAX_INT);
  if (to < from) throw new HostError(400, 'bad_request', `to (${to}) is before from (${from})`);
  const events = await ctx.sight.events(rec, access, from, to);
  // A page cut short by the page size says where the next one starts, so a client never mistakes the
  // first 5,000 events of a long match for all of it.
  const cut = to < (q.to ?? MAX_INT) && events.length > 0 && events[events.length - 1]!.seq === to;
  return {
    matchId: id,
    as: access.role,
    delaySeconds: access.delaySeconds,
    events,
    next: cut ? to + 1 : null,
  };
}

async function stateAt(
  ctx: RouteContext,
  id: string,
  claims: TokenClaims | null,
  q: z.infer<typeof S.StateQuery>,
): Promise<S.StateResponse> {
  const rec = await ctx.record(id);
  const access = resolveAccess(rec, claims, q.as, ctx.now().getTime());
  const game = ctx.host.game(rec.game);
  const { state, seq } = await ctx.sight.stateAt(rec, access, q.seq ?? rec.lastSeq);
  const view = game.view(state, access.viewer);
  return {
    matchId: id,
    as: access.role,
    seq,
    requestedSeq: q.seq ?? null,
    position: game.position(view),
    status: game.status(view),
    state: view,
    board: game.board(view),
  };
}

async function timeline(
  ctx: RouteContext,
  id: string,
  claims: TokenClaims | null,
  q: z.infer<typeof S.ViewQuery>,
  reply: FastifyReply,
) {
  const rec = await ctx.record(id);
  const access = resolveAccess(rec, claims, q.as, ctx.now().getTime());
  // The projector's read models when they cover exactly this answer; else computed from the events.
  const stored = await timelineFromReadModels(ctx.store, rec, access, ctx.now().getTime());
  if (stored) {
    reply.header('x-read-model', `timeline@${stored.generations.timeline},stats@${stored.generations.stats}`);
    return { matchId: id, as: access.role, timeline: stored.timeline, stats: stored.stats };
  }
  const events = await ctx.sight.events(rec, access);
  return {
    matchId: id,
    as: access.role,
    timeline: buildTimeline(ctx.host.game(rec.game), events),
    stats: matchStats(events),
  };
}

async function exportJsonl(
  ctx: RouteContext,
  id: string,
  claims: TokenClaims | null,
  q: z.infer<typeof S.ViewQuery>,
  reply: FastifyReply,
): Promise<string> {
  const rec = await ctx.record(id);
  // Judges get the full truth; everyone else the released public view.
  const access =
    claims?.role === 'judge' && (q.as === undefined || q.as === 'judge')
      ? resolveAccess(rec, claims, 'judge')
      : accessFor(rec, 'public', claims, ctx.now().getTime());
  const events = await ctx.sight.events(rec, access);
  reply.header('content-type', 'application/x-ndjson; charset=utf-8');
  reply.header(
    'content-disposition',
    `attachment; filename="${id}${access.role === 'judge' ? '' : '.public'}.jsonl"`,
  );
  return copyText(rec, access.viewer, events, !(await ctx.sight.forks.sealed(rec)));
}

/** The list of games (public; what the site's lobby shows). */
function gameList(ctx: RouteContext) {
  return {
    games: ctx.games.ids().map((id) => {
      const g = ctx.games.get(id);
      return {
        id: g.id,
        title: g.title,
        rulesVersion: g.rulesVersion,
        presetDecks: Object.keys(g.presetDecks),
      };
    }),
  };
}

/** The document is built from the registered routes, which are only known once every module is registered. */
export interface DocumentSource {
  document(): Record<string, unknown>;
}

export const matchRoutes =
  (doc: DocumentSource): RouteModule =>
  (ctx) => [...metaRoutes(ctx, doc), ...matchRecordRoutes(ctx), ...matchPlayRoutes(ctx)];

/** What the server offers: this document and the implemented games. */
const metaRoutes = (ctx: RouteContext, doc: DocumentSource): Route[] => [
  route({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This document (generated from the registered routes)',
    limit: 'meta',
    responses: { 200: { description: 'OpenAPI 3.1' } },
    handle: async () => doc.document(),
  }),
  route({
    method: 'GET',
    path: '/api/games',
    summary: 'Implemented games and their preset decks',
    limit: 'meta',
    responses: { 200: { description: 'games' } },
    handle: async () => gameList(ctx),
  }),
];

/** Matches as records: create (a match, a player table or a position), list, read one, delete. */
const matchRecordRoutes = (ctx: RouteContext): Route[] => [
  route({
    method: 'POST',
    path: '/api/matches',
    summary:
      'Create a match (organiser), a player table (a player `kind` or a `clock`: seats for people with invites, decks, clock), or start one from a position (`position`: judge or organiser); returns one seat token per player',
    limit: 'create',
    auth: 'organiser token (`npx matchtape token --role organiser`), or a judge token with `position`',
    body: z.union([S.CreateMatchBody, CreateTableBody, PositionBody]),
    bodyFor: (raw): z.ZodType<S.CreateMatchBody | CreateTableBody | PositionBody> =>
      isPositionRequest(raw) ? PositionBody : isTableRequest(raw) ? CreateTableBody : S.CreateMatchBody,
    responses: {
      201: { description: 'created', schema: z.union([S.CreateMatchResponse, CreateTableResponse]) },
      403: err('not an organiser token'),
      404: err('unknown game'),
      422: err('invalid deck'),
    },
    async handle({ claims, body, reply }) {
      if ('position' in body)
        return reply.status(201).send(
          await createFromPosition(
            {
              host: ctx.host,
              store: ctx.store,
              games: ctx.games,
              seatTokenTtlSeconds: ctx.config.seatTokenTtlSeconds,
            },
            claims,
            body,
          ),
        );
      requireOrganiser(claims);
      // A player table (seats for people, invites, decks, clock): table/routes.ts.
      return reply
        .status(201)
        .send(
          isTableRequest(body)
            ? await createTable(ctx, body)
            : await createMatch(ctx, claims, body as S.CreateMatchBody),
        );
    },
  }),
  route({
    method: 'GET',
    path: '/api/matches',
    summary: 'Live and finished matches',
    limit: 'reads',
    query: S.ListMatchesQuery,
    responses: { 200: { description: 'matches', schema: z.object({ matches: z.array(S.MatchListItem) }) } },
    handle: async ({ claims, query }) => listMatches(ctx, claims, query),
  }),
  route({
    method: 'GET',
    path: '/api/matches/:id',
    summary: 'One match summary',
    limit: 'reads',
    params: S.MatchIdParams,
    responses: { 200: { description: 'match', schema: S.MatchListItem }, 404: err('no such match') },
    async handle({ params, claims }) {
      const r = await ctx.record(params.id);
      // A player table's clock, as this caller sees the match (table/routes.ts).
      const clock = await clockForViewer(
        ctx,
        r,
        accessFor(r, roleInList(claims, r.matchId), claims, ctx.now().getTime()),
      );
      return { ...(await ctx.listItem(r, claims)), forkOf: forkOfRecord(r), ...(clock ? { clock } : {}) };
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/matches/:id',
    summary:
      'Delete an ended match and everything stored under its id (events, snapshots, rejections, annotations, disputes, drawings); the demo keeps a bounded history with it',
    limit: 'create',
    auth: 'organiser token (`npx matchtape token --role organiser`)',
    params: S.MatchIdParams,
    responses: {
      200: { description: 'deleted', schema: z.object({ matchId: z.string(), deleted: z.literal(true) }) },
      401: err('no token'),
      403: err('not an organiser token'),
      404: err('no such match'),
      409: err('the match has not ended, or is a game of an event'),
    },
    handle: async ({ params, claims }) => deleteMatch(ctx, params.id, claims),
  }),
];

/** Playing and reading one match: commands, events, state, timeline, export, rejections. */
const matchPlayRoutes = (ctx: RouteContext): Route[] => [
  route({
    method: 'POST',
    path: '/api/matches/:id/commands',
    summary: 'Send a command as the seat of the bearer token (idempotent by commandId)',
    limit: 'commands',
    auth: 'seat token',
    params: S.MatchIdParams,
    body: S.CommandBody,
    responses: {
      200: { description: 'accepted (or the replay of an accepted commandId)', schema: S.CommandAccepted },
      403: err('token of another match or seat'),
      409: err('commandId already used for a different command'),
      413: err('body too large'),
      422: { description: 'rejected by the rules; nothing appended', schema: S.CommandRejected },
    },
    handle: async ({ params, claims, body, reply }) => submitCommand(ctx, params.id, claims, body, reply),
  }),
  route({
    method: 'GET',
    path: '/api/matches/:id/events',
    summary:
      "Events as the viewer may see them (after the viewer's delay), at most 5,000 per page; `next` is the `from` of the next page, or null",
    limit: 'reads',
    params: S.MatchIdParams,
    query: S.EventsQuery,
    responses: {
      200: { description: 'events', schema: S.EventsResponse },
      403: err('view not allowed for this token'),
    },
    handle: async ({ params, claims, query }) => eventsPage(ctx, params.id, claims, query),
  }),
  route({
    method: 'GET',
    path: '/api/matches/:id/state',
    summary: 'State at seq (snapshot + fold), as the viewer sees it, with a board model',
    limit: 'reads',
    params: S.MatchIdParams,
    query: S.StateQuery,
    responses: {
      200: { description: 'state', schema: S.StateResponse },
      403: err('view not allowed for this token'),
    },
    handle: async ({ params, claims, query }) => stateAt(ctx, params.id, claims, query),
  }),
  route({
    method: 'GET',
    path: '/api/matches/:id/timeline',
    summary: 'Turns, phases, steps with seq ranges, attacks, key moments, stats',
    limit: 'reads',
    params: S.MatchIdParams,
    query: S.ViewQuery,
    responses: { 200: { description: 'timeline' }, 403: err('view not allowed for this token') },
    handle: async ({ params, claims, query, reply }) => timeline(ctx, params.id, claims, query, reply),
  }),
  route({
    method: 'GET',
    path: '/api/matches/:id/export',
    summary: 'JSONL export: every event in full for judges, the released public view for everyone else',
    limit: 'reads',
    params: S.MatchIdParams,
    query: S.ViewQuery,
    responses: { 200: { description: 'one event per line', contentType: 'application/x-ndjson' } },
    handle: async ({ params, claims, query, reply }) => exportJsonl(ctx, params.id, claims, query, reply),
  }),
  route({
    method: 'GET',
    path: '/api/matches/:id/rejections',
    summary: 'Rejected commands (judges)',
    limit: 'reads',
    auth: 'judge token',
    params: S.MatchIdParams,
    query: S.ViewQuery,
    responses: { 200: { description: 'rejections' }, 403: err('not a judge') },
    async handle({ params, claims }) {
      resolveAccess(await ctx.record(params.id), claims, 'judge');
      return { matchId: params.id, rejections: await ctx.store.listRejections(params.id) };
    },
  }),
];

/** GET /api/matches/:id/live: hands the socket to the gateway (SSE). Served by the api and gateway roles. */
export const liveRoutes: RouteModule = (ctx): Route[] => [
  route({
    method: 'GET',
    path: '/api/matches/:id/live',
    summary:
      'Server-sent events: `id:` is the seq; resumes after Last-Event-ID with no gap and no duplicate; `event: end` closes (with follow=side the stream stays open for side frames)',
    limit: 'reads',
    params: S.MatchIdParams,
    query: S.LiveQuery,
    queryToken: true,
    stream: true,
    headers: [
      {
        name: 'Last-Event-ID',
        description: "Resume after this seq (at most the match's last seq).",
        schema: { type: 'string', pattern: '^[0-9]+$' },
      },
    ],
    responses: {
      200: { description: 'event stream', contentType: 'text/event-stream' },
      403: err('view not allowed for this token'),
      429: err('too many live streams for this address or token (Retry-After)'),
    },
    async handle({ params, claims, query, req, reply }) {
      const rec = await ctx.record(params.id);
      const access = resolveAccess(rec, claims, query.as, ctx.now().getTime());
      const header = req.headers['last-event-id'];
      const fromHeader =
        typeof header === 'string' && /^\d+$/.test(header.trim()) ? Number(header.trim()) : undefined;
      const lastEventId = fromHeader ?? query.lastEventId ?? 0;
      // A resume point past the end of the stream is a client that is confused about the match: it would wait forever.
      if (lastEventId > rec.lastSeq)
        throw new HostError(
          400,
          'bad_last_event_id',
          `Last-Event-ID ${lastEventId} is past the end of match ${params.id} (seq ${rec.lastSeq}); resume from an id this stream sent, or 0`,
        );
      // Open streams per address and per token are capped: one client cannot hold the gateway's sockets.
      const slot = ctx.gateway.admit({ address: req.ip, token: claims?.jti ?? null });
      if (!slot.ok) {
        reply.header('retry-after', String(slot.retryAfterSeconds));
        throw new HostError(429, 'too_many_streams', slot.message);
      }
      reply.raw.on('close', slot.release);
      reply.hijack();
      await ctx.gateway.serve(reply.raw, rec, access, lastEventId, query.follow === 'side');
    },
  }),
];
