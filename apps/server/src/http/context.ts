// What a route module needs from the server. A feature keeps its routes in a file of its own,
// `export const fooRoutes: RouteModule = (ctx) => [route({ … }), …]`, listed once in routes.ts (see
// docs/architecture.md, "Adding a route").
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Bus } from '@matchtape/bus';
import type { EventStore, MatchRecord } from '@matchtape/store';
import type { TokenClaims } from '../auth/tokens';
import type { GameRegistry } from '../games';
import type { EngineHost } from '../host/engine-host';
import type { LiveGateway } from '../live/gateway';
import type { ServerMetrics } from '../ops/metrics';
import type { ProjectorStatus } from '../projector/projector';
import type { SideStreams, SideViewer } from '../side/side-streams';
import type { MatchSight } from '../visibility';
import type { Access } from '../viewers';
import type { Route } from './route';
import type { MatchListItem } from './schemas';

export interface RouteContext {
  store: EventStore;
  bus: Bus | null;
  games: GameRegistry;
  host: EngineHost;
  gateway: LiveGateway;
  /** What each viewer may see of a match, and when (delays, redaction). */
  sight: MatchSight;
  side: SideStreams;
  metrics: ServerMetrics;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Runs when the server closes (stop subscriptions a module opened). */
  onClose(stop: () => Promise<void>): void;
  /** Runs once the server is ready (start timers a module keeps, e.g. the table clocks). */
  onReady(start: () => void): void;
  config: {
    /** Most events one GET /events returns. */
    eventsPageSize: number;
    seatTokenTtlSeconds: number;
  };
  /** What /api/health reports beyond liveness (ops token). */
  ops: {
    instanceId: string;
    roles: readonly string[];
    /** Checkpoint name the relay uses; null when no relay runs against this store. */
    relayCheckpoint: string | null;
    extra(): Record<string, unknown>;
    projectors(): Promise<ProjectorStatus[]>;
  };
  /** The match record, or a 404 HostError naming the id. */
  record(id: string): Promise<MatchRecord>;
  /** Verified token claims from the Authorization header or `?token=` (null without a token; 401 on a bad one). */
  claimsFor(req: FastifyRequest, query: { token?: string | undefined }): TokenClaims | null;
  /** A list entry as of the caller's feed (a delayed spectator sees status, position and last seq as they were). */
  listItem(rec: MatchRecord, claims: TokenClaims | null): Promise<z.infer<typeof MatchListItem>>;
  /**
   * A side-stream filter's view of one viewer now: its feed position and the match's events up to it (REST
   * readers). `events: false` skips reading the events, for filters that will not look at them.
   */
  sideViewer(rec: MatchRecord, access: Access, opts?: { events?: boolean }): Promise<SideViewer>;
}

/** A feature's routes, declared as data (http/route.ts); setup a module needs (filters, subscriptions) runs here too. */
export type RouteModule = (ctx: RouteContext) => readonly Route[];
