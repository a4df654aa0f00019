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
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isPlayer, type EventEnvelope } from '@matchtape/engine';
import { diffBoards } from '@matchtape/projections';
import { ConcurrencyError, type MatchRecord } from '@matchtape/store';
import type { TokenClaims } from '../auth/tokens';
import { HostError, parseHostedConfig, playersOf } from '../host/engine-host';
import type { RouteModule } from '../http/context';
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
export const DisputeParams = z.object({ id: z.string().min(1).max(100), disputeId: DisputeIdSchema }).strict();
export const TokenQuery = z.object({ token: z.string().optional() }).strict();
const seqParam = z.coerce.number().int().min(0).max(MAX_INT, `must be at most ${MAX_INT}`);
export const CaseQuery = z.object({ token: z.string().optional(), format: z.enum(['json', 'html']).default('json'), window: z.coerce.number().int().min(0).max(500).default(10) }).strict();
export const KnowledgeQuery = z.object({ token: z.string().optional(), seq: seqParam.optional() }).strict();
export const DiffQuery = z
  .object({ token: z.string().optional(), from: seqParam, to: seqParam.optional(), other: z.string().min(1).max(100).optional(), otherSeq: seqParam.optional() })
  .strict()
  .refine((q) => q.to !== undefined || q.other !== undefined, { message: 'give to (a seq of this match), or other (a match id, e.g. its fork) with otherSeq' });
export const RulesParams = z.object({ game: z.string().regex(/^[a-z][a-z-]{0,40}$/, 'a game id such as alpha-clash') }).strict();
export const RulesQuery = z.object({ ids: z.string().min(1).max(2000) }).strict();

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

