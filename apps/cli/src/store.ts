// Where the CLI finds the event store and the data directory: the same defaults as the server
// (DATABASE_URL → Postgres, else PGlite under <repo>/.data/pglite; MATCHTAPE_DATA_DIR overrides .data).
// The store (pg, PGlite) is imported on first use so commands that do not need it start fast.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Io } from './io';
import { CliError } from './io';

/** The repository root (apps/cli/src/ → ../../../). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const storeFlags = {
  'database-url': {
    value: 'URL',
    help: 'Postgres URL (default $DATABASE_URL; absent: the embedded PGlite database)',
  },
  'data-dir': {
    value: 'DIR',
    help: 'data directory of the embedded default (default $MATCHTAPE_DATA_DIR or <repo>/.data)',
  },
} as const;

export function dataDirOf(io: Io, flag?: string): string {
  return resolve(io.cwd, flag ?? io.env.MATCHTAPE_DATA_DIR ?? join(REPO_ROOT, '.data'));
}

export async function openCliStore(io: Io, flags: { 'database-url'?: string; 'data-dir'?: string }) {
  const { openStore } = await import('@matchtape/store');
  const databaseUrl = flags['database-url'] ?? io.env.DATABASE_URL;
  try {
    return databaseUrl
      ? await openStore({ databaseUrl })
      : await openStore({ dataDir: join(dataDirOf(io, flags['data-dir']), 'pglite') });
  } catch (err) {
    throw new CliError(`cannot open the event store: ${(err as Error).message}`, 1);
  }
}
