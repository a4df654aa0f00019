// HTTP routes of the coverage tools: annotations (read time-locked, write with coverage/judge tokens),
// chapters (JSON and video-chapter text), search across matches, and the producer's card focus. The
// annotations stream's filter (timelock.ts) is set here, so the live gateway's SSE frames and these REST
// reads apply the same rule.
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { subjects, type Subscription } from '@matchtape/bus';
import { ConcurrencyError, type MatchRecord, type SideEvent } from '@matchtape/store';
import type { TokenClaims } from '../auth/tokens';
import type { RouteContext, RouteModule } from '../http/context';
import { route, type Route } from '../http/route';
import { HostError } from '../host/engine-host';
import { MAX_INT } from '../http/hardening';
import { ErrorBody, ViewerParam } from '../http/schemas';
import type { SideViewer } from '../side/side-streams';
import { accessFor, resolveAccess, type Access } from '../viewers';
import {
  decideAdd,
  decideEdit,
  decideRemove,
  emptyBook,
  foldBook,
  mayWrite,
  type Book,
  type Decision,
  type Writer,
} from './book';
import { chapterList, videoChapters } from './chapters';
import { CardSight } from './cards';
import { FocusBoard, FocusSchema, focusShown } from './focus';
import { matchesQuery, SearchQuery } from './search';
import { AddAnnotationBody, EditAnnotationBody, QUALITIES, type Annotation } from './schema';
import { annotationFilter, cardCheckSeqs } from './timelock';

const AnnotationParams = z
  .object({ id: z.string().min(1).max(100), annotationId: z.string().min(1).max(64) })
  .strict();
const MatchParams = z.object({ id: z.string().min(1).max(100) }).strict();
const ReadQuery = z.object({ as: ViewerParam.optional(), author: z.string().max(200).optional() }).strict();
const ChaptersQuery = z
  .object({ as: ViewerParam.optional(), format: z.enum(['json', 'text']).default('json') })
  .strict();
const FocusBody = z
  .object({ cardId: z.string().min(1).max(200).nullable(), seq: z.number().int().min(0).max(MAX_INT) })
  .strict();

const err = (description: string) => ({ description, schema: ErrorBody });
const writeRefusals = {
  403: err('not a coverage or judge token'),
  404: err('no such match or annotation'),
  409: err('conflict with another writer'),
  422: err('not allowed (seq not seen, hidden card…)'),
};

/** An annotation as the API shows it: with its quality glyph. */
export function present(a: Annotation): Annotation & { glyph: string | null } {
  return { ...a, glyph: a.quality ? QUALITIES[a.quality] : null };
}

/** Annotations in match order. */
const ordered = (b: Book): Annotation[] =>
  [...b.annotations.values()].sort(
    (x, y) => x.seq.from - y.seq.from || x.seq.to - y.seq.to || x.version - y.version,
  );

/** The annotations one viewer may see now (the stream through the same filter SSE frames pass), folded. */
async function visibleAnnotations(
  ctx: RouteContext,
  cards: CardSight,
  rec: MatchRecord,
  access: Access,
): Promise<{ annotations: Annotation[]; viewer: SideViewer | null }> {
  const side = await ctx.side.read(rec.matchId, 'annotations');
  if (side.length === 0) return { annotations: [], viewer: null };
  const seen = await ctx.sideViewer(rec, access, { events: false });
  const viewer =
    access.viewer === 'judge'
      ? seen
      : { ...seen, cards: await cards.at(rec, access.viewer, cardCheckSeqs(side, seen.seenSeq)) };
  return {
    annotations: ordered(foldBook(emptyBook(rec.matchId), ctx.side.admit('annotations', side, viewer))),
    viewer,
  };
}

/**
 * Read, decide, append with the read seq expected; another writer in between means: read and decide again.
 * An addition under a fresh server-made id depends on nothing earlier (`independent`): it is appended without
 * an expected seq, so any number of authors add at once without retries (the store serialises them).
 */
