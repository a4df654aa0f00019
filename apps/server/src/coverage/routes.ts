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
import type { RouteModule } from '../http/context';
import { HostError } from '../host/engine-host';
import { MAX_INT } from '../http/hardening';
import { ViewerParam } from '../http/schemas';
import type { SideViewer } from '../side/side-streams';
import { accessFor, resolveAccess, type Access } from '../viewers';
import { decideAdd, decideEdit, decideRemove, emptyBook, foldBook, mayWrite, type Book, type Decision, type Writer } from './book';
import { chapterList, videoChapters } from './chapters';
import { CardSight } from './cards';
import { FocusBoard, FocusSchema, focusShown } from './focus';
import { matchesQuery, SearchQuery } from './search';
import { AddAnnotationBody, EditAnnotationBody, QUALITIES, type Annotation } from './schema';
import { annotationFilter, cardCheckSeqs } from './timelock';

const AnnotationParams = z.object({ id: z.string().min(1).max(100), annotationId: z.string().min(1).max(64) }).strict();
const MatchParams = z.object({ id: z.string().min(1).max(100) }).strict();
const ReadQuery = z.object({ as: ViewerParam.optional(), token: z.string().optional(), author: z.string().max(200).optional() }).strict();
const ChaptersQuery = z.object({ as: ViewerParam.optional(), token: z.string().optional(), format: z.enum(['json', 'text']).default('json') }).strict();
const FocusBody = z.object({ cardId: z.string().min(1).max(200).nullable(), seq: z.number().int().min(0).max(MAX_INT) }).strict();

/** An annotation as the API shows it: with its quality glyph. */
export function present(a: Annotation): Annotation & { glyph: string | null } {
  return { ...a, glyph: a.quality ? QUALITIES[a.quality] : null };
}

/** Annotations in match order. */
const ordered = (b: Book): Annotation[] => [...b.annotations.values()].sort((x, y) => x.seq.from - y.seq.from || x.seq.to - y.seq.to || x.version - y.version);

