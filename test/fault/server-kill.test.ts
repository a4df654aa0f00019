// kill -9 a server instance in the middle of a command: the command is committed once or not at all (its events
// and its body together — they are one transaction), and a client retry with the same commandId on another
// instance gets the one outcome; the same commandId with another body is a 409.
// The command is caught mid-flight deterministically: the test holds a lock on the events table that stops
// inserts, so the server's append statement waits inside Postgres; the server is killed while it waits. Then either
//   A) the lock is released: the orphaned statement commits (Postgres only notices the dead client afterwards), or
//   B) the orphaned backend is terminated: its transaction rolls back.
import { games } from '@matchtape/games';
import { Rng, type PlayerId } from '@matchtape/engine';
import { EngineHost, mintToken, registryOf, setTokenSecret } from '@matchtape/server';
import { openStore, verifyStoredMatch, type KyselyEventStore } from '@matchtape/store';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  call,
  createDatabase,
  SHARED_PG,
  startServerProcess,
  TEST_SECRET,
  waitFor,
  type ServerProcess,
} from './helpers';

const registry = registryOf(games);
let db: { url: string; drop(): Promise<void> };
let servers: ServerProcess[] = [];
let store: KyselyEventStore;
let matchId: string;
let seats: Record<PlayerId, string>;

beforeAll(async () => {
  setTokenSecret(TEST_SECRET);
  db = await createDatabase(SHARED_PG);
  // Three instances of one deployment; each round kills one and retries on the next.
  servers = await Promise.all([0, 1, 2].map(() => startServerProcess({ databaseUrl: db.url, roles: 'api' })));
  store = await openStore({ databaseUrl: db.url, migrate: false });
  const created = await call(servers[0]!.base, '/api/matches', {
    token: mintToken({ role: 'organiser', ttlSeconds: 600 }),
    body: { game: registry.ids()[0], players: [{ name: 'Ann' }, { name: 'Bob' }] },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  matchId = created.json.matchId;
  seats = created.json.seats;
}, 240_000);

afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => undefined);
  await store?.close();
  await db?.drop();
});

/** A legal command for whoever must act now, from a fresh read of the store. */
async function nextCommand(commandId: string): Promise<{ player: PlayerId; body: Record<string, unknown> }> {
  const { game, state } = await new EngineHost(store, registry).current(matchId);
  const player = game.actors(state)[0] as PlayerId;
  const choice = game.bots.random.choose(
    state,
    player,
    game.legalCommands(state, player),
    new Rng(commandId),
  );
  const { player: _p, ...cmd } = choice;
  return { player, body: { ...cmd, commandId } };
}

/** What the store holds of a command: the seqs of its events and whether its body is recorded. */
async function traces(commandId: string, player: PlayerId): Promise<{ seqs: number[]; body: boolean }> {
  const { rows } = await sql<{
    seq: number;
  }>`select seq from events where match_id = ${matchId} and cause->>'commandId' = ${commandId} order by seq`.execute(
    store.db,
  );
  return {
    seqs: rows.map((r) => r.seq),
    body: (await store.commandBody(matchId, player, commandId)) !== null,
  };
}

/** Sends a command to `victim`, kills it with SIGKILL while its append waits on the row lock, then `resolve`s the orphan. */
async function killMidCommand(
  victim: ServerProcess,
  player: PlayerId,
  body: Record<string, unknown>,
  resolve: 'commit' | 'terminate',
): Promise<void> {
  const locker = new pg.Client({ connectionString: db.url });
  await locker.connect();
  try {
    await locker.query('begin');
    // EXCLUSIVE blocks inserts into events (the append) but no reads: the server gets as far as the append.
    await locker.query('lock table events in exclusive mode');
    const inFlight = call(victim.base, `/api/matches/${matchId}/commands`, { token: seats[player], body });
    let waiting: number | null = null;
    let answered: string | null = null;
    void inFlight.then((r) => (answered = `${r.status} ${JSON.stringify(r.json)}`));
    await waitFor('the server’s append to wait on the row lock', async () => {
      if (answered !== null)
        throw new Error(`the command was answered before it reached the lock: ${answered}`);
      // The server's backend asks for the insert lock on events (only an append inserts events).
      const r = await locker.query<{ pid: number }>(
        `select pid from pg_locks where not granted and relation = 'events'::regclass and mode = 'RowExclusiveLock'`,
      );
      waiting = r.rows[0]?.pid ?? null;
      return waiting !== null;
    });
    await victim.kill9();
    expect((await inFlight).status).toBe(0); // the client saw the connection die: it does not know the outcome
    if (resolve === 'terminate') await locker.query('select pg_terminate_backend($1)', [waiting]);
    await locker.query('commit');
    // The orphan has finished (committed or rolled back) once no backend runs append_events any more.
    await waitFor('the orphaned append to finish', async () => {
      const r = await locker.query(
        `select 1 from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'active' and query like '%append_events%'`,
      );
      return r.rowCount === 0;
    });
  } finally {
    await locker.end();
  }
}

async function retryOn(s: ServerProcess, player: PlayerId, body: Record<string, unknown>) {
  const r = await call(s.base, `/api/matches/${matchId}/commands`, { token: seats[player], body });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json as { status: string; fromSeq: number; toSeq: number; replayed: boolean };
}

it.each([
  ['commit', 'committed once'],
  ['terminate', 'not committed at all'],
] as const)(
  'kill -9 mid-command, orphan %s: %s, and the retry elsewhere gets the one outcome',
  async (resolve, _what) => {
    const round = resolve === 'commit' ? 0 : 1;
    const commandId = `kill-${resolve}`;
    const t0 = Date.now();
    const stage = (what: string) =>
      console.error(`[server-kill ${resolve}] ${what} after ${Date.now() - t0} ms`);
    const { player, body } = await nextCommand(commandId);
    stage('command chosen');
    const lastSeqBefore = (await store.getMatch(matchId))!.lastSeq;
    await killMidCommand(servers[round]!, player, body, resolve);
    stage('killed mid-command');

    // Committed once or not at all: its events and its body together, or neither.
    const after = await traces(commandId, player);
    expect(after.body).toBe(after.seqs.length > 0);
    if (resolve === 'commit') expect(after.seqs[0]).toBe(lastSeqBefore + 1);
    else expect(after.seqs).toEqual([]);
    expect(await verifyStoredMatch(store, matchId)).toEqual({ ok: true });

    // The client retries on a surviving instance: one outcome, whoever answers, however often.
    const next = servers[round + 1]!;
    const first = await retryOn(next, player, body);
    expect(first).toMatchObject({
      status: 'accepted',
      fromSeq: lastSeqBefore + 1,
      replayed: resolve === 'commit',
    });
    const again = await retryOn(next, player, body);
    expect(again).toMatchObject({
      status: 'accepted',
      fromSeq: first.fromSeq,
      toSeq: first.toSeq,
      replayed: true,
    });
    // The same commandId for another command is refused: the body was recorded with the events.
    const reused = await call(next.base, `/api/matches/${matchId}/commands`, {
      token: seats[player],
      body: { ...body, note: 'a different command' },
    });
    expect(reused.status, JSON.stringify(reused.json)).toBe(409);
    expect(reused.json.error).toBe('command_id_reused');

    // Once: the command's events form the one run the answer names (automatic events after them carry no commandId).
    const final = await traces(commandId, player);
    expect(final.seqs[0]).toBe(first.fromSeq);
    expect(final.seqs.every((s) => s <= first.toSeq)).toBe(true);
    expect(final.body).toBe(true);
    expect(await verifyStoredMatch(store, matchId)).toEqual({ ok: true });
  },
  180_000,
);
