// Test helpers: an isolated store per test (own Postgres schema, or in-memory PGlite).
import { randomBytes } from 'node:crypto';
import { dropSchema, openStore, type OpenStoreOptions } from './open';
import type { KyselyEventStore } from './store';

export { sampleEvents, sampleMatch } from './fixtures';

export const testDatabaseUrl = (): string =>
  process.env.MATCHTAPE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const uniqueName = (prefix: string): string => `${prefix}_${randomBytes(6).toString('hex')}`;

export interface TestStore {
  store: KyselyEventStore;
  /** Postgres only: the schema this store lives in. */
  schema?: string;
  /** Closes the store and drops what it created. */
  cleanup(): Promise<void>;
}

/** A fresh, migrated store. Postgres must be reachable: tests fail, never skip, when it is not. */
export async function openTestStore(
  kind: 'pglite' | 'postgres',
  opts: Pick<OpenStoreOptions, 'groupCommit' | 'poolSize'> = {},
): Promise<TestStore> {
  if (kind === 'pglite') {
    const store = await openStore({ dataDir: 'memory://', ...opts });
    return { store, cleanup: () => store.close() };
  }
  const url = testDatabaseUrl();
  const schema = uniqueName('t');
  const store = await openStore({ databaseUrl: url, schema, ...opts });
  return {
    store,
    schema,
    async cleanup() {
      await store.close();
      await dropSchema(url, schema);
    },
  };
}
