// `bench --peers`: Matchtape measured against the limits and peers on the same Postgres and NATS, in one run.
// Every suite runs `trials` times, peers interleaved with Matchtape within each trial (so drift on a shared
// machine hits both alike); the table shows medians, the spread (min–max over trials) and ratios of medians.
import { loadavg, cpus } from 'node:os';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { subjects } from '@matchtape/bus';
import { openTestBus } from '@matchtape/bus/testing';
import {
  fold,
  GENESIS_HASH,
  Keyframes,
  Rng,
  type AnyGameModule,
  type EventEnvelope,
  type NewEvent,
} from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing/harness';
import {
  appendToTimeline,
  buildTimeline,
  timelineReadModel,
  type TimelineIndex,
} from '@matchtape/projections';
import { longMatch } from './long-match';
import * as registered from './registry';
import {
  measure,
  pct,
  type BenchSuite,
  type PeerBenchOptions,
  type PeerBenchResult,
  type PeerRow,
} from './suite';
import { registryOf, startRelay } from '@matchtape/server';
import { rebuildReadModel } from '@matchtape/server/projector';
import {
  dropSchema,
  openStore,
  type EventStore,
  type KyselyEventStore,
  type StoredEvent,
} from '@matchtape/store';

export type { Measure, PeerBenchOptions, PeerBenchResult, PeerRow } from './suite';

/** Events of real bot matches, as a host would hand them to appendToStream, cycled by the writers. */
function realEvents(games: AnyGameModule[]): NewEvent[] {
  const out: NewEvent[] = [];
  for (const game of games.slice(0, 2)) {
    const m = playMatch(game, {
      seed: 'bench-peers',
      matchId: 'bench',
      bots: { p1: 'random', p2: 'greedy' },
      recordStates: false,
    });
    for (const { matchId: _m, seq: _s, prevHash: _p, hash: _h, ...e } of m.events) out.push(e);
  }
  return out;
}

const EVENTS_PER_APPEND = 3;
const WRITERS = 8;

/** Runs `writer(w, i)` on `writers` concurrent writers for `ms`; returns transactions per second. */
async function timed(
  ms: number,
  writer: (w: number, i: number) => Promise<void>,
  writers = WRITERS,
): Promise<number> {
  let done = 0;
  const t0 = performance.now();
  const until = t0 + ms;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; performance.now() < until; i++) {
        await writer(w, i);
        done++;
      }
    }),
  );
  return done / ((performance.now() - t0) / 1000);
}

const COLUMNS = 'match_id, seq, type, payload, at, turn, phase, step, cause, rule, prev_hash, hash';
function row(matchId: string, seq: number, e: NewEvent): unknown[] {
  return [
    matchId,
    seq,
    e.type,
    JSON.stringify(e.payload),
    e.at,
    e.turn,
    e.phase,
    e.step,
    JSON.stringify(e.cause),
    e.rule,
    'h',
    'h',
  ];
}
const copyField = (v: unknown): string =>
  v === null
    ? '\\N'
    : String(v).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');

/** The rows of one append written by one COPY (one statement, one transaction): the raw limit. */
async function copyAppend(c: pg.PoolClient, matchId: string, seq0: number, evs: NewEvent[]): Promise<void> {
  const text =
    evs
      .map((e, k) =>
        row(matchId, seq0 + k + 1, e)
          .map(copyField)
          .join('\t'),
      )
      .join('\n') + '\n';
  await new Promise<void>((resolve, reject) => {
    const s = c.query(copyFrom(`copy events (${COLUMNS}) from stdin`));
    s.on('finish', resolve).on('error', reject);
    s.end(text);
  });
}

/** Matches appending at once in the group-commit rows (issue 27: a tournament's tables). */
const CONCURRENT = [64, 512] as const;
type ConcurrentRuns = Record<(typeof CONCURRENT)[number], { on: number[]; off: number[]; copy: number[] }>;

