// Opening a store while other schemas are dropped (parallel tests cleaning up, issue seen in CI): Kysely's
// migrator listed the tables of every schema, and a schema dropped mid-scan made the migration fail. Without
// scoped-introspector.ts this test fails on every run here.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestStore, testDatabaseUrl, uniqueName } from './testing';

describe('opening stores on Postgres while other schemas are dropped', () => {
  it('opens every store: a schema dropped during the migration scan is not its failure', async () => {
    const url = testDatabaseUrl();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    let churning = true;
    // Other tests' schemas appearing and disappearing, each with a table so the scan reaches it.
    const churn = (async () => {
      while (churning) {
        const names = Array.from({ length: 8 }, () => uniqueName('race'));
        for (const n of names)
          await admin.query(`create schema "${n}"; create table "${n}".x (a int, b int, c int)`);
        await Promise.all(names.map((n) => admin.query(`drop schema "${n}" cascade`)));
      }
    })();
    let opened = 0;
    try {
      for (let round = 0; round < 6; round++) {
        const stores = await Promise.all(Array.from({ length: 4 }, () => openTestStore('postgres')));
        opened += stores.length;
        for (const s of stores) await s.cleanup();
      }
    } finally {
      churning = false;
      await churn;
      await admin.end();
    }
    expect(opened).toBe(24);
  }, 120_000);
});
