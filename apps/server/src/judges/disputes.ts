// Judges' routes: disputes (the `disputes` side stream), the case file, who knew what, diffs, rule text.
//   GET  /api/matches/:id/disputes                         judge, or a seat of the match
//   POST /api/matches/:id/disputes            { atSeq, claim, against? }   a seat during the match, a judge any time
//   GET  /api/matches/:id/disputes/:disputeId
//   POST /api/matches/:id/disputes/:disputeId/evidence   { kind?, note, seq?, toSeq?, commandId? }
//   POST /api/matches/:id/disputes/:disputeId/ruling     { ruling, rule?, remedy?, forkMatchId? }   judge
//   POST /api/matches/:id/disputes/:disputeId/close      { note? }   judge
//   GET  /api/matches/:id/disputes/:disputeId/case?format=json|html&window=N   judge
//   GET  /api/matches/:id/knowledge?seq=N                  judge
//   GET  /api/matches/:id/diff?from=A&to=B[&other=ID&otherSeq=C]   judge
//   GET  /api/games/:game/rules?ids=502.1b,710.1           anyone (the rules documents are public)
// Who may do what is decided in disputes-model.ts; these handlers read, decide, append.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { isPlayer, type EventEnvelope } from '@matchtape/engine';
import { diffBoards } from '@matchtape/projections';
import { ConcurrencyError, type MatchRecord } from '@matchtape/store';
import type { TokenClaims } from '../auth/tokens';
import { HostError, parseHostedConfig, playersOf } from '../host/engine-host';
import type { RouteContext, RouteModule } from '../http/context';
import { route, type Route } from '../http/route';
import { ErrorBody } from '../http/schemas';
import { MAX_INT } from '../http/hardening';
import { knowledgeServed } from '../projector/serve';
import { resolveAccess } from '../viewers';
import { buildCase, caseHtml } from './disputes-case';
import { verifyMatchInStore } from './replay-verify';
import {
  AttachEvidenceBody,
  CloseDisputeBody,
  decideDispute,
  DisputeIdSchema,
  DISPUTES_STREAM,
  foldDisputes,
  OpenDisputeBody,
  RecordRulingBody,
  type Caller,
  type DisputeAction,
  type DisputeRecord,
  type MatchFacts,
} from './disputes-model';
import { ruleTexts } from './disputes-rules';

export const MatchParams = z.object({ id: z.string().min(1).max(100) }).strict();
export const DisputeParams = z
  .object({ id: z.string().min(1).max(100), disputeId: DisputeIdSchema })
  .strict();
export const TokenQuery = z.object({}).strict();
const seqParam = z.coerce.number().int().min(0).max(MAX_INT, `must be at most ${MAX_INT}`);
export const CaseQuery = z
  .object({
    format: z.enum(['json', 'html']).default('json'),
    window: z.coerce.number().int().min(0).max(500).default(10),
  })
  .strict();
export const KnowledgeQuery = z.object({ seq: seqParam.optional() }).strict();
export const DiffQuery = z
  .object({
    from: seqParam,
    to: seqParam.optional(),
    other: z.string().min(1).max(100).optional(),
    otherSeq: seqParam.optional(),
  })
  .strict()
  .refine((q) => q.to !== undefined || q.other !== undefined, {
    message: 'give to (a seq of this match), or other (a match id, e.g. its fork) with otherSeq',
  });
export const RulesParams = z
  .object({ game: z.string().regex(/^[a-z][a-z-]{0,40}$/, 'a game id such as alpha-clash') })
  .strict();
export const RulesQuery = z.object({ ids: z.string().min(1).max(2000) }).strict();

const err = (description: string) => ({ description, schema: ErrorBody });
const refusals = {
  403: err('not allowed for this token'),
  404: err('no such match or dispute'),
  409: err('match ended / dispute closed'),
};

/** The caller as disputes see it, for one match. */
function callerOf(claims: TokenClaims | null, matchId: string): Caller {
  if (!claims) return { role: 'other', name: 'spectator without a token' };
  if (claims.role === 'judge') return { role: 'judge' };
  if (claims.role === 'seat' && claims.seat) {
    if (claims.matchId !== matchId) return { role: 'other', name: `seat token of match ${claims.matchId}` };
    return { role: 'seat', seat: claims.seat };
  }
  return { role: 'other', name: `${claims.role} token` };
}