/**
 * One trial of the group-commit rows: `n` matches each appending 3-event batches as fast as their append returns,
 * through the store with group commit on, then off, then the same rows by one COPY per append over the same
 * connections (the raw limit of one transaction per append). Events per second.
 */
async function concurrentTrial(
  t: number,
  stores: { on: KyselyEventStore; off: KyselyEventStore },
  pool: pg.Pool,
  batch: (i: number) => NewEvent[],
  ms: number,
  runs: ConcurrentRuns,
): Promise<void> {
  const create = async (ids: string[]) =>
    pool.query(
      `insert into matches (match_id, game, status, config, seed) select unnest($1::text[]), 'bench', 'playing', '{}', 's'`,
      [ids],
    );
  for (const n of CONCURRENT) {
    for (const variant of ['on', 'off'] as const) {
      const ids = Array.from({ length: n }, (_, w) => `gc${variant}_${n}_${t}_${w}`);
      await create(ids);
      const heads = ids.map((id) => ({ id, seq: 0, hash: GENESIS_HASH }));
      const store = stores[variant];
      const tx = await timed(
        ms,
        async (w, i) => {
          const h = heads[w]!;
          const out = await store.appendToStream(h.id, h.seq, batch(i), {
            expectedHash: h.hash,
            fromEngine: true,
          });
          h.seq = out[out.length - 1]!.seq;
          h.hash = out[out.length - 1]!.hash;
        },
        n,
      );
      runs[n][variant].push(tx * EVENTS_PER_APPEND);
    }
    const ids = Array.from({ length: n }, (_, w) => `gccopy_${n}_${t}_${w}`);
    await create(ids);
    const tx = await timed(
      ms,
      async (w, i) => {
        const c = await pool.connect();
        try {
          await copyAppend(c, ids[w]!, i * EVENTS_PER_APPEND, batch(i));
        } finally {
          c.release();
        }
      },
      n,
    );
    runs[n].copy.push(tx * EVENTS_PER_APPEND);
  }
}

function concurrentRows(runs: ConcurrentRuns, rows: PeerRow[]): void {
  for (const n of CONCURRENT) {
    const copy = measure(runs[n].copy);
    const on = measure(runs[n].on);
    const off = measure(runs[n].off);
    rows.push({
      suite: 'append',
      what: `Matchtape, ${n} matches appending at once (3-event appends), group commit on`,
      unit: 'events/s',
      value: on,
      vs: 'raw COPY, one per append',
      ratio: on.median / copy.median,
      target: '≥ 0.85, > 1 with group commit',
    });
    rows.push({
      suite: 'append',
      what: `Matchtape, ${n} matches appending at once, group commit off (one transaction per append)`,
      unit: 'events/s',
      value: off,
      vs: 'raw COPY, one per append',
      ratio: off.median / copy.median,
      target: '≥ 0.85',
    });
    rows.push({
      suite: 'append',
      what: `raw pg: COPY … FROM STDIN, one per append, ${n} writers over ${WRITERS} connections (the COPY limit)`,
      unit: 'events/s',
      value: copy,
    });
  }
}

/** A match row to append to in a bench run (its id names the run, the trial and the writer). */
async function createBenchMatch(store: EventStore, matchId: string): Promise<void> {
  await store.createMatch({
    matchId,
    game: 'bench',
    status: 'playing',
    config: {},
    seed: 's',
    spectatorDelaySeconds: 0,
    coverageDelaySeconds: 0,
    summary: {},
  });
}

type EmmettAppender =
  { append: (stream: string, evs: NewEvent[]) => Promise<void>; close: () => Promise<void> } | string;

