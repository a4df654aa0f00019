// /api/openapi.json, generated from the routes the server registered (http/register.ts) and the zod schemas they
// parse with: a route cannot be served and missing from the document.
import { z } from 'zod';
import type { Route } from './route';
import * as S from './schemas';

/** `/api/matches/:id` → `/api/matches/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function paramsOf(r: Route): unknown[] {
  const out: unknown[] = [];
  const add = (schema: z.ZodType | undefined, where: 'path' | 'query'): void => {
    if (!schema) return;
    const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    for (const [name, s] of Object.entries(js.properties ?? {}))
      // A token in the query is refused except where the route reads it (register.ts): not a parameter elsewhere.
      if (where === 'path' || name !== 'token' || r.queryToken)
        out.push({
          name,
          in: where,
          required: where === 'path' || (js.required ?? []).includes(name),
          schema: s,
        });
  };
  add(r.params, 'path');
  add(r.query, 'query');
  for (const h of r.headers ?? [])
    out.push({ name: h.name, in: 'header', required: false, description: h.description, schema: h.schema });
  return out;
}

const ERROR = { schema: S.ErrorBody };

/** Every route may answer these (the registration path's own refusals). */
function refusalsOf(r: Route): Record<number, { description: string; schema?: z.ZodType }> {
  const out: Record<number, { description: string; schema?: z.ZodType }> = {
    401: { description: 'bad or expired token', ...ERROR },
    429: { description: 'rate limited (Retry-After says when to retry)', ...ERROR },
  };
  if (r.params || r.query || r.body || r.bodyFor)
    out[400] = { description: 'invalid request (what was wrong is in the message)', ...ERROR };
  return out;
}

export function openApiDocument(routes: readonly Route[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const responses: Record<string, unknown> = {};
    for (const [code, d] of Object.entries({ ...refusalsOf(r), ...r.responses })) {
      const content = 'contentType' in d ? d.contentType : undefined;
      responses[code] = {
        description: d.description,
        ...(d.schema
          ? {
              content: {
                [content ?? 'application/json']: {
                  schema: z.toJSONSchema(d.schema, { unrepresentable: 'any' }),
                },
              },
            }
          : content
            ? { content: { [content]: {} } }
            : {}),
      };
    }
    const body = r.body;
    (paths[openApiPath(r.path)] ??= {})[r.method.toLowerCase()] = {
      summary: r.summary,
      'x-rate-limit': r.limit,
      ...(r.auth
        ? {
            security: [{ bearer: [] }],
            description: `Needs a ${r.auth} (Authorization: Bearer …, or ?token= where the query lists it).`,
          }
        : {}),
      parameters: paramsOf(r),
      ...(body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': { schema: z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) },
              },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Matchtape API',
      version: '0.1.0',
      description: 'Event-sourced matches of trading card games: commands, events, views, live SSE.',
    },
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'Matchtape token (seat, judge, coverage, organiser or ops)',
        },
      },
    },
    paths,
  };
}
