// `bench --fanout`: command → SSE delivery at many spectators on one server instance. One match, S spectators
// (public, no delay) on one instance; commands are sent one at a time over HTTP and the time from sending each
// command to its first event reaching each spectator is a sample. Embedded (PGlite + in-process bus) by default;
// with --database-url and --nats-url the event goes Postgres → relay → JetStream → publisher → public subject →
// gateway, all in one process, on a throwaway schema and stream. Target: p99 < 50 ms at 1,000 spectators.
// With --gateways N (Postgres and NATS only) this process decides (api, relay, projector with the public publisher)
// and N gateway processes (fanout-gateway.ts, roles ['gateway'], each on its own port) serve the spectators, spread
// evenly, so the socket writes leave the event loop that decides and folds.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MemoryBus, NatsBus, type Bus } from '@matchtape/bus';
import { Rng, type AnyGameModule, type PlayerId } from '@matchtape/engine';
import {
  createServer,
  mintToken,
  registryOf,
  setTokenSecret,
  startRelay,
  type MatchtapeServer,
} from '@matchtape/server';
import { dropSchema, openStore, type EventStore } from '@matchtape/store';
import { z } from 'zod';
import { posInt, validate, type Parsed } from '../args';
import { writeFileCreatingDirs } from '../jsonl';
import type { GatewayStart, GatewayStats } from './fanout-gateway';
import { BENCH_SERVER } from './fanout-limits';
import { CliError, getGame, type Io } from '../io';
import { join, resolve } from 'node:path';

export const fanoutFlags = {
  fanout: {
    boolean: true,
    help: 'command → SSE delivery latency at --spectators N (default 1000) on one instance; Postgres/NATS with --database-url/--nats-url',
  },
  spectators: {
    value: 'N',
    help: 'spectators for --fanout (default 1000); --games is then the number of commands (default 100)',
  },
  gateways: {
    value: 'N',
    help: 'with --fanout: N gateway processes serve the spectators, this one decides (needs --database-url and --nats-url)',
  },
} as const;

export interface FanoutOptions {
  game: AnyGameModule;
  spectators: number;
  commands: number;
  databaseUrl?: string;
  natsUrl?: string;
  /** Gateway processes serving the spectators (0: the deciding process serves them, as before). */
  gateways?: number;
  progress: (line: string) => void;
}

export interface FanoutResult {
  game: string;
  store: string;
  bus: string;
  spectators: number;
  /** Processes serving the spectators apart from the deciding one (0: it serves them itself). */
  gateways: number;
  commands: number;
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Resident memory the serving process(es) added per connected spectator (the clients are other processes). */
  rssPerSpectatorKb: number;
  dropped: number;
  /** The gateway's own work per event batch: one pass writing the frame to every spectator (CPU, no queueing). */
  writeLoopP50Ms: number;
  writeLoopP99Ms: number;
}

/** The next message of a child process that `match` accepts, within `ms` (the parent's IPC handler offers each
 * message to the waiters in turn; a waiter that takes it returns true and leaves the list). */
function waitForMessage<M>(
  waiters: ((m: M) => boolean)[],
  match: (m: M) => boolean,
  ms: number,
  what: string,
): Promise<M> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
    waiters.push((m) => {
      if (!match(m)) return false;
      clearTimeout(timer);
      resolve(m);
      return true;
    });
  });
}

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Where the spectators connect, and what serving them costs. */
interface Serving {
  bases: string[];
  stats(): Promise<{ rss: number; dropped: number; fanoutMs: number[] }>;
  stop(): void;
}

/** The deciding server serves its spectators itself (the bench as it always ran). */
const inProcess = (server: MatchtapeServer, base: string): Serving => ({
  bases: [base],
  stats: () =>
    Promise.resolve({
      rss: process.memoryUsage().rss,
      dropped: server.gateway.dropped,
      fanoutMs: [...server.gateway.fanoutMs],
    }),
  stop: () => undefined,
});

/** N gateway processes on the deciding process's schema and stream. */
async function gatewayProcesses(n: number, start: GatewayStart): Promise<Serving> {
  const procs: GatewayProcess[] = [];
  const stop = (): void => procs.forEach((g) => g.stop());
  try {
    for (let i = 0; i < n; i++) procs.push(await GatewayProcess.start(start));
  } catch (err) {
    stop();
    throw err;
  }
  return {
    bases: procs.map((g) => g.base),
    stats: async () => {
      const all = await Promise.all(procs.map((g) => g.stats()));
      return {
        rss: all.reduce((t, x) => t + x.rss, 0),
        dropped: all.reduce((t, x) => t + x.dropped, 0),
        fanoutMs: all.flatMap((x) => x.fanoutMs),
      };
    },
    stop,
  };
}

