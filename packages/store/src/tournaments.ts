// Tournament streams (issue 23): an event's registrations, pairings, results and rulings, hash-chained with the
// matches' envelope (engine envelope.ts; `matchId` holds the event id, `turn` the round). Kept in tables of their
// own so nothing that serves matches (relay, publisher, projector, lists) meets them. Appends are one transaction
// with optimistic concurrency on seq, like appendToStream. The standings projection (`doc`) lives beside the
// stream and is rebuilt from it.
import { chainEvents, GENESIS_HASH, type EventEnvelope, type NewEvent } from '@matchtape/engine';
import { sql, type Selectable } from 'kysely';
import { nodeSha256 } from './hash';
import type { TournamentEventsTable } from './schema';
import { envelopeOf, KyselyEventStore } from './store';
import { ConcurrencyError, type EventStore } from './types';

export interface TournamentRecord {
  eventId: string;
  game: string;
  name: string;
  createdAt: string;
  lastSeq: number;
  doc: Record<string, unknown>;
  docSeq: number;
}

export class TournamentNotFoundError extends Error {
  override readonly name = 'TournamentNotFoundError';
  constructor(readonly eventId: string) {
    super(`event ${eventId} does not exist; create it with POST /api/events`);
  }
}

function kysely(store: EventStore): KyselyEventStore {
  if (!(store instanceof KyselyEventStore))
    throw new TypeError('tournaments need the Kysely event store (Postgres or PGlite)');
  return store;
}

const toEnvelope = (r: Selectable<TournamentEventsTable>): EventEnvelope => envelopeOf(r.event_id, r);

export async function createTournament(
  store: EventStore,
  t: { eventId: string; game: string; name: string; createdAt: string },
): Promise<void> {
  await kysely(store)
    .db.insertInto('tournaments')
    .values({ event_id: t.eventId, game: t.game, name: t.name, created_at: t.createdAt })
    .execute();
}

export async function getTournament(store: EventStore, eventId: string): Promise<TournamentRecord | null> {
  const r = await kysely(store)
    .db.selectFrom('tournaments')
    .selectAll()
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return r
    ? {
        eventId: r.event_id,
        game: r.game,
        name: r.name,
        createdAt: r.created_at,
        lastSeq: r.last_seq,
        doc: r.doc as Record<string, unknown>,
        docSeq: r.doc_seq,
      }
    : null;
}

export async function listTournaments(store: EventStore, limit = 100): Promise<TournamentRecord[]> {
  const rows = await kysely(store)
    .db.selectFrom('tournaments')
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    eventId: r.event_id,
    game: r.game,
    name: r.name,
    createdAt: r.created_at,
    lastSeq: r.last_seq,
    doc: r.doc as Record<string, unknown>,
    docSeq: r.doc_seq,
  }));
}

/**
 * Appends to an event's stream after `expectedSeq` and, in the same transaction, stores the projection `doc` the
 * caller computed for the new head (so the read model never lags the stream it was computed from).
 */
export async function appendToTournament(
  store: EventStore,
  eventId: string,
  expectedSeq: number,
  events: readonly NewEvent[],
  doc?: Record<string, unknown>,
): Promise<EventEnvelope[]> {
  return kysely(store)
    .db.transaction()
    .execute(async (tx) => {
      const head = await tx
        .selectFrom('tournaments')
        .select(['last_seq', 'last_hash'])
        .where('event_id', '=', eventId)
        .forUpdate()
        .executeTakeFirst();
      if (!head) throw new TournamentNotFoundError(eventId);
      if (head.last_seq !== expectedSeq) throw new ConcurrencyError(eventId, expectedSeq, head.last_seq);
      const chained = chainEvents(eventId, head.last_seq, head.last_hash || GENESIS_HASH, events, nodeSha256);
      if (chained.length === 0) return chained;
      await tx
        .insertInto('tournament_events')
        .values(
          chained.map((e) => ({
            event_id: eventId,
            seq: e.seq,
            type: e.type,
            at: e.at,
            turn: e.turn,
            phase: e.phase,
            step: e.step,
            cause: JSON.stringify(e.cause),
            rule: e.rule,
            payload: JSON.stringify(e.payload),
            prev_hash: e.prevHash,
            hash: e.hash,
          })),
        )
        .execute();
      const last = chained[chained.length - 1]!;
      await tx
        .updateTable('tournaments')
        .set({
          last_seq: last.seq,
          last_hash: last.hash,
          ...(doc ? { doc: JSON.stringify(doc), doc_seq: last.seq } : {}),
        })
        .where('event_id', '=', eventId)
        .execute();
      return chained;
    });
}

