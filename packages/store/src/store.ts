// The event store over Kysely: one code path for Postgres (pg) and PGlite; only opening and LISTEN differ.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { z } from 'zod';
import {
  chainEvents,
  NewEventSchema,
  type EventEnvelope,
  type NewEvent,
  type Seal,
  type Sealer,
} from '@matchtape/engine';
import { nodeSha256 } from './hash';
import type { Database, EventsTable, MatchesTable, RejectedCommandsTable } from './schema';
import {
  ConcurrencyError,
  EventTooLargeError,
  MatchHasForksError,
  MatchInEventError,
  MatchNotFoundError,
  type AcceptedCommand,
  type AppendOptions,
  type CheckpointKind,
  type EventStore,
  type MatchRecord,
  type RejectedCommand,
  type NewSideEvent,
  type SideEvent,
  type SideSearch,
  type SideStream,
  type Snapshot,
  type StoredEvent,
} from './types';
import * as side from './side-streams';
import {
  GroupCommitter,
  type GroupCommitOptions,
  type GroupCommitStats,
  type PreparedAppend,
} from './group-commit';

/** How the dialect delivers NOTIFY on the store's channel; the store only knows this much about connections. */
export interface AppendNotifier {
  listen(channel: string, listener: (matchId: string) => void): Promise<() => Promise<void>>;
}

const NewEventsSchema = z.array(NewEventSchema);
const MatchIdSchema = z
  .string()
  .min(1, 'matchId must not be empty')
  .max(200, 'matchId is longer than 200 characters');
const SeqSchema = z.number().int().nonnegative();
const MatchStatusSchema = z.enum(['setup', 'playing', 'ended']);
const CreateMatchSchema = z.object({
  matchId: MatchIdSchema,
  game: z.string().min(1),
  status: MatchStatusSchema,
  config: z.record(z.string(), z.unknown()),
  seed: z.string(),
  spectatorDelaySeconds: z.number().int().nonnegative(),
  coverageDelaySeconds: z.number().int().nonnegative(),
  summary: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime().optional(),
});

/**
 * Every table keyed by match id besides `matches` itself, children first (a test compares this with the schema's
 * `match_id` columns, so a new table cannot be forgotten). `tournament_games` is not here: such a match is refused.
 */
export const MATCH_TABLES = [
  'events',
  'snapshots',
  'rejected_commands',
  'command_bodies',
  'side_events',
  'read_model_docs',
  'table_lobbies',
] as const;

const DEFAULT_READ_LIMIT = 500;
/** Rows per read while collecting a command's events in findAccepted. */
const FIND_PAGE = 200;

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new TypeError(`${what} is invalid: ${z.prettifyError(r.error)}`);
  return r.data;
}

const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();
const int = (v: string | number | bigint): number => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError(`value ${String(v)} is not a safe integer`);
  return n;
};

function toMatch(r: Selectable<MatchesTable>): MatchRecord {
  return {
    matchId: r.match_id,
    game: r.game,
    status: r.status,
    config: r.config as Record<string, unknown>,
    seed: r.seed,
    spectatorDelaySeconds: r.spectator_delay_seconds,
    coverageDelaySeconds: r.coverage_delay_seconds,
    createdAt: iso(r.created_at),
    lastSeq: r.last_seq,
    summary: r.summary as Record<string, unknown>,
  };
}

type EventRow = Omit<Selectable<EventsTable>, 'tx_id'>;

/** The columns every hash-chained stream stores (matches and tournaments), whatever its id column is called. */
export type ChainedRow = Pick<
  EventRow,
  'seq' | 'type' | 'at' | 'turn' | 'phase' | 'step' | 'cause' | 'rule' | 'payload' | 'prev_hash' | 'hash'
> & { seal?: EventRow['seal'] };

/** A stored row as the envelope `chainEvents` made, for the stream `streamId`. */
export function envelopeOf(streamId: string, r: ChainedRow): EventEnvelope {
  return {
    matchId: streamId,
    seq: r.seq,
    type: r.type,
    at: r.at,
    turn: r.turn,
    phase: r.phase,
    step: r.step,
    cause: r.cause as EventEnvelope['cause'],
    rule: r.rule,
    payload: r.payload as Record<string, unknown>,
    prevHash: r.prev_hash,
    hash: r.hash,
    // Written by append_events from chainEvents' own seal (never from input), so it has the seal's shape.
    ...(r.seal ? { seal: r.seal as unknown as Seal } : {}),
  };
}