function factsOf(rec: MatchRecord): MatchFacts {
  let seats: string[];
  try {
    seats = playersOf(parseHostedConfig(rec)).map((p) => p.id);
  } catch {
    seats = ((rec.summary as { players?: { id: string }[] }).players ?? []).map((p) => p.id);
  }
  return { matchId: rec.matchId, status: rec.status, lastSeq: rec.lastSeq, seats };
}

async function disputesOf(
  ctx: RouteContext,
  matchId: string,
): Promise<{ records: DisputeRecord[]; streamSeq: number }> {
  const events = await ctx.side.read(matchId, DISPUTES_STREAM);
  return { records: foldDisputes(events), streamSeq: events.at(-1)?.seq ?? 0 };
}

/** Reads, decides and (for a write) appends with the stream position it decided on; a concurrent write retries. */
async function act(ctx: RouteContext, claims: TokenClaims | null, matchId: string, action: DisputeAction) {
  const rec = await ctx.record(matchId);
  const caller = callerOf(claims, matchId);
  for (let attempt = 0; ; attempt++) {
    const { records, streamSeq } = await disputesOf(ctx, matchId);
    const d = decideDispute(factsOf(rec), records, caller, action);
    if (!d.ok) throw new HostError(d.status, d.code, d.message);
    if (!d.event)
      return {
        records,
        dispute: 'disputeId' in action ? records.find((r) => r.disputeId === action.disputeId)! : null,
      };
    const author =
      caller.role === 'judge'
        ? { id: `judge:${claims!.jti}`, role: 'judge' }
        : { id: `${matchId}:${caller.role === 'seat' ? caller.seat : '?'}`, role: 'seat' };
    try {
      await ctx.side.append(
        matchId,
        DISPUTES_STREAM,
        [{ type: d.event.type, at: ctx.now().toISOString(), author, payload: d.event.payload }],
        { expectedSeq: streamSeq },
      );
    } catch (err) {
      if (err instanceof ConcurrencyError && attempt < 4) continue;
      throw err;
    }
    const after = (await disputesOf(ctx, matchId)).records;
    return { records: after, dispute: after.find((r) => r.disputeId === d.event!.payload.disputeId)! };
  }
}

/** The full events of a match for a judge (403 with what to do for anyone else). */
async function judgeEvents(
  ctx: RouteContext,
  claims: TokenClaims | null,
  id: string,
): Promise<{ rec: MatchRecord; events: EventEnvelope[] }> {
  const rec = await ctx.record(id);
  if (claims?.role !== 'judge')
    throw new HostError(
      claims ? 403 : 401,
      claims ? 'judges_only' : 'missing_token',
      `this is for judges: it shows every player's hidden cards. Send a judge token (\`npx matchtape token --role judge\`) as "Authorization: Bearer <token>"${claims ? `; you sent a ${claims.role} token` : ''}`,
    );
  resolveAccess(rec, claims, 'judge', ctx.now().getTime());
  return { rec, events: await ctx.store.readStream(id) };
}

async function caseFile(
  ctx: RouteContext,
  claims: TokenClaims | null,
  id: string,
  disputeId: string,
  q: z.infer<typeof CaseQuery>,
  reply: FastifyReply,
) {
  const { rec, events } = await judgeEvents(ctx, claims, id);
  const { dispute } = await act(ctx, claims, id, { kind: 'read', disputeId });
  const game = ctx.host.game(rec.game);
  const served = await knowledgeServed(ctx.store, game, id, events, Math.min(dispute!.atSeq, events.length));
  if (served.generation !== null) reply.header('x-read-model', `knowledge@${served.generation}`);
  const c = buildCase({
    rec,
    game,
    events,
    dispute: dispute!,
    knowledge: served.knowledge,
    rejections: await ctx.store.listRejections(id),
    verification: await verifyMatchInStore(ctx.store, ctx.games, rec.matchId),
    window: q.window,
    now: ctx.now(),
  });
  const name = `case-${id}-${disputeId}`;
  if (q.format === 'html') {
    // The page has no scripts; it is printed or archived as it is.
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    reply.header('content-disposition', `inline; filename="${name}.html"`);
    return caseHtml(c);
  }
  reply.header('content-disposition', `inline; filename="${name}.json"`);
  return c;
}