export const disputeRoutes: RouteModule = (app, ctx) => {
  // Disputes reach judges and the match's own players, live and over REST; spectators and coverage never.
  ctx.side.setFilter(DISPUTES_STREAM, (e, v) => (v.access.role === 'judge' || isPlayer(v.access.role) ? { send: e } : 'never'));

  const disputesOf = async (matchId: string): Promise<{ records: DisputeRecord[]; streamSeq: number }> => {
    const events = await ctx.side.read(matchId, DISPUTES_STREAM);
    return { records: foldDisputes(events), streamSeq: events.at(-1)?.seq ?? 0 };
  };

  /** Reads, decides and (for a write) appends with the stream position it decided on; a concurrent write retries. */
  const act = async (req: FastifyRequest, reply: FastifyReply, matchId: string, token: string | undefined, action: DisputeAction) => {
    const claims = ctx.claimsFor(req, { token });
    ctx.limit(req, reply, claims, action.kind === 'list' || action.kind === 'read' ? 'reads' : 'commands');
    const rec = await ctx.record(matchId);
    const caller = callerOf(claims, matchId);
    for (let attempt = 0; ; attempt++) {
      const { records, streamSeq } = await disputesOf(matchId);
      const d = decideDispute(factsOf(rec), records, caller, action);
      if (!d.ok) throw new HostError(d.status, d.code, d.message);
      if (!d.event) return { records, dispute: 'disputeId' in action ? records.find((r) => r.disputeId === action.disputeId)! : null };
      const author = caller.role === 'judge' ? { id: `judge:${claims!.jti}`, role: 'judge' } : { id: `${matchId}:${caller.role === 'seat' ? caller.seat : '?'}`, role: 'seat' };
      try {
        await ctx.side.append(matchId, DISPUTES_STREAM, [{ type: d.event.type, at: ctx.now().toISOString(), author, payload: d.event.payload }], { expectedSeq: streamSeq });
      } catch (err) {
        if (err instanceof ConcurrencyError && attempt < 4) continue;
        throw err;
      }
      const after = (await disputesOf(matchId)).records;
      return { records: after, dispute: after.find((r) => r.disputeId === d.event!.payload.disputeId)! };
    }
  };

  app.get('/api/matches/:id/disputes', async (req, reply) => {
    const { id } = MatchParams.parse(req.params);
    const q = TokenQuery.parse(req.query);
    const { records } = await act(req, reply, id, q.token, { kind: 'list' });
    return { matchId: id, disputes: records };
  });

  app.post('/api/matches/:id/disputes', async (req, reply) => {
    const { id } = MatchParams.parse(req.params);
    const body = OpenDisputeBody.parse(req.body ?? {});
    const { dispute } = await act(req, reply, id, undefined, { kind: 'open', body });
    return reply.status(201).send({ matchId: id, dispute });
  });

  app.get('/api/matches/:id/disputes/:disputeId', async (req, reply) => {
    const { id, disputeId } = DisputeParams.parse(req.params);
    const q = TokenQuery.parse(req.query);
    const { dispute } = await act(req, reply, id, q.token, { kind: 'read', disputeId });
    return { matchId: id, dispute };
  });

  app.post('/api/matches/:id/disputes/:disputeId/evidence', async (req, reply) => {
    const { id, disputeId } = DisputeParams.parse(req.params);
    const body = AttachEvidenceBody.parse(req.body ?? {});
    const { dispute } = await act(req, reply, id, undefined, { kind: 'evidence', disputeId, body });
    return reply.status(201).send({ matchId: id, dispute });
  });

  app.post('/api/matches/:id/disputes/:disputeId/ruling', async (req, reply) => {
    const { id, disputeId } = DisputeParams.parse(req.params);
    const body = RecordRulingBody.parse(req.body ?? {});
    const { dispute } = await act(req, reply, id, undefined, { kind: 'ruling', disputeId, body });
    return reply.status(201).send({ matchId: id, dispute });
  });

  app.post('/api/matches/:id/disputes/:disputeId/close', async (req, reply) => {
    const { id, disputeId } = DisputeParams.parse(req.params);
    const body = CloseDisputeBody.parse(req.body ?? {});
    const { dispute } = await act(req, reply, id, undefined, { kind: 'close', disputeId, body });
    return { matchId: id, dispute };
  });

  /** The full events of a match for a judge (403 with what to do for anyone else). */
  const judgeEvents = async (req: FastifyRequest, reply: FastifyReply, id: string, token: string | undefined): Promise<{ rec: MatchRecord; events: EventEnvelope[] }> => {
    const claims = ctx.claimsFor(req, { token });
    ctx.limit(req, reply, claims, 'reads');
    const rec = await ctx.record(id);
    if (claims?.role !== 'judge')
      throw new HostError(claims ? 403 : 401, claims ? 'judges_only' : 'missing_token', `this is for judges: it shows every player's hidden cards. Send a judge token (\`npx matchtape token --role judge\`) as "Authorization: Bearer <token>"${claims ? `; you sent a ${claims.role} token` : ''}`);
    resolveAccess(rec, claims, 'judge', ctx.now().getTime());
    return { rec, events: await ctx.store.readStream(id) };
  };

  app.get('/api/matches/:id/disputes/:disputeId/case', async (req, reply) => {
    const { id, disputeId } = DisputeParams.parse(req.params);
    const q = CaseQuery.parse(req.query);
    const { rec, events } = await judgeEvents(req, reply, id, q.token);
    const { dispute } = await act(req, reply, id, q.token, { kind: 'read', disputeId });
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
      reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      reply.header('content-disposition', `inline; filename="${name}.html"`);
      return caseHtml(c);
    }
    reply.header('content-disposition', `inline; filename="${name}.json"`);
    return c;
  });

  app.get('/api/matches/:id/knowledge', async (req, reply) => {
    const { id } = MatchParams.parse(req.params);
    const q = KnowledgeQuery.parse(req.query);
    const { rec, events } = await judgeEvents(req, reply, id, q.token);
    const seq = q.seq ?? rec.lastSeq;
    if (seq > events.length) throw new HostError(400, 'bad_seq', `seq ${seq} is past the last event of ${id} (seq ${events.length})`);
    // Continued from the projector's nearest checkpoint when the live knowledge generation has one; same answer.
    const served = await knowledgeServed(ctx.store, ctx.host.game(rec.game), id, events, seq);
    if (served.generation !== null) reply.header('x-read-model', `knowledge@${served.generation}`);
    return { matchId: id, ...served.knowledge };
  });

  app.get('/api/matches/:id/diff', async (req, reply) => {
    const { id } = MatchParams.parse(req.params);
    const q = DiffQuery.parse(req.query);
    const { rec, events } = await judgeEvents(req, reply, id, q.token);
    const game = ctx.host.game(rec.game);
    const boardAt = (evs: readonly EventEnvelope[], seq: number, matchId: string) => {
      if (seq > evs.length) throw new HostError(400, 'bad_seq', `seq ${seq} is past the last event of ${matchId} (seq ${evs.length})`);
      let s: unknown = game.initial();
      for (const e of evs.slice(0, seq)) s = game.evolve(s, e);
      return game.board(s);
    };
    const a = boardAt(events, q.from, id);
    let b;
    let to: { matchId: string; seq: number };
    if (q.other !== undefined) {
      const other = await judgeEvents(req, reply, q.other, q.token);
      if (other.rec.game !== rec.game) throw new HostError(400, 'other_game', `match ${q.other} is ${other.rec.game}, ${id} is ${rec.game}; compare matches of one game`);
      to = { matchId: q.other, seq: q.otherSeq ?? q.to ?? other.events.length };
      b = boardAt(other.events, to.seq, q.other);
    } else {
      to = { matchId: id, seq: q.to! };
      b = boardAt(events, to.seq, id);
    }
    return { from: { matchId: id, seq: q.from }, to, ...diffBoards(a, b) };
  });

  app.get('/api/games/:game/rules', async (req, reply) => {
    const { game } = RulesParams.parse(req.params);
    const q = RulesQuery.parse(req.query);
    ctx.limit(req, reply, null, 'reads');
    if (!ctx.games.ids().includes(game)) throw new HostError(404, 'unknown_game', `no game ${game}; GET /api/games lists them`);
    return { game, rules: ruleTexts(game, q.ids.split(',').map((s) => s.trim()).slice(0, 200)) };
  });
};
