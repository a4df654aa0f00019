// bench: engine throughput per game (matches/s, events/s), fold and keyframe-seek speed, and the store's
// append throughput (packages/store benchAppend) on the embedded database or a throwaway Postgres schema.
import { join, resolve } from 'node:path';
import { z } from 'zod';
import {
  chainEvents,
  toNewEvent,
  fold,
  GENESIS_HASH,
  Keyframes,
  pureSealHashes,
  Rng,
  sealerFor,
  sealViewers,
  type AnyGameModule,
  type EventEnvelope,
  type PlayerId,
  type SealHashes,
} from '@matchtape/engine';
import { nodeSealHashes, nodeSha256 } from '@matchtape/store';
import { playMatch } from '@matchtape/engine/testing/harness';
import { posInt, validate } from '../args';
import { benchPeers, peerTable, type PeerBenchResult } from '../bench/peers';
import { fanoutFlags, runFanout } from '../bench/fanout';
import { formatRate, type CommandDef } from '../command';
import { writeFileCreatingDirs } from '../jsonl';
import { CliError, getGame, loadGames, type Io } from '../io';

const Schema = z.object({
  positionals: z.array(z.string()).max(0, 'bench takes no positional arguments'),
  game: z.string().min(1).optional(),
  games: posInt().default(50),
  seed: z.string().min(1).default('bench'),
  'no-store': z.literal(true).optional(),
  'database-url': z.string().min(1).optional(),
  out: z.string().min(1).default('bench-results'),
  quick: z.literal(true).optional(),
  peers: z.literal(true).optional(),
  'nats-url': z.string().min(1).optional(),
  'rebuild-events': posInt().optional(),
  suite: z.string().min(1).optional(),
});

export interface EngineBench {
  game: string;
  matches: number;
  events: number;
  commands: number;
  seconds: number;
  matchesPerSecond: number;
  eventsPerSecond: number;
  commandsPerSecond: number;
  foldEventsPerSecond: number;
  keyframeEvery: number;
  seeks: number;
  seeksPerSecond: number;
  /** Events folded per seek on average: with keyframes ≤ keyframeEvery. */
  meanEventsPerSeek: number;
  /** CPU per event of a server append (chaining, envelope hash native): unsealed v1, sealed v2 with pure-JS and native hashes. */
  appendMicrosPerEvent: { v1: number; v2Pure: number; v2Native: number; events: number };
  failures: number;
}

/**
 * What chaining costs per event on the append path, the store's way (native envelope hash): v1, and v2 sealed for
 * the public and two seats with the engine's pure-JS hashes (the browser's) or Node's native ones (the server's).
 */
export function benchSealing(
  game: AnyGameModule,
  played: readonly EventEnvelope[][],
  seed: string,
  now: () => number,
): EngineBench['appendMicrosPerEvent'] {
  const viewers = sealViewers(['p1', 'p2'] as PlayerId[]);
  const drafts = played.slice(0, 10).map((ev) => ev.map(toNewEvent));
  const events = drafts.reduce((n, d) => n + d.length, 0);
  const time = (hashes: SealHashes | null): number => {
    const t0 = now();
    drafts.forEach((d, i) =>
      chainEvents(
        `bench-${i}`,
        0,
        GENESIS_HASH,
        d,
        nodeSha256,
        hashes ? sealerFor(game, viewers, `${seed}-${i}`, hashes) : undefined,
      ),
    );
    return +(((now() - t0) * 1000) / Math.max(events, 1)).toFixed(1);
  };
  time(nodeSealHashes); // warm-up: the games' viewEvent and the hashes compiled before anything is timed
  return { v1: time(null), v2Pure: time(pureSealHashes), v2Native: time(nodeSealHashes), events };
}

