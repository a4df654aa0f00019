// The Matchtape server: one process, roles by flag.
//   api       – HTTP API, engine host, live gateway (SSE)
//   relay     – outbox relay Postgres → NATS (startRelay, injected by main)
//   projector – public-view publisher (delayed) on matchtape.match.<id>.public
//   bots      – the bot driver (plays the bot seats of live matches)
//   gateway   – spectator gateway only: the SSE live route, match lookups and health; no commands, no engine
//               state (with NATS it reads only the bus and the store). `api` includes it.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Bus } from '@matchtape/bus';
import { readModel } from '@matchtape/projections';
import type { EventStore, MatchRecord } from '@matchtape/store';
import { BotDriver, type BotOptions } from './bots';
import type { GameRegistry } from './games';
import { EngineHost, parseHostedConfig, playersOf } from './host/engine-host';
import type { RouteContext } from './http/context';
import { createFastify, type HttpOptions } from './http/fastify';
import { openApiDocument } from './http/openapi';
import { DEFAULT_LIMITS, RateLimiter, type RateLimits } from './http/rate-limit';
import { DEFAULT_FAIR, fairReads, ReadGate, type FairLimits } from './http/fair';
import { registerRoute } from './http/register';
import type { Route } from './http/route';
import { matchRoutes } from './http/core-routes';
import type * as S from './http/schemas';
import { guardMatchRoute, notFound } from './judges/fork-secrecy';
import { forkOfRecord } from './judges/replay';
import { LiveGateway } from './live/gateway';
import type { PresenceTimers } from './live/presence';
import { PublicPublisher } from './live/publisher';
import { routeModules, type ModuleEntry } from './routes';
import { SideStreams } from './side/side-streams';
import { tableOf } from './table/table-config';
import { MatchSight } from './visibility';
import { accessFor, claimsOf, roleInList, tokenFrom } from './viewers';
import { createMetrics, type ServerMetrics } from './ops/metrics';
import { Projector } from './projector/projector';
import { eventTableOf } from './events/service';
import { countEventsAfter } from '@matchtape/store';

export type { RateLimits } from './http/rate-limit';

/** Most events one GET /events returns by default; a longer range is read page by page through `next`. */
export const EVENTS_PAGE = 5000;

export type Role = 'api' | 'relay' | 'projector' | 'bots' | 'gateway';
/** The default: everything in one process (`gateway` is part of `api`). */
export const ALL_ROLES: readonly Role[] = ['api', 'relay', 'projector', 'bots'];
export const KNOWN_ROLES: readonly Role[] = ['api', 'relay', 'projector', 'bots', 'gateway'];

export interface ServerOptions extends HttpOptions {
  store: EventStore;
  /** Null: no bus (no relay, no public subject; the gateway follows the store). */
  bus: Bus | null;
  games: GameRegistry;
  roles?: readonly Role[];
  /** Starts the outbox relay (relay role); returns how to stop it. */
  startRelay?: (log: FastifyBaseLogger) => Promise<() => Promise<void>>;
  bots?: BotOptions | false;
  snapshotEvery?: number;
  rateLimits?: Partial<RateLimits>;
  seatTokenTtlSeconds?: number;
  heartbeatMs?: number;
  /** A seat shown gone to the others only after its last connection stayed closed this long (live/presence.ts). */
  presence?: { graceMs?: number; timers?: PresenceTimers };
  maxSseBufferBytes?: number;
  /** Open SSE streams per client address and per token (defaults 256 and 16); over them a connect is a 429. */
  liveStreams?: { perAddress?: number; perToken?: number };
  /** Reads per client served at once and waiting (http/fair.ts; defaults 2 and 64); `false` turns the gate off. */
  fairReads?: Partial<FairLimits> | false;
  /** Most events one GET /events returns (default EVENTS_PAGE). */
  eventsPageSize?: number;
  /** How often the publisher looks for live matches it was not told about. */
  publishScanMs?: number;
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
  /** Every route this server registered, as declared (the OpenAPI document is built from these). */
  routes: readonly Route[];
  /** Every method and URL Fastify serves (HEAD aside), registered through the declarations or not. */
  served: readonly { method: string; url: string }[];
  listen(port: number, hostname?: string): Promise<string>;
  close(): Promise<void>;
}

/** The background roles' workers, once started. */
interface Workers {
  bots: BotDriver | null;
  publisher: PublicPublisher | null;
  projector: Projector | null;
  stops: (() => Promise<void>)[];
}

