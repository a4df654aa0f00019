// Operational reads over the store: a liveness probe and the relay's backlog. Kept apart from the EventStore
// interface (no dialect has to implement them twice: both dialects are the one Kysely store).
import { sql } from 'kysely';
import { KyselyEventStore } from './store';
import type { EventStore } from './types';

/** Postgres SQLSTATE classes and driver errors that mean "the database is not there right now", not a bad query. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** True for an error that says the database is unreachable (down, restarting, connection lost): retry later. */
export function isStoreUnavailable(err: unknown): boolean {
  for (
    let e = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|connection timeout|Client has encountered a connection error|the database system is (starting up|shutting down)/i.test(
        message,
      )
    )
      return true;
    if (Array.isArray((e as { errors?: unknown }).errors))
      return (e as { errors: unknown[] }).errors.some(isStoreUnavailable); // AggregateError (IPv4 + IPv6 refused)
  }
  return false;
}

/** True for Postgres' disk_full (53100): a write could not extend a file. The transaction rolled back. */
export function isStoreFull(err: unknown): boolean {
  for (
    let e = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if ((e as { code?: unknown }).code === '53100') return true;
  }
  return false;
}

/** One trivial query, bounded in time: the store answers or it does not. */
export async function probeStore(
  store: EventStore,
  timeoutMs = 2000,
): Promise<{ ok: true; ms: number } | { ok: false; ms: number; error: string }> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    if (!(store instanceof KyselyEventStore)) await store.getMatch('__probe__');
    else {
      const q = sql`select 1`.execute(store.db);
      await Promise.race([
        q,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
    }
    return { ok: true, ms: Math.round(performance.now() - t0) };
  } catch (e) {
    return { ok: false, ms: Math.round(performance.now() - t0), error: (e as Error).message || String(e) };
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/**
 * Committed events after position `after` in commit order (the relay's or a projector's backlog), counted up to
 * `cap` so a scrape never scans a huge table. Null for a store that is not the Kysely store.
 */
export async function countEventsAfter(
  store: EventStore,
  after: number,
  cap = 100_000,
): Promise<number | null> {
  if (!(store instanceof KyselyEventStore)) return null;
  const since =
    after > 0
      ? sql`where (tx_id, position) > ((select tx_id from events where position = ${after}), ${after}::bigint)`
      : sql``;
  const { rows } = await sql<{
    n: string | number;
  }>`select count(*) as n from (select 1 from events ${since} limit ${cap}) as backlog`.execute(store.db);
  return Number(rows[0]?.n ?? 0);
}
