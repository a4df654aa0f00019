// In-code migrations, run by Kysely's Migrator on open. Never edit a shipped migration: add a new one.
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { GENESIS_HASH } from '@matchtape/engine';

// Migrations see an untyped database: the schema they build is what `Database` describes afterwards.
type AnyDb = Kysely<Record<string, never>>;

const m0001: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('matches')
      .addColumn('match_id', 'text', (c) => c.primaryKey())
      .addColumn('game', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('setup', 'playing', 'ended')`))
      .addColumn('config', 'jsonb', (c) => c.notNull())
      .addColumn('seed', 'text', (c) => c.notNull())
      .addColumn('spectator_delay_seconds', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('coverage_delay_seconds', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_hash', 'text', (c) => c.notNull().defaultTo(GENESIS_HASH))
      .addColumn('summary', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .execute();
    await db.schema
      .createIndex('matches_status_created')
      .on('matches')
      .columns(['status', 'created_at'])
      .execute();

    // The outbox. `at` is text so the hashed string comes back byte for byte; tx_id orders commits for readAll.
    await db.schema
      .createTable('events')
      .addColumn('match_id', 'text', (c) => c.notNull().references('matches.match_id'))
      .addColumn('seq', 'integer', (c) => c.notNull().check(sql`seq > 0`))
      .addColumn('position', 'bigserial', (c) => c.notNull().unique())
      .addColumn('tx_id', sql`xid8`, (c) => c.notNull().defaultTo(sql`pg_current_xact_id()`))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('payload', 'jsonb', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('turn', 'integer', (c) => c.notNull())
      .addColumn('phase', 'text', (c) => c.notNull())
      .addColumn('step', 'text')
      .addColumn('cause', 'jsonb', (c) => c.notNull())
      .addColumn('rule', 'text')
      .addColumn('prev_hash', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('events_match_seq', ['match_id', 'seq'])
      .execute();
    await db.schema.createIndex('events_tx_position').on('events').columns(['tx_id', 'position']).execute();

    await db.schema
      .createTable('snapshots')
      .addColumn('match_id', 'text', (c) => c.notNull().references('matches.match_id'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('state', 'jsonb', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('snapshots_match_seq', ['match_id', 'seq'])
      .execute();

    await db.schema
      .createTable('rejected_commands')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('match_id', 'text', (c) => c.notNull().references('matches.match_id'))
      .addColumn('command_id', 'text')
      .addColumn('player', 'text', (c) => c.notNull())
      .addColumn('command', 'jsonb', (c) => c.notNull())
      .addColumn('rule', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('rejected_commands_match')
      .on('rejected_commands')
      .columns(['match_id', 'id'])
      .execute();

    for (const table of ['relay_checkpoints', 'projection_checkpoints']) {
      await db.schema
        .createTable(table)
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('position', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    }
  },
  async down(db: AnyDb) {
    for (const t of [
      'projection_checkpoints',
      'relay_checkpoints',
      'rejected_commands',
      'snapshots',
      'events',
      'matches',
    ]) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};

// The body of each accepted command (its id aside), so any instance can tell a retry (same body) from a
// commandId reused for another command (409). The stream itself keeps only the command's id.
const m0002: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('command_bodies')
      .addColumn('match_id', 'text', (c) => c.notNull().references('matches.match_id'))
      .addColumn('player', 'text', (c) => c.notNull())
      .addColumn('command_id', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('command_bodies_key', ['match_id', 'player', 'command_id'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('command_bodies').ifExists().execute();
  },
};

// One round trip per append: the host knows the head it decided on, so the function only has to check it,
// insert the chained rows, move the head (and notify, inside a caller's transaction) — in a single statement. The conditional
// UPDATE takes the match row lock: a concurrent writer of the same match waits, re-reads the row after the
// first commits, no longer matches and gets the current head back (the store turns that into ConcurrencyError).
// Unqualified names resolve through the connection's search_path, so each test schema uses its own tables.
const m0003: Migration = {
  async up(db: AnyDb) {
    await sql`
      create or replace function append_events(
        p_match_id text, p_expected_seq integer, p_expected_hash text, p_last_hash text, p_channel text, p_rows jsonb
      ) returns table (appended boolean, head_seq integer, head_hash text)
      language plpgsql as $$
      declare
        n integer := jsonb_array_length(p_rows);
      begin
        update matches set last_seq = p_expected_seq + n, last_hash = p_last_hash
          where match_id = p_match_id and last_seq = p_expected_seq and last_hash = p_expected_hash;
        if not found then
          return query select false, m.last_seq, m.last_hash from matches m where m.match_id = p_match_id;
          return;
        end if;
        insert into events (match_id, seq, type, payload, at, turn, phase, step, cause, rule, prev_hash, hash)
          select p_match_id, r.seq, r.type, r.payload, r.at, r.turn, r.phase, r.step, r.cause, r.rule, r.prev_hash, r.hash
          from jsonb_to_recordset(p_rows) as r(
            seq integer, type text, payload jsonb, at text, turn integer, phase text, step text, cause jsonb,
            rule text, prev_hash text, hash text
          )
          order by r.seq;
        -- Null: the caller notifies after commit itself (coalesced; NOTIFY serialises committing transactions).
        if p_channel is not null then
          perform pg_notify(p_channel, p_match_id);
        end if;
        return query select true, p_expected_seq + n, p_last_hash;
      end
      $$`.execute(db);
  },
  async down(db: AnyDb) {
    await sql`drop function if exists append_events(text, integer, text, text, text, jsonb)`.execute(db);
  },
};

// Loading a match from its latest snapshot plus the tail: the snapshot keeps the generator cursor (which the
// events before it would otherwise have to be read for), and commands are found by id without reading the stream.
const m0004: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('snapshots').addColumn('cursor', 'integer').execute();
    await sql`create index events_command on events (match_id, (cause->>'commandId')) where cause ? 'commandId'`.execute(
      db,
    );
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('events_command').ifExists().execute();
    await db.schema.alterTable('snapshots').dropColumn('cursor').execute();
  },
};

/** append_events (m0010's body; with `seal`, m0011's, which also writes each event's seal). */
function appendEventsSql(seal: boolean): string {
  return `
      create or replace function append_events(
        p_match_id text, p_expected_seq integer, p_expected_hash text, p_last_hash text, p_channel text, p_rows jsonb,
        p_command jsonb
      ) returns table (appended boolean, head_seq integer, head_hash text)
      language plpgsql as $$
      declare
        n integer := jsonb_array_length(p_rows);
      begin
        update matches set last_seq = p_expected_seq + n, last_hash = p_last_hash
          where match_id = p_match_id and last_seq = p_expected_seq and last_hash = p_expected_hash;
        if not found then
          return query select false, m.last_seq, m.last_hash from matches m where m.match_id = p_match_id;
          return;
        end if;
        insert into events (match_id, seq, type, payload, at, turn, phase, step, cause, rule, prev_hash, hash${seal ? ', seal' : ''})
          select p_match_id, r.seq, r.type, r.payload, r.at, r.turn, r.phase, r.step, r.cause, r.rule, r.prev_hash, r.hash${seal ? ', r.seal' : ''}
          from jsonb_to_recordset(p_rows) as r(
            seq integer, type text, payload jsonb, at text, turn integer, phase text, step text, cause jsonb,
            rule text, prev_hash text, hash text${seal ? ', seal jsonb' : ''}
          )
          order by r.seq;
        -- The first body recorded under (match, player, commandId) stays, as recordCommandBody does.
        if p_command is not null then
          insert into command_bodies (match_id, player, command_id, body)
            values (p_match_id, p_command->>'player', p_command->>'commandId', p_command->>'body')
            on conflict (match_id, player, command_id) do nothing;
        end if;
        if p_channel is not null then
          perform pg_notify(p_channel, p_match_id);
        end if;
        return query select true, p_expected_seq + n, p_last_hash;
      end
      $$`;
}

// The accepted command's body is written by the append itself (same transaction, same round trip): before, it
// was a second statement after the append whose failure was swallowed, so a crash or a lost connection between
// the two left a committed command whose body no instance knew (a retry with another body then passed as a
// replay instead of a 409). An overload with one more argument: callers of the six-argument form keep working.
const m0010: Migration = {
  async up(db: AnyDb) {
    await sql.raw(appendEventsSql(false)).execute(db);
  },
  async down(db: AnyDb) {
    await sql`drop function if exists append_events(text, integer, text, text, text, jsonb, jsonb)`.execute(
      db,
    );
  },
};

// Read models built by the projector, in generations (blue/green): a rebuild fills a new generation while the
// live one keeps serving, then one transaction makes it live and retires the old one. Each generation keeps its
// own checkpoint (`position`, the last event it folded in commit order), written with its documents, so a
// killed build resumes exactly where its last batch committed.
const m0010ReadModels: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('read_model_generations')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('generation', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('building', 'live', 'retired')`))
      .addColumn('position', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('events', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('live_at', 'timestamptz')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('read_model_generations_key', ['name', 'generation'])
      .execute();
    // At most one live generation per read model.
    await sql`create unique index read_model_one_live on read_model_generations (name) where status = 'live'`.execute(
      db,
    );
    await db.schema
      .createTable('read_model_docs')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('generation', 'integer', (c) => c.notNull())
      .addColumn('match_id', 'text', (c) => c.notNull())
      .addColumn('last_seq', 'integer', (c) => c.notNull())
      .addColumn('doc', 'jsonb', (c) => c.notNull())
      .addPrimaryKeyConstraint('read_model_docs_key', ['name', 'generation', 'match_id'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('read_model_docs').ifExists().execute();
    await db.schema.dropTable('read_model_generations').ifExists().execute();
  },
};

// Side streams (annotations, disputes): per-match event streams of their own, seq gap-free per (match, stream),
// outside the match's hash chain (they comment on the match; they are not part of its play).
const m0005: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('side_events')
      .addColumn('match_id', 'text', (c) => c.notNull().references('matches.match_id'))
      .addColumn('stream', 'text', (c) => c.notNull().check(sql`stream in ('annotations', 'disputes')`))
      .addColumn('seq', 'integer', (c) => c.notNull().check(sql`seq > 0`))
      .addColumn('position', 'bigserial', (c) => c.notNull().unique())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('author', 'jsonb', (c) => c.notNull())
      .addColumn('payload', 'jsonb', (c) => c.notNull())
      .addPrimaryKeyConstraint('side_events_match_stream_seq', ['match_id', 'stream', 'seq'])
      .execute();
    await db.schema
      .createIndex('side_events_stream_type')
      .on('side_events')
      .columns(['stream', 'type'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('side_events').ifExists().execute();
  },
};

// Sealed (v2) events (engine seal.ts): the seal is what their hash commits to instead of the payload, so it is
// stored beside it (null for v1 events). append_events keeps its signature and also writes each row's seal.
const m0011: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('events').addColumn('seal', 'jsonb').execute();
    await sql.raw(appendEventsSql(true)).execute(db);
  },
  async down(db: AnyDb) {
    await sql.raw(appendEventsSql(false)).execute(db);
    await db.schema.alterTable('events').dropColumn('seal').execute();
  },
};

