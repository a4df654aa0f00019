// Postgres restarts (stopped with `pg_ctl -m immediate`, a crash as far as clients can tell) while two clients
// keep playing commands through a server process: while it is down commands fail with 503 and a clear JSON
// error, /api/health says 503; nothing is half-written (hash chains verify, every accepted command has its one
// run of events and its body); once Postgres is back the same server serves again by itself (no restart).
// Runs a private Postgres on its own port and data directory; the shared one on 5432 is never touched.
import { games } from '@matchtape/games';
import { Rng, type PlayerId } from '@matchtape/engine';
import { EngineHost, mintToken, registryOf, setTokenSecret } from '@matchtape/server';
import { openStore, verifyStoredMatch, type KyselyEventStore } from '@matchtape/store';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  call,
  PrivatePostgres,
  startServerProcess,
  TEST_SECRET,
  waitFor,
  type ServerProcess,
} from './helpers';

const registry = registryOf(games);
let pgp: PrivatePostgres;
let server: ServerProcess;
let store: KyselyEventStore;

beforeAll(async () => {
  setTokenSecret(TEST_SECRET);
  pgp = await PrivatePostgres.create();
  server = await startServerProcess({ databaseUrl: pgp.url, roles: 'api' });
  store = await openStore({ databaseUrl: pgp.url, migrate: false, poolSize: 2 });
}, 240_000);

afterAll(async () => {
  await server?.stop().catch(() => undefined);
  await store?.close().catch(() => undefined);
  await pgp?.destroy();
});

interface Tally {
  accepted: Map<string, { matchId: string; player: PlayerId; fromSeq: number; toSeq: number }>;
  refusals: { status: number; error: unknown; message: unknown }[];
}

/**
 * The test stops Postgres only while every client holds a decided command at this gate: the clients' own store
 * reads (choosing a command) never straddle the outage, their HTTP commands do.
 */
const gate = { closed: false, waiting: 0 };

/** Plays the match: a legal command for whoever acts, sent until it is decided (same commandId on every retry). */
async function play(
  matchId: string,
  seats: Record<PlayerId, string>,
  tally: Tally,
  stop: () => boolean,
): Promise<void> {
  for (let i = 0; !stop(); i++) {
    let next;
    try {
      const { game, state } = await new EngineHost(store, registry).current(matchId);
      if (game.status(state).status === 'ended') return;
      const player = game.actors(state)[0] as PlayerId;
      const choice = game.bots.random.choose(
        state,
        player,
        game.legalCommands(state, player),
        new Rng(`${matchId}:${i}`),
      );
      const { player: _p, ...cmd } = choice;
      next = { player, body: { ...cmd, commandId: `${matchId}-c${i}` } };
    } catch {
      await new Promise((r) => setTimeout(r, 200)); // the test's own reads fail while Postgres is down
      i--;
      continue;
    }
    if (gate.closed) {
      gate.waiting++;
      while (gate.closed) await new Promise((r) => setTimeout(r, 20));
      gate.waiting--;
    }
    for (;;) {
      const r = await call(server.base, `/api/matches/${matchId}/commands`, {
        token: seats[next.player],
        body: next.body,
      });
      if (r.status === 200) {
        tally.accepted.set(next.body.commandId, {
          matchId,
          player: next.player,
          fromSeq: r.json.fromSeq,
          toSeq: r.json.toSeq,
        });
        break;
      }
      tally.refusals.push({ status: r.status, error: r.json?.error, message: r.json?.message });
      if (r.status !== 503) return; // anything else is a failure the assertions report
      await new Promise((res) => setTimeout(res, 150));
    }
  }
}

it('answers 503 while Postgres is down, writes nothing half, and resumes by itself', async () => {
  const organiser = mintToken({ role: 'organiser', ttlSeconds: 600 });
  const matches: { matchId: string; seats: Record<PlayerId, string> }[] = [];
  for (const game of registry.ids().slice(0, 2)) {
    const r = await call(server.base, '/api/matches', {
      token: organiser,
      body: { game, players: [{ name: 'Ann' }, { name: 'Bob' }] },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    matches.push(r.json);
  }
  const tally: Tally = { accepted: new Map(), refusals: [] };
  let stopped = false;
  const players = matches.map((m) => play(m.matchId, m.seats, tally, () => stopped));

  await waitFor('commands before the restart', () => tally.accepted.size >= 10, 120_000);
  gate.closed = true;
  await waitFor('both clients to hold a decided command', () => gate.waiting === players.length, 60_000);
  await pgp.stop('immediate');
  const downAt = tally.accepted.size;
  gate.closed = false;
  // While it is down: health is 503 with a reason, commands are 503 store_unavailable.
  // The public answer says only that it is down; the ops token reads the check that failed.
  const health = await call(server.base, '/api/health');
  expect(health.status).toBe(503);
  expect(health.json).toEqual({
    ok: false,
    error: 'store_unavailable',
    message: 'the event store does not answer; retry shortly',
  });
  const details = await call(server.base, '/api/health', {
    token: mintToken({ role: 'ops', ttlSeconds: 600 }),
  });
  expect(details.status).toBe(503);
  expect(details.json).toMatchObject({
    ok: false,
    error: 'store_unavailable',
    checks: { store: { ok: false } },
  });
  await waitFor('a command refused with 503', () => tally.refusals.some((r) => r.status === 503), 60_000);
  await new Promise((r) => setTimeout(r, 1500));
  expect(tally.accepted.size).toBe(downAt);
  await pgp.start();

  // The same server process serves again once Postgres is back.
  await waitFor('commands after the restart', () => tally.accepted.size >= downAt + 10, 120_000);
  stopped = true;
  await Promise.all(players);
  expect((await call(server.base, '/api/health')).status).toBe(200);

  // Every refusal was a clear 503, nothing else (no 500, no dropped connection).
  expect(tally.refusals.length).toBeGreaterThan(0);
  for (const r of tally.refusals) {
    expect(r.status).toBe(503);
    expect(r.error).toBe('store_unavailable');
    expect(String(r.message)).toMatch(/retry/);
  }
  // Nothing half-written: chains verify, and every accepted command has its events once and its body.
  for (const m of matches) expect(await verifyStoredMatch(store, m.matchId)).toEqual({ ok: true });
  for (const [commandId, a] of tally.accepted) {
    const { rows } = await sql<{
      seq: number;
    }>`select seq from events where match_id = ${a.matchId} and cause->>'commandId' = ${commandId} order by seq`.execute(
      store.db,
    );
    expect(rows[0]?.seq, commandId).toBe(a.fromSeq);
    expect(rows.every((r) => r.seq <= a.toSeq)).toBe(true);
    expect(await store.commandBody(a.matchId, a.player, commandId)).not.toBeNull();
  }
  const { rows: orphans } = await sql<{ n: number }>`
    select count(*)::int as n from command_bodies b
    where not exists (select 1 from events e where e.match_id = b.match_id and e.cause->>'commandId' = b.command_id)`.execute(
    store.db,
  );
  expect(orphans[0]!.n).toBe(0);
}, 300_000);
