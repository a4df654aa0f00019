// Kysely's migrator asks the dialect's introspector whether its tables exist. The Postgres introspector lists the
// tables of every schema, calling has_schema_privilege(name) on each row, and fails with `schema "…" does not
// exist` when another schema is dropped during the scan (a parallel test cleaning up; CI saw it). The store only
// ever needs its own schema, so its dialect answers from that schema alone.
import {
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Dialect,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/** Schemas and tables of one schema only: what the migrator asks about its own tables. */
export class SchemaIntrospector implements DatabaseIntrospector {
  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the introspector reads catalogs, not the app's tables
    private readonly db: Kysely<any>,
    private readonly schema: string,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const r = await sql<{ name: string }>`
      select nspname as name from pg_catalog.pg_namespace where nspname = ${this.schema}`.execute(this.db);
    return r.rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const r = await sql<{ name: string; kind: string }>`
      select c.relname as name, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = ${this.schema} and c.relkind in ('r', 'v', 'p')`.execute(this.db);
    return r.rows.map((t) => ({ name: t.name, schema: this.schema, isView: t.kind === 'v', columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/** `dialect` with its introspection limited to `schema`. */
export function scopedDialect(dialect: Dialect, schema: string): Dialect {
  return {
    createDriver: () => dialect.createDriver(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => new SchemaIntrospector(db, schema),
  };
}