/** What every route module is handed (http/context.ts). */
function routeContext(
  opts: ServerOptions,
  parts: {
    app: FastifyInstance;
    host: EngineHost;
    gateway: LiveGateway;
    sight: MatchSight;
    side: SideStreams;
    metrics: ServerMetrics;
    workers: Workers;
    instanceId: string;
    roles: readonly Role[];
  },
): RouteContext {
  const { app, host, gateway, sight, side, workers } = parts;
  const now = opts.now ?? (() => new Date());
  const record = async (id: string): Promise<MatchRecord> => {
    const r = await opts.store.getMatch(id);
    if (!r) throw notFound(id);
    return r;
  };
  type Item = z.infer<typeof S.MatchListItem>;
  return {
    store: opts.store,
    bus: opts.bus,
    games: opts.games,
    host,
    gateway,
    sight,
    side,
    metrics: parts.metrics,
    now,
    log: app.log,
    onClose: (stop) => void app.addHook('onClose', stop),
    onReady: (start) => void app.addHook('onReady', async () => start()),
    config: {
      eventsPageSize: opts.eventsPageSize ?? EVENTS_PAGE,
      seatTokenTtlSeconds: opts.seatTokenTtlSeconds ?? 7 * 24 * 3600,
    },
    ops: {
      instanceId: parts.instanceId,
      roles: parts.roles,
      relayCheckpoint: opts.bus ? (opts.relayCheckpoint ?? 'main') : null,
      extra: () => ({
        sseConnections: gateway.connections,
        sseDropped: gateway.dropped,
        botsDriving: workers.bots?.active.length ?? 0,
        gateway: { source: gateway.source, ...gateway.feedCount },
      }),
      projectors: async () => (workers.projector ? workers.projector.status() : []),
    },
    record,
    claimsFor: (req, query) => claimsOf(tokenFrom(req.headers, query)),
    /** A list entry as of the caller's feed: a delayed spectator sees status, position and last seq as they were. */
    async listItem(r, claims): Promise<Item> {
      const seen = await sight.summary(
        r,
        accessFor(r, roleInList(claims, r.matchId), claims, now().getTime()),
      );
      let players: Item['players'];
      try {
        players = playersOf(parseHostedConfig(r));
      } catch {
        players = (r.summary as { players?: Item['players'] }).players ?? [];
      }
      const { status, turn, phase, step, winner, lastSeq } = seen;
      const practice = tableOf(r)?.practice ? { practice: true as const } : {};
      // A fork says so in the list too (issue 26): its parent and the seq it was forked at.
      const link = forkOfRecord(r);
      const fork = link ? { forkOf: link } : {};
      // A game of an event (issue 23): its event, round and table, so a page can show the round's clock.
      const at = eventTableOf(r);
      const event = at ? { eventId: at.eventId, eventTable: at } : {};
      return {
        matchId: r.matchId,
        game: r.game,
        status,
        players,
        turn,
        phase,
        step,
        winner,
        lastSeq,
        spectatorDelaySeconds: r.spectatorDelaySeconds,
        spectatorsWatching: gateway.watching(r.matchId),
        createdAt: r.createdAt,
        ...practice,
        ...fork,
        ...event,
      };
    },
    async sideViewer(rec, access, { events = true } = {}) {
      const seenSeq = (await sight.summary(rec, access)).lastSeq;
      return {
        access,
        record: rec,
        game: host.game(rec.game),
        seenSeq,
        events: events ? await opts.store.readStream(rec.matchId, { to: seenSeq }) : [],
      };
    },
  };
}

/**
 * Registers every module of routes.ts the roles serve (the gateway role: those marked `gateway`), each route
 * through the one registration path, and returns them: the OpenAPI document is built from this list.
 */
function registerModules(
  app: FastifyInstance,
  ctx: RouteContext,
  roles: readonly Role[],
  limits: RateLimits,
): Route[] {
  const registered: Route[] = [];
  const deps = { limiter: new RateLimiter(), limits, claimsFor: ctx.claimsFor };
  const modules: ModuleEntry[] = [
    { routes: matchRoutes({ document: () => openApiDocument(registered) }) },
    ...routeModules,
  ];
  for (const m of modules) {
    const served = roles.includes('api') || (roles.includes('gateway') && m.gateway === true);
    if (!served) continue;
    for (const r of m.routes(ctx)) {
      registerRoute(app, r, deps);
      registered.push(r);
    }
  }
  return registered;
}

