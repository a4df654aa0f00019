// The Fastify instance every role serves from: timeouts for slow clients, security and cache headers on every
// answer, a request log line with tokens redacted, and refusals that are always JSON saying what was wrong.
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { z } from 'zod';
import { EventTooLargeError, isStoreFull, isStoreUnavailable } from '@matchtape/store';
import { HostError } from '../host/engine-host';
import { cacheHeaders, findBadText, SECURITY_HEADERS } from './hardening';
import { redactUrl } from './redact';

export interface HttpOptions {
  bodyLimitBytes?: number;
  trustProxy?: string[] | false;
  /** Pino options; `stream` lets tests read the log. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /**
   * Slow clients: the request line and headers must arrive within `headersMs` (default 10 s), the whole request
   * within `requestMs` (default 30 s); checked every `checkMs` (default 1 s). Once 1,500 half-sent requests were
   * held open for 77 s (Node's 60 s header default plus its 30 s check, and no request limit at all).
   */
  timeouts?: { headersMs?: number; requestMs?: number; checkMs?: number };
}

function zodMessage(err: z.ZodError, where: 'query' | 'body'): string {
  return err.issues
    .slice(0, 5)
    .map((i) =>
      where === 'query'
        ? `query ${i.path.length ? `parameter ${i.path.join('.')}` : 'string'}: ${i.message}`
        : `${i.path.length ? i.path.join('.') : 'body'}: ${i.message}`,
    )
    .join('; ');
}

/** Errors as JSON: HostErrors as they are, store outages as 503 with Retry-After, parse failures as 400. */
function sendError(
  app: FastifyInstance,
  bodyLimit: number,
  err: Error & { statusCode?: number; code?: string },
  req: FastifyRequest,
  reply: FastifyReply,
) {
  void reply.headers({ ...SECURITY_HEADERS, ...cacheHeaders(req) });
  if (err instanceof HostError)
    return reply.status(err.statusCode).send({ error: err.code, message: err.message });
  if (err instanceof EventTooLargeError)
    return reply.status(422).send({ error: 'event_too_large', message: err.message });
  // The database's disk is full: the append rolled back whole; an operator must free space.
  if (isStoreFull(err)) {
    req.log.error({ err: err.message }, 'store out of disk space');
    void reply.header('retry-after', '30');
    return reply.status(503).send({
      error: 'store_full',
      message:
        'the event store is out of disk space; nothing was written — retry the same request (same commandId) once an operator has freed space',
    });
  }
  // The database is down or restarting: nothing was written (appends are one transaction); the client retries.
  if (isStoreUnavailable(err)) {
    req.log.warn({ err: err.message }, 'store unavailable');
    void reply.header('retry-after', '1');
    return reply.status(503).send({
      error: 'store_unavailable',
      message:
        'the event store is unavailable (restarting or unreachable); nothing was written — retry the same request (same commandId) shortly',
    });
  }
  // GET and HEAD carry no body: what failed to parse was the query string.
  if (err instanceof z.ZodError)
    return reply.status(400).send({
      error: 'bad_request',
      message: zodMessage(err, req.method === 'GET' || req.method === 'HEAD' ? 'query' : 'body'),
      issues: err.issues,
    });
  const status = err.statusCode ?? 500;
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return reply
      .status(413)
      .send({ error: 'body_too_large', message: `request body is over the ${bodyLimit}-byte limit` });
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError)
    return reply
      .status(400)
      .send({ error: 'malformed_json', message: `request body is not valid JSON: ${err.message}` });
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return reply
      .status(400)
      .send({ error: 'malformed_json', message: 'request body is empty; send a JSON object' });
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return reply
      .status(415)
      .send({ error: 'unsupported_media_type', message: 'send JSON with Content-Type: application/json' });
  if (status >= 500) app.log.error(err);
  return reply.status(status).send({
    error: status >= 500 ? 'internal' : (err.code ?? 'error'),
    message: status >= 500 ? 'internal server error; the request may be retried' : err.message,
  });
}

export function createFastify(opts: HttpOptions): FastifyInstance {
  const bodyLimit = opts.bodyLimitBytes ?? 64 * 1024;
  const logger =
    opts.logger === undefined || opts.logger === false
      ? false
      : {
          ...(typeof opts.logger === 'object' ? opts.logger : {}),
          serializers: {
            req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
          },
        };
  const requestMs = opts.timeouts?.requestMs ?? 30_000;
  const app = Fastify({
    // Refusals the router makes before any hook runs (a path parameter past 100 characters, bad percent-encoding):
    // the same JSON and headers as every other refusal.
    frameworkErrors: (err: Error & { code?: string }, req: FastifyRequest, reply: FastifyReply) => {
      const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      const message =
        status === 414
          ? 'a path parameter is over 100 characters; match ids are shorter'
          : 'the URL is not valid (bad percent-encoding?)';
      void reply
        .headers({ ...SECURITY_HEADERS, ...cacheHeaders(req) })
        .status(status)
        .send({ error: status === 414 ? 'uri_too_long' : 'bad_url', message });
    },
    bodyLimit,
    requestTimeout: requestMs,
    http: {
      headersTimeout: Math.min(opts.timeouts?.headersMs ?? 10_000, requestMs),
      requestTimeout: requestMs,
      connectionsCheckingInterval: opts.timeouts?.checkMs ?? 1000,
    },
    logger,
    trustProxy: opts.trustProxy && opts.trustProxy.length > 0 ? opts.trustProxy : false,
    logController: new LogController({ disableRequestLogging: true }),
  });
  // One line per request, at a level by outcome: successes are debug (spectator polling would drown the log),
  // client errors info, server errors error.
  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode;
    // The match a request is about, as its own field: logs are searched by match id.
    const matchId = (req.params as { id?: unknown } | undefined)?.id;
    const line = {
      method: req.method,
      url: redactUrl(req.url),
      status,
      ms: Math.round(reply.elapsedTime),
      ...(typeof matchId === 'string' ? { matchId } : {}),
    };
    if (status >= 500) req.log.error(line, 'request failed');
    else if (status >= 400) req.log.info(line, 'request refused');
    else req.log.debug(line, 'request');
  });
  // Every answer, refusals included, carries the security headers (the SSE gateway writes its own, after hijack).
  app.addHook('onRequest', async (req, reply) => {
    reply.headers({ ...SECURITY_HEADERS, ...cacheHeaders(req) });
  });
  // Text Postgres cannot store (NUL, unpaired surrogates) is a 400 here, before any handler or query sees it.
  app.addHook('preValidation', async (req) => {
    const bad =
      findBadText(req.params, 'the path') ??
      findBadText(req.query, 'the query') ??
      findBadText(req.body, 'the body');
    if (bad) throw new HostError(400, 'bad_text', `${bad}; remove it and send the request again`);
  });
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) =>
    sendError(app, bodyLimit, err, req, reply),
  );
  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send({
      error: 'not_found',
      message: `no route ${req.method} ${req.url.split('?')[0]}; see /api/openapi.json`,
    }),
  );
  return app;
}
