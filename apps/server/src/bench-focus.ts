// Benchmark (issue 21, item 5a): one client's cheap reads against another client's latency. One abusive client keeps
// `inFlight` anonymous GET /api/matches/:id/focus requests in flight on a long match with a card in focus, while
// another client reads a different match's state one request after the other; the other client's p50/p99 is measured
// quiet and under the abuse. A real server in-process (its HTTP stack, Postgres or the embedded store); both clients
// run in a worker thread (their own event loop), so the figures are the server's, not the clients' own work.
// The two clients are two addresses (the abusive one connects from 127.0.0.2), as two clients on a network are: the
// server's per-client limits key on the token, else the address (http/fair.ts).
import { Worker } from 'node:worker_threads';
import { Rng, type PlayerId } from '@matchtape/engine';
import { dropSchema, openStore, type EventStore } from '@matchtape/store';
import { createServer, type MatchtapeServer, type ServerOptions } from './app';
import { mintToken, setTokenSecret } from './auth/tokens';
import { pct } from './bench';
import type { GameRegistry } from './games';

export interface BenchFocusOptions {
  games: GameRegistry;
  game?: string;
  /** Postgres (a schema of its own, dropped after); the embedded store in memory without it. */
  databaseUrl?: string;
  /** Events the focused match is played to (fewer if it ends first). */
  events?: number;
  /** The abusive client's requests in flight. */
  inFlight?: number;
  /** The other client's sequential requests per phase. */
  requests?: number;
  log?: (line: string) => void;
  /** The server's per-client read turns (http/fair.ts): its defaults unless given; false measures without them. */
  fairReads?: ServerOptions['fairReads'];
}

