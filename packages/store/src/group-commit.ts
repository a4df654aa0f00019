// Group commit: appends of different matches that arrive while another batch is being written go to Postgres
// together, as one statement and so one transaction and one WAL flush (issue 27). Each match keeps its own
// head check (expected seq and hash) and hash chain: a match whose check fails is left out of the batch by the
// statement itself and the others commit. The batcher never waits for a batch to fill: an append arriving
// while fewer than `maxInFlight` batches are out goes at once (alone, by today's single-append statement), so a
// quiet store adds no latency and batches grow only with the load (as in Postgres' own commit_delay = 0).
import { sql, type Kysely } from 'kysely';
import type { EventEnvelope } from '@matchtape/engine';
import { isStoreUnavailable } from './ops';
import { PREPARED_MARK } from './store';
import type { Database } from './schema';

/** One append, chained and serialised, waiting for its batch. */
export interface PreparedAppend {
  matchId: string;
  head: { seq: number; hash: string };
  chained: EventEnvelope[];
  /** The rows as the append statement reads them (store.ts appendStatement): a JSON array. */
  rowsJson: string;
  /** The accepted command's body (AppendOptions.command), JSON, or null. */
  commandJson: string | null;
}

export interface GroupCommitOptions {
  /** Appends per batch at most (default 256). */
  maxBatch?: number;
  /** Batches out at once (default 2; openStore gives Postgres its pool size). */
  maxInFlight?: number;
  /** Bytes of rows per batch at most (default 8 MiB): a batch of large events stays one reasonable statement. */
  maxBatchBytes?: number;
}

export interface GroupCommitStats {
  /** Statements that carried more than one append. */
  batches: number;
  /** Appends committed by those statements. */
  batchedAppends: number;
  /** The most appends one statement carried. */
  largest: number;
  /** Appends run alone after their batch's statement failed or left them out. */
  retriedAlone: number;
}

interface Pending extends PreparedAppend {
  resolve(chained: EventEnvelope[]): void;
  reject(err: unknown): void;
}

/**
 * The batch statement: per entry, the head moves only when it is where the entry expects it (the same conditional
 * UPDATE as the single append), and only the entries whose head moved insert their rows and command body. The
 * batcher puts at most one entry per match in a statement, so each head row is updated at most once.
 */
function batchStatement(json: string) {
  // Prepared once per connection (open.ts): its text never changes, the batch is its one parameter.
  return sql<{ i: number }>`${sql.raw(`${PREPARED_MARK}matchtape_group_commit */`)}
    /* matchtape group commit */
    with b as (
      select * from jsonb_to_recordset(${json}::jsonb) as b(
        i integer, match_id text, expected_seq integer, expected_hash text, last_hash text, n integer,
        command jsonb, rows jsonb
      )
    ), moved as (
      update matches m set last_seq = b.expected_seq + b.n, last_hash = b.last_hash
        from b
        where m.match_id = b.match_id and m.last_seq = b.expected_seq and m.last_hash = b.expected_hash
        returning b.i, b.match_id, b.command, b.rows
    ), ins as (
      insert into events (match_id, seq, type, payload, at, turn, phase, step, cause, rule, prev_hash, hash, seal)
        select mv.match_id, r.seq, r.type, r.payload, r.at, r.turn, r.phase, r.step, r.cause, r.rule, r.prev_hash,
          r.hash, r.seal
        from moved mv cross join lateral jsonb_to_recordset(mv.rows) as r(
          seq integer, type text, payload jsonb, at text, turn integer, phase text, step text, cause jsonb,
          rule text, prev_hash text, hash text, seal jsonb
        )
        order by mv.i, r.seq
    ), cmd as (
      insert into command_bodies (match_id, player, command_id, body)
        select match_id, command->>'player', command->>'commandId', command->>'body' from moved
        where command is not null
        on conflict (match_id, player, command_id) do nothing
    )
    select i from moved`;
}