const toEnvelope = (r: EventRow): EventEnvelope => envelopeOf(r.match_id, r);

function toRejection(r: Selectable<RejectedCommandsTable>): RejectedCommand {
  return {
    matchId: r.match_id,
    commandId: r.command_id,
    player: r.player,
    command: r.command as Record<string, unknown>,
    rule: r.rule,
    reason: r.reason,
    at: iso(r.at),
  };
}

const EVENT_COLUMNS = [
  'match_id',
  'seq',
  'position',
  'type',
  'payload',
  'at',
  'turn',
  'phase',
  'step',
  'cause',
  'rule',
  'prev_hash',
  'hash',
  'seal',
] as const;

function hasNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\0');
  if (Array.isArray(v)) return v.some(hasNul);
  if (v && typeof v === 'object') return Object.entries(v).some(([k, x]) => k.includes('\0') || hasNul(x));
  return false;
}

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}

/** The head a writer decided on: the last seq and its hash. */
interface Head {
  seq: number;
  hash: string;
}

/** Chains `events` after `head` (Node's native SHA-256) and serialises the rows as `append_events` reads them. */
function prepareAppend(
  matchId: string,
  head: Head,
  events: readonly NewEvent[],
  command?: AppendOptions['command'],
  sealer?: Sealer,
): PreparedAppend {
  const chained = chainEvents(matchId, head.seq, head.hash, events, nodeSha256, sealer);
  const rowsJson = JSON.stringify(
    chained.map((e) => ({
      seq: e.seq,
      type: e.type,
      payload: e.payload,
      at: e.at,
      turn: e.turn,
      phase: e.phase,
      step: e.step,
      cause: e.cause,
      rule: e.rule,
      prev_hash: e.prevHash,
      hash: e.hash,
      seal: e.seal ?? null,
    })),
  );
  return { matchId, head, chained, rowsJson, commandJson: command ? JSON.stringify(command) : null };
}

/**
 * Writes a prepared append in one statement, `append_events` (migrations 0003, 0010): it checks the head,
 * inserts, records the command's body, moves the head and, given a channel, notifies on commit.
 */
async function appendPrepared(
  db: Kysely<Database>,
  notifyChannel: string | null,
  p: PreparedAppend,
): Promise<EventEnvelope[]> {
  const { matchId, head, chained } = p;
  const last = chained[chained.length - 1]!;
  const { rows: result } = await sql<{ appended: boolean; head_seq: number; head_hash: string }>`
    select appended, head_seq, head_hash
    from append_events(${matchId}, ${head.seq}, ${head.hash}, ${last.hash}, ${notifyChannel}, ${p.rowsJson}::jsonb, ${p.commandJson}::jsonb)`.execute(
    db,
  );
  const r = result[0];
  if (!r) throw new MatchNotFoundError(matchId);
  if (r.appended) return chained;
  if (r.head_seq === head.seq) {
    throw new TypeError(
      `expectedHash for match ${matchId} is not the hash of its event ${head.seq}; pass the head you read, or none`,
    );
  }
  throw new ConcurrencyError(matchId, head.seq, r.head_seq);
}

async function readHead(db: Kysely<Database>, matchId: string, expectedSeq: number): Promise<Head> {
  const head = await db
    .selectFrom('matches')
    .select(['last_seq', 'last_hash'])
    .where('match_id', '=', matchId)
    .executeTakeFirst();
  if (!head) throw new MatchNotFoundError(matchId);
  if (head.last_seq !== expectedSeq) throw new ConcurrencyError(matchId, expectedSeq, head.last_seq);
  return { seq: head.last_seq, hash: head.last_hash };
}

/**
 * Appends inside a caller's transaction (reads the head, then the same one-statement append as appendToStream).
 * Exported so a host can append and change other rows atomically (and so tests can hold a transaction open).
 */
export async function appendInTransaction(
  trx: Transaction<Database>,
  notifyChannel: string,
  matchId: string,
  expectedSeq: number,
  events: readonly NewEvent[],
  sealer?: Sealer,
): Promise<EventEnvelope[]> {
  const head = await readHead(trx, matchId, expectedSeq);
  if (events.length === 0) return [];
  return appendPrepared(trx, notifyChannel, prepareAppend(matchId, head, events, undefined, sealer));
}

/**
 * Default limit on one event's JSON size. Game events are a few hundred bytes; a megabyte means a bug (a whole
 * state in a payload) that would bloat every replay, SSE stream and NATS message (NATS refuses > 1 MiB by default).
 */
