// The route declarations and the HTTP abuse limits, against a real server on real Postgres: the OpenAPI document
// holds every route Fastify serves; every route, the public ones included, is rate-limited; live streams are
// capped per address and per token (429 + Retry-After); reads take per-client turns (429 over the queue); slow headers and bodies are cut off; tokens never reach
// the log in any encoding; /api/health tells strangers only whether it is alive, the details need an ops token.
import { connect, type Socket } from 'node:net';
import { Validator } from '@seriousme/openapi-schema-validator';
import { games } from '@matchtape/games';
import { openTestStore, type TestStore } from '@matchtape/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type MatchtapeServer, type ServerOptions } from '../app';
import { mintToken, setTokenSecret } from '../auth/tokens';
import { registryOf } from '../games';
import { openApiPath } from './openapi';
import { redactUrl } from './redact';

const plenty = { perSecond: 10_000, burst: 10_000 };
let db: TestStore;
const servers: MatchtapeServer[] = [];
let organiser: string;

beforeAll(async () => {
  setTokenSecret('routes-test-secret-0123456789abcdef');
  organiser = mintToken({ role: 'organiser', ttlSeconds: 600 });
  db = await openTestStore('postgres');
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await db?.cleanup();
});

async function start(extra: Partial<ServerOptions> = {}): Promise<MatchtapeServer> {
  const s = await createServer({
    store: db.store,
    bus: null,
    games: registryOf(games),
    roles: ['api'],
    bots: false,
    rateLimits: { commands: plenty, reads: plenty, create: plenty, meta: plenty },
    ...extra,
  });
  servers.push(s);
  return s;
}

/** Operations of an OpenAPI document as "METHOD /path". */
function documented(doc: { paths: Record<string, Record<string, unknown>> }): Set<string> {
  return new Set(
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    ),
  );
}
/** Served routes missing from the document. */
const undocumented = (s: MatchtapeServer, doc: Set<string>) =>
  s.served.map((r) => `${r.method} ${openApiPath(r.url)}`).filter((k) => !doc.has(k));

async function newMatch(s: MatchtapeServer): Promise<string> {
  const r = await s.app.inject({
    method: 'POST',
    url: '/api/matches',
    headers: { authorization: `Bearer ${organiser}` },
    payload: { game: 'alpha-clash', players: [{}, {}] },
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json<{ matchId: string }>().matchId;
}

describe('one declaration per route', () => {
  it('the OpenAPI document holds every route Fastify serves, each with its rate-limit class', async () => {
    const s = await start();
    const doc = (await s.app.inject('/api/openapi.json')).json<{
      paths: Record<string, Record<string, { 'x-rate-limit'?: string }>>;
    }>();
    const ops = documented(doc);
    expect(s.served.length).toBeGreaterThanOrEqual(34);
    expect(undocumented(s, ops)).toEqual([]);
    expect(ops.size).toBe(s.served.length);
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [m, op] of Object.entries(methods))
        expect(['reads', 'commands', 'create', 'meta'], `${m} ${path}`).toContain(op['x-rate-limit']);
    // The routes issue 28 found missing are there.
    for (const k of [
      'GET /api/matches/{id}/annotations',
      'PUT /api/matches/{id}/focus',
      'GET /api/matches/{id}/chapters',
      'GET /api/annotations/search',
      'POST /api/matches/{id}/fork',
      'GET /api/matches/{id}/verification',
      'GET /api/matches/{id}/bundle',
      'GET /api/matches/{id}/window',
    ])
      expect(ops, k).toContain(k);
  });

  it('/api/openapi.json is a valid OpenAPI 3.1 document (an independent validator)', async () => {
    const s = await start();
    const doc = (await s.app.inject('/api/openapi.json')).json<Record<string, unknown>>();
    const result = await new Validator().validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('a route added past the declarations is caught by the same check', async () => {
    const s = await start();
    s.app.get('/api/undeclared', async () => ({}));
    const doc = documented((await s.app.inject('/api/openapi.json')).json());
    expect(undocumented(s, doc)).toEqual(['GET /api/undeclared']);
  });
});

describe('rate limits on every route', () => {
  it.each(['/api/health', '/api/openapi.json', '/api/games', '/metrics'])(
    '%s answers 429 with Retry-After past its burst',
    async (url) => {
      const s = await start({ rateLimits: { meta: { perSecond: 0.01, burst: 3 } } });
      const ops = mintToken({ role: 'ops', ttlSeconds: 600 });
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await s.app.inject({ url, headers: { authorization: `Bearer ${ops}` } });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(last!.json()).toMatchObject({ error: 'rate_limited' });
    },
  );

  it('a bad token still costs the address a request', async () => {
    const s = await start({ rateLimits: { reads: { perSecond: 0.01, burst: 2 } } });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push(
        (await s.app.inject({ url: '/api/matches', headers: { authorization: 'Bearer garbage' } }))
          .statusCode,
      );
    expect(codes).toEqual([401, 401, 429]);
  });
});

describe('tokens in the query', () => {
  it('are read by the live stream only; every other route refuses them saying where a token goes', async () => {
    const s = await start();
    const id = await newMatch(s);
    const judge = mintToken({ role: 'judge', ttlSeconds: 600 });
    const r = await s.app.inject(`/api/matches/${id}/events?as=judge&token=${judge}`);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      error: 'token_in_query',
      message: expect.stringMatching(/Authorization: Bearer/),
    });
    const withHeader = await s.app.inject({
      url: `/api/matches/${id}/events?as=judge`,
      headers: { authorization: `Bearer ${judge}` },
    });
    expect(withHeader.statusCode).toBe(200);
    const doc = (await s.app.inject('/api/openapi.json')).json<{
      paths: Record<string, Record<string, { parameters: { name: string; in: string }[] }>>;
    }>();
    const takers = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.parameters.some((x) => x.in === 'query' && x.name === 'token'))
        .map(([m]) => `${m} ${p}`),
    );
    expect(takers).toEqual(['get /api/matches/{id}/live']);
  });
});