/** Emmett's Postgres event store, or why it is not run (the package does not load). */
async function openEmmett(databaseUrl: string): Promise<EmmettAppender> {
  try {
    const mod = await import('@event-driven-io/emmett-postgresql');
    // Emmett keeps its own tables (emt_*) in the database's default schema: it does not run under another
    // search_path. Its streams are named per run, so runs do not collide.
    const es = mod.getPostgreSQLEventStore(databaseUrl);
    const versions = new Map<string, bigint>();
    return {
      async append(stream, evs) {
        const v = versions.get(stream);
        const r = await es.appendToStream(
          stream,
          evs.map((e) => ({ type: e.type, data: e.payload })),
          v === undefined ? {} : { expectedStreamVersion: v },
        );
        versions.set(stream, r.nextExpectedStreamVersion);
      },
      close: () => es.close(),
    };
  } catch (err) {
    return `not run: @event-driven-io/emmett-postgresql does not load (${(err as Error).message.split('\n')[0]})`;
  }
}

/** One append of `evs` to `matchId` from seq0 + 1 by a raw pg path: a transaction, one multi-row INSERT, or COPY. */
async function rawAppend(
  c: pg.PoolClient,
  kind: 'tx' | 'multi' | 'copy',
  matchId: string,
  seq0: number,
  evs: NewEvent[],
): Promise<void> {
  if (kind === 'tx') {
    // The plain limit: a transaction of one INSERT per event.
    await c.query('begin');
    for (let k = 0; k < evs.length; k++)
      await c.query(
        `insert into events (${COLUMNS}) values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
        row(matchId, seq0 + k + 1, evs[k]!),
      );
    await c.query('commit');
  } else if (kind === 'multi') {
    const params = evs.flatMap((e, k) => row(matchId, seq0 + k + 1, e));
    const values = evs
      .map((_, k) => `(${Array.from({ length: 12 }, (_, j) => `$${k * 12 + j + 1}`).join(',')})`)
      .join(',');
    await c.query(`insert into events (${COLUMNS}) values ${values}`, params);
  } else {
    await copyAppend(c, matchId, seq0, evs);
  }
}

/** The append suite's rows: Matchtape (group commit off and on) against raw pg and Emmett. */
function appendRows(runs: Record<string, number[]>, emmett: EmmettAppender, rows: PeerRow[]): void {
  const mt = measure(runs.matchtape!);
  const what = `${WRITERS} writers × ${EVENTS_PER_APPEND}-event appends`;
  // The target is stated against the best raw way to commit the same rows in the append's one round trip: one
  // multi-row INSERT (issue 27). The five-round-trip transaction is kept as a row, no longer as the target.
  const off = measure(runs.matchtapeOff!);
  rows.push({
    suite: 'append',
    what: `Matchtape appendToStream (${what}, group commit off: one round trip, one transaction each)`,
    unit: 'tx/s',
    value: off,
    vs: 'raw pg: one multi-row INSERT',
    ratio: off.median / measure(runs.multi!).median,
    target: '≥ 0.85',
  });
  rows.push({
    suite: 'append',
    what: `Matchtape appendToStream (${what}, group commit on)`,
    unit: 'tx/s',
    value: mt,
    vs: 'raw pg: one multi-row INSERT',
    ratio: mt.median / measure(runs.multi!).median,
    target: '≥ 0.85',
  });
  rows.push({
    suite: 'append',
    // The raw rows carry placeholder hashes (no chaining) and move no head row: the store does both.
    what: 'raw pg: one multi-row INSERT (one statement, one round trip; no hash chain, no head check)',
    unit: 'tx/s',
    value: measure(runs.multi!),
  });
  rows.push({
    suite: 'append',
    what: 'raw pg: BEGIN, 3 INSERTs, COMMIT (five round trips)',
    unit: 'tx/s',
    value: measure(runs.tx!),
    vs: 'Matchtape ÷ this',
    ratio: mt.median / measure(runs.tx!).median,
  });
  rows.push({
    suite: 'append',
    what: 'raw pg: COPY … FROM STDIN',
    unit: 'tx/s',
    value: measure(runs.copy!),
    vs: 'Matchtape ÷ this',
    ratio: mt.median / measure(runs.copy!).median,
  });
  if (typeof emmett === 'string')
    rows.push({
      suite: 'append',
      what: 'Emmett appendToStream',
      unit: 'tx/s',
      value: measure([0]),
      note: emmett,
    });
  else
    rows.push({
      suite: 'append',
      what: 'Emmett appendToStream (emmett-postgresql 0.42)',
      unit: 'tx/s',
      value: measure(runs.emmett!),
      vs: 'Matchtape ÷ this',
      ratio: mt.median / measure(runs.emmett!).median,
    });
}

async function appendSuite(o: PeerBenchOptions, events: NewEvent[], rows: PeerRow[]): Promise<void> {
  const schema = `bench_peers_${Date.now().toString(36)}`;
  const store = (await openStore({
    databaseUrl: o.databaseUrl,
    schema,
    poolSize: WRITERS,
  })) as KyselyEventStore;
  // The same schema without group commit: one transaction per append, as before issue 27.
  const solo = (await openStore({
    databaseUrl: o.databaseUrl,
    schema,
    poolSize: WRITERS,
    migrate: false,
    groupCommit: false,
  })) as KyselyEventStore;
  const pool = new pg.Pool({
    connectionString: o.databaseUrl,
    max: WRITERS,
    options: `-c search_path=${schema}`,
  });
  const concurrent = Object.fromEntries(
    CONCURRENT.map((n) => [n, { on: [], off: [], copy: [] }]),
  ) as unknown as ConcurrentRuns;
  const ms = o.quick ? 1500 : 4000;
  // Short trials, more of them: the head-row updates of Matchtape and Emmett are what a long transaction elsewhere
  // on a shared server slows down (dead row versions it keeps), so single trials swing widely.
  const trials = o.quick ? 5 : 7;
  const batch = (i: number): NewEvent[] =>
    Array.from({ length: EVENTS_PER_APPEND }, (_, k) => events[(i * EVENTS_PER_APPEND + k) % events.length]!);
  let emmett = await openEmmett(o.databaseUrl);
  const runs: Record<string, number[]> = {
    matchtape: [],
    matchtapeOff: [],
    tx: [],
    multi: [],
    copy: [],
    emmett: [],
  };
  try {
    for (let t = 1; t <= trials; t++) {
      o.progress(`bench peers: append trial ${t}/${trials}`);
      // Matchtape: the host path (it knows the head hash), 8 matches written concurrently; group commit on and off.
      for (const [key, st] of [
        ['matchtape', store],
        ['matchtapeOff', solo],
      ] as const) {
        const heads = await Promise.all(
          Array.from({ length: WRITERS }, async (_, w) => {
            const id = `${key}_${t}_${w}`;
            await createBenchMatch(st, id);
            return { id, seq: 0, hash: GENESIS_HASH };
          }),
        );
        runs[key]!.push(
          await timed(ms, async (w, i) => {
            const h = heads[w]!;
            const out = await st.appendToStream(h.id, h.seq, batch(i), {
              expectedHash: h.hash,
              fromEngine: true,
            });
            h.seq = out[out.length - 1]!.seq;
            h.hash = out[out.length - 1]!.hash;
          }),
        );
      }
      for (const kind of ['tx', 'multi', 'copy'] as const) {
        const ids = Array.from({ length: WRITERS }, (_, w) => `${kind}_${t}_${w}`);
        for (const id of ids)
          await pool.query(
            `insert into matches (match_id, game, status, config, seed) values ($1, 'bench', 'playing', '{}', 's')`,
            [id],
          );
        runs[kind]!.push(
          await timed(ms, async (w, i) => {
            const c = await pool.connect();
            try {
              await rawAppend(c, kind, ids[w]!, i * EVENTS_PER_APPEND, batch(i));
            } finally {
              c.release();
            }
          }),
        );
      }
      o.progress(`bench peers: append trial ${t}/${trials}: ${CONCURRENT.join(' and ')} matches at once`);
      await concurrentTrial(t, { on: store, off: solo }, pool, batch, ms, concurrent);
      if (typeof emmett !== 'string') {
        const e = emmett;
        try {
          runs.emmett!.push(await timed(ms, (w, i) => e.append(`${schema}_${t}_${w}`, batch(i))));
        } catch (err) {
          await e.close().catch(() => undefined);
          emmett = `not run: Emmett's appendToStream failed on this Postgres (${(err as Error).message.split('\n')[0]})`;
        }
      }
    }
  } finally {
    if (typeof emmett !== 'string') await emmett.close().catch(() => undefined);
    await pool.end();
    await solo.close();
    await store.close();
    await dropSchema(o.databaseUrl, schema);
  }
  appendRows(runs, emmett, rows);
  concurrentRows(concurrent, rows);
}