export const DEFAULT_MAX_EVENT_BYTES = 1 << 20;

/** Heads this store wrote or read last, per match: a head at a given seq never changes, so a hit is always true. */
const HEAD_CACHE = 10_000;

export class KyselyEventStore implements EventStore {
  constructor(
    readonly dialect: 'postgres' | 'pglite',
    /** The Kysely instance, for hosts composing their own transactions with `appendInTransaction`. */
    readonly db: Kysely<Database>,
    /** NOTIFY channel for appends (per schema, so isolated stores don't wake each other). */
    readonly notifyChannel: string,
    private readonly notifier: AppendNotifier,
    private readonly onClose: () => Promise<void>,
    private readonly runMigrations: () => Promise<void>,
    /** Largest event (its JSON) an append accepts; see EventTooLargeError. */
    readonly maxEventBytes: number = DEFAULT_MAX_EVENT_BYTES,
    /** Group commit of concurrent appends (see group-commit.ts); false: one transaction per append. */
    groupCommit: GroupCommitOptions | false = false,
  ) {
    this.committer = groupCommit
      ? new GroupCommitter(db, (p) => appendPrepared(db, null, p), groupCommit)
      : null;
  }

  private readonly committer: GroupCommitter | null;

  /** What group commit did so far (null when it is off). */
  groupCommitStats(): GroupCommitStats | null {
    return this.committer ? { ...this.committer.stats } : null;
  }

  private closed = false;

  migrate(): Promise<void> {
    return this.runMigrations();
  }

  async createMatch(m: Omit<MatchRecord, 'lastSeq' | 'createdAt'> & { createdAt?: string }): Promise<void> {
    const v = parseOrThrow(CreateMatchSchema, m, `match ${m.matchId}`);
    try {
      await this.db
        .insertInto('matches')
        .values({
          match_id: v.matchId,
          game: v.game,
          status: v.status,
          config: JSON.stringify(v.config),
          seed: v.seed,
          spectator_delay_seconds: v.spectatorDelaySeconds,
          coverage_delay_seconds: v.coverageDelaySeconds,
          created_at: v.createdAt ?? new Date().toISOString(),
          summary: JSON.stringify(v.summary),
        })
        .execute();
    } catch (e) {
      if (isUniqueViolation(e))
        throw new Error(`match ${v.matchId} already exists; pick another id`, { cause: e });
      throw e;
    }
  }

  async getMatch(matchId: string): Promise<MatchRecord | null> {
    const r = await this.db
      .selectFrom('matches')
      .selectAll()
      .where('match_id', '=', matchId)
      .executeTakeFirst();
    return r ? toMatch(r) : null;
  }

  async listMatches(
    opts: { status?: MatchRecord['status']; game?: string; limit?: number } = {},
  ): Promise<MatchRecord[]> {
    let q = this.db.selectFrom('matches').selectAll();
    if (opts.status) q = q.where('status', '=', parseOrThrow(MatchStatusSchema, opts.status, 'status'));
    if (opts.game) q = q.where('game', '=', opts.game);
    const limit = parseOrThrow(z.number().int().positive().max(10_000), opts.limit ?? 100, 'limit');
    const rows = await q.orderBy('created_at', 'desc').orderBy('match_id').limit(limit).execute();
    return rows.map(toMatch);
  }

  async updateMatch(matchId: string, patch: Partial<Pick<MatchRecord, 'status' | 'summary'>>): Promise<void> {
    const set: { status?: MatchRecord['status']; summary?: string } = {};
    if (patch.status !== undefined) set.status = parseOrThrow(MatchStatusSchema, patch.status, 'status');
    if (patch.summary !== undefined) set.summary = JSON.stringify(patch.summary);
    if (Object.keys(set).length === 0) return;
    const r = await this.db
      .updateTable('matches')
      .set(set)
      .where('match_id', '=', matchId)
      .executeTakeFirst();
    if (r.numUpdatedRows === 0n) throw new MatchNotFoundError(matchId);
  }

  private readonly heads = new Map<string, Head>();
  private readonly toNotify = new Set<string>();
  private notifying: Promise<void> | null = null;

