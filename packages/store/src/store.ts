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
  type EncodedEvent,
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
    // Written by the append from chainEvents' own seal (never from input), so it has the seal's shape.
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

function readAllOptions(opts: { after: number; limit?: number }): { after: number; limit: number } {
  return {
    after: parseOrThrow(SeqSchema, opts.after, 'after'),
    limit: parseOrThrow(z.number().int().positive().max(10_000), opts.limit ?? DEFAULT_READ_LIMIT, 'limit'),
  };
}

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

/** An event's payload and cause as stored, serialised once: checked, then spliced into the row. */
interface EventJson {
  payload: string;
  cause: string;
}

/** Whether a JSON text holds U+0000: JSON.stringify writes it `\u0000` (the exact check confirms a hit). */
const jsonHasNul = (json: string, value: unknown): boolean => json.includes('\\u0000') && hasNul(value);

/**
 * Serialises each event's payload and cause once and checks what Postgres cannot store: U+0000 (jsonb refuses it;
 * refused up front rather than failing inside the transaction with a cryptic error) and events over `maxBytes`.
 */
function serialiseEvents(matchId: string, events: readonly NewEvent[], maxBytes: number): EventJson[] {
  return events.map((e) => {
    const payload = JSON.stringify(e.payload);
    const cause = JSON.stringify(e.cause);
    const rest = JSON.stringify({
      type: e.type,
      at: e.at,
      turn: e.turn,
      phase: e.phase,
      step: e.step,
      rule: e.rule,
    });
    if (
      jsonHasNul(rest, [e.type, e.at, e.phase, e.step, e.rule]) ||
      jsonHasNul(payload, e.payload) ||
      jsonHasNul(cause, e.cause)
    ) {
      throw new TypeError(
        `events for match ${matchId} are invalid: event ${e.type} contains a NUL character (U+0000), which Postgres cannot store`,
      );
    }
    // The event's JSON is `rest` with `,"cause":…,"payload":…` spliced in (20 characters of keys): its UTF-8 size
    // is counted only when it could exceed the limit (a UTF-16 unit is at most 3 bytes).
    const chars = rest.length + 20 + cause.length + payload.length;
    if (chars * 3 > maxBytes) {
      const bytes = Buffer.byteLength(rest) + 20 + Buffer.byteLength(cause) + Buffer.byteLength(payload);
      if (bytes > maxBytes) throw new EventTooLargeError(matchId, e.type, bytes, maxBytes);
    }
    return { payload, cause };
  });
}

/**
 * Chains `events` after `head` (Node's native SHA-256) and writes the rows as the append statement reads them,
 * from the payload and cause serialised once by serialiseEvents.
 */
function prepareAppend(
  matchId: string,
  head: Head,
  events: readonly NewEvent[],
  json: readonly EventJson[],
  command?: AppendOptions['command'],
  sealer?: Sealer,
): PreparedAppend {
  const chained = chainEvents(matchId, head.seq, head.hash, events, nodeSha256, sealer);
  const q = JSON.stringify;
  const rows = chained.map(
    (e, k) =>
      `{"seq":${e.seq},"type":${q(e.type)},"payload":${json[k]!.payload},"at":${q(e.at)},"turn":${q(e.turn)},` +
      `"phase":${q(e.phase)},"step":${q(e.step)},"cause":${json[k]!.cause},"rule":${q(e.rule)},` +
      `"prev_hash":${q(e.prevHash)},"hash":${q(e.hash)},"seal":${e.seal ? q(e.seal) : 'null'}}`,
  );
  return {
    matchId,
    head,
    chained,
    rowsJson: `[${rows.join(',')}]`,
    commandJson: command ? JSON.stringify(command) : null,
  };
}

/** Opens a statement Postgres keeps prepared per connection (open.ts): parsed and planned once, not per call. */
export const PREPARED_MARK = '/* matchtape:prepare ';

/**
 * The append in one plain statement, prepared once per connection (issue 27: the plpgsql `append_events` of
 * migrations 0003/0010/0011 cost a third more Postgres CPU than a multi-row INSERT, planning included). The head
 * moves only when it is where the writer expects it — the same conditional UPDATE, so the same row lock: a
 * concurrent writer of the match waits, re-reads the row after the first commits, no longer matches and moves
 * nothing — and only then are the rows and the command's body inserted. The group commit batch is this statement
 * over many matches (group-commit.ts).
 */
