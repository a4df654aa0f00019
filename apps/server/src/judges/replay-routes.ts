// Judges' replay routes: exact fork, start from a position, verification of a stored match, replay bundle.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { commitKeyHex } from '@matchtape/engine';
import { buildBundle, bundleText, withholdsSeed, type EventStore } from '@matchtape/store';
import { mintToken, type TokenClaims } from '../auth/tokens';
import type { GameRegistry } from '../games';
import type { RouteModule } from '../http/context';
import { HostError, type EngineHost } from '../host/engine-host';
import { missingToken } from '../http/refusals';
import { route } from '../http/route';
import { ErrorBody, MatchIdParams } from '../http/schemas';
import { notFound } from './fork-secrecy';
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
    at: z.number().int().positive().meta({ description: "The fork is the parent's state after this seq." }),
    reseed: z
      .union([z.boolean(), z.object({ seed: z.string().min(16).max(200) }).strict()])
      .optional()
      .meta({
        description:
          "The fork's seed from the fork point on: true (drawn by the server) or { seed }. Left out: a fresh one for a live parent, the parent's (public in its MatchEnded) for an ended one; false (keep the parent's) is refused for a live parent.",
      }),
    matchId: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_~.-]+$/, 'letters, digits and _ ~ . - only')
      .optional(),
    reshuffle: z.boolean().optional().meta({
      description:
        "Reshuffle every hidden, randomly ordered zone (each player's deck) right after the fork point, from the fork's seed (the game's own shuffle event, cause \"fork: hidden zones reshuffled from the fork's own seed\", no rule). Left out: true for a live parent (its deck order is its players' secret; false is refused), false for an ended one (an exact fork). true for an ended parent draws from a fresh seed unless reseed is false.",
    }),
    bots: z.boolean().optional().meta({
      description:
        "true: the parent's bots keep playing their seats in the fork. Left out: every seat waits for the person its seat token (in the answer) is handed to.",
    }),
  })
  .strict();

export const PositionBody = z
  .object({
    game: z.string().min(1),
    position: z
      .record(z.string(), z.unknown())
      .meta({ description: 'A scenario header without steps: { players, start, cards?, options? }.' }),
    spectatorDelaySeconds: z.number().int().min(0).max(3600).default(0),
    coverageDelaySeconds: z.number().int().min(0).max(3600).optional(),
  })
  .strict();
export type PositionBody = z.infer<typeof PositionBody>;

/** True when a POST /api/matches body asks for a start from a position (it carries `position`). */
export function isPositionRequest(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'position' in body;
}

/** The caller's claims when they are a judge's (or one of `also`); 401/403 saying what to send otherwise. */
export function judgeOnly(
  claims: TokenClaims | null,
  what: string,
  also: TokenClaims['role'][] = [],
): TokenClaims {
  if (!claims) throw missingToken(what, 'judge');
  if (claims.role !== 'judge' && !also.includes(claims.role))
    throw new HostError(
      403,
      'not_a_judge',
      `a ${claims.role} token cannot ${what}; use a judge token${also.length ? ` (or ${also.join('/')})` : ''}`,
    );
  return claims;
}

function seatTokens(created: CreatedMatch, ttlSeconds: number): Record<string, string> {
  return Object.fromEntries(
    created.seats.map((seat) => [
      seat,
      mintToken({ role: 'seat', matchId: created.matchId, seat, ttlSeconds }),
    ]),
  );
}

/** POST /api/matches with `position` (judge or organiser): the body is PositionBody. Called by the matches route. */
export async function createFromPosition(
  deps: ReplayRouteDeps,
  claims: TokenClaims | null,
  body: PositionBody,
): Promise<Record<string, unknown>> {
  const by = judgeOnly(claims, 'start a match from a position', ['organiser']);
  const coverage = Math.min(
    body.coverageDelaySeconds ?? body.spectatorDelaySeconds,
    body.spectatorDelaySeconds,
  );
  const created = await startFromPosition(deps.host, {
    game: body.game,
    position: body.position,
    spectatorDelaySeconds: body.spectatorDelaySeconds,
    coverageDelaySeconds: coverage,
    createdBy: by.role,
  });
  return {
    matchId: created.matchId,
    game: created.game,
    lastSeq: created.record.lastSeq,
    seats: seatTokens(created, deps.seatTokenTtlSeconds ?? 7 * 24 * 3600),
    spectatorDelaySeconds: body.spectatorDelaySeconds,
    coverageDelaySeconds: coverage,
  };
}