  /**
   * Notifies listeners of committed appends: one statement at a time, carrying every match appended since the
   * last one, so a burst of appends costs one NOTIFY transaction. Listeners also poll (a crash between an append
   * and its notification only delays them).
   */
  private notifyLater(matchId: string): void {
    this.toNotify.add(matchId);
    this.notifying ??= (async () => {
      try {
        while (this.toNotify.size > 0 && !this.closed) {
          const ids = [...this.toNotify];
          this.toNotify.clear();
          await sql`select pg_notify(${this.notifyChannel}, m) from unnest(${ids}::text[]) as m`.execute(
            this.db,
          );
        }
      } catch {
        // The append itself succeeded; listeners find it on their next poll.
      } finally {
        this.notifying = null;
      }
    })();
  }

  async appendToStream(
    matchId: string,
    expectedSeq: number,
    events: readonly NewEvent[],
    opts: AppendOptions = {},
  ): Promise<EventEnvelope[]> {
    parseOrThrow(MatchIdSchema, matchId, 'matchId');
    parseOrThrow(SeqSchema, expectedSeq, `expectedSeq for match ${matchId}`);
    const valid = parseOrThrow(NewEventsSchema, events, `events for match ${matchId}`);
    for (const e of valid) {
      // jsonb cannot hold U+0000; refuse up front rather than fail inside the transaction with a cryptic error.
      if (hasNul(e)) {
        throw new TypeError(
          `events for match ${matchId} are invalid: event ${e.type} contains a NUL character (U+0000), which Postgres cannot store`,
        );
      }
      const bytes = Buffer.byteLength(JSON.stringify(e));
      if (bytes > this.maxEventBytes)
        throw new EventTooLargeError(matchId, e.type, bytes, this.maxEventBytes);
    }
    const known = this.heads.get(matchId);
    const hash = opts.expectedHash ?? (known?.seq === expectedSeq ? known.hash : undefined);
    // Without a known head hash one read first; with it, the append is a single round trip.
    const head =
      hash === undefined || valid.length === 0
        ? await readHead(this.db, matchId, expectedSeq)
        : { seq: expectedSeq, hash };
    if (valid.length === 0) return [];
    try {
      // NOTIFY inside the append would serialise every append's commit on Postgres' notify queue lock (it
      // halves throughput at 8 writers): the store notifies after commit instead, coalesced (see notifyLater).
      const prepared = prepareAppend(matchId, head, valid, opts.command, opts.sealer);
      const chained = this.committer
        ? await this.committer.append(prepared)
        : await appendPrepared(this.db, null, prepared);
      this.notifyLater(matchId);
      const last = chained[chained.length - 1]!;
      this.heads.delete(matchId);
      if (this.heads.size >= HEAD_CACHE) this.heads.delete(this.heads.keys().next().value!);
      this.heads.set(matchId, { seq: last.seq, hash: last.hash });
      return chained;
    } catch (e) {
      this.heads.delete(matchId);
      // Belt and braces: the head check makes this unreachable, but the unique (match_id, seq) key is the last word.
      if (isUniqueViolation(e)) {
        const m = await this.getMatch(matchId);
        throw new ConcurrencyError(matchId, expectedSeq, m?.lastSeq ?? -1);
      }
      throw e;
    }
  }

  async readStream(matchId: string, opts: { from?: number; to?: number } = {}): Promise<EventEnvelope[]> {
    let q = this.db.selectFrom('events').select(EVENT_COLUMNS).where('match_id', '=', matchId);
    if (opts.from !== undefined) q = q.where('seq', '>=', parseOrThrow(SeqSchema, opts.from, 'from'));
    if (opts.to !== undefined) q = q.where('seq', '<=', parseOrThrow(SeqSchema, opts.to, 'to'));
    const rows = await q.orderBy('seq').execute();
    return rows.map(toEnvelope);
  }

  async readAll(opts: { after: number; limit?: number }): Promise<StoredEvent[]> {
    const after = parseOrThrow(SeqSchema, opts.after, 'after');
    const limit = parseOrThrow(
      z.number().int().positive().max(10_000),
      opts.limit ?? DEFAULT_READ_LIMIT,
      'limit',
    );
    // Commit order is (tx_id, position). Only transactions older than the oldest one still running are read:
    // a younger transaction may have committed while an older one that will still write is open (Emmett's rule).
    let q = this.db
      .selectFrom('events')
      .select(EVENT_COLUMNS)
      .where(sql<boolean>`tx_id < pg_snapshot_xmin(pg_current_snapshot())`);
    if (after > 0)
      q = q.where(sql<boolean>`(tx_id, position) > (${await this.cursorTx(after)}::xid8, ${after}::bigint)`);
    const rows = await q.orderBy('tx_id').orderBy('position').limit(limit).execute();
    return rows.map((r) => ({ ...toEnvelope(r), position: int(r.position) }));
  }

