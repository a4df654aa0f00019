// Live benchmark: latency from a command sent over HTTP to its first event delivered by SSE to each of N
// connected spectators (p50/p99), and the command rate one instance sustains. Runs a real server in-process
// (embedded PGlite + in-process bus, or Postgres / NATS when URLs are given) with one game of the catalog.
import { MemoryBus, openBus, type Bus } from '@matchtape/bus';
import { Rng, type PlayerId } from '@matchtape/engine';
import { openStore, type EventStore } from '@matchtape/store';
import { createServer } from './app';
import { mintToken, setTokenSecret } from './auth/tokens';
import type { GameRegistry } from './games';
import { openSse } from './testing/sse';

export interface BenchLiveOptions {
  games: GameRegistry;
  game?: string;
  spectators?: number;
  /** Commands measured for latency. */
  commands?: number;
  /** Seconds of the throughput phase, and how many matches are driven in parallel in it. */
  rateSeconds?: number;
  rateMatches?: number;
  databaseUrl?: string;
  natsUrl?: string;
  schema?: string;
  log?: (line: string) => void;
}

export interface BenchLiveResult {
  game: string;
  store: string;
  bus: string;
  spectators: number;
  latency: { samples: number; p50Ms: number; p90Ms: number; p99Ms: number; maxMs: number };
  throughput: {
    commands: number;
    seconds: number;
    commandsPerSecond: number;
    eventsPerSecond: number;
    matches: number;
  };
}

export function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function benchLive(opts: BenchLiveOptions): Promise<BenchLiveResult> {
  const log = opts.log ?? (() => undefined);
  setTokenSecret('bench-secret-0123456789abcdef0123');
  const store: EventStore = await openStore(
    opts.databaseUrl
      ? { databaseUrl: opts.databaseUrl, ...(opts.schema ? { schema: opts.schema } : {}) }
      : { dataDir: 'memory://' },
  );
  const bus: Bus = opts.natsUrl ? await openBus({ natsUrl: opts.natsUrl }) : new MemoryBus();
  const unlimited = { perSecond: 1e9, burst: 1e9 };
  const server = await createServer({
    store,
    bus,
    games: opts.games,
    roles: ['api'],
    bots: false,
    rateLimits: { commands: unlimited, reads: unlimited, create: unlimited, meta: unlimited },
    // Every spectator of the bench connects from this one address.
    liveStreams: { perAddress: 1e9, perToken: 1e9 },
    maxSseBufferBytes: 8 << 20,
  });
  const base = await server.listen(0);
  const gameId = opts.game ?? opts.games.ids()[0]!;
  const game = opts.games.get(gameId);
  const rng = new Rng('bench');
  let n = 0;

  const organiser = mintToken({ role: 'organiser', ttlSeconds: 24 * 3600 });
  const newMatch = async (): Promise<{ matchId: string; seats: Record<string, string> }> => {
    const res = await fetch(`${base}/api/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${organiser}` },
      body: JSON.stringify({ game: gameId, players: [{}, {}] }),
    });
    if (res.status !== 201)
      throw new Error(`creating a ${gameId} match failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as { matchId: string; seats: Record<string, string> };
  };
  /** Picks a command a bot would play and sends it; returns the accepted first seq, or null when the match is over. */
  const step = async (m: {
    matchId: string;
    seats: Record<string, string>;
  }): Promise<{ fromSeq: number; toSeq: number } | null> => {
    const { state } = await server.host.current(m.matchId);
    if (game.status(state).status === 'ended') return null;
    const player = game.actors(state)[0] as PlayerId | undefined;
    if (!player) return null;
    const { player: _p, ...cmd } = game.bots.random.choose(
      state,
      player,
      game.legalCommands(state, player),
      rng,
    );
    const res = await fetch(`${base}/api/matches/${m.matchId}/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${m.seats[player]}` },
      body: JSON.stringify({ ...cmd, commandId: `b${n++}` }),
    });
    const body = (await res.json()) as { fromSeq: number; toSeq: number; message?: string };
    if (res.status !== 200) throw new Error(`command refused: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };

  try {
    // ---- latency with N spectators ----
    const spectators = opts.spectators ?? 100;
    const samples: number[] = [];
    const wanted = opts.commands ?? 300;
    log(`latency: ${spectators} spectators on one ${gameId} match, ${wanted} commands`);
    while (samples.length < wanted * spectators) {
      const m = await newMatch();
      const waiting = new Map<number, { t0: number; left: number }>();
      const conns = await Promise.all(
        Array.from({ length: spectators }, () =>
          openSse(`${base}/api/matches/${m.matchId}/live`, (msg) => {
            if (msg.event !== 'event') return;
            const w = waiting.get(Number(msg.id));
            if (!w) return;
            samples.push(performance.now() - w.t0);
            if (--w.left === 0) waiting.delete(Number(msg.id));
          }),
        ),
      );
      // Let the backlog (setup events) drain to every spectator first.
      await new Promise((r) => setTimeout(r, 300));
      for (;;) {
        if (samples.length >= wanted * spectators) break;
        const { lastSeq } = await server.host.current(m.matchId);
        const t0 = performance.now();
        waiting.set(lastSeq + 1, { t0, left: spectators });
        const r = await step(m);
        if (!r) {
          waiting.delete(lastSeq + 1);
          break;
        }
        // Sequential commands: wait until every spectator has the first event before the next.
        for (let i = 0; i < 2000 && waiting.has(lastSeq + 1); i++)
          await new Promise((res) => setImmediate(res));
        while (waiting.has(lastSeq + 1)) await new Promise((res) => setTimeout(res, 1));
      }
      for (const c of conns) c.abort();
    }
    samples.sort((a, b) => a - b);
    const latency = {
      samples: samples.length,
      p50Ms: +pct(samples, 50).toFixed(2),
      p90Ms: +pct(samples, 90).toFixed(2),
      p99Ms: +pct(samples, 99).toFixed(2),
      maxMs: +samples[samples.length - 1]!.toFixed(2),
    };
    log(`latency p50 ${latency.p50Ms} ms, p99 ${latency.p99Ms} ms`);

    // ---- sustained command rate ----
    const seconds = opts.rateSeconds ?? 10;
    const parallel = opts.rateMatches ?? 8;
    log(`throughput: ${parallel} matches driven in parallel for ${seconds}s`);
    let commands = 0;
    let events = 0;
    const until = performance.now() + seconds * 1000;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        let m = await newMatch();
        while (performance.now() < until) {
          const r = await step(m);
          if (!r) {
            m = await newMatch();
            continue;
          }
          commands++;
          events += r.toSeq - r.fromSeq + 1;
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    const throughput = {
      commands,
      seconds: +elapsed.toFixed(2),
      commandsPerSecond: +(commands / elapsed).toFixed(1),
      eventsPerSecond: +(events / elapsed).toFixed(1),
      matches: parallel,
    };
    log(`throughput ${throughput.commandsPerSecond} commands/s (${throughput.eventsPerSecond} events/s)`);
    return { game: gameId, store: store.dialect, bus: bus.kind, spectators, latency, throughput };
  } finally {
    await server.close();
    await bus.close();
    await store.close();
  }
}