// Player tables waiting for decks (apps/server/src/table): the match is created once every seat has a deck.
const m0012: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('table_lobbies')
      .addColumn('match_id', 'text', (c) => c.primaryKey())
      .addColumn('game', 'text', (c) => c.notNull())
      .addColumn('doc', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('table_lobbies').ifExists().execute();
  },
};

// A command's earlier rejection is found by (match, player, commandId) with one index lookup, not by reading the
// match's whole rejection list on every human command (engine-host's idempotency check).
const m0017: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createIndex('rejected_commands_command')
      .on('rejected_commands')
      .columns(['match_id', 'player', 'command_id', 'id'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('rejected_commands_command').ifExists().execute();
  },
};

// Tournaments (issue 23, packages/events): each event is a stream of its own with the matches' envelope and hash
// chain (turn = round, phase 'event'), apart from the matches so the relay, publisher and projector never see it.
// `doc` is the standings projection, kept live by the server and rebuildable from the stream.
const m0013: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('tournaments')
      .addColumn('event_id', 'text', (c) => c.primaryKey())
      .addColumn('game', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_hash', 'text', (c) => c.notNull().defaultTo(GENESIS_HASH))
      .addColumn('doc', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('doc_seq', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('tournament_events')
      .addColumn('event_id', 'text', (c) => c.notNull().references('tournaments.event_id'))
      .addColumn('seq', 'integer', (c) => c.notNull().check(sql`seq > 0`))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('turn', 'integer', (c) => c.notNull())
      .addColumn('phase', 'text', (c) => c.notNull())
      .addColumn('step', 'text')
      .addColumn('cause', 'jsonb', (c) => c.notNull())
      .addColumn('rule', 'text')
      .addColumn('payload', 'jsonb', (c) => c.notNull())
      .addColumn('prev_hash', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('tournament_events_pk', ['event_id', 'seq'])
      .execute();
    // Which tournament game a match is: the reporter finds its pairing from a match id alone.
    await db.schema
      .createTable('tournament_games')
      .addColumn('match_id', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull().references('tournaments.event_id'))
      .addColumn('round', 'integer', (c) => c.notNull())
      .addColumn('table_no', 'integer', (c) => c.notNull())
      .addColumn('game_no', 'integer', (c) => c.notNull())
      .addColumn('seats', 'jsonb', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('tournament_games').ifExists().execute();
    await db.schema.dropTable('tournament_events').ifExists().execute();
    await db.schema.dropTable('tournaments').ifExists().execute();
  },
};

// The casters' drawings on the board (arrows, circles: apps/server/src/coverage/drawings.ts) are a third side stream.
// The check of 0005 was written inline, so Postgres named it side_events_stream_check.
const m0014: Migration = {
  async up(db: AnyDb) {
    await sql`alter table side_events drop constraint if exists side_events_stream_check`.execute(db);
    await sql`alter table side_events add constraint side_events_stream_check check (stream in ('annotations', 'disputes', 'drawings'))`.execute(
      db,
    );
  },
  async down(db: AnyDb) {
    await sql`delete from side_events where stream = 'drawings'`.execute(db);
    await sql`alter table side_events drop constraint if exists side_events_stream_check`.execute(db);
    await sql`alter table side_events add constraint side_events_stream_check check (stream in ('annotations', 'disputes'))`.execute(
      db,
    );
  },
};

// A tournament player's invite link (issue 23): their player token, kept so the organiser can read the links again
// from any browser. Secret like any token: only the organiser's route reads them, never the event stream or a view.
const m0018: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('tournament_invites')
      .addColumn('event_id', 'text', (c) => c.notNull().references('tournaments.event_id'))
      .addColumn('player', 'text', (c) => c.notNull())
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('tournament_invites_pk', ['event_id', 'player'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('tournament_invites').ifExists().execute();
  },
};

export const migrations: Record<string, Migration> = {
  '0001_event_store': m0001,
  '0002_command_bodies': m0002,
  '0003_append_function': m0003,
  '0004_snapshot_cursor': m0004,
  '0005_side_streams': m0005,
  '0010_append_with_command_body': m0010,
  '0010_read_models': m0010ReadModels,
  '0011_event_seals': m0011,
  '0012_table_lobbies': m0012,
  '0013_tournaments': m0013,
  '0014_drawings_side_stream': m0014,
  '0017_rejection_lookup': m0017,
  '0018_tournament_invites': m0018,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