  async hasEventsAfter(after: number): Promise<boolean> {
    parseOrThrow(SeqSchema, after, 'after');
    let q = this.db.selectFrom('events').select('position');
    if (after > 0)
      q = q.where(sql<boolean>`(tx_id, position) > (${await this.cursorTx(after)}::xid8, ${after}::bigint)`);
    return (await q.limit(1).executeTakeFirst()) !== undefined;
  }

  private async cursorTx(after: number): Promise<string> {
    const cursor = await this.db
      .selectFrom('events')
      .select('tx_id')
      .where('position', '=', after)
      .executeTakeFirst();
    if (!cursor)
      throw new RangeError(`no event has position ${after}; resume from a position readAll returned, or 0`);
    return cursor.tx_id;
  }

  onAppended(listener: (matchId: string) => void): Promise<() => Promise<void>> {
    return this.notifier.listen(this.notifyChannel, listener);
  }

  async saveSnapshot(s: Snapshot): Promise<void> {
    parseOrThrow(SeqSchema, s.seq, 'snapshot seq');
    await this.db
      .insertInto('snapshots')
      .values({
        match_id: s.matchId,
        seq: s.seq,
        state: JSON.stringify(s.state),
        hash: s.hash,
        cursor: s.cursor ?? null,
      })
      .onConflict((oc) =>
        oc.columns(['match_id', 'seq']).doUpdateSet((eb) => ({
          state: eb.ref('excluded.state'),
          hash: eb.ref('excluded.hash'),
          cursor: eb.ref('excluded.cursor'),
        })),
      )
      .execute();
  }

  async loadSnapshot(matchId: string, atOrBefore?: number): Promise<Snapshot | null> {
    let q = this.db
      .selectFrom('snapshots')
      .select(['match_id', 'seq', 'state', 'hash', 'cursor'])
      .where('match_id', '=', matchId);
    if (atOrBefore !== undefined) q = q.where('seq', '<=', atOrBefore);
    const r = await q.orderBy('seq', 'desc').limit(1).executeTakeFirst();
    if (!r) return null;
    return {
      matchId: r.match_id,
      seq: r.seq,
      state: r.state,
      hash: r.hash,
      ...(r.cursor === null ? {} : { cursor: r.cursor }),
    };
  }

  async findAccepted(
    matchId: string,
    player: string,
    commandId: string,
    atOrBefore: number,
  ): Promise<AcceptedCommand | null> {
    const first = await this.db
      .selectFrom('events')
      .select('seq')
      .where('match_id', '=', matchId)
      .where(sql<boolean>`cause ? 'commandId'`)
      .where(sql<boolean>`cause->>'commandId' = ${commandId}`)
      .where(sql<boolean>`cause->>'player' = ${player}`)
      .where('seq', '<=', atOrBefore)
      .orderBy('seq')
      .limit(1)
      .executeTakeFirst();
    if (!first) return null;
    // The command's events, then the automatic ones it set off, up to the next command's first event.
    const out: AcceptedCommand = { fromSeq: first.seq, toSeq: first.seq, events: [] };
    for (let from = first.seq; ; from += FIND_PAGE) {
      const rows = await this.db
        .selectFrom('events')
        .select(['seq', 'type', 'cause'])
        .where('match_id', '=', matchId)
        .where('seq', '>=', from)
        .where('seq', '<', from + FIND_PAGE)
        .orderBy('seq')
        .execute();
      for (const r of rows) {
        const cause = r.cause as { commandId?: string; player?: string };
        if (cause.commandId !== undefined && (cause.commandId !== commandId || cause.player !== player))
          return out;
        out.toSeq = r.seq;
        out.events.push({ seq: r.seq, type: r.type });
      }
      if (rows.length < FIND_PAGE) return out;
    }
  }

  async recordRejection(r: RejectedCommand): Promise<void> {
    await this.db
      .insertInto('rejected_commands')
      .values({
        match_id: r.matchId,
        command_id: r.commandId,
        player: r.player,
        command: JSON.stringify(r.command),
        rule: r.rule,
        reason: r.reason,
        at: r.at,
      })
      .execute();
  }

  async listRejections(matchId: string): Promise<RejectedCommand[]> {
    const rows = await this.db
      .selectFrom('rejected_commands')
      .selectAll()
      .where('match_id', '=', matchId)
      .orderBy('id')
      .execute();
    return rows.map(toRejection);
  }

