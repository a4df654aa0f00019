// Schema-driven fuzz of every route in /api/openapi.json (which holds every route the server serves) against the real stack (Postgres + NATS JetStream):
// fast-check builds requests from each route's parameter and body schemas, mixing schema-valid values (real match
// ids, game ids, command types, tokens of every role) with hostile ones at every node (NUL bytes, unpaired
// surrogates, prototype names, integers past the column range, broken percent-encoding, malformed JSON, wrong
// content types). Every answer must be below 500, a refusal must be JSON `{error, message}` with the security
// headers, and a refused request must change nothing: no event appended to any match, no match created.
// MATCHTAPE_FUZZ_RUNS sets the number of requests (default 2000).
import { mintToken } from '@matchtape/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organiser, startStack, testGames, type Stack } from './server-helpers';

const RUNS = Number(process.env.MATCHTAPE_FUZZ_RUNS ?? 2000);
const SECRET = 'integration-test-secret-0123456789';

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, unknown>;
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'm\u0000',
  '\ud800',
  'a\udc00',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'prototype',
  'valueOf',
  '../../etc/passwd',
  "'; drop table events; --",
  '<script>alert(1)</script>',
  'x'.repeat(5000),
  '𝕏'.repeat(40),
  '\u202e\u200b',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '2147483648',
  '9007199254740993',
  '-1',
  '0x10',
  'p0',
  'p99999999999999999999',
  'null',
  '[]',
  '{}',
];
const HOSTILE_NUMBERS = [
  -1,
  0,
  2147483647,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  0.5,
  1e-7,
];

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constant(null),
  fc.boolean(),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.array(fc.constantFrom<unknown>('\u0000', 1, null, '__proto__'), { maxLength: 3 }),
  fc.dictionary(
    fc.constantFrom('__proto__', 'constructor', 'a\u0000', 'x'),
    fc.constantFrom<unknown>(1, '\u0000', null),
    { maxKeys: 2 },
  ),
);

/** Values for a schema: mostly valid, sometimes hostile, at every level (`clean`: valid only, to reach deep paths). */
function arb(
  schema: JsonSchema | undefined,
  hints: Record<string, readonly string[]>,
  name = '',
  clean = false,
): fc.Arbitrary<unknown> {
  return clean
    ? valid(schema, hints, name, true)
    : fc.oneof(
        { weight: 4, arbitrary: valid(schema, hints, name, false) },
        { weight: 1, arbitrary: hostile },
      );
}

function valid(
  schema: JsonSchema | undefined,
  hints: Record<string, readonly string[]>,
  name: string,
  clean: boolean,
): fc.Arbitrary<unknown> {
  const hint = hints[name];
  if (!schema || Object.keys(schema).length === 0)
    return hint ? fc.constantFrom(...hint) : fc.jsonValue({ maxDepth: 2 });
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valid(s, hints, name, clean)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const plain = schema.pattern
        ? fc.stringMatching(new RegExp(schema.pattern))
        : fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
      return hint
        ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hint) }, { weight: 1, arbitrary: plain })
        : plain;
    }
    case 'integer':
      return fc.integer({
        min: schema.minimum ?? -1_000_000,
        max: Math.min(schema.maximum ?? 1_000_000, 2_147_483_647),
      });
    case 'number':
      return fc.double({ noNaN: true, min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arb(schema.items, hints, name, clean), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object': {
      const props = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, arb(s, hints, k, clean)]),
      );
      const known = fc.record(props, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
      if (clean) return known;
      if (schema.additionalProperties === false)
        return fc.oneof(
          { weight: 5, arbitrary: known },
          {
            weight: 1,
            arbitrary: fc
              .tuple(known, fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 2 }))
              .map(([a, b]) => ({ ...b, ...a })),
          },
        );
      const extra =
        typeof schema.additionalProperties === 'object'
          ? arb(schema.additionalProperties, hints, name)
          : fc.jsonValue({ maxDepth: 2 });
      return fc
        .tuple(known, fc.dictionary(fc.string({ maxLength: 8 }), extra, { maxKeys: 3 }))
        .map(([a, b]) => ({ ...b, ...a }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Percent-encodes any string, lone surrogates included (as the invalid UTF-8 a hostile client may send). */
function encode(value: unknown): string {
  const s = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  let out = '';
  for (const ch of s) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      out += '%ED%A0%80'; // an unpaired surrogate, encoded the way CESU-8 would
    }
  }
  return out;
}