export const coverageRoutes: RouteModule = (app, ctx) => {
  /** Focus per match, held by each server (one board per server, not per process) and shared over the bus. */
  const focusBoard = new FocusBoard();
  // Every instance hears every focus (its own included, recognised by id), from a few minutes back so a new
  // instance has the current one. Without a bus (tests) the board is this server's alone.
  let focusFeed: Subscription | null = null;
  let closing = false;
  app.addHook('onClose', async () => {
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
        (err: unknown) => app.log.warn({ err }, 'coverage focus: cannot subscribe to the bus; focus stays per instance'),
      );
  }
  ctx.side.setFilter('annotations', annotationFilter);
  const nowMs = () => ctx.now().getTime();

  // Every open match page polls the annotations and every overlay the focus: neither reads the match's events. The
  // hidden-card check (a non-judge view, a card highlight) asks the card sight, which answers from its cache or, once
  // per (seq, viewer), from a snapshot (cards.ts).
  const cards = new CardSight(ctx.sight, (id) => ctx.host.game(id));

  /** The annotations one viewer may see now (the stream through the same filter SSE frames pass), folded. */
  const visibleTo = async (rec: MatchRecord, access: Access): Promise<{ annotations: Annotation[]; viewer: SideViewer | null }> => {
    const side = await ctx.side.read(rec.matchId, 'annotations');
    if (side.length === 0) return { annotations: [], viewer: null };
    const seen = await ctx.sideViewer(rec, access, { events: false });
    const viewer = access.viewer === 'judge' ? seen : { ...seen, cards: await cards.at(rec, access.viewer, cardCheckSeqs(side, seen.seenSeq)) };
    return { annotations: ordered(foldBook(emptyBook(rec.matchId), ctx.side.admit('annotations', side, viewer))), viewer };
  };

  /** A read of one match: its record and the caller's access (token, `as`), rate-limited as a read. */
  const readerOf = async <Q extends { as?: string | undefined; token?: string | undefined }>(req: FastifyRequest, reply: FastifyReply, q: Q) => {
    const { id } = MatchParams.parse(req.params);
    const claims = ctx.claimsFor(req, q);
    ctx.limit(req, reply, claims, 'reads');
    const rec = await ctx.record(id);
    const access = resolveAccess(rec, claims, q.as, nowMs());
    return { id, claims, rec, access };
  };

  /** The writer behind a request: a coverage or judge token, and how far its own feed has got. */
  const writerOf = async (req: FastifyRequest, rec: MatchRecord, verb: string): Promise<{ writer: Writer; claims: TokenClaims }> => {
    const claims = ctx.claimsFor(req, {});
    if (!claims) throw new HostError(401, 'missing_token', `to ${verb} annotations send a coverage or judge token as "Authorization: Bearer <token>" (\`npx matchtape token --role coverage\`)`);
    if (!mayWrite(claims.role)) throw new HostError(403, 'not_a_writer', `a ${claims.role} token cannot ${verb} annotations; use a coverage or judge token`);
    const access = resolveAccess(rec, claims, claims.role, nowMs());
    const feedSeq = (await ctx.sight.summary(rec, access)).lastSeq;
    return { writer: { id: claims.jti, role: claims.role, feedSeq }, claims };
  };

  /**
   * Read, decide, append with the read seq expected; another writer in between means: read and decide again.
   * An addition under a fresh server-made id depends on nothing earlier (`independent`): it is appended without
   * an expected seq, so any number of authors add at once without retries (the store serialises them).
   */
  const write = async (rec: MatchRecord, writer: Writer, decide: (b: Book) => Decision, independent = false): Promise<{ annotation: Annotation | null; appended: SideEvent[] }> => {
    for (let attempt = 0; ; attempt++) {
      const b = foldBook(emptyBook(rec.matchId), await ctx.side.read(rec.matchId, 'annotations'));
      const d = decide(b);
      if (!d.ok) throw new HostError(d.status, d.code, d.message);
      if (d.events.length === 0) return { annotation: b.annotations.get(d.annotationId) ?? null, appended: [] };
      try {
        const author = { id: writer.id, role: writer.role };
        const appended = await ctx.side.append(rec.matchId, 'annotations', d.events.map((e) => ({ ...e, author })), independent ? {} : { expectedSeq: b.seq });
        return { annotation: foldBook(b, appended).annotations.get(d.annotationId) ?? null, appended };
      } catch (err) {
        if (!(err instanceof ConcurrencyError)) throw err;
        if (attempt >= 20) throw new HostError(409, 'busy', 'other writers kept annotating this match at the same moment; send the request again');
        await new Promise((r) => setTimeout(r, Math.random() * 20 * (attempt + 1)));
      }
    }
  };

  app.get('/api/matches/:id/annotations', async (req, reply) => {
    const q = ReadQuery.parse(req.query);
    const { id, claims, rec, access } = await readerOf(req, reply, q);
    const { annotations } = await visibleTo(rec, access);
    // Layers: one per author, so a viewer can show or hide each.
    const layers = new Map<string, { id: string; name: string; role: string; count: number }>();
    for (const a of annotations) {
      const l = layers.get(a.author.id) ?? { id: a.author.id, name: a.author.name, role: a.author.role, count: 0 };
      l.count += 1;
      layers.set(a.author.id, l);
    }
    const shown = q.author ? annotations.filter((a) => a.author.id === q.author) : annotations;
    return { matchId: id, as: access.role, annotations: shown.map(present), layers: [...layers.values()], you: claims && mayWrite(claims.role) ? claims.jti : null };
  });

  app.post('/api/matches/:id/annotations', async (req, reply) => {
    const { id } = MatchParams.parse(req.params);
    const rec = await ctx.record(id);
    const { writer, claims } = await writerOf(req, rec, 'add');
    ctx.limit(req, reply, claims, 'commands');
    const body = AddAnnotationBody.parse(req.body ?? {});
    const out = await write(rec, writer, (b) => decideAdd(b, writer, body, () => randomUUID()), body.annotationId === undefined);
    return reply.status(out.appended.length > 0 ? 201 : 200).send({ annotation: out.annotation && present(out.annotation) });
  });

  app.patch('/api/matches/:id/annotations/:annotationId', async (req, reply) => {
    const { id, annotationId } = AnnotationParams.parse(req.params);
    const rec = await ctx.record(id);
    const { writer, claims } = await writerOf(req, rec, 'edit');
    ctx.limit(req, reply, claims, 'commands');
    const changes = EditAnnotationBody.parse(req.body ?? {});
    const out = await write(rec, writer, (b) => decideEdit(b, writer, annotationId, changes));
    return { annotation: out.annotation && present(out.annotation) };
  });

  app.delete('/api/matches/:id/annotations/:annotationId', async (req, reply) => {
    const { id, annotationId } = AnnotationParams.parse(req.params);
    const rec = await ctx.record(id);
    const { writer, claims } = await writerOf(req, rec, 'remove');
    ctx.limit(req, reply, claims, 'commands');
    await write(rec, writer, (b) => decideRemove(b, writer, annotationId));
    return { removed: annotationId };
  });

  app.get('/api/matches/:id/chapters', async (req, reply) => {
    const q = ChaptersQuery.parse(req.query);
    const { id, rec, access } = await readerOf(req, reply, q);
    const { annotations } = await visibleTo(rec, access);
    // Times relative to the match's first event; only the events up to the last chapter are read.
    const last = Math.max(0, ...annotations.filter((a) => a.chapter !== null).map((a) => a.seq.from));
    const times = last > 0 ? await ctx.store.readStream(rec.matchId, { to: last }) : [];
    const atOf = (seq: number) => times[seq - 1]?.at;
    const start = atOf(1);
    const chapters = start ? chapterList(annotations, start, atOf) : [];
    if (q.format === 'text') {
      reply.header('content-type', 'text/plain; charset=utf-8');
      reply.header('content-disposition', `inline; filename="${id}.chapters.txt"`);
      return videoChapters(chapters);
    }
    return { matchId: id, as: access.role, startAt: start ?? null, chapters };
  });

  app.get('/api/annotations/search', async (req, reply) => {
    const q = SearchQuery.parse(req.query);
    const claims = ctx.claimsFor(req, q);
    // Highlight reels are the coverage team's: a coverage or judge token, each match read as that role sees it.
    if (!claims) throw new HostError(401, 'missing_token', 'searching annotations needs a coverage or judge token ("Authorization: Bearer <token>")');
    if (!mayWrite(claims.role)) throw new HostError(403, 'not_a_writer', `a ${claims.role} token cannot search annotations; use a coverage or judge token`);
    ctx.limit(req, reply, claims, 'reads');
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
      const access = accessFor(rec, claims.role === 'judge' ? 'judge' : 'coverage', claims, nowMs());
      for (const a of (await visibleTo(rec, access)).annotations) if (matchesQuery(a, q)) hits.push({ ...present(a), game: rec.game });
    }
    return { results: hits.slice(0, q.limit) };
  });

  app.put('/api/matches/:id/focus', async (req, reply) => {
    const { id } = MatchParams.parse(req.params);
    const rec = await ctx.record(id);
    const { writer, claims } = await writerOf(req, rec, 'point at cards for');
    ctx.limit(req, reply, claims, 'commands');
    const body = FocusBody.parse(req.body ?? {});
    if (body.seq > writer.feedSeq) throw new HostError(422, 'seq_not_seen', `seq ${body.seq} is past what your feed has shown (seq ${writer.feedSeq})`);
    const f = { id: randomUUID(), ...body, by: writer.id, setAt: ctx.now().toISOString() };
    focusBoard.set(id, f);
    // The other instances learn it from the bus; a bus that is down leaves it on this instance only.
    await ctx.bus?.publish(subjects.focus(id), f, { msgId: `focus:${f.id}` }).catch((err: unknown) => req.log.warn({ err, matchId: id }, 'coverage focus: not shared over the bus'));
    return f;
  });

  app.get('/api/matches/:id/focus', async (req, reply) => {
    const { id, rec, access } = await readerOf(req, reply, ReadQuery.parse(req.query));
    const focus = await focusShown(focusBoard.history(id), rec, access, {
      seenSeq: async () => (await ctx.sight.summary(rec, access)).lastSeq,
      cardsAt: async (seq) => (await cards.at(rec, access.viewer, [seq])).get(seq)!,
    });
    return { matchId: id, focus };
  });
};