async function appendDecided(
  ctx: RouteContext,
  rec: MatchRecord,
  writer: Writer,
  decide: (b: Book) => Decision,
  independent = false,
): Promise<{ annotation: Annotation | null; appended: SideEvent[] }> {
  for (let attempt = 0; ; attempt++) {
    const b = foldBook(emptyBook(rec.matchId), await ctx.side.read(rec.matchId, 'annotations'));
    const d = decide(b);
    if (!d.ok) throw new HostError(d.status, d.code, d.message);
    if (d.events.length === 0) return { annotation: b.annotations.get(d.annotationId) ?? null, appended: [] };
    try {
      const author = { id: writer.id, role: writer.role };
      const appended = await ctx.side.append(
        rec.matchId,
        'annotations',
        d.events.map((e) => ({ ...e, author })),
        independent ? {} : { expectedSeq: b.seq },
      );
      return { annotation: foldBook(b, appended).annotations.get(d.annotationId) ?? null, appended };
    } catch (err) {
      if (!(err instanceof ConcurrencyError)) throw err;
      if (attempt >= 20)
        throw new HostError(
          409,
          'busy',
          'other writers kept annotating this match at the same moment; send the request again',
        );
      await new Promise((r) => setTimeout(r, Math.random() * 20 * (attempt + 1)));
    }
  }
}

/** Annotations across matches that match the query, each match read as a coverage (or judge) viewer sees it. */
async function searchAnnotations(
  ctx: RouteContext,
  cards: CardSight,
  claims: TokenClaims | null,
  q: z.infer<typeof SearchQuery>,
) {
  // Highlight reels are the coverage team's: a coverage or judge token, each match read as that role sees it.
  if (!claims)
    throw new HostError(
      401,
      'missing_token',
      'searching annotations needs a coverage or judge token ("Authorization: Bearer <token>")',
    );
  if (!mayWrite(claims.role))
    throw new HostError(
      403,
      'not_a_writer',
      `a ${claims.role} token cannot search annotations; use a coverage or judge token`,
    );
  // Candidate matches: those with annotation events, most recently annotated first (paged, bounded).
  const lastActive = new Map<string, number>();
  let after = 0;
  for (let page = 0; page < 20; page++) {
    const batch = await ctx.store.searchSideEvents({ stream: 'annotations', after, limit: 5000 });
    for (const e of batch) lastActive.set(e.matchId, e.position);
    if (batch.length < 5000) break;
    after = batch[batch.length - 1]!.position;
  }
  const matchIds = [...lastActive.entries()].sort((x, y) => y[1] - x[1]).map(([m]) => m);
  const hits: (Annotation & { glyph: string | null; game: string })[] = [];
  for (const matchId of matchIds) {
    if (hits.length >= q.limit) break;
    if (claims.matchId && claims.matchId !== matchId) continue;
    const rec = await ctx.store.getMatch(matchId);
    if (!rec || (q.game && rec.game !== q.game) || !(await ctx.sight.forks.visibleTo(rec, claims))) continue;
    const access = accessFor(
      rec,
      claims.role === 'judge' ? 'judge' : 'coverage',
      claims,
      ctx.now().getTime(),
    );
    for (const a of (await visibleAnnotations(ctx, cards, rec, access)).annotations)
      if (matchesQuery(a, q)) hits.push({ ...present(a), game: rec.game });
  }
  return { results: hits.slice(0, q.limit) };
}

/** Layers: one per author, so a viewer can show or hide each. */
function authorLayers(annotations: readonly Annotation[]) {
  const layers = new Map<string, { id: string; name: string; role: string; count: number }>();
  for (const a of annotations) {
    const l = layers.get(a.author.id) ?? {
      id: a.author.id,
      name: a.author.name,
      role: a.author.role,
      count: 0,
    };
    l.count += 1;
    layers.set(a.author.id, l);
  }
  return [...layers.values()];
}

