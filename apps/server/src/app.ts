// The Matchtape server: one process, roles by flag.
//   api       – HTTP API, engine host, live gateway (SSE)
//   relay     – outbox relay Postgres → NATS (startRelay, injected by main)
//   projector – public-view publisher (delayed) on matchtape.match.<id>.public
//   bots      – the bot driver (plays the bot seats of live matches)
//   gateway   – spectator gateway only: the SSE live route, match lookups and health; no commands, no engine
//               state (with NATS it reads only the bus and the store). `api` includes it.
import { randomBytes } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DeckList, PlayerId } from '@matchtape/engine';
import type { Bus } from '@matchtape/bus';
import { buildTimeline, matchStats, readModel } from '@matchtape/projections';
import type { EventStore, MatchRecord } from '@matchtape/store';
import { mintToken, type TokenClaims } from './auth/tokens';
import { BotDriver, type BotOptions } from './bots';
import type { GameRegistry } from './games';
import { EngineHost, HostError, parseHostedConfig, playersOf } from './host/engine-host';
import { cacheHeaders, findBadText, MAX_INT, SECURITY_HEADERS } from './http/hardening';
import { openApiDocument } from './http/openapi';
import { RateLimiter, type BucketSpec } from './http/rate-limit';
import * as S from './http/schemas';
import type { RouteContext } from './http/context';
import { createFromPositionRoute, isPositionRequest } from './judges/replay-routes';
import { forkOfRecord } from './judges/replay';
import { LiveGateway } from './live/gateway';
import { PublicPublisher } from './live/publisher';
import { routeModules } from './routes';
import { ruleText } from './judges/disputes-rules';
import { createTable, isTableRequest, tableOf } from './table/routes';
import { SideStreams } from './side/side-streams';
import { MatchSight } from './visibility';
import { registerWindowRoutes } from './window/routes';
import { accessFor, claimsOf, resolveAccess, roleInList, tokenFrom } from './viewers';
import { createMetrics, type ServerMetrics } from './ops/metrics';
import { registerOpsRoutes } from './ops/routes';
import { Projector } from './projector/projector';
import { timelineFromReadModels } from './projector/serve';
import { countEventsAfter, EventTooLargeError, isStoreFull, isStoreUnavailable } from '@matchtape/store';

/** Most events one GET /events returns by default; a longer range is read page by page through `next`. */
export const EVENTS_PAGE = 5000;

export type Role = 'api' | 'relay' | 'projector' | 'bots' | 'gateway';
/** The default: everything in one process (`gateway` is part of `api`). */
export const ALL_ROLES: readonly Role[] = ['api', 'relay', 'projector', 'bots'];
export const KNOWN_ROLES: readonly Role[] = ['api', 'relay', 'projector', 'bots', 'gateway'];

export interface RateLimits {
  commands: BucketSpec;
  reads: BucketSpec;
  create: BucketSpec;
}

export interface ServerOptions {
  store: EventStore;
  /** Null: no bus (no relay, no public subject; the gateway follows the store). */
  bus: Bus | null;
  games: GameRegistry;
  roles?: readonly Role[];
  /** Starts the outbox relay (relay role); returns how to stop it. */
  startRelay?: (log: FastifyBaseLogger) => Promise<() => Promise<void>>;
  bots?: BotOptions | false;
  snapshotEvery?: number;
  bodyLimitBytes?: number;
  rateLimits?: Partial<RateLimits>;
  seatTokenTtlSeconds?: number;
  /**
   * Reverse proxies whose X-Forwarded-For is believed (addresses, CIDRs, loopback/linklocal/uniquelocal). Default
   * false: the client address is the socket's, so per-address rate limits cannot be dodged with a forged header.
   */
  trustProxy?: string[] | false;
  heartbeatMs?: number;
  maxSseBufferBytes?: number;
  /** Most events one GET /events returns (default EVENTS_PAGE). */
  eventsPageSize?: number;
  /** How often the publisher looks for live matches it was not told about. */
  publishScanMs?: number;
  /** Fastify (pino) logging: false, true or a level. */
  /** Pino options; `stream` lets tests read the log. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  now?: () => Date;
  /**
   * The projector role's read-model builder (default on; false keeps the role's publisher and bots only).
   * `models`: read model names to keep (default: every one that is not opt-in, i.e. all but knowledge).
   */
  projector?: { pollMs?: number; batchSize?: number; models?: readonly string[] } | false;
  /** Checkpoint name of the relay feeding this store's bus (health and the relay-lag metric). Default `main`. */
  relayCheckpoint?: string;
}