  async findRejection(matchId: string, player: string, commandId: string): Promise<RejectedCommand | null> {
    const row = await this.db
      .selectFrom('rejected_commands')
      .selectAll()
      .where('match_id', '=', matchId)
      .where('player', '=', player)
      .where('command_id', '=', commandId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row ? toRejection(row) : null;
  }

  async recordCommandBody(matchId: string, player: string, commandId: string, body: string): Promise<void> {
    await this.db
      .insertInto('command_bodies')
      .values({ match_id: matchId, player, command_id: commandId, body })
      .onConflict((oc) => oc.columns(['match_id', 'player', 'command_id']).doNothing())
      .execute();
  }

  async commandBody(matchId: string, player: string, commandId: string): Promise<string | null> {
    const r = await this.db
      .selectFrom('command_bodies')
      .select('body')
      .where('match_id', '=', matchId)
      .where('player', '=', player)
      .where('command_id', '=', commandId)
      .executeTakeFirst();
    return r?.body ?? null;
  }

  appendToSideStream(
    matchId: string,
    stream: SideStream,
    events: readonly NewSideEvent[],
    opts: { expectedSeq?: number } = {},
  ): Promise<SideEvent[]> {
    return side.appendToSideStream(this.db, matchId, stream, events, opts);
  }

  readSideStream(
    matchId: string,
    stream: SideStream,
    opts: { from?: number; to?: number } = {},
  ): Promise<SideEvent[]> {
    return side.readSideStream(this.db, matchId, stream, opts);
  }

  searchSideEvents(q: SideSearch): Promise<SideEvent[]> {
    return side.searchSideEvents(this.db, q);
  }

  async deleteMatch(matchId: string): Promise<boolean> {
    const id = parseOrThrow(MatchIdSchema, matchId, 'matchId');
    const deleted = await this.db.transaction().execute(async (tx) => {
      // The row lock first: an append to this match waits, then finds no match.
      const m = await tx
        .selectFrom('matches')
        .select('match_id')
        .where('match_id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!m) return false;
      const game = await tx
        .selectFrom('tournament_games')
        .select('event_id')
        .where('match_id', '=', id)
        .executeTakeFirst();
      if (game) throw new MatchInEventError(id, game.event_id);
      const fork = await tx
        .selectFrom('matches')
        .select('match_id')
        .where(sql<string>`config->'forkOf'->>'matchId'`, '=', id)
        .executeTakeFirst();
      if (fork) throw new MatchHasForksError(id, fork.match_id);
      for (const table of MATCH_TABLES) await tx.deleteFrom(table).where('match_id', '=', id).execute();
      await tx.deleteFrom('matches').where('match_id', '=', id).execute();
      return true;
    });
    this.heads.delete(id);
    return deleted;
  }

  async reclaimSpace(): Promise<void> {
    // Plain VACUUM (not FULL): no exclusive lock, and the freed pages are reused by later inserts, so the files
    // stop growing once deletions keep pace with new matches. It cannot run inside a transaction.
    await sql.raw(`vacuum ${['matches', ...MATCH_TABLES].join(', ')}`).execute(this.db);
    // PGlite runs as a single backend without a checkpointer: its WAL only recycles at a checkpoint, which it would
    // otherwise request at max_wal_size (1 GB). Postgres's own checkpointer does this (and CHECKPOINT needs a privilege there).
    if (this.dialect === 'pglite') await sql`checkpoint`.execute(this.db);
  }

  async getCheckpoint(kind: CheckpointKind, name: string): Promise<number> {
    const r = await this.db
      .selectFrom(checkpointTable(kind))
      .select('position')
      .where('name', '=', name)
      .executeTakeFirst();
    return r ? int(r.position) : 0;
  }

  async setCheckpoint(kind: CheckpointKind, name: string, position: number): Promise<void> {
    parseOrThrow(SeqSchema, position, `${kind} checkpoint ${name}`);
    await this.db
      .insertInto(checkpointTable(kind))
      .values({ name, position, updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('name').doUpdateSet({ position, updated_at: new Date().toISOString() }))
      .execute();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.notifying;
    this.closed = true;
    await this.onClose();
  }
}

function checkpointTable(kind: CheckpointKind): 'relay_checkpoints' | 'projection_checkpoints' {
  if (kind === 'relay') return 'relay_checkpoints';
  if (kind === 'projection') return 'projection_checkpoints';
  throw new TypeError(`checkpoint kind must be 'relay' or 'projection', not ${String(kind)}`);
}
