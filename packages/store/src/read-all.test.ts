// readAll never skips an event that an older, slower transaction commits after a younger one (real Postgres:
// PGlite has one connection, so its transactions cannot overlap).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { EventEnvelope } from '@matchtape/engine';
import { appendInTransaction, type KyselyEventStore } from './store';
import { openTestStore, sampleEvents, sampleMatch, uniqueName, type TestStore } from './testing';
import type { StoredEvent } from './types';

let t: TestStore;
let store: KyselyEventStore;
beforeAll(async () => {
  t = await openTestStore('postgres');
  store = t.store;
});
afterAll(async () => {
  await t?.cleanup();
});

/** A reader that keeps its cursor like the relay does. */
class Reader {
  seen: StoredEvent[] = [];
  after = 0;
  async poll(): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    for (;;) {
      const page = await store.readAll({ after: this.after, limit: 100 });
      if (page.length === 0) break;
      out.push(...page);
      this.after = page[page.length - 1]!.position;
    }
    this.seen.push(...out);
    return out;
  }
  /** Polls until `n` events of `matchIds` were seen: other test files' transactions may hold the horizon back a moment. */
  async until(matchIds: string[], n: number): Promise<void> {
    for (let i = 0; i < 600; i++) {
      await this.poll();
      if (this.seen.filter((e) => matchIds.includes(e.matchId)).length >= n) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`reader saw ${this.seen.length} events, expected ${n}`);
  }
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

/** Runs an append in a transaction held open until `release` opens; resolves `written` once its rows are in. */
function slowAppend(matchId: string, count: number, opts: { xidFirst?: Promise<void> } = {}) {
  const written = gate();
  const release = gate();
  const xidTaken = gate();
  const done = store.db.transaction().execute(async (trx) => {
    // Take a transaction id now; the rows may come later (after a younger transaction's rows).
    await sql`select pg_current_xact_id()`.execute(trx);
    xidTaken.open();
    if (opts.xidFirst) await opts.xidFirst;
    const events = await appendInTransaction(
      trx,
      store.notifyChannel,
      matchId,
      0,
      sampleEvents(count, 1, 'slow'),
    );
    written.open();
    await release.opened;
    return events;
  });
  return { xidTaken: xidTaken.opened, written: written.opened, release: release.open, done };
}

const key = (e: EventEnvelope) => `${e.matchId}:${e.seq}`;

describe('readAll on Postgres', () => {
  it('holds back a younger commit until the older open transaction ends, then delivers both', async () => {
    const slow = uniqueName('slow');
    const fast = uniqueName('fast');
    await store.createMatch(sampleMatch(slow));
    await store.createMatch(sampleMatch(fast));
    const reader = new Reader();
    await reader.poll();

    // Older transaction writes first (lower positions) and stays open.
    const s = slowAppend(slow, 3);
    onTestFinished(() => s.release()); // never leave the transaction open, even when an assertion fails
    await s.written;
    // Younger transaction commits meanwhile (higher positions).
    const fastEvents = await store.appendToStream(fast, 0, sampleEvents(2, 1, 'fast'));
    const seenWhileOpen = await reader.poll();
    // Without the horizon a position-ordered reader would pass the fast events and never return to the slow ones.
    expect(seenWhileOpen.filter((e) => e.matchId === fast || e.matchId === slow)).toEqual([]);
    expect(await store.hasEventsAfter(reader.after)).toBe(true);

    s.release();
    const slowEvents = await s.done;
    await reader.until([slow, fast], 5);
    const mine = reader.seen.filter((e) => e.matchId === fast || e.matchId === slow);
    expect(mine.map(key)).toEqual([...slowEvents, ...fastEvents].map(key));
    // The hazard was real: the slow rows sit below the fast rows in position order.
    expect(Math.max(...mine.slice(0, 3).map((e) => e.position))).toBeLessThan(
      Math.min(...mine.slice(3).map((e) => e.position)),
    );
  });

  it('does not skip an older transaction whose rows got higher positions than a younger one already read', async () => {
    const slow = uniqueName('slow');
    const fast = uniqueName('fast');
    await store.createMatch(sampleMatch(slow));
    await store.createMatch(sampleMatch(fast));
    const reader = new Reader();
    await reader.poll();

    // The older transaction takes its id first but writes only after the younger one committed.
    const fastDone = gate();
    const s = slowAppend(slow, 2, { xidFirst: fastDone.opened });
    onTestFinished(() => s.release());
    await s.xidTaken;
    const fastEvents = await store.appendToStream(fast, 0, sampleEvents(2, 1, 'fast'));
    fastDone.open();
    await s.written;
    expect((await reader.poll()).filter((e) => e.matchId === fast || e.matchId === slow)).toEqual([]);
    s.release();
    const slowEvents = await s.done;
    await reader.until([slow, fast], 4);
    const mine = reader.seen.filter((e) => e.matchId === fast || e.matchId === slow);
    // Commit order is transaction order: the older transaction's events come first although their positions are higher.
    expect(mine.map(key)).toEqual([...slowEvents, ...fastEvents].map(key));
    expect(mine[0]!.position).toBeGreaterThan(mine[3]!.position);
    expect(new Set(reader.seen.map(key)).size).toBe(reader.seen.length);
  });
});