export async function benchFanout(opts: FanoutOptions): Promise<FanoutResult> {
  const gateways = opts.gateways ?? 0;
  if (gateways > 0 && !(opts.databaseUrl && opts.natsUrl))
    throw new Error(
      '--gateways needs --database-url and --nats-url (the gateways read the same store and stream)',
    );
  const tokenSecret = randomBytes(24).toString('hex');
  setTokenSecret(tokenSecret);
  const id = randomBytes(4).toString('hex');
  const schema = opts.databaseUrl ? `fanout_${id}` : undefined;
  const store: EventStore = opts.databaseUrl
    ? await openStore({ databaseUrl: opts.databaseUrl, schema: schema! })
    : await openStore({ dataDir: 'memory://fanout' });
  const stream = { stream: `FANOUT_${id}`, subjectPrefix: `fanout_${id}` };
  const bus: Bus = opts.natsUrl ? await NatsBus.open({ url: opts.natsUrl, ...stream }) : new MemoryBus();
  const server = await createServer({
    store,
    bus,
    games: registryOf({ [opts.game.id]: opts.game }),
    // With gateway processes this one still holds the api's gateway, but no spectator connects to it.
    roles: opts.natsUrl ? ['api', 'relay', 'projector'] : ['api'],
    startRelay: async () => {
      const relay = startRelay({ store, bus, pollIntervalMs: 100 });
      return () => relay.stop();
    },
    ...BENCH_SERVER,
  });
  const base = await server.listen(0);
  const kids: Spectators[] = [];
  let serving: Serving | null = null;
  try {
    serving =
      gateways > 0
        ? await gatewayProcesses(gateways, {
            databaseUrl: opts.databaseUrl!,
            schema: schema!,
            natsUrl: opts.natsUrl!,
            tokenSecret,
            ...stream,
          })
        : inProcess(server, base);
    const m = await createMatch(base, opts.game);
    const rss0 = (await serving.stats()).rss;
    await connectSpectators(opts, serving.bases, m.matchId, kids);
    await new Promise((r) => setTimeout(r, 1000)); // the setup backlog reaches everyone first
    const rssPerSpectatorKb = Math.max(0, (await serving.stats()).rss - rss0) / 1024 / opts.spectators;
    const samples: number[] = [];
    const rng = new Rng('fanout');
    let sent = 0;
    while (sent < opts.commands) {
      const { state, lastSeq } = await server.host.current(m.matchId);
      if (opts.game.status(state).status === 'ended') break;
      const player = opts.game.actors(state)[0] as PlayerId | undefined;
      if (!player) break;
      const { player: _p, ...cmd } = opts.game.bots.random.choose(
        state,
        player,
        opts.game.legalCommands(state, player),
        rng,
      );
      const next = lastSeq + 1;
      await Promise.all(kids.map((k) => k.watch(next)));
      // A loaded machine stretches a pass to thousands of sockets (and their readers) to seconds: 10 ms a spectator.
      const arrived = Promise.all(kids.map((k) => k.arrivals(Math.max(10_000, opts.spectators * 10))));
      const t0 = performance.timeOrigin + performance.now();
      const res = await fetch(`${base}/api/matches/${m.matchId}/commands`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${m.seats[player]}` },
        body: JSON.stringify({ ...cmd, commandId: `f${sent}` }),
      });
      if (res.status !== 200) throw new Error(`command refused: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      for (const times of await arrived) for (const t of times) samples.push(t - t0);
      sent++;
      if (sent % 20 === 0) opts.progress(`fanout: ${sent}/${opts.commands} commands`);
    }
    samples.sort((a, b) => a - b);
    const end = await serving.stats();
    const loop = end.fanoutMs.sort((a, b) => a - b);
    return {
      writeLoopP50Ms: +pct(loop, 50).toFixed(2),
      writeLoopP99Ms: +pct(loop, 99).toFixed(2),
      game: opts.game.id,
      store: store.dialect,
      bus: bus.kind,
      spectators: opts.spectators,
      gateways,
      commands: sent,
      samples: samples.length,
      p50Ms: +pct(samples, 50).toFixed(2),
      p99Ms: +pct(samples, 99).toFixed(2),
      maxMs: +(samples.at(-1) ?? NaN).toFixed(2),
      rssPerSpectatorKb: +rssPerSpectatorKb.toFixed(1),
      dropped: end.dropped,
    };
  } finally {
    for (const k of kids) k.stop();
    serving?.stop();
    await server.close();
    if (bus instanceof NatsBus) await bus.deleteStream().catch(() => undefined);
    await bus.close();
    if (schema && opts.databaseUrl) await dropSchema(opts.databaseUrl, schema).catch(() => undefined);
    await store.close();
  }
}

async function createMatch(
  base: string,
  game: AnyGameModule,
): Promise<{ matchId: string; seats: Record<string, string> }> {
  const organiser = mintToken({ role: 'organiser', ttlSeconds: 3600 });
  const created = await fetch(`${base}/api/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${organiser}` },
    body: JSON.stringify({ game: game.id, players: [{}, {}], spectatorDelaySeconds: 0 }),
  });
  if (created.status !== 201)
    throw new Error(`creating a match failed: ${created.status} ${await created.text()}`);
  return (await created.json()) as { matchId: string; seats: Record<string, string> };
}

