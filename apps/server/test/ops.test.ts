// Operations endpoints on the embedded default: /metrics (Prometheus text from prom-client, ops token) counts
// commands, append latency, SSE clients and delivery latency; /api/health reports its checks (ops token) and turns
// 503 when the store is gone; request logs carry the match id as a field of their own.
import { coinRace } from '@matchtape/engine/testing/fixture-game';
import { MemoryBus } from '@matchtape/bus';
import { Rng } from '@matchtape/engine';
import { openStore } from '@matchtape/store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mintToken, setTokenSecret } from '../src/auth/tokens';
import { createServer, type MatchtapeServer } from '../src/app';
import { registryOf } from '../src/games';
import { openSse } from '../src/testing/sse';

const lines: Record<string, unknown>[] = [];
let server: MatchtapeServer;
let base: string;
let store: Awaited<ReturnType<typeof openStore>>;
let bus: MemoryBus;

beforeAll(async () => {
  setTokenSecret('ops-test-secret-0123456789abcdef');
  store = await openStore({ dataDir: 'memory://' });
  bus = new MemoryBus();
  server = await createServer({
    store,
    bus,
    games: registryOf({ [coinRace.id]: coinRace }),
    bots: false,
    projector: { pollMs: 100 },
    logger: { level: 'debug', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  });
  base = await server.listen(0);
});
afterAll(async () => {
  await server.close();
  await bus.close();
  await store.close().catch(() => undefined);
});

/** The value of a metric sample in Prometheus text, 0 when absent. */
function sample(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(name + ' ') || l.startsWith(name + '{'));
  return line ? Number(line.split(' ').pop()) : 0;
}

/** Health details and metrics are read with an ops token (`npx matchtape token --role ops`). */
const opsAuth = () => ({
  headers: { authorization: `Bearer ${mintToken({ role: 'ops', ttlSeconds: 60 })}` },
});

it('exposes commands, append latency, SSE clients and delivery latency on /metrics, and logs the match id', async () => {
  const created = await fetch(`${base}/api/matches`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${mintToken({ role: 'organiser', ttlSeconds: 60 })}`,
    },
    body: JSON.stringify({ game: 'coin-race', players: [{ name: 'Ann' }, { name: 'Bob' }] }),
  });
  const { matchId, seats } = (await created.json()) as { matchId: string; seats: Record<string, string> };
  const live = await openSse(`${base}/api/matches/${matchId}/live`, () => undefined);
  const m1 = await (await fetch(`${base}/metrics`, opsAuth())).text();
  expect(sample(m1, 'matchtape_sse_clients')).toBe(1);

  let sent = 0;
  for (let i = 0; i < 5; i++) {
    const { game, state } = await server.host.current(matchId);
    if (game.status(state).status === 'ended') break;
    const player = game.actors(state)[0] as 'p1' | 'p2';
    const { player: _p, ...cmd } = game.bots.random.choose(
      state,
      player,
      game.legalCommands(state, player),
      new Rng(`ops-${i}`),
    );
    const r = await fetch(`${base}/api/matches/${matchId}/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${seats[player]}` },
      body: JSON.stringify({ ...cmd, commandId: `ops-${i}` }),
    });
    expect(r.status).toBe(200);
    sent++;
  }
  // One command again (a retry): counted as replayed.
  await new Promise((r) => setTimeout(r, 200));
  const res = await fetch(`${base}/metrics`, opsAuth());
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  const m2 = await res.text();
  expect(sample(m2, 'matchtape_commands_total{outcome="accepted"}')).toBe(sent);
  expect(sample(m2, 'matchtape_append_duration_seconds_count')).toBe(sent);
  expect(sample(m2, 'matchtape_events_appended_total')).toBeGreaterThanOrEqual(sent);
  expect(sample(m2, 'matchtape_delivery_latency_seconds_count')).toBeGreaterThan(0);
  expect(m2).toContain('matchtape_relay_lag_events');
  expect(m2).toContain('nodejs_heap_size_used_bytes');
  live.abort();

  const logged = lines.find(
    (l) =>
      l.url === `/api/matches/${matchId}/commands` ||
      (typeof l.url === 'string' && l.url.startsWith(`/api/matches/${matchId}`)),
  );
  expect(logged).toMatchObject({ matchId });
});

it('reports its checks on /api/health to an ops token, and 503 with a reason once the store is gone', async () => {
  // A stranger learns only that the instance is alive.
  expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ ok: true });
  const ok = await fetch(`${base}/api/health`, opsAuth());
  expect(ok.status).toBe(200);
  const body = (await ok.json()) as Record<string, unknown>;
  expect(body).toMatchObject({
    ok: true,
    store: 'pglite',
    bus: 'memory',
    checks: { store: { ok: true }, bus: { ok: true } },
  });
  // The default set: knowledge is opt-in (MATCHTAPE_READ_MODELS).
  expect((body.checks as { projectors: { name: string }[] }).projectors.map((p) => p.name)).toEqual([
    'match-list',
    'timeline',
    'stats',
  ]);
  expect((body.memory as { heapUsedBytes: number }).heapUsedBytes).toBeGreaterThan(0);
  await store.close();
  const down = await fetch(`${base}/api/health`, opsAuth());
  expect(down.status).toBe(503);
  expect(await down.json()).toMatchObject({
    ok: false,
    error: 'store_unavailable',
    checks: { store: { ok: false } },
  });
});