async function knowledge(
  ctx: RouteContext,
  claims: TokenClaims | null,
  id: string,
  q: z.infer<typeof KnowledgeQuery>,
  reply: FastifyReply,
) {
  const { rec, events } = await judgeEvents(ctx, claims, id);
  const seq = q.seq ?? rec.lastSeq;
  if (seq > events.length)
    throw new HostError(400, 'bad_seq', `seq ${seq} is past the last event of ${id} (seq ${events.length})`);
  // Continued from the projector's nearest checkpoint when the live knowledge generation has one; same answer.
  const served = await knowledgeServed(ctx.store, ctx.host.game(rec.game), id, events, seq);
  if (served.generation !== null) reply.header('x-read-model', `knowledge@${served.generation}`);
  return { matchId: id, ...served.knowledge };
}

async function diff(ctx: RouteContext, claims: TokenClaims | null, id: string, q: z.infer<typeof DiffQuery>) {
  const { rec, events } = await judgeEvents(ctx, claims, id);
  const game = ctx.host.game(rec.game);
  const boardAt = (evs: readonly EventEnvelope[], seq: number, matchId: string) => {
    if (seq > evs.length)
      throw new HostError(
        400,
        'bad_seq',
        `seq ${seq} is past the last event of ${matchId} (seq ${evs.length})`,
      );
    let s: unknown = game.initial();
    for (const e of evs.slice(0, seq)) s = game.evolve(s, e);
    return game.board(s);
  };
  const a = boardAt(events, q.from, id);
  let b;
  let to: { matchId: string; seq: number };
  if (q.other !== undefined) {
    const other = await judgeEvents(ctx, claims, q.other);
    if (other.rec.game !== rec.game)
      throw new HostError(
        400,
        'other_game',
        `match ${q.other} is ${other.rec.game}, ${id} is ${rec.game}; compare matches of one game`,
      );
    to = { matchId: q.other, seq: q.otherSeq ?? q.to ?? other.events.length };
    b = boardAt(other.events, to.seq, q.other);
  } else {
    to = { matchId: id, seq: q.to! };
    b = boardAt(events, to.seq, id);
  }
  return { from: { matchId: id, seq: q.from }, to, ...diffBoards(a, b) };
}

export const disputeRoutes: RouteModule = (ctx) => {
  // Disputes reach judges and the match's own players, live and over REST; spectators and coverage never.
  ctx.side.setFilter(DISPUTES_STREAM, (e, v) =>
    v.access.role === 'judge' || isPlayer(v.access.role) ? { send: e } : 'never',
  );

  return [...disputeLifecycleRoutes(ctx), ...judgeViewRoutes(ctx)];
};

const both = 'judge token, or a seat token of the match';
const judge = 'judge token';
const opened = (status: number, description: string) => ({ [status]: { description }, ...refusals });

