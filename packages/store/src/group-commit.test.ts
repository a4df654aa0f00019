// Group commit (issue 27): concurrent appends of different matches share one statement, and every match ends
// exactly as serial appends would leave it; a bad append fails alone with today's error; a batch killed or rolled
// back mid-way leaves no part of any match. On PGlite and on the real Postgres, with group commit forced on.
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainEvents, GENESIS_HASH, type EventEnvelope } from '@matchtape/engine';
import { nodeSha256 } from './hash';
import { isStoreUnavailable } from './ops';
import type { KyselyEventStore } from './store';
import {
  openTestStore,
  sampleEvents,
  sampleMatch,
  testDatabaseUrl,
  uniqueName,
  type TestStore,
} from './testing';
import { ConcurrencyError, EventTooLargeError, MatchNotFoundError } from './types';
import { verifyStoredMatch } from './verify';

// The stores of the describe.each run under way (vitest runs them one after the other): one with group commit
// forced on, and a serial one for reference.
let t: TestStore;
let store: KyselyEventStore;
let serial: TestStore;

const newMatches = async (n: number, s = store, prefix = 'gc') => {
  const ids = Array.from({ length: n }, (_, i) => `${uniqueName(prefix)}_${i}`);
  for (const id of ids) await s.createMatch(sampleMatch(id));
  return ids;
};

describe.each(['pglite', 'postgres'] as const)('group commit on %s', (kind) => {
  beforeAll(async () => {
    t = await openTestStore(kind, { groupCommit: { maxInFlight: 1 } });
    store = t.store;
    serial = await openTestStore(kind, { groupCommit: false });
  });
  afterAll(async () => {
    await t?.cleanup();
    await serial?.cleanup();
  });

  batchesAndBadAppends();
  rollbacksAndInterleavings(kind);
});

/** Concurrent appends batched as serial ones would commit them, and a bad append failing alone. */
function batchesAndBadAppends(): void {
  it('commits N matches appending at once exactly as serial appends do: seqs, hashes, heads, verify', async () => {
    const ids = await newMatches(24);
    for (const id of ids) await serial.store.createMatch(sampleMatch(id));
    const before = store.groupCommitStats()!;
    const rounds = 4;
    const sizes = (m: number, r: number) => 1 + ((m + r) % 3);
    const heads = ids.map(() => 0);
    for (let r = 0; r < rounds; r++) {
      await Promise.all(
        ids.map(async (id, m) => {
          const evs = sampleEvents(sizes(m, r), heads[m]! + 1, id);
          const out = await store.appendToStream(id, heads[m]!, evs);
          expect(out.map((e) => e.seq)).toEqual(evs.map((_, k) => heads[m]! + k + 1));
          heads[m] = out[out.length - 1]!.seq;
        }),
      );
    }
    // The same appends, one after another, on a store without group commit.
    for (const [m, id] of ids.entries()) {
      let seq = 0;
      for (let r = 0; r < rounds; r++) {
        const out = await serial.store.appendToStream(id, seq, sampleEvents(sizes(m, r), seq + 1, id));
        seq = out[out.length - 1]!.seq;
      }
    }
    for (const id of ids) {
      const got = await store.readStream(id);
      expect(got).toEqual(await serial.store.readStream(id));
      expect(await verifyStoredMatch(store, id)).toEqual({ ok: true });
      expect((await store.getMatch(id))!.lastSeq).toBe(got.length);
    }
    // Batching really happened: statements carried several appends.
    const after = store.groupCommitStats()!;
    expect(after.batches).toBeGreaterThan(before.batches);
    expect(after.largest).toBeGreaterThan(1);
  });

  it('fails a bad append among many alone, with the error it gets without group commit', async () => {
    const ids = await newMatches(12);
    // Every match at seq 2 first.
    await Promise.all(ids.map((id) => store.appendToStream(id, 0, sampleEvents(2, 1, id))));
    const heads = await Promise.all(ids.map(async (id) => (await store.readStream(id))[1]!));
    const before = store.groupCommitStats()!;
    const big = { ...sampleEvents(1, 3)[0]!, payload: { blob: 'x'.repeat(store.maxEventBytes) } };
    const bad: Record<number, () => Promise<unknown>> = {
      2: () => store.appendToStream(ids[2]!, 1, sampleEvents(1, 2), { expectedHash: heads[2]!.prevHash }), // stale seq
      4: () => store.appendToStream(ids[4]!, 2, sampleEvents(1, 3), { expectedHash: GENESIS_HASH }), // wrong hash
      6: () => store.appendToStream(ids[6]!, 2, [big], { expectedHash: heads[6]!.hash }), // oversized
      8: () =>
        store.appendToStream(`nope_${ids[8]!}`, 2, sampleEvents(1, 3), { expectedHash: heads[8]!.hash }),
    };
    const results = await Promise.allSettled(
      ids.map(
        (id, m) =>
          bad[m]?.() ?? store.appendToStream(id, 2, sampleEvents(1, 3, id), { expectedHash: heads[m]!.hash }),
      ),
    );
    const reason = (m: number) => (results[m] as PromiseRejectedResult).reason as unknown;
    expect(reason(2)).toBeInstanceOf(ConcurrencyError);
    expect(reason(2)).toMatchObject({ expectedSeq: 1, actualSeq: 2 });
    expect(String(reason(4))).toMatch(/not the hash of its event 2/);
    expect(reason(6)).toBeInstanceOf(EventTooLargeError);
    expect(reason(8)).toBeInstanceOf(MatchNotFoundError);
    for (const [m, id] of ids.entries()) {
      const stored = await store.readStream(id);
      if (m in bad) {
        expect(results[m]!.status).toBe('rejected');
        expect(stored.map((e) => e.seq)).toEqual([1, 2]);
        expect((await store.getMatch(id))!.lastSeq).toBe(2);
      } else {
        expect(results[m]!.status).toBe('fulfilled');
        expect(stored.map((e) => e.seq)).toEqual([1, 2, 3]);
        expect(stored[2]!.prevHash).toBe(heads[m]!.hash);
      }
      expect(await verifyStoredMatch(store, id)).toEqual({ ok: true });
    }
    const after = store.groupCommitStats()!;
    expect(after.largest).toBeGreaterThan(1);
    expect(after.retriedAlone).toBeGreaterThan(before.retriedAlone);
  });
}