/** The whole log in commit order, `limit` events a page, each page handed to `onPage`. */
async function readPages(
  store: EventStore,
  limit: number,
  onPage: (page: StoredEvent[]) => void,
): Promise<void> {
  for (let after = 0; ;) {
    const page = await store.readAll({ after, limit });
    if (page.length === 0) return;
    onPage(page);
    after = page[page.length - 1]!.position;
  }
}

async function relaySuite(o: PeerBenchOptions, events: NewEvent[], rows: PeerRow[]): Promise<void> {
  const schema = `bench_relay_${Date.now().toString(36)}`;
  const store = await openStore({ databaseUrl: o.databaseUrl, schema });
  const matches = 64;
  const perMatch = o.quick ? 60 : 200;
  const trials = o.quick ? 3 : 5;
  const relayRuns: number[] = [];
  const rawRuns: number[] = [];
  const readRuns: number[] = [];
  const nc = await connect({ servers: o.natsUrl });
  try {
    o.progress(`bench peers: relay: storing ${matches * perMatch} events in ${matches} matches`);
    await Promise.all(
      Array.from({ length: matches }, async (_, m) => {
        const id = `r${m}`;
        await createBenchMatch(store, id);
        for (let seq = 0; seq < perMatch; seq += 5)
          await store.appendToStream(
            id,
            seq,
            Array.from({ length: 5 }, (_, k) => events[(m * perMatch + seq + k) % events.length]!),
          );
      }),
    );
    const stored: EventEnvelope[] = [];
    await readPages(store, 10_000, (page) => {
      for (const { position: _p, ...e } of page) stored.push(e);
    });
    const js = jetstream(nc);
    for (let t = 1; t <= trials; t++) {
      o.progress(`bench peers: relay trial ${t}/${trials}`);
      // The relay's input alone: the same events read from Postgres in its batches, envelopes as JSON text as the
      // relay reads them (the raw loop starts from memory).
      const r0 = performance.now();
      for (let after = 0; ;) {
        const page = await store.readAllEncoded({ after, limit: 1000 });
        if (page.length === 0) break;
        after = page[page.length - 1]!.position;
      }
      readRuns.push(stored.length / ((performance.now() - r0) / 1000));
      // The relay from checkpoint 0 onto a fresh stream: read, publish, checkpoint, until caught up.
      const a = await openTestBus('nats');
      try {
        const t0 = performance.now();
        const relay = startRelay({ store, bus: a.bus, name: `bench_${t}`, listen: false });
        await relay.caughtUp();
        relayRuns.push(stored.length / ((performance.now() - t0) / 1000));
        await relay.stop();
      } finally {
        await a.cleanup();
      }
      // The raw limit: the same bodies, Msg-Id each, 256 publishes in flight, onto a fresh stream.
      const b = await openTestBus('nats');
      try {
        const prefix = b.nats!.subjectPrefix;
        const t0 = performance.now();
        let next = 0;
        await Promise.all(
          Array.from({ length: 256 }, async () => {
            while (next < stored.length) {
              const e = stored[next++]!;
              await js.publish(`${prefix}.${subjects.events(e.matchId)}`, JSON.stringify(e), {
                msgID: `${e.matchId}:${e.seq}`,
              });
            }
          }),
        );
        rawRuns.push(stored.length / ((performance.now() - t0) / 1000));
      } finally {
        await b.cleanup();
      }
    }
  } finally {
    await nc.close();
    await store.close();
    await dropSchema(o.databaseUrl, schema);
  }
  const relay = measure(relayRuns);
  rows.push({
    suite: 'relay',
    what: `relay, ${matches} matches × ${perMatch} events, from checkpoint 0`,
    unit: 'events/s',
    value: relay,
    vs: 'raw JetStream loop',
    ratio: relay.median / measure(rawRuns).median,
    target: '≥ 0.80',
  });
  rows.push({
    suite: 'relay',
    what: 'raw @nats-io JetStream publish, 256 in flight, Msg-Id',
    unit: 'msg/s',
    value: measure(rawRuns),
  });
  rows.push({
    suite: 'relay',
    what: "Postgres readAllEncoded of the same events, 1,000 a page (the relay's input; the raw loop is spared it)",
    unit: 'events/s',
    value: measure(readRuns),
  });
}