export function benchGame(game: AnyGameModule, matches: number, seed: string, io: Io): EngineBench {
  const played: EventEnvelope[][] = [];
  let commands = 0;
  let failures = 0;
  const t0 = io.now();
  let lastProgress = t0;
  for (let i = 1; i <= matches; i++) {
    try {
      const m = playMatch(game, {
        seed: `${seed}-${i}`,
        matchId: `bench-${i}`,
        bots: { p1: 'random', p2: 'greedy' },
        recordStates: false,
      });
      played.push(m.events);
      commands += m.commands;
    } catch (err) {
      failures += 1;
      io.err(`bench ${game.id}: match ${seed}-${i} failed: ${(err as Error).message}`);
    }
    if (io.now() - lastProgress >= 1000) {
      lastProgress = io.now();
      (io.progress ?? io.err)(`bench ${game.id}: playing ${i}/${matches}`);
    }
  }
  const playSeconds = Math.max(io.now() - t0, 0.001) / 1000;
  const events = played.reduce((n, e) => n + e.length, 0);

  const f0 = io.now();
  for (const ev of played) fold(game, ev);
  const foldSeconds = Math.max(io.now() - f0, 0.001) / 1000;

  const every = 100;
  const rng = new Rng(`seek:${seed}`);
  let seeks = 0;
  let folded = 0;
  const kfs = played.map((ev) => {
    const kf = new Keyframes(game, every);
    kf.push(...ev);
    return kf;
  });
  const s0 = io.now();
  for (let k = 0; k < kfs.length; k++) {
    const n = played[k]!.length;
    for (let j = 0; j < 20; j++) {
      const seq = rng.int(n + 1);
      kfs[k]!.seek(seq);
      folded += seq === n ? 0 : seq % every;
      seeks += 1;
    }
  }
  const seekSeconds = Math.max(io.now() - s0, 0.001) / 1000;
  return {
    game: game.id,
    matches: played.length,
    events,
    commands,
    seconds: Number(playSeconds.toFixed(3)),
    matchesPerSecond: played.length / playSeconds,
    eventsPerSecond: events / playSeconds,
    commandsPerSecond: commands / playSeconds,
    foldEventsPerSecond: events / foldSeconds,
    keyframeEvery: every,
    seeks,
    seeksPerSecond: seeks / seekSeconds,
    meanEventsPerSeek: seeks ? folded / seeks : 0,
    appendMicrosPerEvent: benchSealing(game, played, seed, io.now),
    failures,
  };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows
    .map((r) =>
      r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '),
    )
    .join('\n');
}