/** A dispute's life: list, open, read one, add evidence, rule, close (judges and the match's players). */
function disputeLifecycleRoutes(ctx: RouteContext): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/matches/:id/disputes',
      summary: "The match's disputes",
      limit: 'reads',
      auth: both,
      params: MatchParams,
      query: TokenQuery,
      responses: opened(200, 'disputes'),
      handle: async ({ params, claims }) => ({
        matchId: params.id,
        disputes: (await act(ctx, claims, params.id, { kind: 'list' })).records,
      }),
    }),
    route({
      method: 'POST',
      path: '/api/matches/:id/disputes',
      summary: 'Open a dispute pinned to a seq (a seat during the match, a judge any time)',
      limit: 'commands',
      auth: both,
      params: MatchParams,
      body: OpenDisputeBody,
      responses: opened(201, 'opened'),
      handle: async ({ params, claims, body, reply }) =>
        reply.status(201).send({
          matchId: params.id,
          dispute: (await act(ctx, claims, params.id, { kind: 'open', body })).dispute,
        }),
    }),
    route({
      method: 'GET',
      path: '/api/matches/:id/disputes/:disputeId',
      summary: 'One dispute',
      limit: 'reads',
      auth: both,
      params: DisputeParams,
      query: TokenQuery,
      responses: opened(200, 'dispute'),
      handle: async ({ params, claims }) => ({
        matchId: params.id,
        dispute: (await act(ctx, claims, params.id, { kind: 'read', disputeId: params.disputeId })).dispute,
      }),
    }),
    route({
      method: 'POST',
      path: '/api/matches/:id/disputes/:disputeId/evidence',
      summary: 'Attach evidence to an open dispute',
      limit: 'commands',
      auth: both,
      params: DisputeParams,
      body: AttachEvidenceBody,
      responses: opened(201, 'attached'),
      handle: async ({ params, claims, body, reply }) =>
        reply.status(201).send({
          matchId: params.id,
          dispute: (
            await act(ctx, claims, params.id, { kind: 'evidence', disputeId: params.disputeId, body })
          ).dispute,
        }),
    }),
    route({
      method: 'POST',
      path: '/api/matches/:id/disputes/:disputeId/ruling',
      summary: 'Record a ruling',
      limit: 'commands',
      auth: judge,
      params: DisputeParams,
      body: RecordRulingBody,
      responses: opened(201, 'recorded'),
      handle: async ({ params, claims, body, reply }) =>
        reply.status(201).send({
          matchId: params.id,
          dispute: (await act(ctx, claims, params.id, { kind: 'ruling', disputeId: params.disputeId, body }))
            .dispute,
        }),
    }),
    route({
      method: 'POST',
      path: '/api/matches/:id/disputes/:disputeId/close',
      summary: 'Close a dispute',
      limit: 'commands',
      auth: judge,
      params: DisputeParams,
      body: CloseDisputeBody,
      responses: opened(200, 'closed'),
      handle: async ({ params, claims, body }) => ({
        matchId: params.id,
        dispute: (await act(ctx, claims, params.id, { kind: 'close', disputeId: params.disputeId, body }))
          .dispute,
      }),
    }),
  ];
}

/** What judges read to rule: the case file, who knew what, the diff between two points, the rules text. */
function judgeViewRoutes(ctx: RouteContext): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/matches/:id/disputes/:disputeId/case',
      summary: 'The case file: JSON or printable HTML',
      limit: 'reads',
      auth: judge,
      params: DisputeParams,
      query: CaseQuery,
      responses: opened(200, 'case file'),
      handle: async ({ params, claims, query, reply }) =>
        caseFile(ctx, claims, params.id, params.disputeId, query, reply),
    }),
    route({
      method: 'GET',
      path: '/api/matches/:id/knowledge',
      summary: 'Who knew what at a seq',
      limit: 'reads',
      auth: judge,
      params: MatchParams,
      query: KnowledgeQuery,
      responses: opened(200, 'knowledge per player and zone'),
      handle: async ({ params, claims, query, reply }) => knowledge(ctx, claims, params.id, query, reply),
    }),
    route({
      method: 'GET',
      path: '/api/matches/:id/diff',
      summary: 'What changed between two seqs (of this match, or of it and another, e.g. its fork)',
      limit: 'reads',
      auth: judge,
      params: MatchParams,
      query: DiffQuery,
      responses: opened(200, 'changes'),
      handle: async ({ params, claims, query }) => diff(ctx, claims, params.id, query),
    }),
    route({
      method: 'GET',
      path: '/api/games/:game/rules',
      summary: 'Rule text from the rules documents',
      limit: 'reads',
      params: RulesParams,
      query: RulesQuery,
      responses: { 200: { description: 'rule texts' }, 404: err('unknown game') },
      async handle({ params, query }) {
        if (!ctx.games.ids().includes(params.game))
          throw new HostError(404, 'unknown_game', `no game ${params.game}; GET /api/games lists them`);
        return {
          game: params.game,
          rules: ruleTexts(
            params.game,
            query.ids
              .split(',')
              .map((x) => x.trim())
              .slice(0, 200),
          ),
        };
      },
    }),
  ];
}