export async function readTournament(store: EventStore, eventId: string): Promise<EventEnvelope[]> {
  const rows = await kysely(store)
    .db.selectFrom('tournament_events')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('seq')
    .execute();
  return rows.map(toEnvelope);
}

/** Replaces the projection (a rebuild from the stream). */
export async function saveTournamentDoc(
  store: EventStore,
  eventId: string,
  docSeq: number,
  doc: Record<string, unknown>,
): Promise<void> {
  await kysely(store)
    .db.updateTable('tournaments')
    .set({ doc: JSON.stringify(doc), doc_seq: docSeq })
    .where('event_id', '=', eventId)
    .execute();
}

export interface TournamentGame {
  matchId: string;
  eventId: string;
  round: number;
  table: number;
  game: number;
  /** Table seat → tournament player. */
  seats: Record<string, string>;
}

export async function linkTournamentGame(store: EventStore, g: TournamentGame): Promise<void> {
  await kysely(store)
    .db.insertInto('tournament_games')
    .values({
      match_id: g.matchId,
      event_id: g.eventId,
      round: g.round,
      table_no: g.table,
      game_no: g.game,
      seats: JSON.stringify(g.seats),
    })
    .onConflict((oc) => oc.column('match_id').doNothing())
    .execute();
}

export async function tournamentGameOf(store: EventStore, matchId: string): Promise<TournamentGame | null> {
  const r = await kysely(store)
    .db.selectFrom('tournament_games')
    .selectAll()
    .where('match_id', '=', matchId)
    .executeTakeFirst();
  return r
    ? {
        matchId: r.match_id,
        eventId: r.event_id,
        round: r.round,
        table: r.table_no,
        game: r.game_no,
        seats: r.seats as Record<string, string>,
      }
    : null;
}

/** Games of an event whose matches have ended but are not reported yet is the caller's business; this lists them all. */
export async function tournamentGames(store: EventStore, eventId: string): Promise<TournamentGame[]> {
  const { rows } = await sql<{
    match_id: string;
    event_id: string;
    round: number;
    table_no: number;
    game_no: number;
    seats: unknown;
  }>`
    select match_id, event_id, round, table_no, game_no, seats from tournament_games where event_id = ${eventId} order by round, table_no, game_no`.execute(
    kysely(store).db,
  );
  return rows.map((r) => ({
    matchId: r.match_id,
    eventId: r.event_id,
    round: r.round,
    table: r.table_no,
    game: r.game_no,
    seats: r.seats as Record<string, string>,
  }));
}

/** A player's invite token, kept for the organiser (the first one kept for a player stays). */
export interface TournamentInvite {
  eventId: string;
  player: string;
  token: string;
  createdAt: string;
}

export async function saveTournamentInvite(store: EventStore, i: TournamentInvite): Promise<void> {
  await kysely(store)
    .db.insertInto('tournament_invites')
    .values({ event_id: i.eventId, player: i.player, token: i.token, created_at: i.createdAt })
    .onConflict((oc) => oc.columns(['event_id', 'player']).doNothing())
    .execute();
}

export async function tournamentInvites(store: EventStore, eventId: string): Promise<TournamentInvite[]> {
  const rows = await kysely(store)
    .db.selectFrom('tournament_invites')
    .selectAll()
    .where('event_id', '=', eventId)
    .execute();
  return rows.map((r) => ({
    eventId: r.event_id,
    player: r.player,
    token: r.token,
    createdAt: r.created_at,
  }));
}
