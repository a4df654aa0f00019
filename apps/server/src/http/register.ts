// The one registration path: every route of every module goes through here. Per request, in this order: the
// caller's token (a bad one still costs the address a request), the route's rate limit, then its params, query and body parsed with its zod schemas, then the handler. Nothing reaches a handler unlimited or unparsed.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenClaims } from '../auth/tokens';
import { HostError } from '../host/engine-host';
import type { RateKind, RateLimiter, RateLimits } from './rate-limit';
import type { Route } from './route';

export interface RegisterDeps {
  limiter: RateLimiter;
  limits: RateLimits;
  claimsFor(req: FastifyRequest, query: { token?: string | undefined }): TokenClaims | null;
}

/** Who a request counts against: its token, else its address (what the rate limit and the read gate key on). */
export const clientOf = (req: FastifyRequest, claims: TokenClaims | null): string =>
  claims ? `t:${claims.jti}` : `ip:${req.ip}`;

/** Takes one request from the caller's bucket of a kind (per token, else per address); a 429 with Retry-After when empty. */
export function takeLimit(
  deps: RegisterDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  claims: TokenClaims | null,
  kind: RateKind,
): void {
  const wait = deps.limiter.take(`${kind}:${clientOf(req, claims)}`, deps.limits[kind]);
  if (wait > 0) {
    reply.header('retry-after', String(wait));
    throw new HostError(429, 'rate_limited', `too many requests; retry in ${wait}s`);
  }
}

export function registerRoute(app: FastifyInstance, r: Route, deps: RegisterDeps): void {
  app.route({
    method: r.method,
    url: r.path,
    // Reads take a per-client turn before anything reads the store (fair.ts, a preHandler ahead of the fork guard).
    config: { fairRead: r.limit === 'reads' && r.stream !== true },
    handler: async (req, reply) => {
      const raw = (req.query as { token?: unknown } | undefined)?.token;
      let claims: TokenClaims | null;
      try {
        if (raw !== undefined && !r.queryToken)
          throw new HostError(
            400,
            'token_in_query',
            'send the token as "Authorization: Bearer <token>"; only the live stream (GET /api/matches/:id/live, for EventSource) reads ?token=',
          );
        claims = deps.claimsFor(req, { token: r.queryToken && typeof raw === 'string' ? raw : undefined });
      } catch (err) {
        takeLimit(deps, req, reply, null, r.limit);
        throw err;
      }
      takeLimit(deps, req, reply, claims, r.limit);
      return handleParsed(r, req, reply, claims);
    },
  });
}

/** Parses the request's params, query and body with the route's schemas, then calls its handler. */
async function handleParsed(
  r: Route,
  req: FastifyRequest,
  reply: FastifyReply,
  claims: TokenClaims | null,
): Promise<unknown> {
  const params = r.params ? r.params.parse(req.params) : undefined;
  const query = r.query ? r.query.parse(req.query) : undefined;
  const bodySchema = r.bodyFor ? r.bodyFor(req.body) : r.body;
  const rawBody: unknown = req.body ?? {};
  if (bodySchema && (typeof rawBody !== 'object' || rawBody === null || Array.isArray(rawBody)))
    throw new HostError(
      400,
      'bad_request',
      `send the body as a JSON object (${Array.isArray(rawBody) ? 'an array' : typeof rawBody === 'object' ? 'null' : `a ${typeof rawBody}`} was sent); /api/openapi.json shows its fields`,
    );
  const body = bodySchema ? bodySchema.parse(rawBody) : undefined;
  return r.handle({ params, query, body, claims, req, reply });
}
