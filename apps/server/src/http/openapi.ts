// /api/openapi.json, generated from the same zod schemas the handlers parse with.
import { z } from 'zod';
import * as S from './schemas';
import { disputeRouteDocs } from '../judges/disputes-docs';
import { tableRouteDocs } from '../table/docs';

type Schema = z.ZodType;
export interface Doc {
  method: 'get' | 'post';
  path: string;
  summary: string;
  auth?: string;
  params?: Schema;
  query?: Schema;
  /** Request headers the route reads besides Authorization. */
  headers?: { name: string; description: string; schema: Record<string, unknown> }[];
  body?: Schema;
  responses: Record<string, { description: string; schema?: Schema; contentType?: string }>;
}

const err = (description: string) => ({ description, schema: S.ErrorBody });

export const routeDocs: Doc[] = [
  { method: 'get', path: '/api/health', summary: 'Liveness and what this instance runs', responses: { 200: { description: 'ok' } } },
  { method: 'get', path: '/api/games', summary: 'Implemented games and their preset decks', responses: { 200: { description: 'games' } } },
  {
    method: 'post',
    path: '/api/matches',
    summary: 'Create a match; returns one seat token per player',
    auth: 'organiser token (`npx matchtape token --role organiser`)',
    body: S.CreateMatchBody,
    responses: {
      201: { description: 'created', schema: S.CreateMatchResponse },
      400: err('invalid request'),
      401: err('missing, bad or expired token'),
      403: err('not an organiser token'),
      404: err('unknown game'),
      422: err('invalid deck'),
      429: err('rate limited'),
    },
  },
  {
    method: 'get',
    path: '/api/matches',
    summary: 'Live and finished matches',
    query: S.ListMatchesQuery,
    responses: { 200: { description: 'matches', schema: z.object({ matches: z.array(S.MatchListItem) }) } },
  },
  { method: 'get', path: '/api/matches/{id}', summary: 'One match summary', params: S.MatchIdParams, responses: { 200: { description: 'match', schema: S.MatchListItem }, 404: err('no such match') } },
  {
    method: 'post',
    path: '/api/matches/{id}/commands',
    summary: 'Send a command as the seat of the bearer token (idempotent by commandId)',
    auth: 'seat token',
    params: S.MatchIdParams,
    body: S.CommandBody,
    responses: {
      200: { description: 'accepted (or the replay of an accepted commandId)', schema: S.CommandAccepted },
      400: err('malformed JSON or body'),
      401: err('missing, bad or expired token'),
      403: err('token of another match or seat'),
      409: err('commandId already used for a different command'),
      413: err('body too large'),
      422: { description: 'rejected by the rules; nothing appended', schema: S.CommandRejected },
      429: err('rate limited'),
    },
  },
  {
    method: 'get',
    path: '/api/matches/{id}/events',
    summary: "Events as the viewer may see them (after the viewer's delay), at most 5,000 per page; `next` is the `from` of the next page, or null",
    params: S.MatchIdParams,
    query: S.EventsQuery,
    responses: { 200: { description: 'events' }, 403: err('view not allowed for this token') },
  },
  {
    method: 'get',
    path: '/api/matches/{id}/state',
    summary: 'State at seq (snapshot + fold), as the viewer sees it, with a board model',
    params: S.MatchIdParams,
    query: S.StateQuery,
    responses: { 200: { description: 'state' }, 403: err('view not allowed for this token') },
  },
  { method: 'get', path: '/api/matches/{id}/timeline', summary: 'Turns, phases, steps with seq ranges, attacks, key moments, stats', params: S.MatchIdParams, query: S.ViewQuery, responses: { 200: { description: 'timeline' } } },
  {
    method: 'get',
    path: '/api/matches/{id}/export',
    summary: 'JSONL export: every event in full for judges, the released public view for everyone else',
    params: S.MatchIdParams,
    query: S.ViewQuery,
    responses: { 200: { description: 'one event per line', contentType: 'application/x-ndjson' } },
  },
  { method: 'get', path: '/api/matches/{id}/rejections', summary: 'Rejected commands (judges)', auth: 'judge token', params: S.MatchIdParams, query: S.ViewQuery, responses: { 200: { description: 'rejections' }, 403: err('not a judge') } },
  {
    method: 'get',
    path: '/api/matches/{id}/live',
    summary: 'Server-sent events: `id:` is the seq; resumes after Last-Event-ID with no gap and no duplicate; `event: end` closes',
    params: S.MatchIdParams,
    query: S.LiveQuery,
    headers: [{ name: 'Last-Event-ID', description: 'Resume after this seq (at most the match\'s last seq).', schema: { type: 'string', pattern: '^[0-9]+$' } }],
    responses: { 200: { description: 'event stream', contentType: 'text/event-stream' }, 403: err('view not allowed for this token') },
  },
  ...disputeRouteDocs,
  ...tableRouteDocs,
];

function paramsOf(d: Doc): unknown[] {
  const out: unknown[] = [];
  const add = (schema: Schema | undefined, where: 'path' | 'query'): void => {
    if (!schema) return;
    const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, s] of Object.entries(js.properties ?? {}))
      out.push({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema: s });
  };
  add(d.params, 'path');
  add(d.query, 'query');
  for (const h of d.headers ?? []) out.push({ name: h.name, in: 'header', required: false, description: h.description, schema: h.schema });
  return out;
}

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const d of routeDocs) {
    const responses: Record<string, unknown> = {};
    for (const [code, r] of Object.entries(d.responses)) {
      responses[code] = {
        description: r.description,
        ...(r.schema ? { content: { [r.contentType ?? 'application/json']: { schema: z.toJSONSchema(r.schema, { unrepresentable: 'any' }) } } } : r.contentType ? { content: { [r.contentType]: {} } } : {}),
      };
    }
    (paths[d.path] ??= {})[d.method] = {
      summary: d.summary,
      ...(d.auth ? { security: [{ bearer: [] }], description: `Needs a ${d.auth} (Authorization: Bearer …, or ?token= for EventSource).` } : {}),
      parameters: paramsOf(d),
      ...(d.body ? { requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(d.body, { io: 'input', unrepresentable: 'any' }) } } } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Matchtape API', version: '0.1.0', description: 'Event-sourced matches of trading card games: commands, events, views, live SSE.' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Matchtape token (seat, judge, coverage or organiser)' } } },
    paths,
  };
}