/**
 * Spectators live in child processes (a minimal client each), so the serving processes measure only their own
 * fan-out; spectator i connects to serving base i mod N (spread evenly over the gateways).
 */
async function connectSpectators(
  opts: FanoutOptions,
  bases: string[],
  matchId: string,
  kids: Spectators[],
): Promise<void> {
  const processes = Math.max(1, Math.min(4, Math.ceil(opts.spectators / 500)));
  let connected = 0;
  let spread = 0;
  for (let p = 0; p < processes; p++) {
    const n = Math.floor(opts.spectators / processes) + (p < opts.spectators % processes ? 1 : 0);
    const kid = await Spectators.start();
    kids.push(kid);
    // Spectators are public viewers carrying an organiser token each: per-token read limits, not per address.
    const urls = Array.from({ length: n }, () => {
      const base = bases[spread++ % bases.length]!;
      return `${base}/api/matches/${matchId}/live?token=${mintToken({ role: 'organiser', ttlSeconds: 3600 })}`;
    });
    const r = await kid.connect(urls);
    if (r.failed > 0) throw new Error(`${r.failed} spectators could not connect`);
    connected += r.connected;
    opts.progress(`fanout: ${connected}/${opts.spectators} spectators connected`);
  }
}

const CHILD = fileURLToPath(new URL('./fanout-spectators.ts', import.meta.url));
const GATEWAY = fileURLToPath(new URL('./fanout-gateway.ts', import.meta.url));

type GatewayMsg = { ready?: { base: string }; stats?: GatewayStats; failed?: string };

/** A gateway server process (fanout-gateway.ts). */
class GatewayProcess {
  private waiters: ((m: GatewayMsg) => boolean)[] = [];
  base = '';
  private constructor(private readonly child: ChildProcess) {
    child.on('message', (m: GatewayMsg) => {
      this.waiters = this.waiters.filter((w) => !w(m));
    });
  }

  static async start(start: GatewayStart): Promise<GatewayProcess> {
    const child = fork(GATEWAY, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const g = new GatewayProcess(child);
    const p = g.next((m) => m.ready !== undefined || m.failed !== undefined, 60_000, 'a gateway to start');
    child.send({ start });
    const m = await p;
    if (m.failed !== undefined) {
      g.stop();
      throw new Error(`a gateway process failed to start: ${m.failed}`);
    }
    g.base = m.ready!.base;
    return g;
  }

  private next(match: (m: GatewayMsg) => boolean, ms: number, what: string): Promise<GatewayMsg> {
    return waitForMessage(this.waiters, match, ms, what);
  }

  async stats(): Promise<GatewayStats> {
    const p = this.next((m) => m.stats !== undefined, 30_000, 'gateway stats');
    this.child.send({ stats: true });
    return (await p).stats!;
  }

  stop(): void {
    if (this.child.connected) this.child.send({ stop: true });
    setTimeout(() => this.child.kill('SIGKILL'), 3000).unref();
  }
}

type ChildMsg = {
  ready?: true;
  connected?: number;
  failed?: number;
  watching?: number;
  arrivals?: { seq: number; at: number[] };
};

/** A child process holding spectators (fanout-spectators.ts). */
export class Spectators {
  private waiters: ((m: ChildMsg) => boolean)[] = [];
  private constructor(private readonly child: ChildProcess) {
    child.on('message', (m: ChildMsg) => {
      this.waiters = this.waiters.filter((w) => !w(m));
    });
  }