/** A read of one match: its record and the caller's access (token, `as`). */
async function readerFor(ctx: RouteContext, id: string, claims: TokenClaims | null, as: string | undefined) {
  const rec = await ctx.record(id);
  return { rec, access: resolveAccess(rec, claims, as, ctx.now().getTime()) };
}

/** The writer behind a request: a coverage or judge token, and how far its own feed has got. */
async function writerFor(
  ctx: RouteContext,
  claims: TokenClaims | null,
  rec: MatchRecord,
  verb: string,
): Promise<{ writer: Writer; claims: TokenClaims }> {
  if (!claims)
    throw new HostError(
      401,
      'missing_token',
      `to ${verb} annotations send a coverage or judge token as "Authorization: Bearer <token>" (\`npx matchtape token --role coverage\`)`,
    );
  if (!mayWrite(claims.role))
    throw new HostError(
      403,
      'not_a_writer',
      `a ${claims.role} token cannot ${verb} annotations; use a coverage or judge token`,
    );
  const access = resolveAccess(rec, claims, claims.role, ctx.now().getTime());
  const feedSeq = (await ctx.sight.summary(rec, access)).lastSeq;
  return { writer: { id: claims.jti, role: claims.role, feedSeq }, claims };
}

/** The chapters the viewer's annotations mark, with times from the match's start (JSON, or video-chapter text). */
async function chaptersAnswer(
  ctx: RouteContext,
  cards: CardSight,
  id: string,
  claims: TokenClaims | null,
  q: z.infer<typeof ChaptersQuery>,
  reply: FastifyReply,
) {
  const { rec, access } = await readerFor(ctx, id, claims, q.as);
  const { annotations } = await visibleAnnotations(ctx, cards, rec, access);
  // Times relative to the match's first event; only the events up to the last chapter are read.
  const last = Math.max(0, ...annotations.filter((a) => a.chapter !== null).map((a) => a.seq.from));
  const times = last > 0 ? await ctx.store.readStream(rec.matchId, { to: last }) : [];
  const atOf = (seq: number) => times[seq - 1]?.at;
  const start = atOf(1);
  const list = start ? chapterList(annotations, start, atOf) : [];
  if (q.format === 'text') {
    reply.header('content-type', 'text/plain; charset=utf-8');
    reply.header('content-disposition', `inline; filename="${id}.chapters.txt"`);
    return videoChapters(list);
  }
  return { matchId: id, as: access.role, startAt: start ?? null, chapters: list };
}