/** Starts the background roles (relay, projector, publisher, bots); each pushes how to stop it. */
async function startWorkers(
  opts: ServerOptions,
  app: FastifyInstance,
  host: EngineHost,
  roles: readonly Role[],
  w: Workers,
): Promise<void> {
  const now = opts.now ?? (() => new Date());
  if (roles.includes('relay') && opts.startRelay) w.stops.push(await opts.startRelay(app.log));
  if (roles.includes('projector')) {
    if (opts.projector !== false) {
      const { models, ...tuning } = opts.projector ?? {};
      const p = new Projector(opts.store, opts.games, {
        ...tuning,
        ...(models ? { models: models.map((name) => readModel(name)) } : {}),
        onError: (name, err) => app.log.error({ readModel: name, err }, 'projector failed; retrying'),
      });
      p.start();
      w.projector = p;
      w.stops.push(() => p.stop());
    }
    if (opts.bus) {
      const publisher = new PublicPublisher(opts.store, opts.bus, opts.games, host, {
        scanMs: opts.publishScanMs ?? 5000,
        now: () => now().getTime(),
        onError: (err) => app.log.error(err),
      });
      await publisher.start();
      w.publisher = publisher;
      w.stops.push(() => publisher.stop());
    }
  }
  if (roles.includes('bots') && opts.bots !== false) {
    const bots = new BotDriver(host, opts.store, {
      ...(opts.bots ?? {}),
      onError: (m, err) => app.log.error({ matchId: m, err }, 'bot driver stopped'),
    });
    bots.start();
    w.bots = bots;
    w.stops.push(() => bots.stop());
  }
}

export async function createServer(opts: ServerOptions): Promise<MatchtapeServer> {
  const roles = opts.roles ?? ALL_ROLES;
  const now = opts.now ?? (() => new Date());
  const instanceId = randomBytes(4).toString('hex');
  const relayCheckpoint = opts.relayCheckpoint ?? 'main';
  const app = createFastify(opts);
  // Everything Fastify serves, however it was added: a test holds it against the OpenAPI document.
  const served: { method: string; url: string }[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') served.push({ method, url: r.url });
  });
  // The gateway is created below; the gauge reads it at scrape time.
  let sseClients = (): number => 0;
  const metrics = createMetrics({
    sseClients: () => sseClients(),
    relayLag: async () =>
      opts.bus
        ? countEventsAfter(opts.store, await opts.store.getCheckpoint('relay', relayCheckpoint))
        : null,
  });
  const host = new EngineHost(opts.store, opts.games, {
    snapshotEvery: opts.snapshotEvery ?? 50,
    now,
    onAppend: (s, n) => metrics.append(s, n),
  });
  const sight = new MatchSight(
    opts.store,
    (id) => host.game(id),
    () => now().getTime(),
  );
  const side = new SideStreams(opts.store, opts.bus);
  const gateway = new LiveGateway(opts.store, host, opts.bus, {
    side,
    heartbeatMs: opts.heartbeatMs ?? 15_000,
    ...(opts.presence?.graceMs !== undefined ? { presenceGraceMs: opts.presence.graceMs } : {}),
    ...(opts.presence?.timers ? { presenceTimers: opts.presence.timers } : {}),
    maxBufferBytes: opts.maxSseBufferBytes ?? 1 << 20,
    ...(opts.liveStreams?.perAddress !== undefined
      ? { maxStreamsPerAddress: opts.liveStreams.perAddress }
      : {}),
    ...(opts.liveStreams?.perToken !== undefined ? { maxStreamsPerToken: opts.liveStreams.perToken } : {}),
    now: () => now().getTime(),
    onDelivered: (s) => metrics.delivered(s),
    onError: (err, matchId, what) => app.log.warn({ err, matchId }, `live gateway: ${what} failed`),
  });
  sseClients = () => gateway.connections;
  const workers: Workers = { bots: null, publisher: null, projector: null, stops: [] };
  const ctx = routeContext(opts, { app, host, gateway, sight, side, metrics, workers, instanceId, roles });
  // A fork still holding a live parent's secrets is "no such match" on every route of it, to all but judges and
  // its own seats (judges/fork-secrecy.ts).
  // Before it, a read's per-client turn (http/fair.ts): the guard reads the store too.
  if (opts.fairReads !== false)
    fairReads(app, new ReadGate({ ...DEFAULT_FAIR, ...opts.fairReads }), (req) =>
      ctx.claimsFor(req, req.query as { token?: string }),
    );
  app.addHook('preHandler', async (req) =>
    guardMatchRoute(sight.forks, req, () => ctx.claimsFor(req, req.query as { token?: string })),
  );
  const routes = registerModules(app, ctx, roles, { ...DEFAULT_LIMITS, ...opts.rateLimits });

  const server: MatchtapeServer = {
    app,
    host,
    gateway,
    side,
    get bots() {
      return workers.bots;
    },
    get publisher() {
      return workers.publisher;
    },
    roles,
    instanceId,
    metrics,
    routes,
    served,
    async listen(port, hostname = '127.0.0.1') {
      return app.listen({ port, host: hostname });
    },
    async close() {
      for (const stop of workers.stops.reverse()) await stop().catch(() => undefined);
      await app.close();
    },
  };
  if (roles.includes('api') || roles.includes('gateway')) {
    await gateway.start();
    workers.stops.push(() => gateway.stop());
  }
  await startWorkers(opts, app, host, roles, workers);
  return server;
}
