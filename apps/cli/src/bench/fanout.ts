// `bench --fanout`: command → SSE delivery at many spectators on one server instance. One match, S spectators
// (public, no delay) on one instance; commands are sent one at a time over HTTP and the time from sending each
// command to its first event reaching each spectator is a sample. Embedded (PGlite + in-process bus) by default;
// with --database-url and --nats-url the event goes Postgres → relay → JetStream → publisher → public subject →
// gateway, all in one process, on a throwaway schema and stream. Target: p99 < 50 ms at 1,000 spectators.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MemoryBus, NatsBus, type Bus } from '@matchtape/bus';
import { Rng, type AnyGameModule, type PlayerId } from '@matchtape/engine';
import { createServer, mintToken, registryOf, setTokenSecret, startRelay } from '@matchtape/server';
import { dropSchema, openStore, type EventStore } from '@matchtape/store';
import { z } from 'zod';
import { posInt, validate, type Parsed } from '../args';
import { writeFileCreatingDirs } from '../jsonl';
import { getGame, type Io } from '../io';
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
} as const;

export interface FanoutOptions {
  game: AnyGameModule;
  spectators: number;
  commands: number;
  databaseUrl?: string;
  natsUrl?: string;
  progress: (line: string) => void;
}

export interface FanoutResult {
  game: string;
  store: string;
  bus: string;
  spectators: number;
  commands: number;
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Server process resident memory added per connected spectator (the clients are other processes). */
  rssPerSpectatorKb: number;
  dropped: number;
  /** The gateway's own work per event batch: one pass writing the frame to every spectator (CPU, no queueing). */
  writeLoopP50Ms: number;
  writeLoopP99Ms: number;
}

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export async function benchFanout(opts: FanoutOptions): Promise<FanoutResult> {
  setTokenSecret(randomBytes(24).toString('hex'));
  const id = randomBytes(4).toString('hex');
  const schema = opts.databaseUrl ? `fanout_${id}` : undefined;
  const store: EventStore = opts.databaseUrl
    ? await openStore({ databaseUrl: opts.databaseUrl, schema: schema! })
    : await openStore({ dataDir: 'memory://fanout' });
  const bus: Bus = opts.natsUrl
    ? await NatsBus.open({ url: opts.natsUrl, stream: `FANOUT_${id}`, subjectPrefix: `fanout_${id}` })
    : new MemoryBus();
  const unlimited = { perSecond: 1e9, burst: 1e9 };
  const server = await createServer({
    store,
    bus,
    games: registryOf({ [opts.game.id]: opts.game }),
    roles: opts.natsUrl ? ['api', 'relay', 'projector'] : ['api'],
    startRelay: async () => {
      const relay = startRelay({ store, bus, pollIntervalMs: 100 });
      return () => relay.stop();
    },
    bots: false,
    rateLimits: { commands: unlimited, reads: unlimited, create: unlimited, meta: unlimited },
    // Every spectator of the bench connects from this one address.
    liveStreams: { perAddress: 1e9, perToken: 1e9 },
    heartbeatMs: 60_000,
  });
  const base = await server.listen(0);
  const kids: Spectators[] = [];
  try {
    const organiser = mintToken({ role: 'organiser', ttlSeconds: 3600 });
    const created = await fetch(`${base}/api/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${organiser}` },
      body: JSON.stringify({ game: opts.game.id, players: [{}, {}], spectatorDelaySeconds: 0 }),
    });
    if (created.status !== 201)
      throw new Error(`creating a match failed: ${created.status} ${await created.text()}`);
    const m = (await created.json()) as { matchId: string; seats: Record<string, string> };
    const rss0 = process.memoryUsage().rss;
    // Spectators live in child processes (a minimal client each), so this process measures the server's fan-out.
    const processes = Math.max(1, Math.min(4, Math.ceil(opts.spectators / 500)));
    let connected = 0;
    for (let p = 0; p < processes; p++) {
      const n = Math.floor(opts.spectators / processes) + (p < opts.spectators % processes ? 1 : 0);
      const kid = await Spectators.start();
      kids.push(kid);
      // Spectators are public viewers carrying an organiser token each: per-token read limits, not per address.
      const urls = Array.from(
        { length: n },
        () =>
          `${base}/api/matches/${m.matchId}/live?token=${mintToken({ role: 'organiser', ttlSeconds: 3600 })}`,
      );
      const r = await kid.connect(urls);
      if (r.failed > 0) throw new Error(`${r.failed} spectators could not connect`);
      connected += r.connected;
      opts.progress(`fanout: ${connected}/${opts.spectators} spectators connected`);
    }
    await new Promise((r) => setTimeout(r, 1000)); // the setup backlog reaches everyone first
    const rssPerSpectatorKb = Math.max(0, process.memoryUsage().rss - rss0) / 1024 / opts.spectators;
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
      const arrived = Promise.all(kids.map((k) => k.arrivals(10_000)));
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
    const loop = [...server.gateway.fanoutMs].sort((a, b) => a - b);
    return {
      writeLoopP50Ms: +pct(loop, 50).toFixed(2),
      writeLoopP99Ms: +pct(loop, 99).toFixed(2),
      game: opts.game.id,
      store: store.dialect,
      bus: bus.kind,
      spectators: opts.spectators,
      commands: sent,
      samples: samples.length,
      p50Ms: +pct(samples, 50).toFixed(2),
      p99Ms: +pct(samples, 99).toFixed(2),
      maxMs: +(samples.at(-1) ?? NaN).toFixed(2),
      rssPerSpectatorKb: +rssPerSpectatorKb.toFixed(1),
      dropped: server.gateway.dropped,
    };
  } finally {
    for (const k of kids) k.stop();
    await server.close();
    if (bus instanceof NatsBus) await bus.deleteStream().catch(() => undefined);
    await bus.close();
    if (schema && opts.databaseUrl) await dropSchema(opts.databaseUrl, schema).catch(() => undefined);
    await store.close();
  }
}

