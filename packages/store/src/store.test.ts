// One suite, two dialects: everything the EventStore promises, on embedded PGlite and on the real Postgres.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENESIS_HASH, verifyChain } from '@matchtape/engine';
import { openStore } from './open';
import type { KyselyEventStore } from './store';
import { openTestStore, sampleEvents, sampleMatch, uniqueName, type TestStore } from './testing';
import { ConcurrencyError, MatchNotFoundError, type StoredEvent } from './types';
import { verifyStoredMatch } from './verify';

// The dialect's store, opened by the describe.each run under way (vitest runs them one after the other).
let t: TestStore;
let store: KyselyEventStore;

const newMatch = async (prefix = 'm') => {
  const id = uniqueName(prefix);
  await store.createMatch(sampleMatch(id));
  return id;
};

describe.each(['pglite', 'postgres'] as const)('event store on %s', (kind) => {
  beforeAll(async () => {
    t = await openTestStore(kind);
    store = t.store;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  matchesAndAppends(kind);
  readsSnapshotsCommandsAndCheckpoints();
  racesAndTampering(kind);
});

/** Matches, appends and their refusals. */
function matchesAndAppends(kind: 'pglite' | 'postgres'): void {
  it('reports its dialect', () => {
    expect(store.dialect).toBe(kind);
  });

  it('creates, reads, lists and updates matches', async () => {
    const id = await newMatch();
    const m = await store.getMatch(id);
    expect(m).toMatchObject({ matchId: id, game: 'fixture', status: 'playing', lastSeq: 0, summary: {} });
    expect(new Date(m!.createdAt).toISOString()).toBe(m!.createdAt);
    await store.updateMatch(id, { status: 'ended', summary: { winner: 'p1' } });
    expect(await store.getMatch(id)).toMatchObject({ status: 'ended', summary: { winner: 'p1' } });
    const ended = await store.listMatches({ status: 'ended', game: 'fixture' });
    expect(ended.map((x) => x.matchId)).toContain(id);
    expect((await store.listMatches({ status: 'setup' })).map((x) => x.matchId)).not.toContain(id);
    expect(await store.getMatch('no-such-match')).toBeNull();
    await expect(store.createMatch(sampleMatch(id))).rejects.toThrow(/already exists/);
    await expect(store.updateMatch('no-such-match', { status: 'ended' })).rejects.toBeInstanceOf(
      MatchNotFoundError,
    );
  });

  it('appends with gap-free seqs and a hash chain that round-trips through the table', async () => {
    const id = await newMatch();
    const first = await store.appendToStream(id, 0, sampleEvents(3, 1));
    expect(first.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(first[0]!.prevHash).toBe(GENESIS_HASH);
    const second = await store.appendToStream(id, 3, sampleEvents(2, 4));
    expect(second.map((e) => e.seq)).toEqual([4, 5]);
    expect(second[0]!.prevHash).toBe(first[2]!.hash);
    const stored = await store.readStream(id);
    expect(stored).toEqual([...first, ...second]);
    expect(verifyChain(stored)).toEqual({ ok: true });
    expect(await verifyStoredMatch(store, id)).toEqual({ ok: true });
    expect((await store.getMatch(id))!.lastSeq).toBe(5);
    expect((await store.readStream(id, { from: 2, to: 4 })).map((e) => e.seq)).toEqual([2, 3, 4]);
  });

  it('refuses a stale expectedSeq with ConcurrencyError and writes nothing', async () => {
    const id = await newMatch();
    await store.appendToStream(id, 0, sampleEvents(2));
    for (const stale of [0, 1, 3]) {
      const err = await store.appendToStream(id, stale, sampleEvents(1)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConcurrencyError);
      expect(err).toMatchObject({ matchId: id, expectedSeq: stale, actualSeq: 2 });
    }
    expect((await store.readStream(id)).length).toBe(2);
    expect((await store.getMatch(id))!.lastSeq).toBe(2);
  });

  it('appends in one statement from a head hash the caller knows, and refuses a wrong one without writing', async () => {
    const id = await newMatch();
    const first = await store.appendToStream(id, 0, sampleEvents(2, 1), { expectedHash: GENESIS_HASH });
    // A head hash that is not the event's at expectedSeq: refused, nothing written, head unchanged.
    await expect(
      store.appendToStream(id, 2, sampleEvents(1, 3), { expectedHash: GENESIS_HASH }),
    ).rejects.toThrow(/not the hash of its event 2/);
    // A stale seq with a hash: ConcurrencyError as without one.
    await expect(
      store.appendToStream(id, 1, sampleEvents(1, 2), { expectedHash: first[0]!.hash }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    const second = await store.appendToStream(id, 2, sampleEvents(1, 3), { expectedHash: first[1]!.hash });
    expect(second[0]!.prevHash).toBe(first[1]!.hash);
    expect(await store.readStream(id)).toEqual([...first, ...second]);
    expect(await verifyStoredMatch(store, id)).toEqual({ ok: true });
  });

  it('rejects bad input with a clear error and changes nothing', async () => {
    const id = await newMatch();
    await expect(store.appendToStream('nope-' + id, 0, sampleEvents(1))).rejects.toBeInstanceOf(
      MatchNotFoundError,
    );
    const bad = [{ ...sampleEvents(1)[0]!, turn: -1 }];
    await expect(store.appendToStream(id, 0, bad)).rejects.toThrow(/events for match .* invalid/);
    await expect(store.appendToStream(id, -1, sampleEvents(1))).rejects.toThrow(/expectedSeq/);
    const nul = [{ ...sampleEvents(1)[0]!, payload: { text: 'a\u0000b' } }];
    await expect(store.appendToStream(id, 0, nul)).rejects.toThrow(/NUL character/);
    await expect(store.readAll({ after: 0, limit: 0 })).rejects.toThrow(/limit/);
    await expect(store.readAll({ after: 987654321 })).rejects.toThrow(/no event has position 987654321/);
    expect(await store.readStream(id)).toEqual([]);
    expect(await store.appendToStream(id, 0, [])).toEqual([]);
    expect((await store.getMatch(id))!.lastSeq).toBe(0);
  });

  it('checks NUL and size on the JSON it stores (engine events included) and stores the text \\u0000', async () => {
    const id = await newMatch();
    const [e] = sampleEvents(1);
    const nulKey = [{ ...e!, payload: { deep: [{ ['k\u0000']: 1 }] } }];
    await expect(store.appendToStream(id, 0, nulKey, { fromEngine: true })).rejects.toThrow(/NUL character/);
    const nulCause = [{ ...e!, cause: { ...e!.cause, player: 'p\u0000' } }];
    await expect(store.appendToStream(id, 0, nulCause, { fromEngine: true })).rejects.toThrow(
      /NUL character/,
    );
    const big = { ...e!, payload: { blob: 'é'.repeat(store.maxEventBytes / 2) } };
    const tooLarge = await store.appendToStream(id, 0, [big], { fromEngine: true }).catch((x: unknown) => x);
    // The size is the event's own JSON in UTF-8, as before the single serialisation.
    expect(tooLarge).toMatchObject({ bytes: Buffer.byteLength(JSON.stringify(big)) });
    // A backslash then `u0000` is six ordinary characters (JSON writes the backslash doubled).
    const text = [{ ...e!, payload: { text: 'a\\u0000b', [`k\\u0000`]: '\\u0000' } }];
    const [stored] = await store.appendToStream(id, 0, text, { fromEngine: true });
    expect((await store.readStream(id))[0]).toEqual(stored);
    expect(stored!.payload).toEqual({ text: 'a\\u0000b', 'k\\u0000': '\\u0000' });
  });
}

/** Reading across matches, snapshots, rejected and accepted commands, checkpoints and notifications. */
function readsSnapshotsCommandsAndCheckpoints(): void {
  it('reads all matches in commit order, resuming from any returned position', async () => {
    const a = await newMatch('a');
    const b = await newMatch('b');
    const start = await lastPosition(store);
    await store.appendToStream(a, 0, sampleEvents(2));
    await store.appendToStream(b, 0, sampleEvents(3));
    await store.appendToStream(a, 2, sampleEvents(1, 3));
    // Transactions elsewhere in the cluster may hold the horizon back a moment: read until ours are all visible.
    const all = await readAllUntil(store, start, 2, [a, b], 6);
    expect(all.map((e) => `${e.matchId === a ? 'a' : 'b'}${e.seq}`)).toEqual([
      'a1',
      'a2',
      'b1',
      'b2',
      'b3',
      'a3',
    ]);
    expect(new Set(all.map((e) => e.position)).size).toBe(6);
    expect(await store.hasEventsAfter(all[5]!.position)).toBe(false);
    expect(await store.hasEventsAfter(all[4]!.position)).toBe(true);
    // Each row carries the full envelope: the chain of each match verifies from readAll alone.
    expect(verifyChain(all.filter((e) => e.matchId === b))).toEqual({ ok: true });
  });

  it('saves and loads snapshots at or before a seq', async () => {
    const id = await newMatch();
    await store.saveSnapshot({ matchId: id, seq: 10, state: { life: [20, 18] }, hash: 'h10' });
    await store.saveSnapshot({ matchId: id, seq: 20, state: { life: [15, 18] }, hash: 'h20' });
    expect(await store.loadSnapshot(id)).toEqual({
      matchId: id,
      seq: 20,
      state: { life: [15, 18] },
      hash: 'h20',
    });
    expect((await store.loadSnapshot(id, 19))!.seq).toBe(10);
    expect(await store.loadSnapshot(id, 9)).toBeNull();
    await store.saveSnapshot({ matchId: id, seq: 10, state: { life: [1, 1] }, hash: 'h10b' });
    expect(await store.loadSnapshot(id, 10)).toMatchObject({ state: { life: [1, 1] }, hash: 'h10b' });
  });

  it('keeps rejected commands apart from the event stream', async () => {
    const id = await newMatch();
    const r = {
      matchId: id,
      commandId: 'c1',
      player: 'p2',
      command: { type: 'PlayCard', card: 'x' },
      rule: '502.1b',
      reason: 'not your turn',
      at: '2026-11-22T10:00:00.000Z',
    };
    await store.recordRejection(r);
    await store.recordRejection({ ...r, commandId: null, reason: 'again' });
    expect(await store.listRejections(id)).toEqual([r, { ...r, commandId: null, reason: 'again' }]);
    // A retry's lookup finds the first rejection of (player, commandId) and nothing for another seat or id.
    await store.recordRejection({ ...r, reason: 'second try' });
    expect(await store.findRejection(id, 'p2', 'c1')).toEqual(r);
    expect(await store.findRejection(id, 'p1', 'c1')).toBeNull();
    expect(await store.findRejection(id, 'p2', 'c2')).toBeNull();
    expect(await store.readStream(id)).toEqual([]);
  });

  it('keeps the first body of an accepted command per match, player and commandId', async () => {
    const id = await newMatch();
    expect(await store.commandBody(id, 'p1', 'c1')).toBeNull();
    await store.recordCommandBody(id, 'p1', 'c1', '{"type":"Flip"}');
    await store.recordCommandBody(id, 'p1', 'c1', '{"type":"Concede"}');
    expect(await store.commandBody(id, 'p1', 'c1')).toBe('{"type":"Flip"}');
    expect(await store.commandBody(id, 'p2', 'c1')).toBeNull();
    expect(await store.readStream(id)).toEqual([]);
  });

  it('records an accepted command body in the append itself: both or neither', async () => {
    const id = await newMatch();
    const command = { player: 'p1', commandId: 'c1', body: '{"type":"Flip"}' };
    await store.appendToStream(id, 0, sampleEvents(2), { command });
    expect(await store.commandBody(id, 'p1', 'c1')).toBe('{"type":"Flip"}');
    // A stale append writes neither its events nor its body.
    await expect(
      store.appendToStream(id, 0, sampleEvents(1), { command: { ...command, commandId: 'c2' } }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.commandBody(id, 'p1', 'c2')).toBeNull();
    // The body's write failing (no player: a not-null column) takes the events down with it: one transaction.
    const broken = { commandId: 'c3', body: '{}' } as unknown as typeof command;
    await expect(store.appendToStream(id, 2, sampleEvents(1), { command: broken })).rejects.toThrow();
    expect((await store.readStream(id)).map((e) => e.seq)).toEqual([1, 2]);
    expect((await store.getMatch(id))!.lastSeq).toBe(2);
    // The first body stays.
    await store.appendToStream(id, 2, sampleEvents(1), {
      command: { ...command, body: '{"type":"Concede"}' },
    });
    expect(await store.commandBody(id, 'p1', 'c1')).toBe('{"type":"Flip"}');
  });

  it('stores relay and projection checkpoints separately', async () => {
    const name = uniqueName('cp');
    expect(await store.getCheckpoint('relay', name)).toBe(0);
    await store.setCheckpoint('relay', name, 42);
    await store.setCheckpoint('relay', name, 43);
    await store.setCheckpoint('projection', name, 7);
    expect(await store.getCheckpoint('relay', name)).toBe(43);
    expect(await store.getCheckpoint('projection', name)).toBe(7);
    await expect(store.setCheckpoint('relay', name, -1)).rejects.toThrow(/checkpoint/);
  });

  it('notifies listeners after an append commits', async () => {
    const id = await newMatch();
    const heard: string[] = [];
    let resolve!: () => void;
    const got = new Promise<void>((r) => (resolve = r));
    const off = await store.onAppended((m) => {
      heard.push(m);
      if (m === id) resolve();
    });
    await store.appendToStream(id, 0, sampleEvents(1));
    await got;
    await off();
    expect(heard).toContain(id);
  });
}

/** Concurrent writers, and tampering the stored chain reveals. */
function racesAndTampering(kind: 'pglite' | 'postgres'): void {
  it('lets exactly one of 50 concurrent writers win each seq, gap-free, chain intact', async () => {
    const id = await newMatch('race');
    const writers = 50;
    // Round 1: everyone expects seq 0 at once.
    const results = await Promise.allSettled(
      Array.from({ length: writers }, (_, w) => store.appendToStream(id, 0, sampleEvents(2, 1, `w${w}`))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const losers = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(losers).toHaveLength(writers - 1);
    for (const l of losers) expect(l.reason).toBeInstanceOf(ConcurrencyError);

    // Round 2: every writer retries on conflict until it has appended its batches (PGlite serialises all
    // connections, so one batch each shows the same there; Postgres gets real contention).
    const perWriter = kind === 'postgres' ? 3 : 1;
    let conflicts = 0;
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let done = 0; done < perWriter;) {
          const head = (await store.getMatch(id))!.lastSeq;
          try {
            await store.appendToStream(id, head, sampleEvents(1, head + 1, `w${w}`));
            done += 1;
          } catch (e) {
            if (!(e instanceof ConcurrencyError)) throw e;
            conflicts += 1;
          }
        }
      }),
    );
    const events = await store.readStream(id);
    expect(events.map((e) => e.seq)).toEqual(
      Array.from({ length: 2 + writers * perWriter }, (_, i) => i + 1),
    );
    expect(await verifyStoredMatch(store, id)).toEqual({ ok: true });
    if (kind === 'postgres') expect(conflicts).toBeGreaterThan(0); // the race was real
  });

  it('names the tampered seq when a stored payload is edited', async () => {
    const id = await newMatch('tamper');
    await store.appendToStream(id, 0, sampleEvents(5));
    expect(await verifyStoredMatch(store, id)).toEqual({ ok: true });
    await sql`update events set payload = jsonb_set(payload, '{n}', '999') where match_id = ${id} and seq = 3`.execute(
      store.db,
    );
    const check = await verifyStoredMatch(store, id);
    expect(check).toMatchObject({ ok: false, seq: 3 });
  });

  it('names a deleted event as the first break in the chain', async () => {
    const id = await newMatch('gap');
    await store.appendToStream(id, 0, sampleEvents(4));
    await sql`delete from events where match_id = ${id} and seq = 2`.execute(store.db);
    expect(await verifyStoredMatch(store, id)).toMatchObject({ ok: false, seq: 3 });
  });
}

describe('opening', () => {
  it('says which Postgres it cannot reach', async () => {
    await expect(openStore({ databaseUrl: 'postgres://postgres@127.0.0.1:1/test' })).rejects.toThrow(
      /cannot reach Postgres at postgres:\/\/postgres@127.0.0.1:1\/test/,
    );
  });
});

describe('embedded PGlite on disk', () => {
  it('persists across reopen and refuses a second opener of the same directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'matchtape-pglite-'));
    try {
      const dataDir = join(dir, 'pglite');
      const s1 = await openStore({ dataDir });
      await s1.createMatch(sampleMatch('persisted'));
      await s1.appendToStream('persisted', 0, sampleEvents(3));
      await expect(openStore({ dataDir })).rejects.toThrow(/in use by process/);
      await s1.close();
      const s2 = await openStore({ dataDir });
      expect((await s2.readStream('persisted')).map((e) => e.seq)).toEqual([1, 2, 3]);
      expect(await verifyStoredMatch(s2, 'persisted')).toEqual({ ok: true });
      await s2.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects a schema name that is not a plain identifier', async () => {
    await expect(openStore({ dataDir: 'memory://', schema: 'x"; drop table y' })).rejects.toThrow(
      /schema .* is invalid/,
    );
  });
});

async function lastPosition(store: KyselyEventStore): Promise<number> {
  let after = 0;
  for (;;) {
    const page = await store.readAll({ after, limit: 1000 });
    if (page.length === 0) return after;
    after = page[page.length - 1]!.position;
  }
}

async function readAllUntil(
  store: KyselyEventStore,
  after: number,
  pageSize: number,
  matchIds: string[],
  n: number,
) {
  const out: StoredEvent[] = [];
  for (let polls = 0; polls < 600; polls++) {
    const page = await store.readAll({ after, limit: pageSize });
    out.push(...page.filter((e) => matchIds.includes(e.matchId)));
    if (page.length > 0) after = page[page.length - 1]!.position;
    else if (out.length >= n) return out;
    else await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`readAll returned ${out.length} of ${n} events`);
}
