// Shared by test/integration/server-*.test.ts: a real stack (Postgres in an own schema + NATS JetStream, or
// the embedded default) with one or more server instances, and small HTTP/SSE clients.
import { NatsBus, type Bus } from '@matchtape/bus';
import { openTestBus } from '@matchtape/bus/testing';
import type { EventEnvelope } from '@matchtape/engine';
import { openStore, type EventStore } from '@matchtape/store';
import { openTestStore } from '@matchtape/store/testing';
import { api } from '../../apps/server/src/testing/http';
import {
  createServer,
  mintToken,
  registryOf,
  setTokenSecret,
  startRelay,
  type GameRegistry,
  type MatchtapeServer,
  type ServerOptions,
} from '@matchtape/server';

/**
 * The games under test: every game of the catalog. MATCHTAPE_SERVER_TEST_GAMES=fixture swaps in the kernel's
 * Coin Race fixture (debugging the server while a game is broken); CI never sets it.
 */
export async function testGames(): Promise<GameRegistry> {
  if (process.env.MATCHTAPE_SERVER_TEST_GAMES === 'fixture') {
    const { coinRace } = await import('@matchtape/engine/testing/fixture-game');
    return registryOf({ [coinRace.id]: coinRace });
  }
  const { games } = await import('@matchtape/games');
  return registryOf(games);
}

/** An organiser token (creating matches needs one), signed with the stack's secret. */
export function organiser(): string {
  return mintToken({ role: 'organiser', ttlSeconds: 3600 }, { secret: TEST_SECRET });
}

const TEST_SECRET = 'integration-test-secret-0123456789';

export interface Stack {
  store: EventStore;
  bus: Bus;
  servers: MatchtapeServer[];
  bases: string[];
  /** Extra stores/buses opened for extra instances (each instance has its own pool and NATS connection). */
  cleanup(): Promise<void>;
}

export type StackOptions = Partial<Omit<ServerOptions, 'store' | 'bus' | 'games'>> & {
  kind?: 'postgres' | 'pglite';
  instances?: number;
  /** Roles per instance (index i → instance i), overriding `roles`: e.g. a `gateway`-only instance. */
  instanceRoles?: ServerOptions['roles'][];
};

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  setTokenSecret(TEST_SECRET);
  const kind = opts.kind ?? 'postgres';
  const first = await openTestStore(kind);
  const firstBus = await openTestBus(kind === 'postgres' ? 'nats' : 'memory');
  const stores: EventStore[] = [first.store];
  const buses: Bus[] = [];
  const servers: MatchtapeServer[] = [];
  const bases: string[] = [];
  const instances = opts.instances ?? 1;
  for (let i = 0; i < instances; i++) {
    // Each instance gets its own connections, like separate processes would.
    const store =
      i === 0
        ? first.store
        : await openStore({
            databaseUrl: process.env.MATCHTAPE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
            schema: first.schema!,
          });
    if (i > 0) stores.push(store);
    const bus = i === 0 ? firstBus.bus : await NatsBus.open(firstBus.nats!);
    if (i > 0) buses.push(bus);
    const { kind: _k, instances: _n, instanceRoles, ...rest } = opts;
    const roles = instanceRoles?.[i];
    const server = await createServer({
      store,
      bus,
      games: await testGames(),
      startRelay: async () => {
        const relay = startRelay({ store, bus, pollIntervalMs: 200 });
        return () => relay.stop();
      },
      bots: { minDelayMs: 0, maxDelayMs: 0, scanMs: 1000 },
      rateLimits: {
        commands: { perSecond: 10_000, burst: 10_000 },
        reads: { perSecond: 10_000, burst: 10_000 },
        create: { perSecond: 10_000, burst: 10_000 },
        meta: { perSecond: 10_000, burst: 10_000 },
      },
      ...rest,
      ...(roles ? { roles } : {}),
    });
    servers.push(server);
    bases.push(await server.listen(0));
  }
  return {
    store: first.store,
    bus: firstBus.bus,
    servers,
    bases,
    async cleanup() {
      for (const s of servers) await s.close();
      for (const b of buses) await b.close();
      await firstBus.cleanup();
      for (const s of stores.slice(1)) await s.close();
      await first.cleanup();
    },
  };
}

export { api };
export type { ApiInit, ApiResult } from '../../apps/server/src/testing/http';

/**
 * Every event of a match as `as` may see it (or those of `range`), page after page: GET /events returns at most
 * 5,000 at a time and says where the next page starts.
 */
export async function allEvents(
  base: string,
  matchId: string,
  as: string,
  token?: string,
  range: { from?: number; to?: number } = {},
): Promise<EventEnvelope[]> {
  const out: EventEnvelope[] = [];
  const to = range.to === undefined ? '' : `&to=${range.to}`;
  for (let from: number | null = range.from ?? 1; from !== null;) {
    const page = await api(
      base,
      `/api/matches/${matchId}/events?as=${as}&from=${from}${to}`,
      token ? { token } : {},
    );
    if (page.status !== 200)
      throw new Error(`events of ${matchId} as ${as} from ${from}: ${page.status} ${page.text}`);
    out.push(...(page.json.events as EventEnvelope[]));
    from = page.json.next as number | null;
  }
  return out;
}