export interface MatchtapeServer {
  app: FastifyInstance;
  host: EngineHost;
  gateway: LiveGateway;
  /** Annotations and disputes: appends, filters, per-viewer reads. */
  side: SideStreams;
  bots: BotDriver | null;
  publisher: PublicPublisher | null;
  roles: readonly Role[];
  instanceId: string;
  metrics: ServerMetrics;
  listen(port: number, hostname?: string): Promise<string>;
  close(): Promise<void>;
}

const DEFAULT_LIMITS: RateLimits = {
  commands: { perSecond: 20, burst: 40 },
  reads: { perSecond: 50, burst: 200 },
  create: { perSecond: 1, burst: 30 },
};

export async function createServer(opts: ServerOptions): Promise<MatchtapeServer> {
  const roles = opts.roles ?? ALL_ROLES;
  const now = opts.now ?? (() => new Date());
  const instanceId = randomBytes(4).toString('hex');
  const relayCheckpoint = opts.relayCheckpoint ?? 'main';
  // The gateway is created below; the gauge reads it at scrape time.
  let sseClients = (): number => 0;
  const metrics = createMetrics({
    sseClients: () => sseClients(),
    relayLag: async () => (opts.bus ? countEventsAfter(opts.store, await opts.store.getCheckpoint('relay', relayCheckpoint)) : null),
  });
  const host = new EngineHost(opts.store, opts.games, { snapshotEvery: opts.snapshotEvery ?? 50, now, onAppend: (s, n) => metrics.append(s, n) });
  const sight = new MatchSight(opts.store, (id) => host.game(id), () => now().getTime());
  const side = new SideStreams(opts.store, opts.bus);
  const gateway = new LiveGateway(opts.store, host, opts.bus, {
    side,
    heartbeatMs: opts.heartbeatMs ?? 15_000,
    maxBufferBytes: opts.maxSseBufferBytes ?? 1 << 20,
    now: () => now().getTime(),
    onDelivered: (s) => metrics.delivered(s),
  });
  sseClients = () => gateway.connections;
  const limits: RateLimits = { ...DEFAULT_LIMITS, ...opts.rateLimits };
  const limiter = new RateLimiter();
  // Tokens may travel in ?token= (EventSource cannot set headers): never write them to the log.
  const redactUrl = (url: string): string => url.replace(/([?&]token=)[^&]*/g, '$1…');
  const logger =
    opts.logger === undefined || opts.logger === false
      ? false
      : { ...(typeof opts.logger === 'object' ? opts.logger : {}), serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }) } };
  // One line per request, at a level by outcome: successes are debug (spectator polling would drown the log),
  // client errors info, server errors error.
  const app = Fastify({
    // Refusals the router makes before any hook runs (a path parameter past 100 characters, bad percent-encoding):
    // the same JSON and headers as every other refusal.
    frameworkErrors: (err: Error & { code?: string }, req: FastifyRequest, reply: FastifyReply) => {
      const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      const message = status === 414 ? 'a path parameter is over 100 characters; match ids are shorter' : 'the URL is not valid (bad percent-encoding?)';
      void reply.headers({ ...SECURITY_HEADERS, ...cacheHeaders(req) }).status(status).send({ error: status === 414 ? 'uri_too_long' : 'bad_url', message });
    },
    bodyLimit: opts.bodyLimitBytes ?? 64 * 1024,
    logger, trustProxy: opts.trustProxy && opts.trustProxy.length > 0 ? opts.trustProxy : false, logController: new LogController({ disableRequestLogging: true }) });
  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode;
    // The match a request is about, as its own field: logs are searched by match id.
    const matchId = (req.params as { id?: unknown } | undefined)?.id;
    const line = { method: req.method, url: redactUrl(req.url), status, ms: Math.round(reply.elapsedTime), ...(typeof matchId === 'string' ? { matchId } : {}) };
    if (status >= 500) req.log.error(line, 'request failed');
    else if (status >= 400) req.log.info(line, 'request refused');
    else req.log.debug(line, 'request');
  });

  // Every answer, refusals included, carries the security headers (the SSE gateway writes its own, after hijack).
  app.addHook('onRequest', async (req, reply) => {
    reply.headers({ ...SECURITY_HEADERS, ...cacheHeaders(req) });
  });
  // Text Postgres cannot store (NUL, unpaired surrogates) is a 400 here, before any handler or query sees it.
  app.addHook('preValidation', async (req) => {
    const bad = findBadText(req.params, 'the path') ?? findBadText(req.query, 'the query') ?? findBadText(req.body, 'the body');
    if (bad) throw new HostError(400, 'bad_text', `${bad}; remove it and send the request again`);
  });

  const stops: (() => Promise<void>)[] = [];
  let bots: BotDriver | null = null;
  let publisher: PublicPublisher | null = null;
  let projector: Projector | null = null;

  // ---- errors: always JSON with a message saying what was wrong ----
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    void reply.headers({ ...SECURITY_HEADERS, ...cacheHeaders(req) });
    if (err instanceof HostError) return reply.status(err.statusCode).send({ error: err.code, message: err.message });
    if (err instanceof EventTooLargeError) return reply.status(422).send({ error: 'event_too_large', message: err.message });
    // The database's disk is full: the append rolled back whole; an operator must free space.
    if (isStoreFull(err)) {
      req.log.error({ err: err.message }, 'store out of disk space');
      void reply.header('retry-after', '30');
      return reply.status(503).send({ error: 'store_full', message: 'the event store is out of disk space; nothing was written — retry the same request (same commandId) once an operator has freed space' });
    }
    // The database is down or restarting: nothing was written (appends are one transaction); the client retries.
    if (isStoreUnavailable(err)) {
      req.log.warn({ err: err.message }, 'store unavailable');
      void reply.header('retry-after', '1');
      return reply.status(503).send({ error: 'store_unavailable', message: 'the event store is unavailable (restarting or unreachable); nothing was written — retry the same request (same commandId) shortly' });
    }
    // GET and HEAD carry no body: what failed to parse was the query string.
    if (err instanceof z.ZodError) return reply.status(400).send({ error: 'bad_request', message: zodMessage(err, req.method === 'GET' || req.method === 'HEAD' ? 'query' : 'body'), issues: err.issues });
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.status(413).send({ error: 'body_too_large', message: `request body is over the ${opts.bodyLimitBytes ?? 65536}-byte limit` });
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError)
      return reply.status(400).send({ error: 'malformed_json', message: `request body is not valid JSON: ${err.message}` });
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return reply.status(400).send({ error: 'malformed_json', message: 'request body is empty; send a JSON object' });
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.status(415).send({ error: 'unsupported_media_type', message: 'send JSON with Content-Type: application/json' });
    if (status >= 500) app.log.error(err);
    return reply.status(status).send({ error: status >= 500 ? 'internal' : (err.code ?? 'error'), message: status >= 500 ? 'internal server error; the request may be retried' : err.message });
  });
  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send({ error: 'not_found', message: `no route ${req.method} ${req.url.split('?')[0]}; see /api/openapi.json` }),
  );

  // ---- helpers ----
  const record = async (id: string): Promise<MatchRecord> => {
    const r = await opts.store.getMatch(id);
    if (!r) throw new HostError(404, 'match_not_found', `no match ${id}; list matches with GET /api/matches`);
    return r;
  };
  const claimsFor = (req: FastifyRequest, query: { token?: string | undefined }): TokenClaims | null =>
    claimsOf(tokenFrom(req.headers, query));
  const limit = (req: FastifyRequest, reply: FastifyReply, claims: TokenClaims | null, kind: keyof RateLimits): void => {
    const who = claims ? `t:${claims.jti}` : `ip:${req.ip}`;
    const wait = limiter.take(`${kind}:${who}`, limits[kind]);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new HostError(429, 'rate_limited', `too many requests; retry in ${wait}s`);
    }
  };
  /** A list entry as of the caller's feed: a delayed spectator sees status, position and last seq as they were. */
  const listItem = async (r: MatchRecord, claims: TokenClaims | null): Promise<z.infer<typeof S.MatchListItem>> => {
    const seen = await sight.summary(r, accessFor(r, roleInList(claims, r.matchId), claims, now().getTime()));
    let players: z.infer<typeof S.MatchListItem>['players'];
    try {
      players = playersOf(parseHostedConfig(r));
    } catch {
      players = (r.summary as { players?: z.infer<typeof S.MatchListItem>['players'] }).players ?? [];
    }
    return {
      matchId: r.matchId,
      game: r.game,
      status: seen.status,
      players,
      turn: seen.turn,
      phase: seen.phase,
      step: seen.step,
      winner: seen.winner,
      lastSeq: seen.lastSeq,
      spectatorDelaySeconds: r.spectatorDelaySeconds,
      spectatorsWatching: gateway.watching(r.matchId),
      createdAt: r.createdAt,
      ...(tableOf(r)?.practice ? { practice: true } : {}),
    };
  };

  const ctx: RouteContext = {
    store: opts.store,
    bus: opts.bus,
    games: opts.games,
    host,
    gateway,
    sight,
    side,
    now,
    record,
    claimsFor,
    limit,
    async sideViewer(rec, access, { events = true } = {}) {
      const seenSeq = (await sight.summary(rec, access)).lastSeq;
      return { access, record: rec, game: host.game(rec.game), seenSeq, events: events ? await opts.store.readStream(rec.matchId, { to: seenSeq }) : [] };
    },
  };

  const replayDeps = { host, store: opts.store, games: opts.games, ...(opts.seatTokenTtlSeconds ? { seatTokenTtlSeconds: opts.seatTokenTtlSeconds } : {}) };

  const serving = roles.includes('api') || roles.includes('gateway');
  if (serving) {
    registerOpsRoutes(app, {
      store: opts.store,
      bus: opts.bus,
      metrics,
      instanceId,
      roles,
      relayCheckpoint: opts.bus ? relayCheckpoint : null,
      extra: () => ({ sseConnections: gateway.connections, sseDropped: gateway.dropped, botsDriving: bots?.active.length ?? 0, gateway: { source: gateway.source, ...gateway.feedCount } }),
      projectors: async () => (projector ? projector.status() : []),
    });
  }
  if (roles.includes('api')) {
    app.get('/api/openapi.json', async () => openApiDocument());
    app.get('/api/games', async () => ({
      games: opts.games.ids().map((id) => {
        const g = opts.games.get(id);
        return { id: g.id, title: g.title, rulesVersion: g.rulesVersion, presetDecks: Object.keys(g.presetDecks) };
      }),
    }));

    app.post('/api/matches', async (req, reply) => {
      // Operators, not strangers, create matches: an organiser token (`npx matchtape token --role organiser`).
      const claims = claimsFor(req, {});
      limit(req, reply, claims, 'create');
      // A judge (or organiser) reconstructing a table situation: judges/replay-routes.ts.
      if (isPositionRequest(req.body)) return reply.status(201).send(await createFromPositionRoute(replayDeps, req));
      if (!claims)
        throw new HostError(401, 'missing_token', 'creating a match needs an organiser token: mint one with `npx matchtape token --role organiser` and send it as "Authorization: Bearer <token>"');
      if (claims.role !== 'organiser')
        throw new HostError(403, 'not_an_organiser', `a ${claims.role} token cannot create matches; use an organiser token (\`npx matchtape token --role organiser\`)`);
      // A player table (seats for people, invites, decks, clock): table/routes.ts.
      if (isTableRequest(req.body)) return reply.status(201).send(await createTable(ctx, req.body));
      const body = S.CreateMatchBody.parse(req.body ?? {});
      const game = host.game(body.game);
      const presets = Object.entries(game.presetDecks);
      if (presets.length === 0) throw new HostError(500, 'no_presets', `${game.id} has no preset decks`);
      const players = body.players.map((p, i) => {
        let deck: DeckList;
        if (p.deck === undefined) deck = presets[i % presets.length]![1];
        else if (typeof p.deck === 'string') {
          const preset = Object.hasOwn(game.presetDecks, p.deck) ? game.presetDecks[p.deck] : undefined;
          if (!preset) throw new HostError(400, 'unknown_deck', `${game.id} has no preset deck "${p.deck}"; presets: ${Object.keys(game.presetDecks).join(', ')}`);
          deck = preset;
        } else {
          deck = p.deck;
          const problems = game.validateDeck(deck);
          if (problems.length > 0) {
            throw Object.assign(new HostError(422, 'invalid_deck', `the deck of p${i + 1} is not legal for ${game.id}: ${problems.join('; ')}`), { problems });
          }
        }
        return { name: p.name ?? (p.bot ? `Bot ${i + 1}` : `Player ${i + 1}`), deck, bot: p.bot ?? null };
      });
      const coverage = body.coverageDelaySeconds ?? body.spectatorDelaySeconds;
      if (coverage > body.spectatorDelaySeconds)
        throw new HostError(400, 'bad_request', `coverageDelaySeconds (${coverage}) must not exceed spectatorDelaySeconds (${body.spectatorDelaySeconds})`);
      const { matchId } = await host.createMatch({
        game: game.id,
        players,
        spectatorDelaySeconds: body.spectatorDelaySeconds,
        coverageDelaySeconds: coverage,
        revealPolicy: body.revealPolicy,
      });
      const ttl = opts.seatTokenTtlSeconds ?? 7 * 24 * 3600;
      const seats: Record<string, string> = {};
      players.forEach((_, i) => (seats[`p${i + 1}`] = mintToken({ role: 'seat', matchId, seat: `p${i + 1}`, ttlSeconds: ttl })));
      return reply.status(201).send({ matchId, game: game.id, seats, spectatorDelaySeconds: body.spectatorDelaySeconds, coverageDelaySeconds: coverage });
    });

    app.get('/api/matches', async (req, reply) => {
      const claims = claimsFor(req, {});
      limit(req, reply, claims, 'reads');
      const q = S.ListMatchesQuery.parse(req.query);
      // Everyone filters on the status they are shown. A delayed feed is behind the stored status, never ahead:
      // shown `ended` is stored `ended`; shown `setup`/`playing` may be stored further on, so read more and filter.
      const judge = claims?.role === 'judge';
      const exact = judge || q.status === 'ended';
      const list = await opts.store.listMatches({
        limit: exact || !q.status ? q.limit : Math.min(1000, q.limit * 3),
        ...(q.status && exact ? { status: q.status } : {}),
        ...(q.game ? { game: q.game } : {}),
      });
      const items = (await Promise.all(list.map((r) => listItem(r, claims)))).filter((m) => !q.status || m.status === q.status);
      return { matches: items.slice(0, q.limit) };
    });

    app.get('/api/matches/:id', async (req, reply) => {
      limit(req, reply, null, 'reads');
      const { id } = S.MatchIdParams.parse(req.params);
      const r = await record(id);
      return { ...(await listItem(r, claimsFor(req, {}))), forkOf: forkOfRecord(r) };
    });

    app.post('/api/matches/:id/commands', async (req, reply) => {
      const { id } = S.MatchIdParams.parse(req.params);
      const claims = claimsFor(req, {});
      if (!claims) throw new HostError(401, 'missing_token', 'send your seat token as "Authorization: Bearer <token>"');
      if (claims.role !== 'seat' || !claims.seat) throw new HostError(403, 'not_a_seat', `a ${claims.role} token cannot send commands; use a seat token`);
      if (claims.matchId !== id) throw new HostError(403, 'wrong_match', `this seat token is for match ${claims.matchId}, not ${id}`);
      limit(req, reply, claims, 'commands');
      if (req.body === null || typeof req.body !== 'object' || Array.isArray(req.body))
        throw new HostError(400, 'bad_request', 'send the command as a JSON object: { "commandId": "…", "type": "…", …arguments }');
      const body = S.CommandBody.parse(req.body);
      const seat = claims.seat as PlayerId;
      if (body.player !== undefined && body.player !== seat)
        throw new HostError(403, 'wrong_seat', `this token is the seat of ${seat}; it cannot act for ${body.player}`);
      const { player: _player, ...command } = body;
      let out;
      try {
        out = await host.submit(id, seat, command);
      } catch (err) {
        metrics.command('failed');
        throw err;
      }
      metrics.command(out.status === 'stale' ? 'stale' : out.replayed ? 'replayed' : out.status);
      if (out.status === 'rejected')
        return reply.status(422).send({ error: 'rejected', message: `${out.commandId} was rejected under rule ${out.rule}: ${out.reason}`, ...out, ruleText: ruleText((await record(id)).game, out.rule).text });
      return out;
    });

    app.get('/api/matches/:id/events', async (req, reply) => {
      const { id } = S.MatchIdParams.parse(req.params);
      const q = S.EventsQuery.parse(req.query);
      const claims = claimsFor(req, q);
      limit(req, reply, claims, 'reads');
      const rec = await record(id);
      const access = resolveAccess(rec, claims, q.as, now().getTime());
      const from = q.from ?? 1;
      const to = Math.min(q.to ?? MAX_INT, from + (opts.eventsPageSize ?? EVENTS_PAGE) - 1, MAX_INT);
      if (to < from) throw new HostError(400, 'bad_request', `to (${to}) is before from (${from})`);
      const events = await sight.events(rec, access, from, to);
      // A page cut short by the page size says where the next one starts, so a client never mistakes the
      // first 5,000 events of a long match for all of it.
      const cut = to < (q.to ?? MAX_INT) && events.length > 0 && events[events.length - 1]!.seq === to;
      return { matchId: id, as: access.role, delaySeconds: access.delaySeconds, events, next: cut ? to + 1 : null };
    });

    app.get('/api/matches/:id/state', async (req, reply) => {
      const { id } = S.MatchIdParams.parse(req.params);
      const q = S.StateQuery.parse(req.query);
      const claims = claimsFor(req, q);
      limit(req, reply, claims, 'reads');
      const rec = await record(id);
      const access = resolveAccess(rec, claims, q.as, now().getTime());
      const game = host.game(rec.game);
      const { state, seq } = await sight.stateAt(rec, access, q.seq ?? rec.lastSeq);
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
    });

    registerWindowRoutes(app, { record, claimsFor, limit, sight, game: (id) => host.game(id), now });

    app.get('/api/matches/:id/timeline', async (req, reply) => {
      const { id } = S.MatchIdParams.parse(req.params);
      const q = S.ViewQuery.parse(req.query);
      const claims = claimsFor(req, q);
      limit(req, reply, claims, 'reads');
      const rec = await record(id);
      const access = resolveAccess(rec, claims, q.as, now().getTime());
      // The projector's read models when they cover exactly this answer; else computed from the events.
      const stored = await timelineFromReadModels(opts.store, rec, access, now().getTime());
      if (stored) {
        reply.header('x-read-model', `timeline@${stored.generations.timeline},stats@${stored.generations.stats}`);
        return { matchId: id, as: access.role, timeline: stored.timeline, stats: stored.stats };
      }
      const game = host.game(rec.game);
      const events = await sight.events(rec, access);
      return { matchId: id, as: access.role, timeline: buildTimeline(game, events), stats: matchStats(events) };
    });

    app.get('/api/matches/:id/export', async (req, reply) => {
      const { id } = S.MatchIdParams.parse(req.params);
      const q = S.ViewQuery.parse(req.query);
      const claims = claimsFor(req, q);
      limit(req, reply, claims, 'reads');
      const rec = await record(id);
      // Judges get the full truth; everyone else the released public view.
      const access = claims?.role === 'judge' && (q.as === undefined || q.as === 'judge') ? resolveAccess(rec, claims, 'judge') : accessFor(rec, 'public', claims, now().getTime());
      const events = await sight.events(rec, access);
      reply.header('content-type', 'application/x-ndjson; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${id}${access.role === 'judge' ? '' : '.public'}.jsonl"`);
      return events.map((e) => JSON.stringify(e)).join('\n') + (events.length ? '\n' : '');
    });

    app.get('/api/matches/:id/rejections', async (req, reply) => {
      const { id } = S.MatchIdParams.parse(req.params);
      const q = S.ViewQuery.parse(req.query);
      const claims = claimsFor(req, q);
      limit(req, reply, claims, 'reads');
      const rec = await record(id);
      resolveAccess(rec, claims, 'judge');
      return { matchId: id, rejections: await opts.store.listRejections(id) };
    });

  }
  if (serving) {
    app.get('/api/matches/:id/live', async (req, reply) => {
      const { id } = S.MatchIdParams.parse(req.params);
      const q = S.LiveQuery.parse(req.query);
      const claims = claimsFor(req, q);
      limit(req, reply, claims, 'reads');
      const rec = await record(id);
      const access = resolveAccess(rec, claims, q.as, now().getTime());
      const header = req.headers['last-event-id'];
      const fromHeader = typeof header === 'string' && /^\d+$/.test(header.trim()) ? Number(header.trim()) : undefined;
      const lastEventId = fromHeader ?? q.lastEventId ?? 0;
      // A resume point past the end of the stream is a client that is confused about the match: it would wait forever.
      if (lastEventId > rec.lastSeq)
        throw new HostError(400, 'bad_last_event_id', `Last-Event-ID ${lastEventId} is past the end of match ${id} (seq ${rec.lastSeq}); resume from an id this stream sent, or 0`);
      reply.hijack();
      await gateway.serve(reply.raw, rec, access, lastEventId);
    });
  }
  if (roles.includes('api')) for (const register of routeModules) register(app, ctx);

  const server: MatchtapeServer = {
    app,
    host,
    gateway,
    side,
    get bots() {
      return bots;
    },
    get publisher() {
      return publisher;
    },
    roles,
    instanceId,
    metrics,
    async listen(port, hostname = '127.0.0.1') {
      return app.listen({ port, host: hostname });
    },
    async close() {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
      await app.close();
    },
  };

  // ---- background roles ----
  if (serving) {
    await gateway.start();
    stops.push(() => gateway.stop());
  }
  if (roles.includes('relay') && opts.startRelay) stops.push(await opts.startRelay(app.log));
  if (roles.includes('projector')) {
    if (opts.projector !== false) {
      const { models, ...tuning } = opts.projector ?? {};
      const p = new Projector(opts.store, opts.games, {
        ...tuning,
        ...(models ? { models: models.map((name) => readModel(name)) } : {}),
        onError: (name, err) => app.log.error({ readModel: name, err }, 'projector failed; retrying'),
      });
      p.start();
      projector = p;
      stops.push(() => p.stop());
    }
    if (opts.bus) {
      publisher = new PublicPublisher(opts.store, opts.bus, opts.games, host, {
        scanMs: opts.publishScanMs ?? 5000,
        now: () => now().getTime(),
        onError: (err) => app.log.error(err),
      });
      await publisher.start();
      const p = publisher;
      stops.push(() => p.stop());
    }
  }
  if (roles.includes('bots')) {
    if (opts.bots !== false) {
      bots = new BotDriver(host, opts.store, { ...(opts.bots ?? {}), onError: (m, err) => app.log.error({ matchId: m, err }, 'bot driver stopped') });
      bots.start();
      const b = bots;
      stops.push(() => b.stop());
    }
  }
  return server;
}

function zodMessage(err: z.ZodError, where: 'query' | 'body'): string {
  return err.issues
    .slice(0, 5)
    .map((i) => (where === 'query' ? `query ${i.path.length ? `parameter ${i.path.join('.')}` : 'string'}: ${i.message}` : `${i.path.length ? i.path.join('.') : 'body'}: ${i.message}`))
    .join('; ');
}