const CHILD = fileURLToPath(new URL('./fanout-spectators.ts', import.meta.url));

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
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
      this.waiters.push((m) => {
        if (!match(m)) return false;
        clearTimeout(timer);
        resolve(m);
        return true;
      });
    });
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
    `fanout (${r.game}, ${r.store} + ${r.bus} bus): ${r.spectators} spectators × ${r.commands} commands = ${r.samples} deliveries`,
    `  command → SSE delivery p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms (target p99 < 50 ms); ${r.rssPerSpectatorKb} KB server RSS per spectator; ${r.dropped} dropped`,
    `  gateway write pass to all ${r.spectators} spectators per event batch: p50 ${r.writeLoopP50Ms} ms, p99 ${r.writeLoopP99Ms} ms; load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')} on ${cpus().length} cores`,
  ].join('\n');
}

const Schema = z.object({
  fanout: z.literal(true),
  spectators: posInt().default(1000),
  games: posInt().default(100),
  game: z.string().min(1).default('alpha-clash'),
  'database-url': z.string().min(1).optional(),
  'nats-url': z.string().min(1).optional(),
  out: z.string().min(1).default('bench-results'),
  quick: z.literal(true).optional(),
});

/** `bench --fanout [--spectators N] [--games COMMANDS] [--game G] [--database-url URL --nats-url URL]`. */
export async function runFanout(args: Parsed, io: Io): Promise<number> {
  const { positionals: _p, ...flags } = { positionals: args.positionals, ...args.flags };
  const a = validate(Schema.passthrough(), flags, 'bench --fanout');
  const game = await getGame(io, a.game);
  const r = await benchFanout({
    game,
    spectators: a.spectators,
    commands: a.quick ? 30 : a.games,
    ...(a['database-url'] ? { databaseUrl: a['database-url'] } : {}),
    ...(a['nats-url'] ? { natsUrl: a['nats-url'] } : {}),
    progress: io.progress ?? io.err,
  });
  io.out(fanoutTable(r));
  const at = new Date(io.now()).toISOString();
  const file = join(resolve(io.cwd, a.out), `fanout-${at.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.json`);
  writeFileCreatingDirs(file, JSON.stringify({ at, node: process.version, fanout: r }, null, 2) + '\n');
  io.err(`results written to ${file}`);
  return r.dropped > 0 ? 1 : 0;
}
