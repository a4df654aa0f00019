// A route is declared once, as data: method, path, its zod schemas, its rate-limit class and its handler. The one
// registration path (register.ts) parses with the schemas, takes the rate limit before anything else runs, and
// /api/openapi.json is generated from the routes actually registered, so a route cannot be served undocumented,
// unlimited or unparsed. See docs/architecture.md, "Adding a route".
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TokenClaims } from '../auth/tokens';
import type { RateKind } from './rate-limit';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ResponseDoc {
  description: string;
  schema?: z.ZodType;
  contentType?: string;
}

export interface HeaderDoc {
  name: string;
  description: string;
  schema: Record<string, unknown>;
}

/** What a handler gets: its parsed parts, the caller's verified claims (null without a token), and the raw pair. */
export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  claims: TokenClaims | null;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteDef<P, Q, B> {
  method: Method;
  /** Fastify syntax (`/api/matches/:id`); the document shows `{id}`. */
  path: string;
  summary: string;
  /** The rate-limit bucket every request to this route takes from, per token (else per client address). */
  limit: RateKind;
  /** Who may call it, in words, when it needs a token (shown in the document). */
  auth?: string;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  /**
   * Reads a token from `?token=` too (the live stream only: EventSource cannot send headers). Everywhere else a
   * token in the query is refused: URLs end up in logs, histories and proxies.
   */
  queryToken?: true;
  /** Holds the connection open (the live stream): not a read that takes a per-client turn (fair.ts); the stream caps apply. */
  stream?: true;
  /** Parsed from the JSON body (`{}` when there is none). */
  body?: z.ZodType<B>;
  /** When the body's schema depends on the body itself (POST /api/matches: a new match or a start from a position). */
  bodyFor?(raw: unknown): z.ZodType<B>;
  /** Request headers read besides Authorization. */
  headers?: HeaderDoc[];
  responses: Record<number, ResponseDoc>;
  /** Called with the parsed parts once the limit is taken; the return value is the answer (or use `reply`). */
  handle(input: RouteInput<P, Q, B>): Promise<unknown>;
}

/** A declared route with its types erased (what modules return and the registration reads). */
export type Route = RouteDef<unknown, unknown, unknown>;

/** Declares a route, inferring the handler's input types from the schemas. */
export function route<P = unknown, Q = unknown, B = unknown>(def: RouteDef<P, Q, B>): Route {
  return def as Route;
}

/** Refusal documentation shared by many routes. */
export const refusal = (description: string, schema: z.ZodType): ResponseDoc => ({ description, schema });