function appendStatement(p: PreparedAppend) {
  const last = p.chained[p.chained.length - 1]!;
  return sql<{ moved: number }>`${sql.raw(`${PREPARED_MARK}append_events_v2 */`)}
    with moved as (
      update matches set last_seq = ${p.head.seq}::integer + ${p.chained.length}::integer, last_hash = ${last.hash}::text
        where match_id = ${p.matchId}::text and last_seq = ${p.head.seq}::integer and last_hash = ${p.head.hash}::text
        returning match_id
    ), ins as (
      insert into events (match_id, seq, type, payload, at, turn, phase, step, cause, rule, prev_hash, hash, seal)
        select mv.match_id, r.seq, r.type, r.payload, r.at, r.turn, r.phase, r.step, r.cause, r.rule, r.prev_hash,
          r.hash, r.seal
        from moved mv cross join jsonb_to_recordset(${p.rowsJson}::jsonb) as r(
          seq integer, type text, payload jsonb, at text, turn integer, phase text, step text, cause jsonb,
          rule text, prev_hash text, hash text, seal jsonb
        )
        order by r.seq
    ), cmd as (
      -- The first body recorded under (match, player, commandId) stays, as recordCommandBody does.
      insert into command_bodies (match_id, player, command_id, body)
        select mv.match_id, c->>'player', c->>'commandId', c->>'body'
        from moved mv cross join (select ${p.commandJson}::jsonb as c) as b
        where c is not null
        on conflict (match_id, player, command_id) do nothing
    )
    select count(*)::integer as moved from moved`;
}

/**
 * The same append by the plpgsql `append_events` (migrations 0010/0011), for PGlite: it prepares nothing, so the
 * plain statement would be planned on every call, while the function's plans are cached per session.
 */
function appendByFunction(p: PreparedAppend) {
  const last = p.chained[p.chained.length - 1]!;
  return sql<{ moved: number }>`
    select case when appended then 1 else 0 end as moved
    from append_events(${p.matchId}, ${p.head.seq}, ${p.head.hash}, ${last.hash}, null, ${p.rowsJson}::jsonb, ${p.commandJson}::jsonb)`;
}

/**
 * Writes a prepared append in one statement (appendStatement; appendByFunction on PGlite): it checks the head,
 * inserts, records the command's body and moves the head; given a channel (a caller's transaction), it then
 * notifies on commit.
 */
async function appendPrepared(
  db: Kysely<Database>,
  notifyChannel: string | null,
  p: PreparedAppend,
  viaFunction = false,
): Promise<EventEnvelope[]> {
  const { matchId, head, chained } = p;
  for (let attempt = 0; ; attempt++) {
    const { rows } = await (viaFunction ? appendByFunction(p) : appendStatement(p)).execute(db);
    if (rows[0]?.moved === 1) {
      if (notifyChannel !== null) await sql`select pg_notify(${notifyChannel}, ${matchId})`.execute(db);
      return chained;
    }
    // Nothing written. The head as of now, read by a statement of its own (a statement sees the rows committed
    // before it began, so the append's could not see the writer it waited for): it names the error.
    const now = await db
      .selectFrom('matches')
      .select(['last_seq', 'last_hash'])
      .where('match_id', '=', matchId)
      .executeTakeFirst();
    if (!now) throw new MatchNotFoundError(matchId);
    if (now.last_seq === head.seq && now.last_hash === head.hash) {
      // The head reached the expectation only after the statement (the writer was ahead of it): try again.
      if (attempt < 2) continue;
      throw new ConcurrencyError(matchId, head.seq, now.last_seq);
    }
    if (now.last_seq === head.seq) {
      throw new TypeError(
        `expectedHash for match ${matchId} is not the hash of its event ${head.seq}; pass the head you read, or none`,
      );
    }
    throw new ConcurrencyError(matchId, head.seq, now.last_seq);
  }
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
  return appendPrepared(
    trx,
    notifyChannel,
    // No size limit here (the host's store has its own); the NUL check gives its clear error.
    prepareAppend(matchId, head, events, serialiseEvents(matchId, events, Infinity), undefined, sealer),
  );
}