function seekSuite(o: PeerBenchOptions, rows: PeerRow[]): void {
  // A real 10,000-event match (multiplayer Grand Archive, random bots), the length the issue states the target at.
  const { game, events, seats } = longMatch(o.games, 10_000, o.progress);
  const trials = o.quick ? 3 : 5;
  const seeks = o.quick ? 200 : 1000;
  const FULL_FOLDS = o.quick ? 60 : 150;
  const intervals = [100, 20];
  const kfs = intervals.map((every) => {
    const kf = new Keyframes(game, every);
    kf.push(...events);
    return kf;
  });
  const seekP95: number[][] = intervals.map(() => []);
  const foldP95: number[] = [];
  const foldRate: number[] = [];
  const time = (f: () => void): number => {
    const t0 = performance.now();
    f();
    return performance.now() - t0;
  };
  for (let t = 1; t <= trials; t++) {
    o.progress(`bench peers: seek trial ${t}/${trials}`);
    const rng = new Rng(`seek-${t}`);
    const targets = Array.from({ length: seeks }, () => 1 + rng.int(events.length));
    const bySeek = intervals.map(() => [] as number[]);
    const full: number[] = [];
    for (const seq of targets) {
      kfs.forEach((kf, k) => bySeek[k]!.push(time(() => kf.seek(seq))));
      // The full fold costs up to ~100 ms a seek on a 10,000-event match: a subset of the same targets is enough.
      if (full.length < FULL_FOLDS) full.push(time(() => fold(game, events.slice(0, seq))));
    }
    bySeek.forEach((a, k) =>
      seekP95[k]!.push(
        pct(
          a.sort((x, y) => x - y),
          95,
        ),
      ),
    );
    foldP95.push(
      pct(
        full.sort((x, y) => x - y),
        95,
      ),
    );
    foldRate.push(events.length / (time(() => fold(game, events)) / 1000));
  }
  const full = measure(foldP95);
  intervals.forEach((every, k) => {
    const seek = measure(seekP95[k]!);
    rows.push({
      suite: 'seek',
      what: `seek p95, keyframes every ${every}, random seq of a ${events.length.toLocaleString('en-US')}-event ${game.id} match (${seats} seats)`,
      unit: 'ms',
      value: seek,
      vs: 'full fold from zero',
      ratio: seek.median / full.median,
      target: '< 1 ms',
    });
  });
  rows.push({
    suite: 'seek',
    what: 'full fold from zero to the same seqs, p95 (boardgame.io / Cockatrice rewind)',
    unit: 'ms',
    value: full,
  });
  rows.push({
    suite: 'seek',
    what: `raw fold rate (${game.id})`,
    unit: 'events/s',
    value: measure(foldRate),
  });
}

