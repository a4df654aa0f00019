// Operations endpoints: /api/health (public: liveness only; with an ops token: what this instance runs and whether
// its dependencies answer) and /metrics (Prometheus, ops token). Health is 503 when the store does not answer: the
// instance can then neither accept commands nor serve reads, so a load balancer should send traffic elsewhere. A bus or relay problem is reported (degraded)
// but stays 200: commands still commit to the outbox and are published once the bus is back.
import type { Bus } from '@matchtape/bus';
import { countEventsAfter, probeStore } from '@matchtape/store';
import type { TokenClaims } from '../auth/tokens';
import { HostError } from '../host/engine-host';
import type { RouteContext, RouteModule } from '../http/context';
import { route } from '../http/route';
import { ErrorBody } from '../http/schemas';
import type { ProjectorStatus } from '../projector/projector';

/** What the projector reports per read model (see projector/projector.ts). */
export type ProjectorHealth = ProjectorStatus;

type Check = { ok: true; ms: number } | { ok: false; ms: number; error: string };

async function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>(
        (_, reject) =>
          (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)),
      ),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}

async function probeBus(bus: Bus): Promise<Check> {
  const t0 = performance.now();
  try {
    // NATS: the stream's state is a JetStream API round trip; the in-process bus is always there.
    const withInfo = bus as Bus & { streamInfo?: () => Promise<unknown> };
    if (typeof withInfo.streamInfo === 'function') await withTimeout(withInfo.streamInfo(), 2000, 'NATS');
    return { ok: true, ms: Math.round(performance.now() - t0) };
  } catch (e) {
    return { ok: false, ms: Math.round(performance.now() - t0), error: (e as Error).message };
  }
}

/** The full health report (ops token): dependencies, relay, projectors, process. */
async function healthDetails(ctx: RouteContext, store: Check, bus: Check | null) {
  const { ops } = ctx;
  let relay: { checkpoint: number; backlog: number | null; error?: string } | null = null;
  let projectors: ProjectorHealth[] = [];
  if (store.ok) {
    if (ops.relayCheckpoint !== null) {
      try {
        const checkpoint = await ctx.store.getCheckpoint('relay', ops.relayCheckpoint);
        relay = { checkpoint, backlog: await countEventsAfter(ctx.store, checkpoint) };
      } catch (e) {
        relay = { checkpoint: -1, backlog: null, error: (e as Error).message };
      }
    }
    projectors = await ops.projectors().catch((e: unknown) => [
      {
        name: '*',
        generation: null,
        status: 'none' as const,
        position: 0,
        backlog: null,
        error: (e as Error).message,
      },
    ]);
  }
  const degraded =
    (bus !== null && !bus.ok) || relay?.error !== undefined || projectors.some((p) => p.error !== null);
  const mem = process.memoryUsage();
  return {
    degraded,
    instance: ops.instanceId,
    roles: ops.roles,
    store: ctx.store.dialect,
    bus: ctx.bus?.kind ?? null,
    ...ops.extra(),
    memory: { heapUsedBytes: mem.heapUsed, heapTotalBytes: mem.heapTotal, rssBytes: mem.rss },
    checks: { store, bus, relay, projectors },
  };
}

/** True for an ops token; 403 saying what to send for any other token. */
function isOps(claims: TokenClaims | null, what: string): boolean {
  if (claims && claims.role !== 'ops')
    throw new HostError(
      403,
      'not_ops',
      `a ${claims.role} token cannot read ${what}; use an ops token (\`npx matchtape token --role ops\`)`,
    );
  return claims !== null;
}

export const opsRoutes: RouteModule = (ctx) => [
  route({
    method: 'GET',
    path: '/api/health',
    summary:
      'Liveness (503 when the event store does not answer); with an ops token, what this instance runs and how its dependencies are',
    limit: 'meta',
    responses: {
      200: { description: 'alive' },
      403: { description: 'a token other than ops', schema: ErrorBody },
      503: { description: 'the event store does not answer', schema: ErrorBody },
    },
    async handle({ claims, reply }) {
      const details = isOps(claims, 'the health details');
      const [store, bus] = await Promise.all([
        probeStore(ctx.store),
        details && ctx.bus ? probeBus(ctx.bus) : Promise.resolve(null),
      ]);
      void reply.status(store.ok ? 200 : 503);
      // Strangers learn whether the instance serves, nothing about its versions, memory, roles or connections.
      return {
        ok: store.ok,
        ...(store.ok
          ? {}
          : {
              error: 'store_unavailable',
              message: `the event store does not answer${details ? ` (${store.error})` : ''}; retry shortly`,
            }),
        ...(details ? await healthDetails(ctx, store, bus) : {}),
      };
    },
  }),
  route({
    method: 'GET',
    path: '/metrics',
    summary: 'Prometheus metrics (ops token)',
    limit: 'meta',
    auth: 'ops token (`npx matchtape token --role ops`)',
    responses: {
      200: { description: 'Prometheus text format', contentType: 'text/plain' },
      403: { description: 'not an ops token', schema: ErrorBody },
    },
    async handle({ claims, reply }) {
      if (!isOps(claims, 'the metrics'))
        throw new HostError(
          401,
          'missing_token',
          'the metrics need an ops token: mint one with `npx matchtape token --role ops` and send it as "Authorization: Bearer <token>"',
        );
      const body = await ctx.metrics.registry.metrics();
      void reply.header('content-type', ctx.metrics.registry.contentType);
      return body;
    },
  }),
];
