// HTTP routes of the coverage tools: annotations (read time-locked, write with coverage/judge tokens),
// chapters (JSON and video-chapter text), search across matches, and the producer's card focus.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AnyGameModule } from '@matchtape/engine';
import type { EventStore, MatchRecord } from '@matchtape/store';
import type { TokenClaims } from '../auth/tokens';
import { HostError } from '../host/engine-host';
import { MAX_INT } from '../http/hardening';
import { ViewerParam } from '../http/schemas';
import { accessFor, claimsOf, resolveAccess, tokenFrom, type Access } from '../viewers';
import { MatchSight } from '../visibility';
import { decideAdd, decideEdit, decideRemove, emptyBook, foldBook, mayWrite, type AnnotationSideEvent, type Book, type Decision, type DraftSideEvent, type Writer } from './book';
import { chapterList, videoChapters } from './chapters';
import { FocusBoard } from './focus';
import { matchesQuery, SearchQuery } from './search';
import { AddAnnotationBody, EditAnnotationBody, QUALITIES, type Annotation, type Author } from './schema';
import { boardAs, lockFor, visibleCardIds, type Lock, type MatchFacts } from './timelock';

/** The annotations side stream of the store, as the coverage routes use it. */
export interface AnnotationLog {
  read(matchId: string): Promise<AnnotationSideEvent[]>;
  /** Appends after `expectedSeq`; throws `SideConflict` when another writer got there first. */
  append(matchId: string, author: Author, events: DraftSideEvent[], expectedSeq: number): Promise<AnnotationSideEvent[]>;
  /** Matches whose annotations stream has events, newest activity first (for search). */
  matchesWithAnnotations(limit: number): Promise<string[]>;
}

export class SideConflict extends Error {
  override readonly name = 'SideConflict';
}

export interface CoverageDeps {
  store: EventStore;
  game: (gameId: string) => AnyGameModule;
  log: AnnotationLog;
  limit: (req: FastifyRequest, reply: FastifyReply, claims: TokenClaims | null, kind: 'reads' | 'commands') => void;
  now: () => number;
}

export interface CoverageService {
  focus: FocusBoard;
  /** The annotations a viewer may see now, and when the next held one (if any) falls due. */
  visible(rec: MatchRecord, access: Access): Promise<{ annotations: Annotation[]; nextReleaseAt: number | null }>;
  book(matchId: string): Promise<Book>;
}

const AnnotationParams = z.object({ id: z.string().min(1).max(100), annotationId: z.string().min(1).max(64) }).strict();
const MatchParams = z.object({ id: z.string().min(1).max(100) }).strict();
const ReadQuery = z.object({ as: ViewerParam.optional(), token: z.string().optional(), author: z.string().max(64).optional() }).strict();
const ChaptersQuery = z.object({ as: ViewerParam.optional(), token: z.string().optional(), format: z.enum(['json', 'text']).default('json') }).strict();
const FocusBody = z.object({ cardId: z.string().min(1).max(200).nullable(), seq: z.number().int().min(0).max(MAX_INT) }).strict();

/** An annotation as the API shows it: with its quality glyph. */
export function present(a: Annotation): Annotation & { glyph: string | null } {
  return { ...a, glyph: a.quality ? QUALITIES[a.quality] : null };
}