async function fork(
  deps: ReplayRouteDeps,
  id: string,
  body: z.infer<typeof ForkBody>,
): Promise<Record<string, unknown>> {
  const created = await forkMatch(deps.host, {
    parentId: id,
    at: body.at,
    ...(body.reseed !== undefined ? { reseed: body.reseed } : {}),
    ...(body.reshuffle !== undefined ? { reshuffle: body.reshuffle } : {}),
    ...(body.matchId ? { matchId: body.matchId } : {}),
    ...(body.bots ? { bots: true } : {}),
  });
  return {
    matchId: created.matchId,
    game: created.game,
    forkOf: created.forkOf,
    lastSeq: created.record.lastSeq,
    seats: seatTokens(created, deps.seatTokenTtlSeconds ?? 7 * 24 * 3600),
  };
}

async function bundle(
  deps: ReplayRouteDeps,
  id: string,
  includeSeed: boolean,
  reply: FastifyReply,
): Promise<string> {
  const rec = await deps.store.getMatch(id);
  if (!rec) throw notFound(id);
  const events = await deps.store.readStream(id);
  // A fork's MatchEnded withholds its seed (judges/copy.ts): a judge's bundle of an ended fork carries it instead.
  const b = buildBundle(deps.games.get(rec.game), events, {
    commitKey: commitKeyHex(rec.seed),
    ...(includeSeed || withholdsSeed(events) ? { seed: rec.seed } : {}),
  });
  reply.header('content-type', 'application/x-ndjson; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${id}.replay.jsonl"`);
  return bundleText(b);
}

const BundleQuery = z.object({ seed: z.enum(['include']).optional() }).strict();
const err = (description: string) => ({ description, schema: ErrorBody });

/** The replay routes as a feature module (listed in routes.ts). */
export const replayRoutes: RouteModule = (ctx) => {
  const deps: ReplayRouteDeps = {
    host: ctx.host,
    store: ctx.store,
    games: ctx.games,
    seatTokenTtlSeconds: ctx.config.seatTokenTtlSeconds,
  };
  return [
    route({
      method: 'POST',
      path: '/api/matches/:id/fork',
      summary: "An exact fork of a match after seq `at` (a judge's rewind); returns the fork's seat tokens",
      limit: 'create',
      auth: 'judge token',
      params: MatchIdParams,
      body: ForkBody,
      responses: {
        201: { description: 'forked' },
        403: err('not a judge'),
        404: err('no such match'),
        400: err('bad seq, or keeping the seed or deck order of a live parent'),
        409: err('match id taken'),
      },
      async handle({ params, body, claims, reply }) {
        judgeOnly(claims, 'fork a match');
        return reply.status(201).send(await fork(deps, params.id, body));
      },
    }),
    route({
      method: 'GET',
      path: '/api/matches/:id/verification',
      summary: 'Replays the stored match and checks its hash chain and every event (judges)',
      limit: 'reads',
      auth: 'judge token',
      params: MatchIdParams,
      responses: { 200: { description: 'verification' }, 403: err('not a judge'), 404: err('no such match') },
      async handle({ params, claims }) {
        judgeOnly(claims, 'read the verification of a match');
        if (!(await deps.store.getMatch(params.id)))
          throw new HostError(
            404,
            'match_not_found',
            `no match ${params.id}; list matches with GET /api/matches`,
          );
        return verifyMatchInStore(deps.store, deps.games, params.id);
      },
    }),
    route({
      method: 'GET',
      path: '/api/matches/:id/bundle',
      summary: 'A replay bundle (JSONL) another Matchtape can verify; `seed=include` adds the seed',
      limit: 'reads',
      auth: 'judge token',
      params: MatchIdParams,
      query: BundleQuery,
      responses: {
        200: { description: 'one line per record', contentType: 'application/x-ndjson' },
        403: err('not a judge'),
        404: err('no such match'),
      },
      async handle({ params, query, claims, reply }) {
        judgeOnly(claims, 'export a replay bundle');
        return bundle(deps, params.id, query.seed === 'include', reply);
      },
    }),
  ];
};
