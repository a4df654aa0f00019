// openStore: Postgres when a URL is given, else PGlite persisted under a data dir. Same store code for both.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { migrationProvider } from './migrations';
import type { Database } from './schema';
import { scopedDialect } from './scoped-introspector';
import type { GroupCommitOptions } from './group-commit';
import { isStoreUnavailable } from './ops';
import { DEFAULT_MAX_EVENT_BYTES, KyselyEventStore, PREPARED_MARK, type AppendNotifier } from './store';

export interface OpenStoreOptions {
  /** postgres://… — use Postgres. Absent: embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data directory (default `.data/pglite` at the repository root); `memory://` keeps it in memory. */
  dataDir?: string;
  /** Postgres schema to create and use (tests isolate themselves with one each). Default: `public`. */
  schema?: string;
  /** Run migrations on open (default true). */
  migrate?: boolean;
  /** Postgres pool size (default 10). */
  poolSize?: number;
  /** Largest event (JSON bytes) an append accepts (default 1 MiB, or MATCHTAPE_MAX_EVENT_BYTES). */
  maxEventBytes?: number;
  /**
   * Group commit: concurrent appends of different matches share one transaction (store README, "Group commit").
   * Default on for Postgres, off for PGlite (one connection, nothing to share); `false` turns it off.
   */
  groupCommit?: boolean | GroupCommitOptions;
}

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const DEFAULT_PGLITE_DIR = resolve(REPO_ROOT, '.data/pglite');

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,50}$/;

function checkSchema(schema: string | undefined): string | undefined {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new TypeError(
      `schema "${schema}" is invalid: use 1–51 lowercase letters, digits or _, not starting with a digit`,
    );
  }
  return schema;
}

const channelFor = (schema: string | undefined): string =>
  schema ? `matchtape_appended__${schema}` : 'matchtape_appended';