export function registerCoverageRoutes(app: FastifyInstance, deps: CoverageDeps): CoverageService {
  const sight = new MatchSight(deps.store, deps.game, deps.now);
  const focus = new FocusBoard();
  const liveJudge = (rec: MatchRecord): Access => accessFor(rec, 'judge', null, deps.now());

  // Event times and per-viewer visible cards never change once an event is stored: cache them.
  const atCache = new Map<string, string>();
  const cardsCache = new Map<string, ReadonlySet<string>>();
  const remember = <V>(m: Map<string, V>, k: string, v: V): V => {
    m.set(k, v);
    if (m.size > 20_000) m.delete(m.keys().next().value!);
    return v;
  };
  const factsOf = (rec: MatchRecord): MatchFacts => ({
    async atOf(seq) {
      if (seq < 1 || seq > rec.lastSeq) return undefined;
      const k = `${rec.matchId}\u0000${seq}`;
      const hit = atCache.get(k);
      if (hit) return hit;
      const [e] = await deps.store.readStream(rec.matchId, { from: seq, to: seq });
      return e ? remember(atCache, k, e.at) : undefined;
    },
    async visibleCards(seq, viewer) {
      const k = `${rec.matchId}\u0000${seq}\u0000${viewer}`;
      const hit = cardsCache.get(k);
      if (hit) return hit;
      const { state } = await sight.stateAt(rec, liveJudge(rec), seq);
      return remember(cardsCache, k, visibleCardIds(boardAs(deps.game(rec.game), state, viewer)));
    },
  });

  const record = async (id: string): Promise<MatchRecord> => {
    const r = await deps.store.getMatch(id);
    if (!r) throw new HostError(404, 'match_not_found', `no match ${id}; list matches with GET /api/matches`);
    return r;
  };
  const book = async (matchId: string): Promise<Book> => foldBook(emptyBook(matchId), await deps.log.read(matchId));

  const visible = async (rec: MatchRecord, access: Access) => {
    const b = await book(rec.matchId);
    const facts = factsOf(rec);
    const now = deps.now();
    const out: Annotation[] = [];
    let nextReleaseAt: number | null = null;
    for (const a of b.annotations.values()) {
      const lock: Lock = await lockFor(a, access, now, facts);
      if (lock.kind === 'visible') out.push(a);
      else if (lock.kind === 'pending') nextReleaseAt = Math.min(nextReleaseAt ?? Infinity, lock.releaseAt);
    }
    out.sort((x, y) => x.seq.from - y.seq.from || x.seq.to - y.seq.to || x.version - y.version);
    return { annotations: out, nextReleaseAt };
  };

  /** The writer behind a request: a coverage or judge token, and how far its own feed has got. */
  const writerOf = async (req: FastifyRequest, rec: MatchRecord, verb: string): Promise<{ writer: Writer; claims: TokenClaims }> => {
    const claims = claimsOf(tokenFrom(req.headers, {}));
    if (!claims) throw new HostError(401, 'missing_token', `to ${verb} annotations send a coverage or judge token as "Authorization: Bearer <token>" (\`npx matchtape token --role coverage\`)`);
    if (!mayWrite(claims.role)) throw new HostError(403, 'not_a_writer', `a ${claims.role} token cannot ${verb} annotations; use a coverage or judge token`);
    const access = resolveAccess(rec, claims, claims.role, deps.now());
    const feedSeq = (await sight.summary(rec, access)).lastSeq;
    return { writer: { id: claims.jti, role: claims.role, feedSeq }, claims };
  };

  /** Read, decide, append with the read seq expected; another writer in between means: read and decide again. */
  const write = async (rec: MatchRecord, writer: Writer, decide: (b: Book) => Decision): Promise<{ annotation: Annotation | null; annotationId: string; appended: number }> => {
    for (let attempt = 0; ; attempt++) {
      const b = await book(rec.matchId);
      const d = decide(b);
      if (!d.ok) throw new HostError(d.status, d.code, d.message);
      if (d.events.length === 0) return { annotation: b.annotations.get(d.annotationId) ?? null, annotationId: d.annotationId, appended: 0 };
      try {
        const appended = await deps.log.append(rec.matchId, { id: writer.id, role: writer.role }, d.events, b.seq);
        const after = foldBook(b, appended);
        return { annotation: after.annotations.get(d.annotationId) ?? null, annotationId: d.annotationId, appended: appended.length };
      } catch (err) {
        if (!(err instanceof SideConflict) || attempt >= 4) {
          if (err instanceof SideConflict) throw new HostError(409, 'busy', 'other writers kept annotating this match at the same moment; send the request again');
          throw err;
        }
      }
    }
  };

  app.get('/api/matches/:id/annotations', async (req, reply) => {
    const { id } = MatchParams.parse(req.params);
    const q = ReadQuery.parse(req.query);
    const claims = claimsOf(tokenFrom(req.headers, q));
    deps.limit(req, reply, claims, 'reads');
    const rec = await record(id);
    const access = resolveAccess(rec, claims, q.as, deps.now());
    const { annotations } = await visible(rec, access);
    const shown = q.author ? annotations.filter((a) => a.author.id === q.author) : annotations;
    // Layers: one per author, so a viewer can show or hide each.
    const layers = new Map<string, { id: string; name: string; role: string; count: number }>();
    for (const a of annotations) {
      const l = layers.get(a.author.id) ?? { id: a.author.id, name: a.author.name, role: a.author.role, count: 0 };
      l.count += 1;
      layers.set(a.author.id, l);
    }
    return { matchId: id, as: access.role, annotations: shown.map(present), layers: [...layers.values()], you: claims && mayWrite(claims.role) ? claims.jti : null };
  });

  app.post('/api/matches/:id/annotations', async (req, reply) => {
    const { id } = MatchParams.parse(req.params);
    const rec = await record(id);
    const { writer, claims } = await writerOf(req, rec, 'add');
    deps.limit(req, reply, claims, 'commands');
    const body = AddAnnotationBody.parse(req.body ?? {});
    const out = await write(rec, writer, (b) => decideAdd(b, writer, body, () => randomUUID()));
    return reply.status(out.appended > 0 ? 201 : 200).send({ annotation: out.annotation && present(out.annotation) });
  });

  app.patch('/api/matches/:id/annotations/:annotationId', async (req, reply) => {
    const { id, annotationId } = AnnotationParams.parse(req.params);
    const rec = await record(id);
    const { writer, claims } = await writerOf(req, rec, 'edit');
    deps.limit(req, reply, claims, 'commands');
    const changes = EditAnnotationBody.parse(req.body ?? {});
    const out = await write(rec, writer, (b) => decideEdit(b, writer, annotationId, changes));
    return { annotation: out.annotation && present(out.annotation) };
  });

  app.delete('/api/matches/:id/annotations/:annotationId', async (req, reply) => {
    const { id, annotationId } = AnnotationParams.parse(req.params);
    const rec = await record(id);
    const { writer, claims } = await writerOf(req, rec, 'remove');
    deps.limit(req, reply, claims, 'commands');
    await write(rec, writer, (b) => decideRemove(b, writer, annotationId));
    return { removed: annotationId };
  });

  app.get('/api/matches/:id/chapters', async (req, reply) => {
    const { id } = MatchParams.parse(req.params);
    const q = ChaptersQuery.parse(req.query);
    const claims = claimsOf(tokenFrom(req.headers, q));
    deps.limit(req, reply, claims, 'reads');
    const rec = await record(id);
    const access = resolveAccess(rec, claims, q.as, deps.now());
    const { annotations } = await visible(rec, access);
    const facts = factsOf(rec);
    const start = await facts.atOf(1);
    const times = new Map<number, string>();
    for (const a of annotations) if (a.chapter !== null) times.set(a.seq.from, (await facts.atOf(a.seq.from)) ?? '');
    const chapters = start ? chapterList(annotations, start, (s) => times.get(s) || undefined) : [];
    if (q.format === 'text') {
      reply.header('content-type', 'text/plain; charset=utf-8');
      return videoChapters(chapters);
    }
    return { matchId: id, as: access.role, startAt: start ?? null, chapters };
  });

  app.get('/api/annotations/search', async (req, reply) => {
    const q = SearchQuery.parse(req.query);
    const claims = claimsOf(tokenFrom(req.headers, q));
    // Highlight reels are the coverage team's: a coverage or judge token, each match read as that role sees it.
    if (!claims) throw new HostError(401, 'missing_token', 'searching annotations needs a coverage or judge token ("Authorization: Bearer <token>")');
    if (!mayWrite(claims.role)) throw new HostError(403, 'not_a_writer', `a ${claims.role} token cannot search annotations; use a coverage or judge token`);
    deps.limit(req, reply, claims, 'reads');
    const hits: (Annotation & { glyph: string | null; game: string })[] = [];
    for (const matchId of await deps.log.matchesWithAnnotations(1000)) {
      if (hits.length >= q.limit) break;
      const rec = await deps.store.getMatch(matchId);
      if (!rec || (q.game && rec.game !== q.game)) continue;
      if (claims.matchId && claims.matchId !== matchId) continue;
      const { annotations } = await visible(rec, accessFor(rec, claims.role === 'judge' ? 'judge' : 'coverage', claims, deps.now()));
      for (const a of annotations) if (matchesQuery(a, q)) hits.push({ ...present(a), game: rec.game });
    }
    return { results: hits.slice(0, q.limit) };
  });

  app.put('/api/matches/:id/focus', async (req, reply) => {
    const { id } = MatchParams.parse(req.params);
    const rec = await record(id);
    const { writer, claims } = await writerOf(req, rec, 'point at cards for');
    deps.limit(req, reply, claims, 'commands');
    const body = FocusBody.parse(req.body ?? {});
    if (body.seq > writer.feedSeq) throw new HostError(422, 'seq_not_seen', `seq ${body.seq} is past what your feed has shown (seq ${writer.feedSeq})`);
    const f = { ...body, by: writer.id, setAt: new Date(deps.now()).toISOString() };
    focus.set(id, f);
    return f;
  });

  app.get('/api/matches/:id/focus', async (req, reply) => {
    const { id } = MatchParams.parse(req.params);
    const q = ReadQuery.parse(req.query);
    const claims = claimsOf(tokenFrom(req.headers, q));
    deps.limit(req, reply, claims, 'reads');
    const rec = await record(id);
    const access = resolveAccess(rec, claims, q.as, deps.now());
    const facts = factsOf(rec);
    const now = deps.now();
    // The newest focus this viewer's feed has reached, and only on a card it can see there.
    for (const f of focus.history(id)) {
      const at = f.seq > 0 ? await facts.atOf(f.seq) : undefined;
      if (f.seq > 0 && (at === undefined || Date.parse(at) + access.delaySeconds * 1000 > now)) continue;
      if (f.cardId === null) return { matchId: id, focus: { cardId: null, seq: f.seq } };
      // A card this viewer cannot see there (a hand card, for the public): nothing, not an older focus.
      if (access.viewer !== 'judge' && !(await facts.visibleCards(f.seq, access.viewer)).has(f.cardId)) return { matchId: id, focus: null };
      return { matchId: id, focus: { cardId: f.cardId, seq: f.seq } };
    }
    return { matchId: id, focus: null };
  });

  return { focus, visible, book };
}
