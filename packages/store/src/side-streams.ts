// Side streams: a match's annotations and disputes, each an append-only stream of its own with a gap-free seq per
// (match, stream). Writers of one stream are serialised by a transaction-scoped advisory lock, so two authors
// appending at once both succeed, one after the other, and neither waits on the match's own appends.
import { sql, type Kysely, type Selectable } from 'kysely';
import { z } from 'zod';
import type { Database, SideEventsTable } from './schema';
import {
  ConcurrencyError,
  MatchNotFoundError,
  SIDE_STREAMS,
  type NewSideEvent,
  type SideEvent,
  type SideSearch,
  type SideStream,
} from './types';

const NewSideEventSchema = z.object({
  type: z.string().regex(/^[A-Z][A-Za-z]+$/, 'a PascalCase event name such as AnnotationAdded'),
  at: z.iso.datetime().optional(),
  author: z.object({ id: z.string().min(1).max(200), role: z.string().min(1).max(40) }),
  payload: z.record(z.string(), z.unknown()),
});
const StreamSchema = z.enum(SIDE_STREAMS);

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new TypeError(`${what} is invalid: ${z.prettifyError(r.error)}`);
  return r.data;
}

export function toSideEvent(r: Selectable<SideEventsTable>): SideEvent {
  return {
    matchId: r.match_id,
    stream: r.stream,
    seq: r.seq,
    type: r.type,
    at: r.at,
    author: r.author as SideEvent['author'],
    payload: r.payload as Record<string, unknown>,
    position: Number(r.position),
  };
}

export async function appendToSideStream(
  db: Kysely<Database>,
  matchId: string,
  stream: SideStream,
  events: readonly NewSideEvent[],
  opts: { expectedSeq?: number } = {},
): Promise<SideEvent[]> {
  parse(StreamSchema, stream, 'side stream');
  const news = events.map((e, i) =>
    parse(NewSideEventSchema, e, `side event ${i + 1} for ${stream} of match ${matchId}`),
  );
  if (news.length === 0) return [];
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`${matchId}:${stream}`}, 0))`.execute(tx);
    const match = await tx
      .selectFrom('matches')
      .select('match_id')
      .where('match_id', '=', matchId)
      .executeTakeFirst();
    if (!match) throw new MatchNotFoundError(matchId);
    const head = await tx
      .selectFrom('side_events')
      .select((eb) => eb.fn.max('seq').as('last'))
      .where('match_id', '=', matchId)
      .where('stream', '=', stream)
      .executeTakeFirst();
    const last = Number(head?.last ?? 0);
    if (opts.expectedSeq !== undefined && opts.expectedSeq !== last)
      throw new ConcurrencyError(matchId, opts.expectedSeq, last);
    const now = new Date().toISOString();
    const rows = await tx
      .insertInto('side_events')
      .values(
        news.map((e, i) => ({
          match_id: matchId,
          stream,
          seq: last + i + 1,
          type: e.type,
          at: e.at ?? now,
          author: JSON.stringify(e.author),
          payload: JSON.stringify(e.payload),
        })),
      )
      .returningAll()
      .execute();
    return rows.map(toSideEvent).sort((a, b) => a.seq - b.seq);
  });
}

export async function readSideStream(
  db: Kysely<Database>,
  matchId: string,
  stream: SideStream,
  opts: { from?: number; to?: number } = {},
): Promise<SideEvent[]> {
  parse(StreamSchema, stream, 'side stream');
  let q = db
    .selectFrom('side_events')
    .selectAll()
    .where('match_id', '=', matchId)
    .where('stream', '=', stream);
  if (opts.from !== undefined) q = q.where('seq', '>=', opts.from);
  if (opts.to !== undefined) q = q.where('seq', '<=', opts.to);
  const rows = await q.orderBy('seq').execute();
  return rows.map(toSideEvent);
}

export async function searchSideEvents(db: Kysely<Database>, s: SideSearch): Promise<SideEvent[]> {
  parse(StreamSchema, s.stream, 'side stream');
  let q = db.selectFrom('side_events').selectAll().where('stream', '=', s.stream);
  if (s.matchIds) {
    if (s.matchIds.length === 0) return [];
    q = q.where('match_id', 'in', [...s.matchIds]);
  }
  if (s.types) {
    if (s.types.length === 0) return [];
    q = q.where('type', 'in', [...s.types]);
  }
  if (s.authorId !== undefined) q = q.where(sql<string>`author->>'id'`, '=', s.authorId);
  if (s.payloadContains) q = q.where(sql<boolean>`payload @> ${JSON.stringify(s.payloadContains)}::jsonb`);
  if (s.text)
    q = q.where(sql<string>`payload->>'text'`, 'ilike', `%${s.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (s.after !== undefined) q = q.where('position', '>', s.after);
  const rows = await q
    .orderBy('position')
    .limit(Math.min(Math.max(s.limit ?? 500, 1), 5000))
    .execute();
  return rows.map(toSideEvent);
}