/** A rolled-back statement's appends run again alone, and random interleavings end as serial runs (fast-check). */
function rollbacksAndInterleavings(kind: 'pglite' | 'postgres'): void {
  it('runs every append of a statement that rolled back again alone: the innocent commit, the guilty get their error', async () => {
    const ids = await newMatches(10);
    const before = store.groupCommitStats()!;
    // A command body without its player breaks the batch's statement (a not-null column) after other rows went in.
    const broken = { commandId: 'c1', body: '{}' } as unknown as {
      player: string;
      commandId: string;
      body: string;
    };
    const results = await Promise.allSettled(
      ids.map((id, m) =>
        store.appendToStream(id, 0, sampleEvents(2, 1, id), {
          expectedHash: GENESIS_HASH,
          ...(m === 5 ? { command: broken } : {}),
        }),
      ),
    );
    expect(String((results[5] as PromiseRejectedResult).reason)).toMatch(/null value in column "player"/);
    for (const [m, id] of ids.entries()) {
      expect(results[m]!.status).toBe(m === 5 ? 'rejected' : 'fulfilled');
      expect((await store.readStream(id)).length).toBe(m === 5 ? 0 : 2);
      expect(await verifyStoredMatch(store, id)).toEqual({ ok: true });
    }
    expect(store.groupCommitStats()!.retriedAlone).toBeGreaterThan(before.retriedAlone);
  });

  it('ends every match as a serial run would, over random interleavings and stale appends (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        // Per match: its appends (event counts), and which of them are also tried once with a stale seq.
        fc.array(
          fc.array(fc.record({ n: fc.integer({ min: 1, max: 3 }), stale: fc.boolean() }), { maxLength: 4 }),
          {
            minLength: 2,
            maxLength: 8,
          },
        ),
        async (s, plan) => {
          const ids = await newMatches(plan.length, store, 'prop');
          const staleErrors: unknown[] = [];
          const writers = ids.map(async (id, m) => {
            let seq = 0;
            for (const [k, op] of plan[m]!.entries()) {
              // The scheduler decides the order in which the writers' appends reach the store.
              await s.schedule(Promise.resolve(), `${m}.${k}`);
              if (op.stale && seq > 0)
                staleErrors.push(
                  await store.appendToStream(id, seq - 1, sampleEvents(1, seq, id)).catch((e: unknown) => e),
                );
              const out = await store.appendToStream(id, seq, sampleEvents(op.n, seq + 1, id));
              seq = out[out.length - 1]!.seq;
            }
          });
          await s.waitFor(Promise.all(writers));
          for (const e of staleErrors) expect(e).toBeInstanceOf(ConcurrencyError);
          for (const [m, id] of ids.entries()) {
            // The serial reference: the engine's chain over the same events, one append after another.
            const ref: EventEnvelope[] = [];
            for (const op of plan[m]!) {
              const last = ref[ref.length - 1];
              ref.push(
                ...chainEvents(
                  id,
                  last?.seq ?? 0,
                  last?.hash ?? GENESIS_HASH,
                  sampleEvents(op.n, ref.length + 1, id),
                  nodeSha256,
                ),
              );
            }
            expect(await store.readStream(id)).toEqual(ref);
            expect((await store.getMatch(id))!.lastSeq).toBe(ref.length);
          }
        },
      ),
      { numRuns: kind === 'postgres' ? 12 : 20 },
    );
  });
}