/** True when the server reported the statement's failure itself: an autocommit statement then rolled back whole. */
function rolledBack(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !isStoreUnavailable(err);
}

export class GroupCommitter {
  private queue: Pending[] = [];
  private inFlight = 0;
  /** Matches with an append in a batch (or its retry) now: their next append waits, so it never overtakes. */
  private readonly busy = new Set<string>();
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  private readonly maxBatchBytes: number;
  readonly stats: GroupCommitStats = { batches: 0, batchedAppends: 0, largest: 0, retriedAlone: 0 };

  constructor(
    private readonly db: Kysely<Database>,
    /** The single append (store.ts appendPrepared), with its errors: for batches of one and retries. */
    private readonly alone: (p: PreparedAppend) => Promise<EventEnvelope[]>,
    opts: GroupCommitOptions = {},
  ) {
    this.maxBatch = opts.maxBatch ?? 256;
    this.maxInFlight = opts.maxInFlight ?? 2;
    this.maxBatchBytes = opts.maxBatchBytes ?? 8 << 20;
  }

  /** Resolves only after the transaction that wrote the append committed; rejects with today's error otherwise. */
  append(p: PreparedAppend): Promise<EventEnvelope[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...p, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch: Pending[] = [];
      const rest: Pending[] = [];
      const ids = new Set<string>();
      let bytes = 0;
      for (const p of this.queue) {
        const fits =
          batch.length < this.maxBatch &&
          (batch.length === 0 || bytes + p.rowsJson.length <= this.maxBatchBytes);
        if (fits && !this.busy.has(p.matchId) && !ids.has(p.matchId)) {
          batch.push(p);
          ids.add(p.matchId);
          bytes += p.rowsJson.length;
        } else rest.push(p);
      }
      if (batch.length === 0) return; // every queued append waits for its match's batch to finish
      this.queue = rest;
      for (const id of ids) this.busy.add(id);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        for (const id of ids) this.busy.delete(id);
        this.pump();
      });
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    if (batch.length === 1) return this.runAlone(batch);
    let moved: Set<number>;
    try {
      const { rows } = await batchStatement(batchJson(batch)).execute(this.db);
      moved = new Set(rows.map((r) => r.i));
    } catch (err) {
      // The connection failed: the outcome is unknown to us, as for a single append; every caller gets the error
      // (isStoreUnavailable: retry). Otherwise the statement rolled back whole: each append goes again alone, so
      // the one that broke it gets exactly the error it would have got alone and the innocent ones commit.
      if (!rolledBack(err)) {
        for (const p of batch) p.reject(err);
        return;
      }
      this.stats.retriedAlone += batch.length;
      return this.runAlone(batch);
    }
    this.stats.batches++;
    this.stats.batchedAppends += moved.size;
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    const left = batch.filter((p, i) => !moved.has(i));
    for (const [i, p] of batch.entries()) if (moved.has(i)) p.resolve(p.chained);
    // An entry the statement left out wrote nothing: its head was not where it expected (a concurrent writer,
    // a wrong hash) or the match does not exist. Alone, today's statement names which, with today's error.
    this.stats.retriedAlone += left.length;
    await this.runAlone(left);
  }

  private async runAlone(batch: Pending[]): Promise<void> {
    await Promise.all(batch.map((p) => this.alone(p).then(p.resolve, p.reject)));
  }
}

function batchJson(batch: readonly Pending[]): string {
  // Built as text: each append's rows were serialised once already, for the single statement.
  return `[${batch
    .map(
      (p, i) =>
        `{"i":${i},"match_id":${JSON.stringify(p.matchId)},"expected_seq":${p.head.seq},"expected_hash":${JSON.stringify(p.head.hash)},"last_hash":${JSON.stringify(p.chained[p.chained.length - 1]!.hash)},"n":${p.chained.length},"command":${p.commandJson ?? 'null'},"rows":${p.rowsJson}}`,
    )
    .join(',')}]`;
}