export const bench: CommandDef = {
  name: 'bench',
  summary:
    'engine throughput per game, fold/seek speed, store append throughput; writes bench-results/<time>.json',
  usage:
    'bench [--quick] [--peers] [--suite A,B] [--game G] [--games K] [--seed S] [--no-store] [--database-url URL] [--nats-url URL] [--rebuild-events N] [--out DIR]',
  flags: {
    game: { value: 'G', help: 'one game (default: every game)' },
    games: { value: 'K', help: 'bot matches per game (default 50)' },
    seed: { value: 'S', help: 'seed prefix (default bench)' },
    'no-store': { boolean: true, help: 'skip the store append benchmark' },
    'database-url': {
      value: 'URL',
      help: 'benchmark appends on this Postgres (in a throwaway schema) instead of in-memory PGlite',
    },
    out: { value: 'DIR', help: 'directory for the JSON results (default bench-results)' },
    quick: { boolean: true, help: 'fewer matches, shorter and fewer trials (about 2 minutes with --peers)' },
    peers: {
      boolean: true,
      help: 'also measure against the limits and peers on Postgres and NATS: raw pg, Emmett, raw JetStream, full fold, projection rebuild (one table of ratios)',
    },
    'nats-url': { value: 'URL', help: 'NATS for --peers (default NATS_URL, else nats://127.0.0.1:4222)' },
    suite: {
      value: 'A,B',
      help: 'only these --peers suites (append, relay, seek, rebuild, browser, and any registered in apps/cli/src/bench/registry.ts)',
    },
    'rebuild-events': {
      value: 'N',
      help: 'stored events for the projection rebuild (default 1,000,000; 100,000 with --quick; what fits the time budget is measured)',
    },
    ...fanoutFlags,
  },
  details:
    'Matches are random vs greedy bots. Seeks: 20 random seqs per match over keyframes every 100 events. Timings are wall clock on this machine; compare runs on the same machine only.',
  async run(args, io) {
    if (args.flags.fanout) return runFanout(args, io);
    const a = validate(Schema, { positionals: args.positionals, ...args.flags }, 'bench');
    const ids = a.game ? [a.game] : Object.keys(await loadGames(io));
    const results: EngineBench[] = [];
    const matches = a.quick && args.flags.games === undefined ? 10 : a.games;
    for (const id of ids) {
      const game = await getGame(io, id);
      (io.progress ?? io.err)(`bench ${id}: ${matches} matches…`);
      results.push(benchGame(game, matches, a.seed, io));
    }
    const rows = [
      [
        'game',
        'matches',
        'events',
        'matches/s',
        'events/s',
        'commands/s',
        'fold ev/s',
        'seeks/s',
        'ev/seek',
        'failed',
      ],
    ];
    for (const r of results)
      rows.push([
        r.game,
        String(r.matches),
        String(r.events),
        formatRate(r.matchesPerSecond),
        formatRate(r.eventsPerSecond),
        formatRate(r.commandsPerSecond),
        formatRate(r.foldEventsPerSecond),
        formatRate(r.seeksPerSecond),
        r.meanEventsPerSeek.toFixed(1),
        String(r.failures),
      ]);
    io.out(table(rows));
    io.out('');
    const sealRows = [['game', 'events', 'append v1 µs/ev', 'sealed, pure-JS µs/ev', 'sealed, native µs/ev']];
    for (const r of results) {
      const m = r.appendMicrosPerEvent;
      sealRows.push([r.game, String(m.events), m.v1.toFixed(1), m.v2Pure.toFixed(1), m.v2Native.toFixed(1)]);
    }
    io.out(table(sealRows));

    let store: unknown = null;
    if (!a['no-store']) store = await benchStore(io, a['database-url']);

    let peers: PeerBenchResult | null = null;
    if (a.peers) {
      const databaseUrl = a['database-url'] ?? io.env.DATABASE_URL ?? io.env.MATCHTAPE_TEST_DATABASE_URL;
      if (!databaseUrl)
        throw new CliError('bench --peers needs Postgres: pass --database-url URL (or set DATABASE_URL)', 2);
      const games = await Promise.all(ids.map((id) => getGame(io, id)));
      peers = await benchPeers(
        {
          databaseUrl,
          natsUrl: a['nats-url'] ?? io.env.NATS_URL ?? 'nats://127.0.0.1:4222',
          games,
          quick: a.quick === true,
          rebuildEvents: a['rebuild-events'] ?? (a.quick ? 100_000 : 1_000_000),
          progress: io.progress ?? io.err,
          now: io.now,
        },
        a.suite?.split(',').map((x) => x.trim()),
      );
      io.out('');
      io.out(peerTable(peers));
      const m = peers.machine;
      io.out(
        `\n${m.cpus} × ${m.model}, Node ${m.node}, load average ${m.loadavg.join(' / ')} (1/5/15 min) at the end of the run`,
      );
    }

    const at = new Date(io.now()).toISOString();
    const file = join(resolve(io.cwd, a.out), `${at.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.json`);
    writeFileCreatingDirs(
      file,
      JSON.stringify(
        {
          at,
          node: process.version,
          platform: `${process.platform}-${process.arch}`,
          engine: results,
          store,
          peers,
        },
        null,
        2,
      ) + '\n',
    );
    io.err(`results written to ${file}`);
    return results.some((r) => r.failures > 0) ? 1 : 0;
  },
};

async function benchStore(io: Io, databaseUrl: string | undefined): Promise<unknown> {
  let mod: typeof import('@matchtape/store');
  try {
    mod = await import('@matchtape/store');
  } catch (err) {
    io.err(`store benchmark skipped: @matchtape/store does not load (${(err as Error).message})`);
    return { skipped: (err as Error).message };
  }
  const schema = databaseUrl ? `bench_${Math.floor(io.now()).toString(36)}` : undefined;
  (io.progress ?? io.err)(`bench store: appending on ${databaseUrl ? 'Postgres' : 'in-memory PGlite'}…`);
  let store;
  try {
    store = databaseUrl
      ? await mod.openStore({ databaseUrl, schema: schema! })
      : await mod.openStore({ dataDir: 'memory://bench' });
  } catch (err) {
    throw new CliError(`bench: cannot open the store: ${(err as Error).message}`, 1);
  }
  try {
    const r = await mod.benchAppend({
      store,
      onProgress: (done, total) => (io.progress ?? io.err)(`bench store: ${done}/${total} events`),
    });
    io.out(
      table([
        ['store', 'writers', 'events', 'events/s', 'appends/s', 'p50 ms', 'p99 ms'],
        [
          r.dialect,
          String(r.writers),
          String(r.events),
          formatRate(r.eventsPerSecond),
          formatRate(r.appendsPerSecond),
          r.latencyMs.p50.toFixed(2),
          r.latencyMs.p99.toFixed(2),
        ],
      ]),
    );
    return r;
  } finally {
    await store.close();
    if (databaseUrl && schema) await mod.dropSchema(databaseUrl, schema);
  }
}