describe('group commit on postgres: a batch cut off mid-way', () => {
  let t: TestStore;
  let store: KyselyEventStore;
  const clients: pg.Client[] = [];
  const client = async () => {
    const c = new pg.Client({ connectionString: testDatabaseUrl(), options: `-c search_path=${t.schema}` });
    c.on('error', () => undefined); // a killed backend of ours is the point of the test
    await c.connect();
    clients.push(c);
    return c;
  };
  beforeAll(async () => {
    t = await openTestStore('postgres', { groupCommit: { maxInFlight: 1 } });
    store = t.store;
  });
  afterAll(async () => {
    for (const c of clients) await c.end().catch(() => undefined);
    await t?.cleanup();
  });

  // The killed batch's client goes back to the pool before pg has read its socket's end: openStore releases it
  // with the error so the pool destroys it (without that, the read below got it and failed with "Connection
  // terminated unexpectedly").
  it('leaves no part of any match when its connection is killed while the batch waits on a row lock', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `${uniqueName('cut')}_${i}`);
    const pilot = uniqueName('pilot');
    for (const id of [pilot, ...ids]) await store.createMatch(sampleMatch(id));
    // Two transactions elsewhere hold head rows: the pilot's (so the next appends queue up into one batch) and the
    // seventh match's (so that batch stops half-way, after the rows before it were updated and inserted).
    const holdPilot = await client();
    const holdOne = await client();
    await holdPilot.query('begin');
    await holdPilot.query('select 1 from matches where match_id = $1 for update', [pilot]);
    await holdOne.query('begin');
    await holdOne.query('select 1 from matches where match_id = $1 for update', [ids[6]]);
    const first = store.appendToStream(pilot, 0, sampleEvents(1), { expectedHash: GENESIS_HASH });
    const watcher = await client();
    await waitForBlocked(watcher, holdPilot);
    const appends = ids.map((id) =>
      store.appendToStream(id, 0, sampleEvents(3, 1, id), { expectedHash: GENESIS_HASH }).then(
        () => 'committed',
        (e: unknown) => e,
      ),
    );
    await holdPilot.query('commit');
    await first;
    // The batch of ten is now waiting for the seventh match's row: kill its backend.
    const pid = await waitForBlocked(watcher, holdOne, 'matchtape group commit');
    await watcher.query('select pg_terminate_backend($1)', [pid]);
    // A read issued the moment the batch fails, before the socket's end is read: it must not get the dead client.
    const readAtFailure = Promise.race(appends).then(() => store.readStream(ids[0]!));
    const results = await Promise.all(appends);
    for (const r of results) expect(isStoreUnavailable(r)).toBe(true);
    expect(await readAtFailure).toEqual([]);
    await holdOne.query('rollback');
    for (const id of ids) {
      expect(await store.readStream(id)).toEqual([]);
      expect((await store.getMatch(id))!.lastSeq).toBe(0);
    }
    // Nothing is lost for good: the callers retry and the store goes on (the pool replaces the dead connection).
    const retry = async (id: string): Promise<unknown> => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await store.appendToStream(id, 0, sampleEvents(3, 1, id));
        } catch (e) {
          if (!isStoreUnavailable(e) || attempt >= 3) throw e;
        }
      }
    };
    await Promise.all(ids.map(retry));
    for (const id of ids) expect(await verifyStoredMatch(store, id)).toEqual({ ok: true });
    expect(store.groupCommitStats()!.largest).toBeGreaterThan(1);
  });
});

/** Polls until a backend waits on a lock `holder` holds (running `query` when given); returns its pid. */
async function waitForBlocked(c: pg.Client, holder: pg.Client, query?: string): Promise<number> {
  const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  for (let i = 0; i < 600; i++) {
    const { rows } = await c.query<{ pid: number }>(
      `select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))
         and ($2::text is null or query like '%' || $2 || '%')`,
      [holderPid, query ?? null],
    );
    if (rows.length > 0) return rows[0]!.pid;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no backend waited on a lock of ${holderPid}${query ? ` running ${query}` : ''}`);
}
