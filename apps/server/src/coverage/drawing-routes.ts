// HTTP routes of the casters' drawings (drawings.ts): read as far as the viewer's feed allows (the drawings stream's
// filter, the annotations' time lock: the same function the live gateway asks before every `event: drawing` frame),
// draw and clear with a coverage or judge token.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { MatchRecord } from '@matchtape/store';
import type { TokenClaims } from '../auth/tokens';
import type { RouteContext, RouteModule } from '../http/context';
import { route } from '../http/route';
import { HostError } from '../host/engine-host';
import { ErrorBody, ViewerParam } from '../http/schemas';
import { resolveAccess } from '../viewers';
import { mayWrite, type Writer } from './book';
import { CardSight } from './cards';
import {
  AddDrawingBody,
  ClearDrawingsQuery,
  decideClear,
  decideDraw,
  drawingPart,
  foldDrawings,
  type Drawing,
  type DrawingDecision,
} from './drawings';
import { cardCheckSeqs, timeLocked } from './timelock';

const MatchParams = z.object({ id: z.string().min(1).max(100) }).strict();
const ReadQuery = z.object({ as: ViewerParam.optional() }).strict();
const err = (description: string) => ({ description, schema: ErrorBody });
const writeRefusals = {
  401: err('no token'),
  403: err('not a coverage or judge token (or clearing everyone’s without a judge token)'),
  404: err('no such match'),
  409: err('that drawingId is taken'),
  422: err('seq not seen yet'),
};

/** The drawings one viewer may see now: the stream through its filter, then folded. */
export async function drawingsFor(
  ctx: RouteContext,
  cards: CardSight,
  rec: MatchRecord,
  access: ReturnType<typeof resolveAccess>,
): Promise<Drawing[]> {
  const side = await ctx.side.read(rec.matchId, 'drawings');
  if (side.length === 0) return [];
  const seen = await ctx.sideViewer(rec, access, { events: false });
  const viewer =
    access.viewer === 'judge'
      ? seen
      : {
          ...seen,
          cards: await cards.at(rec, access.viewer, cardCheckSeqs(side, seen.seenSeq, drawingPart)),
        };
  return foldDrawings(ctx.side.admit('drawings', side, viewer));
}

export const drawingRoutes: RouteModule = (ctx) => {
  ctx.side.setFilter('drawings', timeLocked(drawingPart));
  const cards = new CardSight(ctx.sight, (id) => ctx.host.game(id));
  const nowMs = () => ctx.now().getTime();

  const writerOf = async (claims: TokenClaims | null, rec: MatchRecord): Promise<Writer> => {
    if (!claims)
      throw new HostError(
        401,
        'missing_token',
        'to draw on the board send a coverage or judge token as "Authorization: Bearer <token>" (`npx matchtape token --role coverage`)',
      );
    if (!mayWrite(claims.role))
      throw new HostError(
        403,
        'not_a_writer',
        `a ${claims.role} token cannot draw on the board; use a coverage or judge token`,
      );
    const access = resolveAccess(rec, claims, claims.role, nowMs());
    return { id: claims.jti, role: claims.role, feedSeq: (await ctx.sight.summary(rec, access)).lastSeq };
  };

  /** Decide on the stream as stored (every drawing: ids are unique), then append without an expected seq. */
  const write = async (
    id: string,
    claims: TokenClaims | null,
    decide: (all: Drawing[], w: Writer) => DrawingDecision,
  ) => {
    const rec = await ctx.record(id);
    const writer = await writerOf(claims, rec);
    const d = decide(foldDrawings(await ctx.side.read(id, 'drawings')), writer);
    if (!d.ok) throw new HostError(d.status, d.code, d.message);
    const author = { id: writer.id, role: writer.role };
    const appended =
      d.events.length > 0
        ? await ctx.side.append(
            id,
            'drawings',
            d.events.map((e) => ({ ...e, author })),
          )
        : [];
    return { drawingId: d.drawingId, appended };
  };

  const writer = 'coverage or judge token';
  return [
    route({
      method: 'GET',
      path: '/api/matches/:id/drawings',
      summary:
        "The casters' drawings the viewer's feed has reached (time-locked; none pointing at a card hidden from the viewer)",
      limit: 'reads',
      params: MatchParams,
      query: ReadQuery,
      responses: {
        200: { description: 'drawings, each shown from `seq` until `clearedAt`' },
        403: err('view not allowed for this token'),
        404: err('no such match'),
      },
      async handle({ params, claims, query }) {
        const rec = await ctx.record(params.id);
        const access = resolveAccess(rec, claims, query.as, nowMs());
        return {
          matchId: params.id,
          as: access.role,
          drawings: await drawingsFor(ctx, cards, rec, access),
          you: claims && mayWrite(claims.role) ? claims.jti : null,
        };
      },
    }),
    route({
      method: 'POST',
      path: '/api/matches/:id/drawings',
      summary:
        'Draw an arrow or a circle on cards and zones at a seq (201; 200 when the drawingId was already drawn the same way)',
      limit: 'commands',
      auth: writer,
      params: MatchParams,
      body: AddDrawingBody,
      responses: { 201: { description: 'drawn' }, 200: { description: 'already drawn' }, ...writeRefusals },
      async handle({ params, claims, body, reply }) {
        const out = await write(params.id, claims, (all, w) => decideDraw(all, w, body, () => randomUUID()));
        const drawing =
          foldDrawings(await ctx.side.read(params.id, 'drawings')).find(
            (d) => d.drawingId === out.drawingId,
          ) ?? null;
        return reply.status(out.appended.length > 0 ? 201 : 200).send({ drawing });
      },
    }),
    route({
      method: 'DELETE',
      path: '/api/matches/:id/drawings',
      summary:
        "Clear drawings from a seq on: your own (scope=mine) or, with a judge token, everyone's (scope=all)",
      limit: 'commands',
      auth: writer,
      params: MatchParams,
      query: ClearDrawingsQuery,
      responses: { 200: { description: 'cleared' }, ...writeRefusals },
      async handle({ params, claims, query }) {
        await write(params.id, claims, (_all, w) => decideClear(w, query.seq, query.scope));
        return { cleared: query.scope, seq: query.seq };
      },
    }),
  ];
};