async function rebuildSuite(o: PeerBenchOptions, rows: PeerRow[]): Promise<void> {
  const schema = `bench_rebuild_${Date.now().toString(36)}`;
  const store: EventStore = await openStore({ databaseUrl: o.databaseUrl, schema });
  try {
    const game = o.games[0]!;
    const m = playMatch(game, {
      seed: 'rebuild',
      matchId: 'rebuild',
      bots: { p1: 'random', p2: 'greedy' },
      recordStates: false,
    });
    const template = m.events.map(({ matchId: _m, seq: _s, prevHash: _p, hash: _h, ...e }) => e);
    const copies = Math.max(1, Math.ceil(o.rebuildEvents / template.length));
    // The first copies through appendToStream (the real write path: hash chain, head row), the bulk by COPY into
    // the same table — a million appends would take the run's whole time budget on a shared machine, and the
    // rebuild reads rows, not how they got there. Each copy is its own match, seqs 1…n.
    let written = 0;
    const viaAppend = Math.min(copies, 8);
    for (let c = 0; c < viaAppend; c++) {
      const id = `rb${c}`;
      await store.createMatch({
        matchId: id,
        game: game.id,
        status: 'ended',
        config: {},
        seed: 's',
        spectatorDelaySeconds: 0,
        coverageDelaySeconds: 0,
        summary: {},
      });
      for (let i = 0; i < template.length; i += 1000)
        await store.appendToStream(id, i, template.slice(i, i + 1000));
      written += template.length;
    }
    const client = new pg.Client({ connectionString: o.databaseUrl, options: `-c search_path=${schema}` });
    await client.connect();
    try {
      const ids = Array.from({ length: copies - viaAppend }, (_, k) => `rb${viaAppend + k}`);
      for (let i = 0; i < ids.length; i += 1000) {
        const chunk = ids.slice(i, i + 1000);
        await client.query(
          `insert into matches (match_id, game, status, config, seed) select unnest($1::text[]), $2, 'ended', '{}', 's'`,
          [chunk, game.id],
        );
      }
      const lines = template.map(
        (e, k) => (id: string) =>
          row(id, k + 1, e)
            .map(copyField)
            .join('\t') + '\n',
      );
      let c = 0;
      await new Promise<void>((resolve, reject) => {
        const stream = client.query(copyFrom(`copy events (${COLUMNS}) from stdin`));
        stream.on('finish', resolve).on('error', reject);
        const pump = () => {
          while (c < ids.length) {
            const text = lines.map((f) => f(ids[c]!)).join('');
            c++;
            written += template.length;
            if (c % 50 === 0)
              o.progress(
                `bench peers: rebuild: stored ${written.toLocaleString('en-US')}/${(copies * template.length).toLocaleString('en-US')} events`,
              );
            if (!stream.write(text)) return void stream.once('drain', pump);
          }
          stream.end();
        };
        pump();
      });
      // A table that grew by a million rows is analysed by autovacuum soon after; a rebuild started seconds after
      // the COPY would otherwise read with no statistics (a bitmap scan and sort of every remaining row per page).
      await client.query('analyze events');
    } finally {
      await client.end();
    }
    await rebuildTrials(o, store, game, written, rows);
  } finally {
    await store.close();
    await dropSchema(o.databaseUrl, schema);
  }
}