export interface LatencyFigures {
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

export interface BenchFocusResult {
  game: string;
  store: string;
  /** Events of the focused match. */
  events: number;
  inFlight: number;
  quiet: LatencyFigures;
  abused: LatencyFigures;
  /** Focus requests the abusive client completed per second during the abused phase, and how many were refused (429). */
  focusPerSecond: number;
  focusRefused: number;
}

/**
 * The two clients, in a worker thread of their own (its own event loop, as another process on the network would
 * be): measured in the server's loop, the clients' own work (8 HTTP clients parsing answers) and the loop's lag
 * would be counted as the server's unfairness. CommonJS source for `new Worker(…, { eval: true })`; messages:
 * `{ quiet: { url, n } }` → `{ latencies }`, `{ abused: { url, n, focus, inFlight } }` → `{ latencies, served, refused }`.
 */
const CLIENTS = `
const { parentPort } = require('node:worker_threads');
const { Agent, request } = require('node:http');
const victimAgent = new Agent({ keepAlive: true });
function get(agent, url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode || 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
async function sequential(url, n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const status = await get(victimAgent, url);
    if (status !== 200) throw new Error('GET ' + url + ': ' + status);
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}
parentPort.on('message', async (m) => {
  try {
    if (m.quiet) return parentPort.postMessage({ latencies: await sequential(m.quiet.url, m.quiet.n) });
    const { url, n, focus, inFlight } = m.abused;
    // The abusive client connects from another address: the server's per-client limits key on it (http/fair.ts).
    const agent = new Agent({ keepAlive: true, localAddress: '127.0.0.2' });
    let stop = false, served = 0, refused = 0;
    const abuser = async () => {
      while (!stop) {
        const status = await get(agent, focus);
        if (status === 200) served++;
        else if (status === 429) refused++;
        else throw new Error('GET focus: ' + status);
      }
    };
    const t0 = performance.now();
    const abusers = Array.from({ length: inFlight }, () => abuser());
    const latencies = await sequential(url, n);
    stop = true;
    await Promise.all(abusers);
    agent.destroy();
    parentPort.postMessage({ latencies, served, seconds: (performance.now() - t0) / 1000, refused });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.stack || err) });
  }
});
`;

interface ClientAnswer {
  latencies: number[];
  served?: number;
  refused?: number;
  seconds?: number;
  error?: string;
}

function ask(worker: Worker, message: unknown): Promise<ClientAnswer> {
  return new Promise((resolve, reject) => {
    worker.once('message', (a: ClientAnswer) =>
      a.error ? reject(new Error(`bench clients: ${a.error}`)) : resolve(a),
    );
    worker.once('error', reject);
    worker.postMessage(message);
  });
}

/** Plays a match with a bot's commands (no concessions) until it has `events` events or ends. */
async function playLong(
  server: MatchtapeServer,
  gameId: string,
  matchId: string,
  events: number,
): Promise<number> {
  const game = server.host.game(gameId);
  const rng = new Rng('bench-focus');
  for (let i = 0; i < events * 4; i++) {
    const { state, lastSeq } = await server.host.current(matchId);
    const actor = game.actors(state)[0] as PlayerId | undefined;
    if (lastSeq >= events || !actor || game.status(state).status === 'ended') break;
    const legal = game.legalCommands(state, actor).filter((c) => c.type !== 'Concede');
    if (legal.length === 0) break;
    const { player: _p, ...cmd } = game.bots.random.choose(state, actor, legal, rng);
    await server.host.submit(matchId, actor, { ...cmd, commandId: `bf${i}` });
  }
  return (await server.host.current(matchId)).lastSeq;
}

const figures = (sorted: number[]): LatencyFigures => ({
  requests: sorted.length,
  p50Ms: +pct(sorted, 50).toFixed(2),
  p95Ms: +pct(sorted, 95).toFixed(2),
  p99Ms: +pct(sorted, 99).toFixed(2),
});

export async function benchFocus(opts: BenchFocusOptions): Promise<BenchFocusResult> {
  const log = opts.log ?? (() => undefined);
  setTokenSecret('bench-secret-0123456789abcdef0123');
  const schema = `bench_focus_${Date.now().toString(36)}`;
  const store: EventStore = await openStore(
    opts.databaseUrl ? { databaseUrl: opts.databaseUrl, schema } : { dataDir: 'memory://' },
  );
  const unlimited = { perSecond: 1e9, burst: 1e9 };
  const server = await createServer({
    store,
    bus: null,
    games: opts.games,
    roles: ['api'],
    bots: false,
    rateLimits: { commands: unlimited, reads: unlimited, create: unlimited },
    ...(opts.fairReads !== undefined ? { fairReads: opts.fairReads } : {}),
  });
  const base = await server.listen(0);
  const gameId = opts.game ?? opts.games.ids()[0]!;
  const inFlight = opts.inFlight ?? 8;
  const requests = opts.requests ?? 400;
  try {
    const organiser = mintToken({ role: 'organiser', ttlSeconds: 3600 });
    const create = async (): Promise<string> => {
      const res = await fetch(`${base}/api/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${organiser}` },
        body: JSON.stringify({ game: gameId, players: [{}, {}] }),
      });
      if (res.status !== 201)
        throw new Error(`creating a ${gameId} match failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { matchId: string }).matchId;
    };
    const [focused, other] = [await create(), await create()];
    const events = await playLong(server, gameId, focused, opts.events ?? 2000);
    await playLong(server, gameId, other, 60);
    // The producer points at a card on the board (the judge view: the check a public reader needs is the costly one).
    const board = server.host.game(gameId).board((await server.host.current(focused)).state);
    const cardId = [
      ...board.players.flatMap((p) => p.zones.flatMap((z) => z.cards)),
      ...board.shared.flatMap((z) => z.cards),
    ][0]?.id;
    if (!cardId) throw new Error(`no card on the board of ${focused}`);
    const producer = mintToken({ role: 'coverage', ttlSeconds: 3600 });
    const put = await fetch(`${base}/api/matches/${focused}/focus`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${producer}` },
      body: JSON.stringify({ cardId, seq: events }),
    });
    if (put.status !== 200) throw new Error(`setting the focus failed: ${put.status} ${await put.text()}`);
    log(
      `focus bench: ${gameId}, focused match of ${events} events, ${inFlight} focus requests in flight, ${requests} reads of another match per phase`,
    );

    const victim = `${base}/api/matches/${other}/state`;
    const clients = new Worker(CLIENTS, { eval: true });
    try {
      await ask(clients, { quiet: { url: victim, n: 20 } }); // warm-up
      const quiet = figures((await ask(clients, { quiet: { url: victim, n: requests } })).latencies);
      log(`quiet: other client p50 ${quiet.p50Ms} ms, p95 ${quiet.p95Ms} ms, p99 ${quiet.p99Ms} ms`);
      const a = await ask(clients, {
        abused: { url: victim, n: requests, focus: `${base}/api/matches/${focused}/focus`, inFlight },
      });
      const abused = figures(a.latencies);
      const refused = a.refused ?? 0;
      const focusPerSecond = +((a.served ?? 0) / (a.seconds ?? 1)).toFixed(1);
      log(
        `abused: other client p50 ${abused.p50Ms} ms, p95 ${abused.p95Ms} ms, p99 ${abused.p99Ms} ms; focus served ${focusPerSecond}/s, ${refused} refused`,
      );
      return {
        game: gameId,
        store: store.dialect,
        events,
        inFlight,
        quiet,
        abused,
        focusPerSecond,
        focusRefused: refused,
      };
    } finally {
      await clients.terminate();
    }
  } finally {
    await server.close();
    await store.close();
    if (opts.databaseUrl) await dropSchema(opts.databaseUrl, schema);
  }
}