  static async start(): Promise<Spectators> {
    const child = fork(CHILD, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const s = new Spectators(child);
    await s.next((m) => m.ready === true, 60_000, 'the spectator process to start');
    return s;
  }

  private next(match: (m: ChildMsg) => boolean, ms: number, what: string): Promise<ChildMsg> {
    return waitForMessage(this.waiters, match, ms, what);
  }

  async connect(urls: string[]): Promise<{ connected: number; failed: number }> {
    const p = this.next((m) => m.connected !== undefined, 120_000, `${urls.length} spectators to connect`);
    this.child.send({ connect: { urls } });
    const m = await p;
    return { connected: m.connected!, failed: m.failed! };
  }

  async watch(seq: number): Promise<void> {
    const p = this.next((m) => m.watching === seq, 10_000, `the spectators to watch seq ${seq}`);
    this.child.send({ watch: seq });
    await p;
  }

  /** Arrival times (absolute ms) of the watched seq at every spectator of this process. */
  async arrivals(ms: number): Promise<number[]> {
    return (await this.next((m) => m.arrivals !== undefined, ms, 'every spectator to receive the event'))
      .arrivals!.at;
  }

  stop(): void {
    if (this.child.connected) this.child.send({ stop: true });
    setTimeout(() => this.child.kill('SIGKILL'), 2000).unref();
  }
}

export function fanoutTable(r: FanoutResult): string {
  return [
    `fanout (${r.game}, ${r.store} + ${r.bus} bus): ${r.spectators} spectators × ${r.commands} commands = ${r.samples} deliveries, served ${r.gateways > 0 ? `by ${r.gateways} gateway process${r.gateways > 1 ? 'es' : ''}` : 'by the deciding process'}`,
    `  command → SSE delivery p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms (target p99 < 50 ms); ${r.rssPerSpectatorKb} KB ${r.gateways > 0 ? 'gateway' : 'server'} RSS per spectator; ${r.dropped} dropped`,
    `  gateway write pass to its spectators per event batch: p50 ${r.writeLoopP50Ms} ms, p99 ${r.writeLoopP99Ms} ms; load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')} on ${cpus().length} cores`,
  ].join('\n');
}

const Schema = z.object({
  fanout: z.literal(true),
  spectators: posInt().default(1000),
  gateways: posInt().optional(),
  games: posInt().default(100),
  game: z.string().min(1).default('alpha-clash'),
  'database-url': z.string().min(1).optional(),
  'nats-url': z.string().min(1).optional(),
  out: z.string().min(1).default('bench-results'),
  quick: z.literal(true).optional(),
});

/**
 * `bench --fanout [--spectators N] [--games COMMANDS] [--game G] [--database-url URL --nats-url URL [--gateways N]]`.
 */
export async function runFanout(args: Parsed, io: Io): Promise<number> {
  const { positionals: _p, ...flags } = { positionals: args.positionals, ...args.flags };
  const a = validate(Schema.passthrough(), flags, 'bench --fanout');
  if (a.gateways && !(a['database-url'] && a['nats-url']))
    throw new CliError(
      'bench --fanout: --gateways needs --database-url and --nats-url (the gateways read the same store and stream)',
    );
  const game = await getGame(io, a.game);
  const r = await benchFanout({
    game,
    spectators: a.spectators,
    commands: a.quick ? 30 : a.games,
    ...(a['database-url'] ? { databaseUrl: a['database-url'] } : {}),
    ...(a['nats-url'] ? { natsUrl: a['nats-url'] } : {}),
    ...(a.gateways ? { gateways: a.gateways } : {}),
    progress: io.progress ?? io.err,
  });
  io.out(fanoutTable(r));
  const at = new Date(io.now()).toISOString();
  const file = join(resolve(io.cwd, a.out), `fanout-${at.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.json`);
  writeFileCreatingDirs(file, JSON.stringify({ at, node: process.version, fanout: r }, null, 2) + '\n');
  io.err(`results written to ${file}`);
  return r.dropped > 0 ? 1 : 0;
}