/**
 * The rebuild trials over the stored events: `matchtape rebuild --projection timeline` (rebuildReadModel: read in
 * commit order, fold both views, write the read-model documents with their checkpoint), and the in-memory fold of
 * the same events alone (one view, nothing written) for reference.
 */
async function rebuildTrials(
  o: PeerBenchOptions,
  store: EventStore,
  game: AnyGameModule,
  written: number,
  rows: PeerRow[],
): Promise<void> {
  const trials = o.quick ? 2 : 3;
  const runs: number[] = [];
  const foldRuns: number[] = [];
  const games = registryOf({ [game.id]: game });
  for (let t = 1; t <= trials; t++) {
    o.progress(`bench peers: rebuild trial ${t}/${trials} over ${written} events`);
    const r = await rebuildReadModel(store, games, timelineReadModel, {
      onProgress: (p) => {
        if (p.events % 200_000 < 500)
          o.progress(
            `bench peers: rebuild trial ${t}/${trials}: ${p.events.toLocaleString('en-US')}/${written.toLocaleString('en-US')} events`,
          );
      },
    });
    runs.push(r.eventsPerSecond);
    // The fold alone: the timeline of every match from the log, in commit order, pages of 10,000, in memory.
    const timelines = new Map<string, TimelineIndex>();
    let n = 0;
    const r0 = performance.now();
    await readPages(store, 10_000, (page) => {
      for (const e of page)
        timelines.set(
          e.matchId,
          appendToTimeline(game, timelines.get(e.matchId) ?? buildTimeline(game, []), e),
        );
      n += page.length;
    });
    foldRuns.push(n / ((performance.now() - r0) / 1000));
  }
  const note =
    written < o.rebuildEvents
      ? {
          note: `${written.toLocaleString('en-US')} stored: --rebuild-events asked ${o.rebuildEvents.toLocaleString('en-US')}`,
        }
      : {};
  rows.push({
    suite: 'rebuild',
    what: `timeline read model rebuilt from ${written.toLocaleString('en-US')} stored events (matchtape rebuild: read, fold judge and public views, write the documents)`,
    unit: 'events/s',
    value: measure(runs),
    target: '≥ 250,000',
    ...note,
  });
  rows.push({
    suite: 'rebuild',
    what: 'the same events read and folded into one timeline view in memory, nothing written (reference)',
    unit: 'events/s',
    value: measure(foldRuns),
  });
}

