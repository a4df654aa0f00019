// Operations endpoints: /api/health (what this instance runs and whether its dependencies answer) and /metrics
// (Prometheus). Health is 503 when the store does not answer: the instance can then neither accept commands nor
// serve reads, so a load balancer should send traffic elsewhere. A bus or relay problem is reported (degraded)
// but stays 200: commands still commit to the outbox and are published once the bus is back.
import type { FastifyInstance } from 'fastify';
import type { Bus } from '@matchtape/bus';
import { countEventsAfter, probeStore, type EventStore } from '@matchtape/store';
import type { ProjectorStatus } from '../projector/projector';
import type { ServerMetrics } from './metrics';

/** What the projector reports per read model (see projector/projector.ts). */
export type ProjectorHealth = ProjectorStatus;

export interface OpsDeps {
  store: EventStore;
  bus: Bus | null;
  metrics: ServerMetrics;
  instanceId: string;
  roles: readonly string[];
  /** Checkpoint name the relay uses (default `main`); null when no relay runs against this store. */
  relayCheckpoint: string | null;
  /** Fields kept from the earlier health answer (clients read them). */
  extra(): Record<string, unknown>;
  projectors(): Promise<ProjectorHealth[]>;
}

type Check = { ok: true; ms: number } | { ok: false; ms: number; error: string };

async function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)))]);
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

export function registerOpsRoutes(app: FastifyInstance, deps: OpsDeps): void {
  app.get('/api/health', async (_req, reply) => {
    const [store, bus] = await Promise.all([probeStore(deps.store), deps.bus ? probeBus(deps.bus) : Promise.resolve(null)]);
    let relay: { checkpoint: number; backlog: number | null; error?: string } | null = null;
    let projectors: ProjectorHealth[] = [];
    if (store.ok) {
      if (deps.relayCheckpoint !== null) {
        try {
          const checkpoint = await deps.store.getCheckpoint('relay', deps.relayCheckpoint);
          relay = { checkpoint, backlog: await countEventsAfter(deps.store, checkpoint) };
        } catch (e) {
          relay = { checkpoint: -1, backlog: null, error: (e as Error).message };
        }
      }
      projectors = await deps.projectors().catch((e: unknown) => [{ name: '*', generation: null, status: 'none' as const, position: 0, backlog: null, error: (e as Error).message }]);
    }
    const degraded = (bus !== null && !bus.ok) || relay?.error !== undefined || projectors.some((p) => p.error !== null);
    const mem = process.memoryUsage();
    void reply.status(store.ok ? 200 : 503);
    return {
      ok: store.ok,
      degraded,
      ...(store.ok ? {} : { error: 'store_unavailable', message: `the event store does not answer (${store.error}); retry shortly` }),
      instance: deps.instanceId,
      roles: deps.roles,
      store: deps.store.dialect,
      bus: deps.bus?.kind ?? null,
      ...deps.extra(),
      memory: { heapUsedBytes: mem.heapUsed, heapTotalBytes: mem.heapTotal, rssBytes: mem.rss },
      checks: { store, bus, relay, projectors },
    };
  });

  app.get('/metrics', async (_req, reply) => {
    const body = await deps.metrics.registry.metrics();
    void reply.header('content-type', deps.metrics.registry.contentType);
    return body;
  });
}
