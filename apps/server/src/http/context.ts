// What a route module needs from the server, so features (disputes, annotations, replays…) register their routes
// from files of their own: `export const routes: RouteModule = (app, ctx) => { app.get(…) }`, listed in routes.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Bus } from '@matchtape/bus';
import type { EventStore, MatchRecord } from '@matchtape/store';
import type { TokenClaims } from '../auth/tokens';
import type { GameRegistry } from '../games';
import type { EngineHost } from '../host/engine-host';
import type { LiveGateway } from '../live/gateway';
import type { SideStreams, SideViewer } from '../side/side-streams';
import type { MatchSight } from '../visibility';
import type { Access } from '../viewers';
import type { RateLimits } from '../app';

export interface RouteContext {
  store: EventStore;
  bus: Bus | null;
  games: GameRegistry;
  host: EngineHost;
  gateway: LiveGateway;
  /** What each viewer may see of a match, and when (delays, redaction). */
  sight: MatchSight;
  side: SideStreams;
  now: () => Date;
  /** The match record, or a 404 HostError naming the id. */
  record(id: string): Promise<MatchRecord>;
  /** Verified token claims from the Authorization header or `?token=` (null without a token; 401 on a bad one). */
  claimsFor(req: FastifyRequest, query: { token?: string | undefined }): TokenClaims | null;
  /** Per-token (or per-address) rate limit of a kind; throws a 429 HostError with Retry-After. */
  limit(req: FastifyRequest, reply: FastifyReply, claims: TokenClaims | null, kind: keyof RateLimits): void;
  /**
   * A side-stream filter's view of one viewer now: its feed position and the match's events up to it (REST
   * readers). `events: false` skips reading the events, for filters that will not look at them.
   */
  sideViewer(rec: MatchRecord, access: Access, opts?: { events?: boolean }): Promise<SideViewer>;
}

export type RouteModule = (app: FastifyInstance, ctx: RouteContext) => void;
