// `npm run soak -- [--minutes 30] [--matches 6] [--spectators 5] [--sample-seconds 10] [--gc-seconds 60] [--port 4180] [--out DIR]`
// A soak run: one real server process (tsx apps/server/src/main.ts, all roles) plays bot matches without pause
// (a new one starts whenever one ends) while SSE spectators watch each of them; every --sample-seconds the
// server's heap (from /api/health) is sampled, and every --gc-seconds the heap left after a full collection
// (asked over the inspector protocol: the server runs with --inspect on --port + 2). Heap used between
// collections swings with garbage; what a full collection leaves is what the server holds, the leak signal. At the end it writes under test-results/soak/ the curve as CSV,
// an SVG chart and a summary (heap start / peak / end and the least-squares slope over the second half, after
// warm-up), prints an ASCII chart, stops the server and exits. Postgres from DATABASE_URL (default: the
// server on 127.0.0.1:5432, in a database of its own, mt_soak_<random>, dropped afterwards). NATS JetStream: a private
// nats-server on --port + 1 with its store in a temporary directory (the production path), or `--bus memory`
// for the embedded bus.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mintToken } from '@matchtape/server/auth/tokens';
import pg from 'pg';
import WebSocket from 'ws';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
function num(name: string, fallback: number): number {
  const v = arg(name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, not "${v}"`);
  return n;
}

const minutes = num('minutes', 30);
const matchesAtOnce = num('matches', 6);
const spectatorsPerMatch = num('spectators', 5);
const sampleSeconds = num('sample-seconds', 10);
const gcSeconds = num('gc-seconds', 60);
const port = num('port', 4180); // not 4190: fetch refuses it (a WHATWG "bad port")
const outDir = resolve(arg('out') ?? join(root, 'test-results/soak'));
const busKind = arg('bus') ?? 'nats';
if (busKind !== 'nats' && busKind !== 'memory')
  throw new Error(`--bus must be nats or memory, not "${busKind}"`);
const NATS_BINARY = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find(
  (p) => existsSync(p),
);
// Any database the server can connect to: the soak creates its own beside it and drops it afterwards.
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `mt_soak_${randomBytes(4).toString('hex')}`;
const api = `http://127.0.0.1:${port}`;
const log = (m: string): void => console.error(`[soak ${new Date().toISOString().slice(11, 19)}] ${m}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The server runs in a database of its own (main.ts takes a URL; migrations find their table in `public`).
async function sql(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

interface Sample {
  t: number;
  heapUsed: number;
  /** Heap used right after a full collection, on the samples where one was asked for. */
  heapAfterGc?: number;
  rss: number;
  sse: number;
  matchesPlayed: number;
  events: number;
}

/** The server under soak, and the tail of its log (pino JSON on stdout, crashes on stderr), kept for the report. */
interface Server {
  readonly child: ChildProcess;
  exited: boolean;
  logTail: string;
}

/** What the server hands the soak once it is up. */
interface Access {
  organiser: string;
  /** The heap is in the health details, which need an ops token. */
  opsToken: string;
  gameIds: string[];
}

/** The load phase's counters: the lanes and spectators add to them, the sampler reads them. */
interface Tally {
  matchesPlayed: number;
  events: number;
  errors: number;
  /** SSE spectators connected now. */
  sse: number;
}

/** One load phase: its server, its clock, its abort signal (the run's end) and its counters. */
interface Load {
  readonly server: Server;
  readonly access: Access;
  readonly ctl: AbortController;
  readonly tally: Tally;
  readonly t0: number;
  readonly end: number;
}

const natsPort = port + 1;
const inspectPort = port + 2;

async function main(): Promise<void> {
  const { dataDir, nats } = await provision();
  const server = startServer(dataDir, nats !== null);
  const ctl = new AbortController();
  const probe = new HeapProbe(inspectPort);
  const tally: Tally = { matchesPlayed: 0, events: 0, errors: 0, sse: 0 };
  let samples: Sample[];
  try {
    const access = await connect(server, dataDir);
    const t0 = Date.now();
    samples = await play({ server, access, ctl, tally, t0, end: t0 + minutes * 60_000 }, probe);
  } finally {
    ctl.abort();
    probe.close();
    await stopServer(server);
    nats?.kill('SIGTERM');
    await sleep(500);
    rmSync(dataDir, { recursive: true, force: true });
    await sql(`drop database if exists "${database}" with (force)`).catch((e: unknown) =>
      log(`could not drop database ${database}: ${(e as Error).message}`),
    );
  }
  writeFileSync(join(outDir, 'server-log-tail.txt'), server.logTail);
  const { matchesPlayed, events, errors } = tally;
  report(samples, { matchesPlayed, events, errors });
}

/** Phase 1: a database and a data directory of the run's own, and for `--bus nats` a private nats-server. */
async function provision(): Promise<{ dataDir: string; nats: ChildProcess | null }> {
  mkdirSync(outDir, { recursive: true });
  await sql(`create database "${database}"`);
  const dataDir = mkdtempSync(join(tmpdir(), 'mt-soak-'));
  if (busKind !== 'nats') return { dataDir, nats: null };
  if (!NATS_BINARY)
    throw new Error('nats-server is not installed: run infra/start-nats.sh, or pass --bus memory');
  const nats = spawn(
    NATS_BINARY,
    ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', join(dataDir, 'nats')],
    { stdio: 'ignore' },
  );
  await sleep(1000);
  return { dataDir, nats };
}

/** Phase 2: the server, all roles, with the inspector open for the heap probe. */
function startServer(dataDir: string, withNats: boolean): Server {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  log(`starting the server on ${api} (database ${database}, bus ${busKind})`);
  const child = spawn(
    process.execPath,
    [
      `--inspect=127.0.0.1:${inspectPort}`,
      '--import',
      'tsx',
      'apps/server/src/main.ts',
      '--port',
      String(port),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        MATCHTAPE_DATA_DIR: dataDir,
        MATCHTAPE_HOST: '127.0.0.1',
        MATCHTAPE_ORGANISER_TOKEN_FILE: join(dataDir, 'organiser-token'),
        MATCHTAPE_SSE_PER_ADDRESS: '1000000',
        MATCHTAPE_LOG_LEVEL: 'warn',
        NATS_URL: withNats ? `nats://127.0.0.1:${natsPort}` : '',
        MATCHTAPE_BOT_MIN_MS: process.env.MATCHTAPE_BOT_MIN_MS ?? '20',
        MATCHTAPE_BOT_MAX_MS: process.env.MATCHTAPE_BOT_MAX_MS ?? '80',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const server: Server = { child, exited: false, logTail: '' };
  const keep = (d: Buffer): void => {
    server.logTail = (server.logTail + d.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on('exit', () => (server.exited = true));
  return server;
}

async function stopServer(server: Server): Promise<void> {
  if (server.exited) return;
  server.child.kill('SIGTERM');
  for (let i = 0; i < 100 && !server.exited; i++) await sleep(100);
  if (!server.exited) server.child.kill('SIGKILL');
}

/** Phase 3: waits for /api/health, then reads the organiser token, mints an ops token and lists the games. */
async function connect(server: Server, dataDir: string): Promise<Access> {
  for (let i = 0; ; i++) {
    if (server.exited) throw new Error(`the server exited while starting:\n${server.logTail}`);
    if (
      await fetch(`${api}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 3000) throw new Error('the server did not answer /api/health within 300 s');
    await sleep(100);
  }
  const organiser = readFileSync(join(dataDir, 'organiser-token'), 'utf8').trim();
  // The ops token is signed with the server's secret, kept in its data dir.
  const opsToken = mintToken(
    { role: 'ops', ttlSeconds: (minutes + 60) * 60 },
    { secret: process.env.MATCHTAPE_SECRET ?? readFileSync(join(dataDir, 'secret'), 'utf8').trim() },
  );
  const gameIds = (
    (await (await fetch(`${api}/api/games`, { signal: AbortSignal.timeout(30_000) })).json()) as {
      games: { id: string }[];
    }
  ).games.map((g) => g.id);
  log(
    `server up on ${api} (database ${database}, bus ${busKind}); ${minutes} min, ${matchesAtOnce} matches at once × ${spectatorsPerMatch} spectators, games ${gameIds.join(', ')}`,
  );
  return { organiser, opsToken, gameIds };
}

/** Phase 4: --matches lanes of bot matches with their spectators, and the sampler, until the run's end. */
async function play(load: Load, probe: HeapProbe): Promise<Sample[]> {
  const sampler = sample(load, probe);
  const lanes = Array.from({ length: matchesAtOnce }, (_, i) => lane(load, i));
  const samples = await sampler;
  load.ctl.abort();
  await Promise.allSettled(lanes);
  if (load.server.exited) throw new Error(`the server exited during the soak:\n${load.server.logTail}`);
  return samples;
}

/** Plays matches one after the other until the run ends. */
async function lane(load: Load, laneIndex: number): Promise<void> {
  const { access, ctl, tally, end } = load;
  for (let n = 0; Date.now() < end && !load.server.exited; n++) {
    const game = access.gameIds[(laneIndex + n) % access.gameIds.length]!;
    const res = await fetch(`${api}/api/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access.organiser}` },
      body: JSON.stringify({ game, players: [{ bot: 'random' }, { bot: 'greedy' }] }),
      signal: AbortSignal.any([ctl.signal, AbortSignal.timeout(30_000)]),
    }).catch(() => null);
    if (!res || res.status !== 201) {
      if (tally.errors++ < 5)
        log(`creating a match failed: ${res ? `${res.status} ${await res.text()}` : 'no answer'}`);
      await sleep(1000);
      continue;
    }
    const { matchId } = (await res.json()) as { matchId: string };
    // Spectators end with the match (the server sends `event: end`); the run's end aborts them.
    await Promise.all(Array.from({ length: spectatorsPerMatch }, () => spectate(load, matchId)));
    if (Date.now() < end) tally.matchesPlayed++;
  }
}

/** One spectator: reads the public stream until the match ends (event: end) or the run stops. */
async function spectate({ ctl, tally }: Load, matchId: string): Promise<void> {
  try {
    const res = await fetch(`${api}/api/matches/${matchId}/live`, {
      headers: { accept: 'text/event-stream' },
      signal: ctl.signal,
    });
    if (!res.ok || !res.body) {
      tally.errors++;
      return;
    }
    tally.sse++;
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let k;
      while ((k = buf.indexOf('\n\n')) >= 0) {
        const msg = buf.slice(0, k);
        buf = buf.slice(k + 2);
        if (msg.includes('event: event')) tally.events++;
      }
    }
  } catch (e) {
    if (!ctl.signal.aborted) tally.errors++;
    void e;
  } finally {
    tally.sse = Math.max(0, tally.sse - 1);
  }
}

/** Every --sample-seconds the heap from /api/health; every --gc-seconds (and last) the heap after a full GC. */
async function sample(load: Load, probe: HeapProbe): Promise<Sample[]> {
  const { access, tally, t0, end } = load;
  const samples: Sample[] = [];
  let lastGc = -Infinity;
  while (Date.now() < end && !load.server.exited) {
    const h = await fetch(`${api}/api/health`, {
      headers: { authorization: `Bearer ${access.opsToken}` },
      signal: AbortSignal.timeout(10_000),
    })
      .then((r) => r.json() as Promise<{ memory?: { heapUsedBytes: number; rssBytes: number } }>)
      .catch(() => null);
    if (h?.memory) {
      const t = (Date.now() - t0) / 1000;
      let heapAfterGc: number | undefined;
      if (t - lastGc >= gcSeconds || Date.now() + sampleSeconds * 1000 >= end) {
        lastGc = t;
        heapAfterGc = await probe.afterGc().catch((e: unknown) => {
          tally.errors++;
          log(`heap after GC: ${(e as Error).message}`);
          return undefined;
        });
      }
      const { sse, matchesPlayed, events } = tally;
      const s: Sample = {
        t,
        heapUsed: h.memory.heapUsedBytes,
        rss: h.memory.rssBytes,
        sse,
        matchesPlayed,
        events,
        ...(heapAfterGc !== undefined ? { heapAfterGc } : {}),
      };
      samples.push(s);
      log(
        `t=${s.t.toFixed(0)}s heap ${(s.heapUsed / 2 ** 20).toFixed(1)} MiB${heapAfterGc !== undefined ? ` (after GC ${(heapAfterGc / 2 ** 20).toFixed(1)} MiB)` : ''} rss ${(s.rss / 2 ** 20).toFixed(1)} MiB sse ${sse} matches ${matchesPlayed} events ${events}`,
      );
    } else tally.errors++;
    await sleep(Math.max(0, Math.min(sampleSeconds * 1000, end - Date.now())));
  }
  return samples;
}

/** The server's heap after a full collection, over the inspector protocol (Chrome DevTools Protocol). */
class HeapProbe {
  private ws: WebSocket | null = null;
  private next = 0;
  private readonly waiting = new Map<
    number,
    (m: { result?: unknown; error?: { message: string } }) => void
  >();
  constructor(private readonly port: number) {}

  async afterGc(): Promise<number> {
    await this.call('HeapProfiler.collectGarbage');
    return (await this.call<{ usedSize: number }>('Runtime.getHeapUsage')).usedSize;
  }

  close(): void {
    this.ws?.close();
  }

  private async open(): Promise<WebSocket> {
    if (this.ws?.readyState === WebSocket.OPEN) return this.ws;
    const targets = (await (
      await fetch(`http://127.0.0.1:${this.port}/json/list`, { signal: AbortSignal.timeout(5000) })
    ).json()) as { webSocketDebuggerUrl: string }[];
    const ws = new WebSocket(targets[0]!.webSocketDebuggerUrl);
    await new Promise<void>((ok, fail) => {
      ws.once('open', () => ok());
      ws.once('error', fail);
    });
    ws.on('message', (d) => {
      const m = JSON.parse(String(d)) as { id?: number; result?: unknown; error?: { message: string } };
      if (m.id === undefined) return;
      this.waiting.get(m.id)?.(m);
      this.waiting.delete(m.id);
    });
    return (this.ws = ws);
  }

  private async call<R>(method: string): Promise<R> {
    const ws = await this.open();
    const id = ++this.next;
    const reply = new Promise<{ result?: unknown; error?: { message: string } }>((ok, fail) => {
      this.waiting.set(id, ok);
      setTimeout(() => fail(new Error(`${method} got no answer in 30 s`)), 30_000).unref();
    });
    ws.send(JSON.stringify({ id, method }));
    const m = await reply;
    if (m.error) throw new Error(`${method}: ${m.error.message}`);
    return m.result as R;
  }
}

/** Least-squares slope of y over x. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  if (n < 2) return 0;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

const mib = (b: number): string => (b / 2 ** 20).toFixed(1);

function report(samples: Sample[], totals: { matchesPlayed: number; events: number; errors: number }): void {
  if (samples.length < 2)
    throw new Error('fewer than two heap samples: the run was too short to say anything');
  const heaps = samples.map((s) => s.heapUsed);
  const half = samples.slice(Math.floor(samples.length / 2));
  const perHour = slope(
    half.map((s) => s.t / 3600),
    half.map((s) => s.heapUsed),
  );
  const gc = samples.filter((s) => s.heapAfterGc !== undefined);
  const gcHalf = gc.slice(Math.floor(gc.length / 2));
  const summary = {
    minutes,
    bus: busKind,
    matchesAtOnce,
    spectatorsPerMatch,
    sampleSeconds,
    samples: samples.length,
    heapStartMiB: Number(mib(heaps[0]!)),
    heapPeakMiB: Number(mib(Math.max(...heaps))),
    heapEndMiB: Number(mib(heaps[heaps.length - 1]!)),
    /** Over the second half of the run (after warm-up), MiB per hour. */
    heapSlopeMiBPerHour: Number(mib(perHour)),
    rssEndMiB: Number(mib(samples[samples.length - 1]!.rss)),
    /** Heap after a full collection: what the server holds. Minute → MiB, and the slope over the second half. */
    afterGcMiB: gc.map((s) => [Number((s.t / 60).toFixed(1)), Number(mib(s.heapAfterGc!))]),
    afterGcSlopeMiBPerHour: Number(
      mib(
        slope(
          gcHalf.map((s) => s.t / 3600),
          gcHalf.map((s) => s.heapAfterGc!),
        ),
      ),
    ),
    afterGcMaxSecondHalfMiB: gcHalf.length
      ? Number(mib(Math.max(...gcHalf.map((s) => s.heapAfterGc!))))
      : null,
    ...totals,
    finishedAt: new Date().toISOString(),
  };
  writeFileSync(
    join(outDir, 'heap.csv'),
    [
      'seconds,heap_used_bytes,rss_bytes,sse_clients,matches_played,events_delivered,heap_after_gc_bytes',
      ...samples.map(
        (s) =>
          `${s.t.toFixed(1)},${s.heapUsed},${s.rss},${s.sse},${s.matchesPlayed},${s.events},${s.heapAfterGc ?? ''}`,
      ),
    ].join('\n') + '\n',
  );
  writeFileSync(join(outDir, 'heap.svg'), svg(samples));
  writeFileSync(join(outDir, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
  console.log(ascii(samples));
  console.log(JSON.stringify(summary));
}

function svg(samples: Sample[]): string {
  const W = 720;
  const H = 300;
  const pad = 48;
  const tMax = Math.max(...samples.map((s) => s.t), 1);
  const yMax = Math.max(...samples.map((s) => s.rss), 1) * 1.05;
  const x = (t: number): number => pad + (t / tMax) * (W - 2 * pad);
  const y = (v: number): number => H - pad - (v / yMax) * (H - 2 * pad);
  const line = (pick: (s: Sample) => number): string =>
    samples.map((s, i) => `${i ? 'L' : 'M'}${x(s.t).toFixed(1)},${y(pick(s)).toFixed(1)}`).join(' ');
  const ticks = [0, 0.25, 0.5, 0.75, 1]
    .map(
      (f) =>
        `<text x="${pad - 6}" y="${y(f * yMax) + 4}" text-anchor="end" font-size="11">${mib(f * yMax)}</text><line x1="${pad}" x2="${W - pad}" y1="${y(f * yMax)}" y2="${y(f * yMax)}" stroke="#eee"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif">
<rect width="100%" height="100%" fill="white"/>${ticks}
<text x="${W / 2}" y="18" text-anchor="middle" font-size="13">Matchtape soak: heap used (blue), heap after a full GC (green), RSS (grey), MiB over ${(tMax / 60).toFixed(0)} min</text>
<text x="${W / 2}" y="${H - 10}" text-anchor="middle" font-size="11">minutes</text>
${[0, 0.25, 0.5, 0.75, 1].map((f) => `<text x="${x(f * tMax)}" y="${H - pad + 16}" text-anchor="middle" font-size="11">${((f * tMax) / 60).toFixed(0)}</text>`).join('')}
<path d="${line((s) => s.rss)}" fill="none" stroke="#999" stroke-width="1.5"/>
<path d="${line((s) => s.heapUsed)}" fill="none" stroke="#1f6feb" stroke-width="1.5"/>
<path d="${samples
    .filter((s) => s.heapAfterGc !== undefined)
    .map((s, i) => `${i ? 'L' : 'M'}${x(s.t).toFixed(1)},${y(s.heapAfterGc!).toFixed(1)}`)
    .join(' ')}" fill="none" stroke="#1a7f37" stroke-width="2.5"/>
</svg>
`;
}

function ascii(samples: Sample[]): string {
  const cols = Math.min(72, samples.length);
  const rows = 12;
  const max = Math.max(...samples.map((s) => s.heapUsed));
  const grid = Array.from({ length: rows }, () => Array<string>(cols).fill(' '));
  for (let c = 0; c < cols; c++) {
    const s = samples[Math.floor((c * (samples.length - 1)) / Math.max(1, cols - 1))]!;
    const r = rows - 1 - Math.round((s.heapUsed / max) * (rows - 1));
    grid[r]![c] = '*';
  }
  return [
    `heap used (MiB), peak ${mib(max)}`,
    ...grid.map((row, i) => `${mib((max * (rows - 1 - i)) / (rows - 1)).padStart(7)} |${row.join('')}`),
    `        +${'-'.repeat(cols)} ${(samples[samples.length - 1]!.t / 60).toFixed(1)} min`,
  ].join('\n');
}

main().catch((e: unknown) => {
  console.error(`soak failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
