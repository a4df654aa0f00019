// Player tables waiting for decks: a lobby is a match id reserved with its seats, kept until every seat has a deck
// (apps/server/src/table creates the match then). Each change is one statement, so two seats submitting at once
// cannot lose a deck, and exactly one caller claims the start.
import { sql } from 'kysely';
import { KyselyEventStore } from './store';
import type { EventStore } from './types';

export interface LobbyRecord<D = Record<string, unknown>> {
  matchId: string;
  game: string;
  doc: D;
  createdAt: string;
}

function kysely(store: EventStore): KyselyEventStore {
  if (!(store instanceof KyselyEventStore))
    throw new TypeError('lobbies need the Kysely event store (Postgres or PGlite)');
  return store;
}

const toRecord = <D>(r: {
  match_id: string;
  game: string;
  doc: unknown;
  created_at: string;
}): LobbyRecord<D> => ({
  matchId: r.match_id,
  game: r.game,
  doc: r.doc as D,
  createdAt: r.created_at,
});

export async function createLobby(
  store: EventStore,
  lobby: { matchId: string; game: string; doc: Record<string, unknown>; createdAt: string },
): Promise<void> {
  await kysely(store)
    .db.insertInto('table_lobbies')
    .values({
      match_id: lobby.matchId,
      game: lobby.game,
      doc: JSON.stringify(lobby.doc),
      created_at: lobby.createdAt,
    })
    .execute();
}

export async function getLobby<D = Record<string, unknown>>(
  store: EventStore,
  matchId: string,
): Promise<LobbyRecord<D> | null> {
  const r = await kysely(store)
    .db.selectFrom('table_lobbies')
    .selectAll()
    .where('match_id', '=', matchId)
    .executeTakeFirst();
  return r ? toRecord<D>(r) : null;
}

/** Sets `doc.decks[seat]` in one statement; null when there is no such lobby. */
export async function setLobbyDeck<D = Record<string, unknown>>(
  store: EventStore,
  matchId: string,
  seat: string,
  deck: unknown,
): Promise<LobbyRecord<D> | null> {
  const { rows } = await sql<{ match_id: string; game: string; doc: unknown; created_at: string }>`
    update table_lobbies
       set doc = jsonb_set(doc, ${sql.lit(`{decks,${seat.replace(/[^a-z0-9]/g, '')}}`)}::text[], ${JSON.stringify(deck)}::jsonb, true)
     where match_id = ${matchId}
     returning match_id, game, doc, created_at`.execute(kysely(store).db);
  return rows[0] ? toRecord<D>(rows[0]) : null;
}

/** Marks the lobby started; true only for the one caller that did it (the others see it already started). */
export async function claimLobbyStart(store: EventStore, matchId: string): Promise<boolean> {
  const { rows } = await sql<{ match_id: string }>`
    update table_lobbies set doc = jsonb_set(doc, '{started}', 'true'::jsonb, true)
     where match_id = ${matchId} and not (doc ? 'started')
     returning match_id`.execute(kysely(store).db);
  return rows.length === 1;
}

/** Appends `item` to the list `doc[key]` in one statement; null when there is no such lobby. */
export async function appendToLobby<D = Record<string, unknown>>(
  store: EventStore,
  matchId: string,
  key: string,
  item: unknown,
): Promise<LobbyRecord<D> | null> {
  const path = `{${key.replace(/[^a-zA-Z0-9]/g, '')}}`;
  const { rows } = await sql<{ match_id: string; game: string; doc: unknown; created_at: string }>`
    update table_lobbies
       set doc = jsonb_set(doc, ${sql.lit(path)}::text[], coalesce(doc #> ${sql.lit(path)}::text[], '[]'::jsonb) || jsonb_build_array(${JSON.stringify(item)}::jsonb), true)
     where match_id = ${matchId}
     returning match_id, game, doc, created_at`.execute(kysely(store).db);
  return rows[0] ? toRecord<D>(rows[0]) : null;
}