describe('operational surfaces', () => {
  it('/api/health tells a stranger only that it is alive; an ops token reads the details; /metrics needs one', async () => {
    const s = await start();
    const open = await s.app.inject('/api/health');
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ ok: true });
    const ops = mintToken({ role: 'ops', ttlSeconds: 600 });
    const details = (
      await s.app.inject({ url: '/api/health', headers: { authorization: `Bearer ${ops}` } })
    ).json<Record<string, unknown>>();
    expect(details).toMatchObject({ ok: true, roles: ['api'], checks: { store: { ok: true } } });
    expect(details.memory).toBeDefined();
    const judge = mintToken({ role: 'judge', ttlSeconds: 600 });
    expect(
      (await s.app.inject({ url: '/api/health', headers: { authorization: `Bearer ${judge}` } })).statusCode,
    ).toBe(403);
    expect((await s.app.inject('/metrics')).statusCode).toBe(401);
    const metrics = await s.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${ops}` } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('matchtape_');
  });

  it('an ops token sees a match as a spectator, never as a judge', async () => {
    const s = await start();
    const id = await newMatch(s);
    const ops = mintToken({ role: 'ops', ttlSeconds: 600 });
    const r = await s.app.inject({
      url: `/api/matches/${id}/events?as=judge`,
      headers: { authorization: `Bearer ${ops}` },
    });
    expect(r.statusCode).toBe(403);
  });
});

describe('tokens never reach the log', () => {
  it.each([
    ['/api/matches/x/events?token=SECRET1', 'SECRET1'],
    ['/api/matches/x/events?%74oken=SECRET2', 'SECRET2'],
    ['/api/matches/x/events?tok%65n=SECRET3&as=public', 'SECRET3'],
    ['/api/matches/x/events?TOKEN=SECRET4', 'SECRET4'],
    ['/api/matches/x/events?token%3DSECRET5', 'SECRET5'],
    ['/api/matches/x/events?as=public&%2574oken=SECRET6', 'SECRET6'],
    ['/api/matches/x/events?to%ZZken=1&token=SECRET7', 'SECRET7'],
  ])('redacts %s', (url, secret) => {
    expect(redactUrl(url)).not.toContain(secret);
    expect(redactUrl(url).split('?')[0]).toBe('/api/matches/x/events');
  });

  it('keeps the rest of the query readable', () => {
    expect(redactUrl('/api/matches/m1/live?as=judge&token=abc&lastEventId=4')).toBe(
      '/api/matches/m1/live?as=judge&token=…&lastEventId=4',
    );
  });

  it('a served request, accepted or refused, logs no token in any encoding', async () => {
    const lines: string[] = [];
    const s = await start({
      logger: { level: 'debug', stream: { write: (l: string) => void lines.push(l) } },
    });
    const id = await newMatch(s);
    const judge = mintToken({ role: 'judge', ttlSeconds: 600 });
    const urls = [
      `?token=${judge}`,
      `?%74oken=${judge}`,
      `?tok%65n=${judge}`,
      `?TOKEN=${judge}`,
      `?token%3D${judge}`,
    ];
    const codes = [];
    for (const q of urls) codes.push((await s.app.inject(`/api/matches/${id}/events${q}`)).statusCode);
    // Only the live stream reads ?token=: here each is refused, in whatever spelling, and still not logged.
    expect(codes).toEqual([400, 400, 400, 400, 400]);
    expect(lines.length).toBeGreaterThan(urls.length);
    const signature = judge.split('.').at(-1)!;
    expect(lines.filter((l) => l.includes(signature))).toEqual([]);
  });
});

/** Opens an SSE stream on a listening server; resolves with its status and a way to close it. */
async function sse(
  base: string,
  path: string,
  token?: string,
): Promise<{ status: number; retryAfter: string | null; close(): void }> {
  const ctl = new AbortController();
  const res = await fetch(base + path, {
    signal: ctl.signal,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (res.status !== 200) await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), close: () => ctl.abort() };
}

async function until(what: string, ok: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${what} did not happen`);
}