export const coverageRoutes: RouteModule = (ctx) => {
  ctx.side.setFilter('annotations', annotationFilter);

  // Every open match page polls the annotations and every overlay the focus: neither reads the match's events. The
  // hidden-card check (a non-judge view, a card highlight) asks the card sight, which answers from its cache or, once
  // per (seq, viewer), from a snapshot (cards.ts).
  const cards = new CardSight(ctx.sight, (id) => ctx.host.game(id));

  const visibleTo = (rec: MatchRecord, access: Access) => visibleAnnotations(ctx, cards, rec, access);

  const readerOf = (id: string, claims: TokenClaims | null, as: string | undefined) =>
    readerFor(ctx, id, claims, as);

  const writerOf = (claims: TokenClaims | null, rec: MatchRecord, verb: string) =>
    writerFor(ctx, claims, rec, verb);

  const listAnnotations = async (id: string, claims: TokenClaims | null, q: z.infer<typeof ReadQuery>) => {
    const { rec, access } = await readerOf(id, claims, q.as);
    const { annotations } = await visibleTo(rec, access);
    const shown = q.author ? annotations.filter((a) => a.author.id === q.author) : annotations;
    return {
      matchId: id,
      as: access.role,
      annotations: shown.map(present),
      layers: authorLayers(annotations),
      you: claims && mayWrite(claims.role) ? claims.jti : null,
    };
  };

  /** A write of an annotation: the writer (coverage or judge), then read-decide-append. */
  const writeAnnotation = async (
    id: string,
    claims: TokenClaims | null,
    verb: string,
    decide: (writer: Writer) => { decide: (b: Book) => Decision; independent?: boolean },
  ) => {
    const rec = await ctx.record(id);
    const { writer } = await writerOf(claims, rec, verb);
    const d = decide(writer);
    return appendDecided(ctx, rec, writer, d.decide, d.independent ?? false);
  };

  const writer = 'coverage or judge token';
  const shown = (a: Annotation | null) => a && present(a);
  return [
    route({
      method: 'GET',
      path: '/api/matches/:id/annotations',
      summary: "Annotations the viewer's feed has reached (time-locked), with author layers",
      limit: 'reads',
      params: MatchParams,
      query: ReadQuery,
      responses: {
        200: { description: 'annotations' },
        403: err('view not allowed for this token'),
        404: err('no such match'),
      },
      handle: async ({ params, claims, query }) => listAnnotations(params.id, claims, query),
    }),
    route({
      method: 'POST',
      path: '/api/matches/:id/annotations',
      summary: 'Add an annotation (201; 200 when the annotationId was already added the same way)',
      limit: 'commands',
      auth: writer,
      params: MatchParams,
      body: AddAnnotationBody,
      responses: { 201: { description: 'added' }, ...writeRefusals },
      async handle({ params, claims, body, reply }) {
        const out = await writeAnnotation(params.id, claims, 'add', (w) => ({
          decide: (b) => decideAdd(b, w, body, () => randomUUID()),
          independent: body.annotationId === undefined,
        }));
        return reply.status(out.appended.length > 0 ? 201 : 200).send({ annotation: shown(out.annotation) });
      },
    }),
    route({
      method: 'PATCH',
      path: '/api/matches/:id/annotations/:annotationId',
      summary: 'Edit an annotation',
      limit: 'commands',
      auth: writer,
      params: AnnotationParams,
      body: EditAnnotationBody,
      responses: { 200: { description: 'edited' }, ...writeRefusals },
      handle: async ({ params, claims, body }) => ({
        annotation: shown(
          (
            await writeAnnotation(params.id, claims, 'edit', (w) => ({
              decide: (b) => decideEdit(b, w, params.annotationId, body),
            }))
          ).annotation,
        ),
      }),
    }),
    route({
      method: 'DELETE',
      path: '/api/matches/:id/annotations/:annotationId',
      summary: 'Remove an annotation',
      limit: 'commands',
      auth: writer,
      params: AnnotationParams,
      responses: { 200: { description: 'removed' }, ...writeRefusals },
      async handle({ params, claims }) {
        await writeAnnotation(params.id, claims, 'remove', (w) => ({
          decide: (b) => decideRemove(b, w, params.annotationId),
        }));
        return { removed: params.annotationId };
      },
    }),
    route({
      method: 'GET',
      path: '/api/matches/:id/chapters',
      summary: 'Chapters from the annotations: JSON, or video-chapter text (`format=text`)',
      limit: 'reads',
      params: MatchParams,
      query: ChaptersQuery,
      responses: {
        200: { description: 'chapters' },
        403: err('view not allowed for this token'),
        404: err('no such match'),
      },
      handle: async ({ params, claims, query, reply }) =>
        chaptersAnswer(ctx, cards, params.id, claims, query, reply),
    }),
    route({
      method: 'GET',
      path: '/api/annotations/search',
      summary: 'Search annotations across matches (coverage or judge)',
      limit: 'reads',
      auth: writer,
      query: SearchQuery,
      responses: { 200: { description: 'results' }, 403: err('not a coverage or judge token') },
      handle: async ({ claims, query }) => searchAnnotations(ctx, cards, claims, query),
    }),
    ...focusRoutes(ctx, { readerOf, writerOf, cards }),
  ];
};

type ReaderOf = (
  id: string,
  claims: TokenClaims | null,
  as: string | undefined,
) => Promise<{ rec: MatchRecord; access: Access }>;
type WriterOf = (
  claims: TokenClaims | null,
  rec: MatchRecord,
  verb: string,
) => Promise<{ writer: Writer; claims: TokenClaims }>;