/** The suites in table order; `--suite a,b` picks some. Suites of other files come from registry.ts. */
export function benchSuites(): BenchSuite[] {
  let events: NewEvent[] | null = null;
  const real = (o: PeerBenchOptions) => (events ??= realEvents(o.games));
  return [
    { name: 'append', run: (o, rows) => appendSuite(o, real(o), rows) },
    { name: 'relay', run: (o, rows) => relaySuite(o, real(o), rows) },
    { name: 'seek', run: async (o, rows) => seekSuite(o, rows) },
    { name: 'rebuild', run: (o, rows) => rebuildSuite(o, rows) },
    ...Object.values(registered),
  ];
}

export async function benchPeers(o: PeerBenchOptions, only?: readonly string[]): Promise<PeerBenchResult> {
  const rows: PeerRow[] = [];
  const suites = benchSuites();
  const unknown = (only ?? []).filter((n) => !suites.some((s) => s.name === n));
  if (unknown.length > 0)
    throw new Error(
      `no bench suite ${unknown.join(', ')}; the suites are ${suites.map((s) => s.name).join(', ')}`,
    );
  for (const suite of suites) {
    if (only && only.length > 0 && !only.includes(suite.name)) continue;
    o.progress(`bench peers: ${suite.name}…`);
    const before = rows.length;
    await suite.run(o, rows);
    // Each figure carries the load average it was measured under (the machine is shared).
    const load = loadavg()[0]!.toFixed(2);
    for (const r of rows.slice(before)) r.load = load;
  }
  return {
    rows,
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model ?? 'unknown',
      loadavg: loadavg().map((x) => +x.toFixed(2)),
      node: process.version,
    },
  };
}

const fmt = (n: number): string =>
  n >= 100 ? Math.round(n).toLocaleString('en-US') : n >= 1 ? n.toFixed(2) : n.toFixed(3);

/** The markdown table the README shows. */
export function peerTable(r: PeerBenchResult): string {
  const lines = [
    '| suite | measured | median | spread (min–max) | trials | ratio | vs | target | load (1 min) |',
    '|---|---|---:|---:|---:|---:|---|---|---:|',
    ...r.rows.map((x) =>
      x.note && x.value.median === 0
        ? `| ${x.suite} | ${x.what} | — | — | — | — | ${x.note} | | ${x.load ?? ''} |`
        : `| ${x.suite} | ${x.what} | ${fmt(x.value.median)} ${x.unit} | ${fmt(x.value.min)}–${fmt(x.value.max)} | ${x.value.trials.length} | ${x.ratio === undefined ? '' : x.ratio >= 0.1 ? x.ratio.toFixed(2) : x.ratio.toPrecision(2)} | ${x.vs ?? ''}${x.note ? ` (${x.note})` : ''} | ${x.target ?? ''} | ${x.load ?? ''} |`,
    ),
  ];
  return lines.join('\n');
}
