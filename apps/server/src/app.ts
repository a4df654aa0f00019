// The Matchtape server: one process, roles by flag.
//   api       – HTTP API, engine host, live gateway (SSE)
//   relay     – outbox relay Postgres → NATS (startRelay, injected by main)
//   projector – public-view publisher (delayed) on matchtape.match.<id>.public, and the bot driver
import { randomBytes } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DeckList, EventEnvelope, PlayerId } from '@matchtape/engine';
import type { Bus } from '@matchtape/bus';
import { buildTimeline, matchStats } from '@matchtape/projections';
import type { EventStore, MatchRecord } from '@matchtape/store';
import { mintToken, type TokenClaims } from './auth/tokens';
import { BotDriver, type BotOptions } from './bots';
import type { GameRegistry } from './games';
import { EngineHost, HostError, parseHostedConfig, playersOf } from './host/engine-host';
import { openApiDocument } from './http/openapi';
import { RateLimiter, type BucketSpec } from './http/rate-limit';
import * as S from './http/schemas';
import { LiveGateway } from './live/gateway';
import { PublicPublisher } from './live/publisher';
import { accessFor, claimsOf, releasedAt, resolveAccess, tokenFrom, type Access } from './viewers';

export type Role = 'api' | 'relay' | 'projector';
export const ALL_ROLES: readonly Role[] = ['api', 'relay', 'projector'];

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
  heartbeatMs?: number;
  maxSseBufferBytes?: number;
  /** How often the publisher looks for live matches it was not told about. */
  publishScanMs?: number;
  /** Fastify (pino) logging: false, true or a level. */
  /** Pino options; `stream` lets tests read the log. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  now?: () => Date;
}

export interface MatchtapeServer {
  app: FastifyInstance;
  host: EngineHost;
  gateway: LiveGateway;
  bots: BotDriver | null;
  publisher: PublicPublisher | null;
  roles: readonly Role[];
  instanceId: string;
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
  const host = new EngineHost(opts.store, opts.games, { snapshotEvery: opts.snapshotEvery ?? 50, now });
  const gateway = new LiveGateway(opts.store, host, opts.bus, {
    heartbeatMs: opts.heartbeatMs ?? 15_000,
    maxBufferBytes: opts.maxSseBufferBytes ?? 1 << 20,
  });
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
  const app = Fastify({ bodyLimit: opts.bodyLimitBytes ?? 64 * 1024, logger, trustProxy: true, logController: new LogController({ disableRequestLogging: true }) });
  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode;
    const line = { method: req.method, url: redactUrl(req.url), status, ms: Math.round(reply.elapsedTime) };
    if (status >= 500) req.log.error(line, 'request failed');
    else if (status >= 400) req.log.info(line, 'request refused');
    else req.log.debug(line, 'request');
  });

  const stops: (() => Promise<void>)[] = [];
  let bots: BotDriver | null = null;
  let publisher: PublicPublisher | null = null;

  // ---- errors: always JSON with a message saying what was wrong ----
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    if (err instanceof HostError) return reply.status(err.statusCode).send({ error: err.code, message: err.message });
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
  /** Events the access may see: redacted, released after its delay, cut at the first one not yet released. */
  const visible = async (rec: MatchRecord, access: Access, from = 1, to?: number): Promise<EventEnvelope[]> => {
    const game = host.game(rec.game);
    const events = await opts.store.readStream(rec.matchId, { from, ...(to !== undefined ? { to } : {}) });
    const t = now().getTime();
    const out: EventEnvelope[] = [];
    for (const e of events) {
      if (releasedAt(e.at, access.delaySeconds) > t) break;
      out.push(access.viewer === 'judge' ? e : game.viewEvent(e, access.viewer));
    }
    return out;
  };
  const listItem = (r: MatchRecord, claims: TokenClaims | null): z.infer<typeof S.MatchListItem> => {
    const s = r.summary as Partial<z.infer<typeof S.MatchListItem> & { lastAt: string | null }>;
    // The result must not reach spectators before the delayed stream shows it: until the spectator delay has
    // passed the last event, a delayed match that ended is listed as playing, without a winner (judges see it).
    const live = claims?.role === 'judge';
    const held = !live && r.status === 'ended' && r.spectatorDelaySeconds > 0 && (!s.lastAt || releasedAt(s.lastAt, r.spectatorDelaySeconds) > now().getTime());
    let players: z.infer<typeof S.MatchListItem>['players'];
    try {
      players = playersOf(parseHostedConfig(r));
    } catch {
      players = s.players ?? [];
    }
    return {
      matchId: r.matchId,
      game: r.game,
      status: held ? 'playing' : r.status,
      players,
      turn: s.turn ?? 0,
      phase: s.phase ?? '',
      step: s.step ?? null,
      winner: held ? null : (s.winner ?? null),
      lastSeq: r.lastSeq,
      spectatorDelaySeconds: r.spectatorDelaySeconds,
      spectatorsWatching: gateway.watching(r.matchId),
      createdAt: r.createdAt,
    };
  };

  if (roles.includes('api')) {
    app.get('/api/health', async () => ({
      ok: true,
      instance: instanceId,
      roles,
      store: opts.store.dialect,
      bus: opts.bus?.kind ?? null,
      sseConnections: gateway.connections,
      sseDropped: gateway.dropped,
      botsDriving: bots?.active.length ?? 0,
    }));
    app.get('/api/openapi.json', async () => openApiDocument());
    app.get('/api/games', async () => ({
      games: opts.games.ids().map((id) => {
        const g = opts.games.get(id);
        return { id: g.id, title: g.title, rulesVersion: g.rulesVersion, presetDecks: Object.keys(g.presetDecks) };
      }),
    }));

    app.post('/api/matches', async (req, reply) => {
      limit(req, reply, null, 'create');
      const body = S.CreateMatchBody.parse(req.body ?? {});
      const game = host.game(body.game);
      const presets = Object.entries(game.presetDecks);
      if (presets.length === 0) throw new HostError(500, 'no_presets', `${game.id} has no preset decks`);
      const players = body.players.map((p, i) => {
        let deck: DeckList;
        if (p.deck === undefined) deck = presets[i % presets.length]![1];
        else if (typeof p.deck === 'string') {
          const preset = game.presetDecks[p.deck];
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
      // Spectators filter on the status they are shown (a held result still shows as playing).
      const judge = claims?.role === 'judge';
      const list = await opts.store.listMatches({
        limit: judge || !q.status ? q.limit : Math.min(1000, q.limit * 2),
        ...(q.status && (judge || q.status === 'setup') ? { status: q.status } : {}),
        ...(q.game ? { game: q.game } : {}),
      });
      const items = list.map((r) => listItem(r, claims)).filter((m) => !q.status || m.status === q.status);
      return { matches: items.slice(0, q.limit) };
    });

    app.get('/api/matches/:id', async (req, reply) => {
      limit(req, reply, null, 'reads');
      const { id } = S.MatchIdParams.parse(req.params);
      return listItem(await record(id), claimsFor(req, {}));
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
      const out = await host.submit(id, seat, command);
      if (out.status === 'rejected') return reply.status(422).send({ error: 'rejected', ...out });
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
      const to = q.to ?? from + 4999;
      if (to < from) throw new HostError(400, 'bad_request', `to (${to}) is before from (${from})`);
      const events = await visible(rec, access, from, Math.min(to, from + 4999));
      return { matchId: id, as: access.role, delaySeconds: access.delaySeconds, events };
    });

    app.get('/api/matches/:id/state', async (req, reply) => {
      const { id } = S.MatchIdParams.parse(req.params);
      const q = S.StateQuery.parse(req.query);
      const claims = claimsFor(req, q);
      limit(req, reply, claims, 'reads');
      const rec = await record(id);
      const access = resolveAccess(rec, claims, q.as, now().getTime());
      const game = host.game(rec.game);
      const { state, seq } = await stateAt(opts.store, game, rec, access, q.seq ?? rec.lastSeq, now().getTime());
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

    app.get('/api/matches/:id/timeline', async (req, reply) => {
      const { id } = S.MatchIdParams.parse(req.params);
      const q = S.ViewQuery.parse(req.query);
      const claims = claimsFor(req, q);
      limit(req, reply, claims, 'reads');
      const rec = await record(id);
      const access = resolveAccess(rec, claims, q.as, now().getTime());
      const game = host.game(rec.game);
      const events = await visible(rec, access);
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
      const events = await visible(rec, access);
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
      reply.hijack();
      await gateway.serve(reply.raw, rec, access, lastEventId);
    });
  }

  const server: MatchtapeServer = {
    app,
    host,
    gateway,
    get bots() {
      return bots;
    },
    get publisher() {
      return publisher;
    },
    roles,
    instanceId,
    async listen(port, hostname = '127.0.0.1') {
      return app.listen({ port, host: hostname });
    },
    async close() {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
      await app.close();
    },
  };

  // ---- background roles ----
  if (roles.includes('api')) {
    await gateway.start();
    stops.push(() => gateway.stop());
  }
  if (roles.includes('relay') && opts.startRelay) stops.push(await opts.startRelay(app.log));
  if (roles.includes('projector')) {
    if (opts.bus) {
      publisher = new PublicPublisher(opts.store, opts.bus, opts.games, host, {
        scanMs: opts.publishScanMs ?? 5000,
        onError: (err) => app.log.error(err),
      });
      await publisher.start();
      const p = publisher;
      stops.push(() => p.stop());
    }
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

/**
 * State after `target` (clamped to what the access may see): the nearest snapshot at or before it plus the
 * events after it, stopping at the first event not yet released to this viewer.
 */
async function stateAt(
  store: EventStore,
  game: ReturnType<GameRegistry['get']>,
  rec: MatchRecord,
  access: Access,
  target: number,
  now: number,
): Promise<{ state: unknown; seq: number }> {
  let upTo = Math.min(Math.max(0, target), rec.lastSeq);
  for (let attempt = 0; attempt < 4; attempt++) {
    const snap = upTo > 0 ? await store.loadSnapshot(rec.matchId, upTo) : null;
    const base = snap?.seq ?? 0;
    const tail = upTo > 0 ? await store.readStream(rec.matchId, { from: Math.max(1, base), to: upTo }) : [];
    const baseEvent = base > 0 ? tail[0] : undefined;
    if (baseEvent && releasedAt(baseEvent.at, access.delaySeconds) > now) {
      // The snapshot itself is not released to this viewer yet: look before it.
      upTo = base - 1;
      continue;
    }
    let state = snap ? snap.state : game.initial();
    let seq = base;
    for (const e of tail) {
      if (e.seq <= base) continue;
      if (releasedAt(e.at, access.delaySeconds) > now) break;
      state = game.evolve(state, e);
      seq = e.seq;
    }
    return { state, seq };
  }
  // Still unreleased after several snapshots back: fold from the start.
  const all = await store.readStream(rec.matchId, { to: upTo });
  let state = game.initial();
  let seq = 0;
  for (const e of all) {
    if (releasedAt(e.at, access.delaySeconds) > now) break;
    state = game.evolve(state, e);
    seq = e.seq;
  }
  return { state, seq };
}