/** The producer's card focus: set by a coverage or judge token, read by every viewer as far as its feed has got. */
function focusRoutes(
  ctx: RouteContext,
  { readerOf, writerOf, cards }: { readerOf: ReaderOf; writerOf: WriterOf; cards: CardSight },
): Route[] {
  /** Focus per match, held by each server (one board per server, not per process) and shared over the bus. */
  const focusBoard = new FocusBoard();
  // Every instance hears every focus (its own included, recognised by id), from a few minutes back so a new
  // instance has the current one. Without a bus (tests) the board is this server's alone.
  let focusFeed: Subscription | null = null;
  let closing = false;
  ctx.onClose(async () => {
    closing = true;
    await focusFeed?.stop();
  });
  if (ctx.bus) {
    const matchOf = (subject: string): string | undefined => subject.split('.')[2];
    void ctx.bus
      .subscribe(
        subjects.allFocus,
        (m) => {
          const f = FocusSchema.safeParse(m.data);
          const matchId = matchOf(m.subject);
          if (f.success && matchId) focusBoard.set(matchId, f.data);
        },
        { fromTime: new Date(Date.now() - 5 * 60_000) }, // the bus's clock, not the server's (tests fake that one)
      )
      .then(
        (s) => (closing ? void s.stop() : (focusFeed = s)),
        (err: unknown) =>
          ctx.log.warn({ err }, 'coverage focus: cannot subscribe to the bus; focus stays per instance'),
      );
  }
  const setFocus = async (
    id: string,
    claims: TokenClaims | null,
    body: z.infer<typeof FocusBody>,
    req: FastifyRequest,
  ) => {
    const rec = await ctx.record(id);
    const { writer } = await writerOf(claims, rec, 'point at cards for');
    if (body.seq > writer.feedSeq)
      throw new HostError(
        422,
        'seq_not_seen',
        `seq ${body.seq} is past what your feed has shown (seq ${writer.feedSeq})`,
      );
    const f = { id: randomUUID(), ...body, by: writer.id, setAt: ctx.now().toISOString() };
    focusBoard.set(id, f);
    // The other instances learn it from the bus; a bus that is down leaves it on this instance only.
    await ctx.bus
      ?.publish(subjects.focus(id), f, { msgId: `focus:${f.id}` })
      .catch((err: unknown) => req.log.warn({ err, matchId: id }, 'coverage focus: not shared over the bus'));
    return f;
  };

  const focusOf = async (id: string, claims: TokenClaims | null, q: z.infer<typeof ReadQuery>) => {
    const { rec, access } = await readerOf(id, claims, q.as);
    const focus = await focusShown(focusBoard.history(id), rec, access, {
      seenSeq: async () => (await ctx.sight.summary(rec, access)).lastSeq,
      cardsAt: async (seq) => (await cards.at(rec, access.viewer, [seq])).get(seq)!,
    });
    return { matchId: id, focus };
  };

  const writer = 'coverage or judge token';
  return [
    route({
      method: 'PUT',
      path: '/api/matches/:id/focus',
      summary: "The producer's card focus (coverage or judge), shared by every instance",
      limit: 'commands',
      auth: writer,
      params: MatchParams,
      body: FocusBody,
      responses: { 200: { description: 'focus set' }, ...writeRefusals },
      handle: async ({ params, claims, body, req }) => setFocus(params.id, claims, body, req),
    }),
    route({
      method: 'GET',
      path: '/api/matches/:id/focus',
      summary: "The newest focus the viewer's feed has reached (null when its card is hidden to the viewer)",
      limit: 'reads',
      params: MatchParams,
      query: ReadQuery,
      responses: {
        200: { description: 'focus' },
        403: err('view not allowed for this token'),
        404: err('no such match'),
      },
      handle: async ({ params, claims, query }) => focusOf(params.id, claims, query),
    }),
  ];
}