const RAW_PATH_SEGMENTS = ['%00', '%ZZ', '%E0%A4%A', '%ED%A0%80', '%2F', '..', '%2e%2e', '%C0%AE'];
const RAW_BODIES = [
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '1e999',
  '[1,2]',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"commandId":"\\u0000","type":"x"}',
  '{"commandId":"\\ud800","type":"x"}',
];

interface Request {
  method: string;
  /** The route's path in the document. */
  route: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

let stack: Stack;
let base: string;
const knownMatches: string[] = [];

beforeAll(async () => {
  stack = await startStack({ bots: false });
  base = stack.bases[0]!;
});
afterAll(() => stack?.cleanup());

type Route = { path: string; method: string; op: Operation };
type Hints = Record<string, readonly string[]>;

/** Two matches to aim at (their ids in knownMatches), their seats, and the command types and decks they know. */
async function createMatches() {
  const registry = await testGames();
  const gameIds = registry.ids();
  const seats: Record<string, string>[] = [];
  const commandTypes = new Set<string>();
  const presets = new Set<string>();
  for (const g of gameIds.slice(0, 2)) {
    const created = await api(base, '/api/matches', {
      token: organiser(),
      body: { game: g, players: [{}, {}] },
    });
    expect(created.status, created.text).toBe(201);
    knownMatches.push(created.json.matchId as string);
    seats.push(created.json.seats as Record<string, string>);
    const game = registry.get(g);
    const { state } = await stack.servers[0]!.host.current(created.json.matchId as string);
    for (const p of ['p1', 'p2'] as const)
      for (const c of game.legalCommands(state, p)) commandTypes.add(c.type);
    for (const name of Object.keys(game.presetDecks)) presets.add(name);
  }
  return { gameIds, seats, commandTypes, presets };
}

/** The routes of the OpenAPI document, checked to be every route the server serves. */
async function documentedRoutes(): Promise<{
  routes: Route[];
  declaredResponses: Map<string, Record<string, unknown>>;
}> {
  const doc = (await api(base, '/api/openapi.json')).json as {
    paths: Record<string, Record<string, Operation>>;
  };
  const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  const declaredResponses = new Map(routes.map((r) => [`${r.method} ${r.path}`, r.op.responses ?? {}]));
  // The document is every route the server serves, so fuzzing the document fuzzes every route.
  const served = stack.servers[0]!.served.map(
    (r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`,
  ).sort();
  expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(served);
  return { routes, declaredResponses };
}

/** Tokens of every kind and placement; each route mostly gets the one it needs. */
function tokenArbitrary(seats: Record<string, string>[]) {
  const tokens = [
    organiser(),
    mintToken({ role: 'judge', ttlSeconds: 3600 }, { secret: SECRET }),
    mintToken({ role: 'coverage', ttlSeconds: 3600 }, { secret: SECRET }),
    mintToken({ role: 'public', ttlSeconds: 3600 }, { secret: SECRET }),
    mintToken({ role: 'ops', ttlSeconds: 3600 }, { secret: SECRET }),
    mintToken({ role: 'seat', matchId: 'm_elsewhere', seat: 'p1', ttlSeconds: 3600 }, { secret: SECRET }),
    mintToken({ role: 'judge', ttlSeconds: 1 }, { secret: SECRET, now: Date.now() - 60_000 }),
    mintToken({ role: 'judge', ttlSeconds: 3600 }, { secret: 'another-secret-0123456789abcdef' }),
    ...seats.flatMap((s) => Object.values(s)),
    'mt1.e30.AAAA',
    'garbage',
  ];
  const placement = fc.constantFrom('header', 'header', 'header', 'query', 'bad-scheme');
  const anyToken = fc.option(fc.tuple(fc.constantFrom(...tokens), placement), { nil: undefined });
  // Each route mostly gets the token it needs (an organiser's to create, a seat's to command), so requests reach
  // the deep paths (match creation, the rules, idempotency) as often as the refusals.
  const tokenFor = (path: string, method: string) => {
    const needed =
      method === 'POST' && path === '/api/matches'
        ? [organiser()]
        : method === 'POST'
          ? seats.flatMap((x) => Object.values(x))
          : [];
    return needed.length === 0
      ? anyToken
      : fc.oneof(
          { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...needed), fc.constant('header')) },
          { weight: 2, arbitrary: anyToken },
        );
  };
  return tokenFor;
}

/**
 * One request in four is well-formed throughout (valid values, JSON): it reaches match creation, the rules and
 * idempotency; the rest carry hostile values anywhere.
 */
function requestArbitrary(
  routes: Route[],
  hints: Hints,
  tokenFor: ReturnType<typeof tokenArbitrary>,
): fc.Arbitrary<Request> {
  return fc
    .tuple(fc.constantFrom(...routes), fc.boolean(), fc.boolean())
    .chain(([{ path, method, op }, a, b]) => {
      const clean = a && b;
      const pathParams = op.parameters.filter((p) => p.in === 'path');
      const queryParams = op.parameters.filter((p) => p.in === 'query');
      const headerParams = op.parameters.filter((p) => p.in === 'header');
      const pathArb = fc.tuple(
        ...pathParams.map((p) =>
          clean
            ? arb(p.schema, hints, p.name, true).map(encode)
            : fc.oneof(
                { weight: 6, arbitrary: arb(p.schema, hints, p.name).map(encode) },
                { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_SEGMENTS) },
              ),
        ),
      );
      const queryArb = fc.tuple(
        ...queryParams.map((p) =>
          fc.option(
            arb(p.schema, hints, p.name, clean).map((v) => `${p.name}=${encode(v)}`),
            { nil: undefined, freq: 2 },
          ),
        ),
        clean
          ? fc.constant(undefined)
          : fc.option(fc.constantFrom('unknown=1', 'from=%00', 'as', '=', '&&', 'token', 'limit=1&limit=2'), {
              nil: undefined,
              freq: 6,
            }),
      );
      const headerArb = fc.tuple(
        ...headerParams.map((p) =>
          fc.option(
            arb(p.schema, hints, p.name).map(
              (v) => [p.name, typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null')] as const,
            ),
            { nil: undefined },
          ),
        ),
      );
      const schema = op.requestBody?.content['application/json']?.schema;
      const bodyArb: fc.Arbitrary<string | undefined> = schema
        ? clean
          ? arb(schema, hints, '', true).map((v) => JSON.stringify(v))
          : fc.oneof(
              { weight: 6, arbitrary: arb(schema, hints).map((v) => JSON.stringify(v) ?? 'null') },
              { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
            )
        : fc.constant(undefined);
      const contentType = clean
        ? fc.constant('application/json')
        : fc.constantFrom(
            'application/json',
            'application/json',
            'application/json',
            'application/json; charset=utf-8',
            'text/plain',
            'application/x-www-form-urlencoded',
            '',
          );
      return fc
        .record({
          pathValues: pathArb,
          query: queryArb,
          headerValues: headerArb,
          body: bodyArb,
          contentType,
          token: tokenFor(path, method),
          forwardedFor: fc.option(fc.constantFrom('1.2.3.4', '\u0000', 'garbage, 5.6.7.8'), {
            nil: undefined,
            freq: 8,
          }),
        })
        .map((r): Request => {
          let i = 0;
          const url = path.replace(/\{[^}]+\}/g, () => r.pathValues[i++] as string);
          const query = r.query.filter((q): q is string => q !== undefined);
          const headers: Record<string, string> = {};
          for (const h of r.headerValues)
            if (h && !/[\u0000-\u001f\u007f-\uffff]/.test(h[1])) headers[h[0].toLowerCase()] = h[1];
          if (r.token) {
            const [t, where] = r.token;
            if (where === 'header') headers.authorization = `Bearer ${t}`;
            else if (where === 'bad-scheme') headers.authorization = `Basic ${t}`;
            else query.push(`token=${encodeURIComponent(t)}`);
          }
          if (r.forwardedFor && !r.forwardedFor.includes('\u0000'))
            headers['x-forwarded-for'] = r.forwardedFor;
          if (r.body !== undefined && r.contentType) headers['content-type'] = r.contentType;
          return {
            method,
            route: path,
            url: url + (query.length ? `?${query.join('&')}` : ''),
            headers,
            ...(r.body !== undefined ? { body: r.body } : {}),
          };
        });
    });
}

describe('fuzz: every route in the OpenAPI document', () => {
  it(
    `answers ${RUNS} generated requests without a 5xx, with JSON refusals that change nothing`,
    { timeout: 1_200_000 },
    async () => {
      const { gameIds, seats, commandTypes, presets } = await createMatches();
      const { routes, declaredResponses } = await documentedRoutes();

      const hints: Hints = {
        id: knownMatches,
        game: gameIds,
        type: [...commandTypes],
        deck: [...presets],
        as: ['public', 'judge', 'coverage', 'p1', 'p2', 'p3'],
        status: ['setup', 'playing', 'ended'],
        // A few ids used again and again: retries (same body) and reuses (another body, 409) both happen.
        commandId: ['c1', 'c2', 'c3'],
        annotationId: ['a1', 'a2'],
        disputeId: ['d1', 'd2'],
      };
      const requestArb = requestArbitrary(routes, hints, tokenArbitrary(seats));

      const lastSeqs = async () =>
        Promise.all(knownMatches.map(async (m) => (await stack.store.getMatch(m))!.lastSeq));
      const matchCount = async () => (await stack.store.listMatches({ limit: 1000 })).length;
      const seen = new Map<number, number>();
      const reached = new Set<string>();

      await fc.assert(
        fc.asyncProperty(requestArb, async (req) => {
          const before = await lastSeqs();
          const count = await matchCount();
          const ctl = new AbortController();
          const res = await fetch(base + req.url, {
            method: req.method,
            headers: req.headers,
            signal: ctl.signal,
            ...(req.body !== undefined ? { body: req.body } : {}),
          });
          const streaming = (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
          const text = streaming ? '' : await res.text();
          if (streaming) ctl.abort();
          seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
          reached.add(`${req.method} ${req.route}`);
          const where = `${req.method} ${req.url} ${JSON.stringify(req.headers)} ${req.body?.slice(0, 300) ?? ''} → ${res.status} ${text.slice(0, 300)}`;
          // A 5xx is a server failure unless the route declares it as an answer (oEmbed's 501 for a format it does not
          // serve, which the oEmbed spec prescribes); declared or not, it is a JSON refusal that changes nothing.
          const declared5xx =
            res.status >= 500 &&
            String(res.status) in (declaredResponses.get(`${req.method} ${req.route}`) ?? {});
          if (!declared5xx) expect(res.status, where).toBeLessThan(500);
          expect(res.headers.get('x-content-type-options'), where).toBe('nosniff');
          if (res.status >= 400) {
            const body = JSON.parse(text) as { error?: unknown; message?: unknown };
            expect(typeof body.error, where).toBe('string');
            expect(typeof body.message, where).toBe('string');
            expect(await lastSeqs(), `refused, yet events were appended: ${where}`).toEqual(before);
            expect(await matchCount(), `refused, yet a match was created: ${where}`).toBe(count);
          }
        }),
        {
          numRuns: RUNS,
          seed: process.env.MATCHTAPE_FUZZ_SEED ? Number(process.env.MATCHTAPE_FUZZ_SEED) : undefined,
        },
      );
      // The generator reached both sides: accepted requests and refusals of several kinds.
      console.info(
        `fuzz: ${RUNS} requests by status ${JSON.stringify(Object.fromEntries([...seen].sort((a, b) => a[0] - b[0])))}`,
      );
      // Every route got requests (with the default run count each gets dozens).
      if (RUNS >= routes.length * 20)
        expect([...reached].sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
      const statuses = [...seen.keys()];
      expect(statuses.some((s) => s < 300)).toBe(true);
      for (const s of [400, 401, 403, 404, 422])
        expect(
          seen.get(s) ?? 0,
          `status ${s} among ${JSON.stringify(Object.fromEntries(seen))}`,
        ).toBeGreaterThan(0);
    },
  );
});
