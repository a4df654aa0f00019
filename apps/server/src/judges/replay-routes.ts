// Judges' replay routes: exact fork, start from a position, verification of a stored match, replay bundle.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { commitKeyHex } from '@matchtape/engine';
import { buildBundle, bundleText, type EventStore } from '@matchtape/store';
import { mintToken, type TokenClaims } from '../auth/tokens';
import type { GameRegistry } from '../games';
import type { RouteModule } from '../http/context';
import { HostError, type EngineHost } from '../host/engine-host';
import { MatchIdParams } from '../http/schemas';
import { claimsOf, tokenFrom } from '../viewers';
import { forkMatch, startFromPosition, type CreatedMatch } from './replay';
import { verifyMatchInStore } from './replay-verify';

export interface ReplayRouteDeps {
  host: EngineHost;
  store: EventStore;
  games: GameRegistry;
  seatTokenTtlSeconds?: number;
}

export const ForkBody = z
  .object({
    at: z.number().int().positive().meta({ description: 'The fork is the parent\'s state after this seq.' }),
    reseed: z.union([z.boolean(), z.object({ seed: z.string().min(16).max(200) }).strict()]).optional().meta({ description: 'A fresh seed from the fork point on (true: drawn by the server).' }),
    matchId: z.string().min(1).max(100).regex(/^[A-Za-z0-9_~.-]+$/, 'letters, digits and _ ~ . - only').optional(),
    reshuffle: z.array(z.string()).optional().meta({ description: 'Not implemented yet: refused with 501 (use reseed).' }),
  })
  .strict();

export const PositionBody = z
  .object({
    game: z.string().min(1),
    position: z.record(z.string(), z.unknown()).meta({ description: 'A scenario header without steps: { players, start, cards?, options? }.' }),
    spectatorDelaySeconds: z.number().int().min(0).max(3600).default(0),
    coverageDelaySeconds: z.number().int().min(0).max(3600).optional(),
  })
  .strict();

/** True when a POST /api/matches body asks for a start from a position (it carries `position`). */
export function isPositionRequest(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'position' in body;
}

function judgeOnly(req: FastifyRequest, what: string, also: TokenClaims['role'][] = []): TokenClaims {
  const claims = claimsOf(tokenFrom(req.headers, req.query as { token?: string }));
  if (!claims) throw new HostError(401, 'missing_token', `${what} needs a judge token: mint one with \`npx matchtape token --role judge\` and send it as "Authorization: Bearer <token>"`);
  if (claims.role !== 'judge' && !also.includes(claims.role)) throw new HostError(403, 'not_a_judge', `a ${claims.role} token cannot ${what}; use a judge token${also.length ? ` (or ${also.join('/')})` : ''}`);
  return claims;
}

function seatTokens(created: CreatedMatch, ttlSeconds: number): Record<string, string> {
  return Object.fromEntries(created.seats.map((seat) => [seat, mintToken({ role: 'seat', matchId: created.matchId, seat, ttlSeconds })]));
}

/** POST /api/matches with `position` (judge or organiser): the body is PositionBody. Called by app.ts. */
export async function createFromPositionRoute(deps: ReplayRouteDeps, req: FastifyRequest): Promise<Record<string, unknown>> {
  const claims = judgeOnly(req, 'start a match from a position', ['organiser']);
  const body = PositionBody.parse(req.body);
  const coverage = body.coverageDelaySeconds ?? body.spectatorDelaySeconds;
  const created = await startFromPosition(deps.host, {
    game: body.game,
    position: body.position,
    spectatorDelaySeconds: body.spectatorDelaySeconds,
    coverageDelaySeconds: Math.min(coverage, body.spectatorDelaySeconds),
    createdBy: claims.role,
  });
  return { matchId: created.matchId, game: created.game, lastSeq: created.record.lastSeq, seats: seatTokens(created, deps.seatTokenTtlSeconds ?? 7 * 24 * 3600), spectatorDelaySeconds: body.spectatorDelaySeconds, coverageDelaySeconds: Math.min(coverage, body.spectatorDelaySeconds) };
}

export function registerReplayRoutes(app: FastifyInstance, deps: ReplayRouteDeps): void {
  app.post('/api/matches/:id/fork', async (req, reply) => {
    const { id } = MatchIdParams.parse(req.params);
    judgeOnly(req, 'fork a match');
    const body = ForkBody.parse(req.body ?? {});
    if (body.reshuffle?.length)
      throw new HostError(501, 'reshuffle_not_implemented', 'reshuffling hidden zones in a fork is not implemented yet (no game exposes a judge reshuffle); fork with "reseed": true so outcomes after the fork are fresh, nothing was created');
    const created = await forkMatch(deps.host, { parentId: id, at: body.at, ...(body.reseed !== undefined ? { reseed: body.reseed } : {}), ...(body.matchId ? { matchId: body.matchId } : {}) });
    return reply.status(201).send({
      matchId: created.matchId,
      game: created.game,
      forkOf: created.forkOf,
      lastSeq: created.record.lastSeq,
      seats: seatTokens(created, deps.seatTokenTtlSeconds ?? 7 * 24 * 3600),
    });
  });

  app.get('/api/matches/:id/verification', async (req) => {
    const { id } = MatchIdParams.parse(req.params);
    judgeOnly(req, 'read the verification of a match');
    if (!(await deps.store.getMatch(id))) throw new HostError(404, 'match_not_found', `no match ${id}; list matches with GET /api/matches`);
    return verifyMatchInStore(deps.store, deps.games, id);
  });

  app.get('/api/matches/:id/bundle', async (req, reply) => {
    const { id } = MatchIdParams.parse(req.params);
    judgeOnly(req, 'export a replay bundle');
    const rec = await deps.store.getMatch(id);
    if (!rec) throw new HostError(404, 'match_not_found', `no match ${id}; list matches with GET /api/matches`);
    const q = z.object({ seed: z.enum(['include']).optional(), token: z.string().optional() }).parse(req.query);
    const events = await deps.store.readStream(id);
    const b = buildBundle(deps.games.get(rec.game), events, { commitKey: commitKeyHex(rec.seed), ...(q.seed === 'include' ? { seed: rec.seed } : {}) });
    reply.header('content-type', 'application/x-ndjson; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${id}.replay.jsonl"`);
    return bundleText(b);
  });
}

/** The replay routes as a feature module (listed in routes.ts). */
export const replayRoutes: RouteModule = (app, ctx) => registerReplayRoutes(app, { host: ctx.host, store: ctx.store, games: ctx.games });
