// Deleting a match (the demo's bounded history, issue 26): every row keyed by its id goes, in one transaction;
// other matches keep every row and a chain that verifies. On embedded PGlite and on the real Postgres.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLobby } from './lobbies';
import { beginGeneration, saveBatch } from './read-models';
import { MATCH_TABLES, type KyselyEventStore } from './store';
import { openTestStore, sampleEvents, sampleMatch, uniqueName, type TestStore } from './testing';
import { createTournament, linkTournamentGame } from './tournaments';
import { MatchHasForksError, MatchInEventError, SIDE_STREAMS } from './types';
import { verifyStoredMatch } from './verify';

describe.each(['pglite', 'postgres'] as const)('deleting a match on %s', (kind) => {
  let t: TestStore;
  let store: KyselyEventStore;
  beforeAll(async () => {
    t = await openTestStore(kind);
    store = t.store;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  /** A match with a row in every table keyed by match id. */
  async function fullMatch(prefix: string): Promise<string> {
    const id = uniqueName(prefix);
    await store.createMatch(sampleMatch(id));
    await store.appendToStream(id, 0, sampleEvents(5, 1, id), {
      command: { player: 'p1', commandId: 'c1', body: '{"type":"Pass"}' },
    });
    await store.saveSnapshot({ matchId: id, seq: 5, state: { n: 5 }, hash: 'h', cursor: 3 });
    await store.recordRejection({
      matchId: id,
      commandId: 'c2',
      player: 'p2',
      command: { type: 'Pass' },
      rule: '1.1',
      reason: 'not your turn',
      at: new Date().toISOString(),
    });
    for (const stream of SIDE_STREAMS)
      await store.appendToSideStream(id, stream, [
        { type: 'Noted', author: { id: 'a', role: 'coverage' }, payload: { text: id } },
      ]);
    await createLobby(store, {
      matchId: id,
      game: 'fixture',
      doc: { seats: {} },
      createdAt: new Date().toISOString(),
    });
    const gen = await beginGeneration(store, uniqueName('rm').replace('_', '-'));
    await saveBatch(store, gen, 0, 5, 5, [{ matchId: id, lastSeq: 5, doc: { id } }]);
    return id;
  }

  async function rowsOf(id: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of ['matches', ...MATCH_TABLES] as const) {
      const r = await store.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('match_id', '=', id)
        .executeTakeFirstOrThrow();
      counts[table] = Number(r.n);
    }
    return counts;
  }

  it('knows every table keyed by match id', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.columns where column_name = 'match_id' and table_schema = current_schema()`.execute(
      store.db,
    );
    const keyed = rows.map((r) => r.table_name).sort();
    expect(keyed).toEqual([...MATCH_TABLES, 'matches', 'tournament_games'].sort());
  });

  it('removes every row of the match in one go and leaves the others whole', async () => {
    const gone = await fullMatch('gone');
    const kept = await fullMatch('kept');
    const before = await store.readStream(kept);
    expect(Object.values(await rowsOf(gone)).every((n) => n > 0)).toBe(true);

    expect(await store.deleteMatch(gone)).toBe(true);

    expect(Object.values(await rowsOf(gone))).toEqual(Array(MATCH_TABLES.length + 1).fill(0));
    expect(await store.getMatch(gone)).toBeNull();
    expect(await store.readStream(gone)).toEqual([]);
    expect(Object.values(await rowsOf(kept)).every((n) => n > 0)).toBe(true);
    expect(await store.readStream(kept)).toEqual(before);
    expect(await verifyStoredMatch(store, kept)).toEqual({ ok: true });
    // The kept match goes on appending after the deletion.
    await store.appendToStream(kept, 5, sampleEvents(2, 6, kept));
    expect(await verifyStoredMatch(store, kept)).toEqual({ ok: true });
    // The id is free again and starts from seq 1, not from the deleted head.
    await store.createMatch(sampleMatch(gone));
    expect((await store.appendToStream(gone, 0, sampleEvents(1))).map((e) => e.seq)).toEqual([1]);
    await store.reclaimSpace();
    expect(await verifyStoredMatch(store, kept)).toEqual({ ok: true });
  });

  it('answers false for an unknown match and refuses a bad id', async () => {
    expect(await store.deleteMatch('no-such-match')).toBe(false);
    await expect(store.deleteMatch('')).rejects.toThrow(/matchId is invalid/);
  });

  it('refuses the parent of a fork and deletes nothing of it; the fork itself can go, then the parent', async () => {
    const parent = await fullMatch('parent');
    const fork = uniqueName('fork');
    await store.createMatch({
      ...sampleMatch(fork),
      config: { players: ['p1', 'p2'], forkOf: { matchId: parent, seq: 3, hash: 'h' } },
    });
    await expect(store.deleteMatch(parent)).rejects.toBeInstanceOf(MatchHasForksError);
    expect(Object.values(await rowsOf(parent)).every((n) => n > 0)).toBe(true);
    expect(await store.deleteMatch(fork)).toBe(true);
    expect(await store.deleteMatch(parent)).toBe(true);
  });

  it('refuses a game of a tournament and deletes nothing of it', async () => {
    const id = await fullMatch('event-game');
    const eventId = uniqueName('ev');
    await createTournament(store, {
      eventId,
      game: 'fixture',
      name: 'Cup',
      createdAt: new Date().toISOString(),
    });
    await linkTournamentGame(store, {
      matchId: id,
      eventId,
      round: 1,
      table: 1,
      game: 1,
      seats: { p1: 'a', p2: 'b' },
    });
    await expect(store.deleteMatch(id)).rejects.toBeInstanceOf(MatchInEventError);
    expect(Object.values(await rowsOf(id)).every((n) => n > 0)).toBe(true);
    expect(await verifyStoredMatch(store, id)).toEqual({ ok: true });
  });
});
