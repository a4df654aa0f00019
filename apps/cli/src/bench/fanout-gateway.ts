// Child process of `bench --fanout --gateways N`: one real server process with the `gateway` role only (spectator
// SSE, no engine state) on its own port, reading the bench's Postgres schema and JetStream stream, so socket writes
// run on their own event loop (and core) rather than on the one that decides and folds commands.
// Parent → child: { start: GatewayStart } | { stats: true } | { stop: true }
// Child → parent: { ready: { base } } | { stats: GatewayStats } | { failed: message }
import { NatsBus } from '@matchtape/bus';
import type { AnyGameModule } from '@matchtape/engine';
import { createServer, registryOf, setTokenSecret, type MatchtapeServer } from '@matchtape/server';
import { openStore, type EventStore } from '@matchtape/store';
import { BENCH_SERVER } from './fanout-limits';

export interface GatewayStart {
  databaseUrl: string;
  schema: string;
  natsUrl: string;
  stream: string;
  subjectPrefix: string;
  /** The deciding process's token secret: the spectators' tokens are minted there. */
  tokenSecret: string;
}

export interface GatewayStats {
  rss: number;
  connections: number;
  dropped: number;
  /** The gateway's write passes (ms per line wake-up with clients), the last 10,000. */
  fanoutMs: number[];
}

const send = (m: unknown): void => void process.send?.(m);
let running: { server: MatchtapeServer; store: EventStore; bus: NatsBus } | null = null;

async function start(s: GatewayStart): Promise<string> {
  setTokenSecret(s.tokenSecret);
  const { games } = (await import('@matchtape/games')) as { games: Readonly<Record<string, AnyGameModule>> };
  const store = await openStore({ databaseUrl: s.databaseUrl, schema: s.schema });
  const bus = await NatsBus.open({ url: s.natsUrl, stream: s.stream, subjectPrefix: s.subjectPrefix });
  const server = await createServer({
    store,
    bus,
    games: registryOf(games),
    roles: ['gateway'],
    ...BENCH_SERVER,
  });
  running = { server, store, bus };
  return server.listen(0);
}

async function stop(): Promise<void> {
  if (running) {
    const { server, store, bus } = running;
    running = null;
    await server.close().catch(() => undefined);
    await bus.close().catch(() => undefined);
    await store.close().catch(() => undefined);
  }
  process.exit(0);
}

process.on('message', (m: { start?: GatewayStart; stats?: true; stop?: true }) => {
  if (m.start)
    start(m.start).then(
      (base) => send({ ready: { base } }),
      (err: unknown) => send({ failed: (err as Error).message }),
    );
  if (m.stats) {
    const gw = running?.server.gateway;
    const stats: GatewayStats = {
      rss: process.memoryUsage().rss,
      connections: gw?.connections ?? 0,
      dropped: gw?.dropped ?? 0,
      fanoutMs: gw ? [...gw.fanoutMs] : [],
    };
    send({ stats });
  }
  if (m.stop) void stop();
});
process.on('disconnect', () => void stop());