/**
 * Default limit on one event's JSON size. Game events are a few hundred bytes; a megabyte means a bug (a whole
 * state in a payload) that would bloat every replay, SSE stream and NATS message (NATS refuses > 1 MiB by default).
 */
export const DEFAULT_MAX_EVENT_BYTES = 1 << 20;

/**
 * Least time between two NOTIFY statements. Back to back under load they cost a third of the appends' CPU, Node's
 * and Postgres' (a transaction and a commit each; issue 27); spaced, one carries every match appended meanwhile,
 * so a listener hears at most this much later. A quiet store notifies at once.
 */
const NOTIFY_EVERY_MS = 10;

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
      ? new GroupCommitter(db, (p) => appendPrepared(db, null, p, dialect === 'pglite'), groupCommit)
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

  /** When the last NOTIFY statement went (performance.now()). */
  private lastNotify = -Infinity;

  /**
   * Notifies listeners of committed appends: one statement at a time, carrying every match appended since the
   * last one, so a burst of appends costs one NOTIFY transaction, and at most one every NOTIFY_EVERY_MS. Listeners
   * also poll (a crash between an append and its notification only delays them).
   */
  private notifyLater(matchId: string): void {
    this.toNotify.add(matchId);
    this.notifying ??= (async () => {
      try {
        while (this.toNotify.size > 0 && !this.closed) {
          const wait = this.lastNotify + NOTIFY_EVERY_MS - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          const ids = [...this.toNotify];
          this.toNotify.clear();
          this.lastNotify = performance.now();
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
    // Events a MatchSession stamped are typed by the engine and come from no request or file: no second schema check.
    const valid = opts.fromEngine
      ? events
      : parseOrThrow(NewEventsSchema, events, `events for match ${matchId}`);
    const json = serialiseEvents(matchId, valid, this.maxEventBytes);
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
      const prepared = prepareAppend(matchId, head, valid, json, opts.command, opts.sealer);
      const chained = this.committer
        ? await this.committer.append(prepared)
        : await appendPrepared(this.db, null, prepared, this.dialect === 'pglite');
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
    const { after, limit } = readAllOptions(opts);
    const committed = await this.committedAfter(after);
    const rows = await committed
      .select(EVENT_COLUMNS)
      .orderBy('tx_id')
      .orderBy('position')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...toEnvelope(r), position: int(r.position) }));
  }

  async readAllEncoded(opts: { after: number; limit?: number }): Promise<EncodedEvent[]> {
    const { after, limit } = readAllOptions(opts);
    // Postgres writes the envelope's text (envelopeOf's keys in its order, the jsonb columns as their own text), so
    // the reader parses four columns a row and no payload: parsing the payload only for the relay to serialise it
    // again was most of its read (the relay bench's events: 6 µs of client CPU each instead of readAll's 15).
    const committed = await this.committedAfter(after);
    const rows = await committed
      .select([
        'match_id',
        'seq',
        'position',
        sql<string>`'{"matchId":' || to_json(match_id) || ',"seq":' || seq || ',"type":' || to_json(type)
          || ',"at":' || to_json(at) || ',"turn":' || turn || ',"phase":' || to_json(phase)
          || ',"step":' || coalesce(to_json(step)::text, 'null') || ',"cause":' || cause::text
          || ',"rule":' || coalesce(to_json(rule)::text, 'null') || ',"payload":' || payload::text
          || ',"prevHash":' || to_json(prev_hash) || ',"hash":' || to_json(hash)
          || coalesce(',"seal":' || seal::text, '') || '}'`.as('body'),
      ])
      .orderBy('tx_id')
      .orderBy('position')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ position: int(r.position), matchId: r.match_id, seq: r.seq, body: r.body }));
  }

  /** The events readable after `after`: committed, and after it in commit order (tx_id, position). */
  private async committedAfter(after: number) {
    // Only transactions older than the oldest one still running are read: a younger transaction may have committed
    // while an older one that will still write is open (Emmett's rule).
    const q = this.db
      .selectFrom('events')
      .where(sql<boolean>`tx_id < pg_snapshot_xmin(pg_current_snapshot())`);
    if (after === 0) return q;
    return q.where(sql<boolean>`(tx_id, position) > (${await this.cursorTx(after)}::xid8, ${after}::bigint)`);
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