async function runMigrations(db: Kysely<Database>, schema: string | undefined): Promise<void> {
  // An explicit migration-table schema: Kysely otherwise finds a kysely_migration table in any schema.
  // Unordered: each line of work owns a migration number (0005…0011) and they land in any order, so a database
  // that already ran 0010 must still accept 0005 when it arrives. Migrations are independent of each other's order.
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    migrationTableSchema: schema ?? 'public',
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

export async function openStore(opts: OpenStoreOptions = {}): Promise<KyselyEventStore> {
  const schema = checkSchema(opts.schema);
  const maxEventBytes = opts.maxEventBytes ?? maxEventBytesFromEnv();
  const gc = opts.groupCommit ?? Boolean(opts.databaseUrl);
  const groupCommit = gc === true ? {} : gc;
  const store = opts.databaseUrl
    ? await openPostgres(
        opts.databaseUrl,
        schema,
        opts.poolSize ?? 10,
        maxEventBytes,
        // As many batches out as the pool has connections: a batch forms from what arrives while they are busy.
        groupCommit && { maxInFlight: opts.poolSize ?? 10, ...groupCommit },
      )
    : await openPglite(opts.dataDir ?? DEFAULT_PGLITE_DIR, schema, maxEventBytes, groupCommit);
  if (opts.migrate !== false) {
    try {
      await store.migrate();
    } catch (e) {
      await store.close();
      throw e;
    }
  }
  return store;
}

function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.username ? `${u.username}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return 'the DATABASE_URL given';
  }
}

function maxEventBytesFromEnv(): number {
  const v = process.env.MATCHTAPE_MAX_EVENT_BYTES;
  if (v === undefined || v.trim() === '') return DEFAULT_MAX_EVENT_BYTES;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1024)
    throw new TypeError(
      `MATCHTAPE_MAX_EVENT_BYTES must be a whole number of bytes, at least 1024; got "${v}"`,
    );
  return n;
}

async function openPostgres(
  databaseUrl: string,
  schema: string | undefined,
  poolSize: number,
  maxEventBytes: number,
  groupCommit: GroupCommitOptions | false,
): Promise<KyselyEventStore> {
  // One plain connection first: a clear error when the server is unreachable, and the schema created if asked.
  const admin = new pg.Client({ connectionString: databaseUrl });
  try {
    await admin.connect();
  } catch (e) {
    await admin.end().catch(() => undefined);
    throw new Error(
      `cannot reach Postgres at ${describeUrl(databaseUrl)}: ${(e as Error).message}. Is it running? (npm test starts it via infra/with-services.sh)`,
      { cause: e },
    );
  }
  try {
    if (schema) await admin.query(`create schema if not exists "${schema}"`);
  } catch (e) {
    // Two stores opening the same new schema at once: the loser's "already exists" is fine.
    const code = (e as { code?: string }).code;
    if (code !== '23505' && code !== '42P06') throw e;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its server must not crash the process; the next query reconnects or fails loudly.
  pool.on('error', () => undefined);
  // A checked-out client whose backend is killed emits 'error' as well as failing its query: the query's caller
  // gets the error (retryable: `isStoreUnavailable`), the event must not crash the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const dialect = new PostgresDialect({ pool: destroyingLostClients(pool) });
  const db = new Kysely<Database>({ dialect: scopedDialect(dialect, schema ?? 'public') });
  const listeners = new Set<pg.Client>();
  const notifier: AppendNotifier = {
    async listen(channel, listener) {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('error', () => undefined);
      client.on('notification', (n) => {
        if (n.channel === channel && n.payload !== undefined) listener(n.payload);
      });
      await client.connect();
      await client.query(`listen "${channel}"`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end().catch(() => undefined);
      };
    },
  };
  return new KyselyEventStore(
    'postgres',
    db,
    channelFor(schema),
    notifier,
    async () => {
      await Promise.all([...listeners].map((c) => c.end().catch(() => undefined)));
      await db.destroy();
    },
    () => runMigrations(db, schema),
    maxEventBytes,
    groupCommit,
  );
}

/** True when a query's error means its connection is gone: the server ended the session, or the socket died. */
function lostConnection(err: unknown): boolean {
  const severity = (err as { severity?: unknown } | null)?.severity;
  return severity === 'FATAL' || severity === 'PANIC' || isStoreUnavailable(err);
}

/**
 * The pool as Kysely sees it, except that a client whose query lost its connection is released with that error,
 * so the pool destroys it. Kysely releases every client plainly, and the pool then keeps a dead one until it has
 * read the socket's end, which under load comes after the next checkout: that query failed with "Connection
 * terminated unexpectedly" (group-commit.test, a batch cut off mid-way).
 */
function destroyingLostClients(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, LostAwareClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let w = wrappers.get(client);
      if (!w) wrappers.set(client, (w = new LostAwareClient(client)));
      return w;
    },
    end: () => pool.end(),
  };
}

class LostAwareClient implements PostgresPoolClient {
  /** The error that lost this checkout its connection, if one did. */
  private lost: Error | undefined;
  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sql: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sql !== 'string')
      throw new TypeError('the store streams no query through a cursor; read in pages instead');
    const values = parameters ? [...parameters] : [];
    // A hot statement that names itself (PREPARED_MARK) is parsed and planned once per connection, not per call.
    const name = sql.startsWith(PREPARED_MARK) ? sql.slice(PREPARED_MARK.length, sql.indexOf(' */')) : null;
    return (name ? this.client.query({ name, text: sql, values }) : this.client.query(sql, values)).then(
      (r) => r as PostgresQueryResult<R>,
      (err: unknown) => {
        if (lostConnection(err)) this.lost = err instanceof Error ? err : new Error(String(err));
        throw err;
      },
    );
  }

  release(): void {
    const lost = this.lost;
    this.lost = undefined;
    this.client.release(lost);
  }
}

/** One process per PGlite directory: a second writer would corrupt it. The lock names the holder's pid. */
function lockDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  mkdirSync(dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(lockPath, 'utf8').trim());
      let alive = false;
      if (Number.isInteger(pid) && pid > 0) {
        try {
          process.kill(pid, 0);
          alive = true;
        } catch (err) {
          alive = (err as NodeJS.ErrnoException).code === 'EPERM';
        }
      }
      if (alive) {
        throw new Error(
          `the embedded database ${dataDir} is in use by process ${pid}${pid === process.pid ? ' (this one)' : ''}; stop it, or set DATABASE_URL to share a Postgres server`,
        );
      }
      rmSync(lockPath, { force: true }); // left by a process that died
    }
  }
  throw new Error(`cannot lock ${lockPath}; remove it if no Matchtape process is running`);
}

async function openPglite(
  dataDir: string,
  schema: string | undefined,
  maxEventBytes: number,
  groupCommit: GroupCommitOptions | false,
): Promise<KyselyEventStore> {
  const inMemory = dataDir.startsWith('memory://');
  const dir = inMemory ? dataDir : resolve(dataDir);
  let unlock = (): void => undefined;
  if (!inMemory) {
    mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(dir);
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dir);
    if (schema) {
      await pglite.exec(`create schema if not exists "${schema}"; set search_path to "${schema}"`);
    }
  } catch (e) {
    unlock();
    throw new Error(`cannot open the embedded database at ${dir}: ${(e as Error).message}`, { cause: e });
  }
  const db = new Kysely<Database>({ dialect: scopedDialect(new PGliteDialect(pglite), schema ?? 'public') });
  const notifier: AppendNotifier = {
    async listen(channel, listener) {
      const off = await pglite.listen(channel, listener);
      return async () => {
        if (!pglite.closed) await off();
      };
    },
  };
  return new KyselyEventStore(
    'pglite',
    db,
    channelFor(schema),
    notifier,
    async () => {
      try {
        await db.destroy();
      } finally {
        unlock();
      }
    },
    () => runMigrations(db, schema),
    maxEventBytes,
    groupCommit,
  );
}

/** Drops a schema a test created (Postgres only). */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  checkSchema(schema);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}