describe('live streams per client', () => {
  it('caps open streams per address: 429 with Retry-After over the cap, a slot again once one closes', async () => {
    const s = await start({ liveStreams: { perAddress: 2 } });
    const base = await s.listen(0);
    const id = await newMatch(s);
    const a = await sse(base, `/api/matches/${id}/live`);
    const b = await sse(base, `/api/matches/${id}/live`);
    const c = await sse(base, `/api/matches/${id}/live`);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 429]);
    expect(Number(c.retryAfter)).toBeGreaterThan(0);
    a.close();
    await until('the closed stream to free its slot', () => s.gateway.connections === 1);
    const d = await sse(base, `/api/matches/${id}/live`);
    expect(d.status).toBe(200);
    b.close();
    d.close();
  });

  it('caps open streams per token', async () => {
    const s = await start({ liveStreams: { perToken: 1 } });
    const base = await s.listen(0);
    const id = await newMatch(s);
    const judge = mintToken({ role: 'judge', ttlSeconds: 600 });
    const a = await sse(base, `/api/matches/${id}/live`, judge);
    const b = await sse(base, `/api/matches/${id}/live?token=${judge}`); // the same token, as EventSource sends it
    const other = await sse(base, `/api/matches/${id}/live`, mintToken({ role: 'judge', ttlSeconds: 600 }));
    expect([a.status, b.status, other.status]).toEqual([200, 429, 200]);
    a.close();
    other.close();
  });
});

describe('reads per client', () => {
  it('one client waits for its own reads: over its turns and queue a 429 with Retry-After; another client and live streams pass', async () => {
    // The store holds match reads until released, so the first read is still being served when the others come.
    let held: Promise<void> | null = null;
    let release = (): void => undefined;
    let reads = 0;
    const store = Object.create(db.store) as typeof db.store;
    store.getMatch = async (id) => {
      reads++;
      if (held) await held;
      return db.store.getMatch(id);
    };
    const s = await start({ store, fairReads: { inFlight: 1, queued: 1 }, liveStreams: { perAddress: 10 } });
    const id = await newMatch(s);
    const read = (remoteAddress: string) =>
      s.app.inject({ method: 'GET', url: `/api/matches/${id}/state`, remoteAddress });
    held = new Promise((resolve) => (release = resolve));
    reads = 0;
    const a = read('10.0.0.1');
    await until('the first read to reach the store', () => reads === 1);
    // Two more: one waits for its turn, the other is over the queue and refused at once (the first to settle).
    const more = [read('10.0.0.1'), read('10.0.0.1')];
    const c = await Promise.race(more);
    expect(c.statusCode).toBe(429);
    expect(c.json()).toMatchObject({ error: 'too_many_in_flight' });
    expect(Number(c.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not behind the first one's reads: it reaches the store while they still wait.
    const other = read('10.0.0.2');
    await until("the other client's read to reach the store", () => reads === 2);
    held = null;
    release();
    expect([(await a).statusCode, (await other).statusCode]).toEqual([200, 200]);
    expect((await Promise.all(more)).map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect((await read('10.0.0.1')).statusCode).toBe(200);
    // Live streams hold their connection open and take no read turn (the stream caps apply to them).
    const base = await s.listen(0);
    const streams = await Promise.all([1, 2, 3].map(() => sse(base, `/api/matches/${id}/live`)));
    expect(streams.map((x) => x.status)).toEqual([200, 200, 200]);
    expect((await fetch(`${base}/api/matches/${id}/state`)).status).toBe(200);
    for (const x of streams) x.close();
  });
});

/** Writes `chunks` to a raw socket and resolves with what the server sent before it closed the connection. */
function rawRequest(base: string, chunk: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const sock: Socket = connect(Number(port), hostname, () => sock.write(chunk));
    let got = '';
    sock.on('data', (d) => (got += d.toString()));
    sock.on('close', () => resolve(got));
    sock.on('error', reject);
  });
}

describe('slow clients', () => {
  it('a request whose headers never finish is answered 408 and closed', async () => {
    const s = await start({ timeouts: { headersMs: 200, requestMs: 400, checkMs: 50 } });
    const base = await s.listen(0);
    const got = await rawRequest(base, 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expect(got).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a request whose body never finishes is answered 408 and closed, and nothing is created', async () => {
    const s = await start({ timeouts: { headersMs: 200, requestMs: 400, checkMs: 50 } });
    const base = await s.listen(0);
    const before = (await db.store.listMatches({ limit: 1000 })).length;
    const body = JSON.stringify({ game: 'alpha-clash', players: [{}, {}] });
    const got = await rawRequest(
      base,
      `POST /api/matches HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${organiser}\r\nContent-Type: application/json\r\nContent-Length: ${body.length + 50}\r\n\r\n${body}`,
    );
    expect(got).toMatch(/^HTTP\/1\.1 408/);
    expect((await db.store.listMatches({ limit: 1000 })).length).toBe(before);
  });
});
