// Hardening of the HTTP API, on real Postgres + NATS JetStream and on the embedded default (PGlite, in-process
// bus), with the kernel's Coin Race fixture and a clock the test moves: nothing ahead of the spectator delay on any surface, organisers create matches, proxy trust only when
// configured, security headers, 409 on a reused commandId, and bad input refused with a 4xx that changes nothing.
// The schema-driven fuzz over every route against Postgres + NATS is test/integration/server-fuzz.test.ts.
import { coinRace } from '@matchtape/engine/testing/fixture-game';
import { subjects, type Bus } from '@matchtape/bus';
import { openTestBus, type TestBus } from '@matchtape/bus/testing';
import type { EventEnvelope } from '@matchtape/engine';
import { summarize } from '@matchtape/projections';
import type { EventStore } from '@matchtape/store';
import { openTestStore, type TestStore } from '@matchtape/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken, setTokenSecret } from '../src/auth/tokens';
import { createServer, type MatchtapeServer, type ServerOptions } from '../src/app';
import { registryOf } from '../src/games';
import { api as request, type ApiInit } from '../src/testing/http';
import { openSse } from '../src/testing/sse';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
let clock = T0;
let store: EventStore;
let bus: Bus;
let testStore: TestStore;
let testBus: TestBus;
let server: MatchtapeServer;
let base: string;
let organiser: string;
let judge: string;
const extra: MatchtapeServer[] = [];

const games = registryOf({ [coinRace.id]: coinRace });
const unlimited = { perSecond: 1e6, burst: 1e6 };

async function another(opts: Partial<ServerOptions>): Promise<string> {
  const s = await createServer({
    store,
    bus: null,
    games,
    roles: ['api'],
    bots: false,
    now: () => new Date(clock),
    ...opts,
  });
  extra.push(s);
  return s.listen(0);
}

async function setup(kind: 'postgres' | 'pglite'): Promise<void> {
  clock = T0;
  setTokenSecret('security-test-secret-0123456789');
  organiser = mintToken({ role: 'organiser', ttlSeconds: 3600 });
  judge = mintToken({ role: 'judge', ttlSeconds: 3600 });
  testStore = await openTestStore(kind);
  testBus = await openTestBus(kind === 'postgres' ? 'nats' : 'memory');
  store = testStore.store;
  bus = testBus.bus;
  server = await createServer({
    store,
    bus,
    games,
    bots: false,
    now: () => new Date(clock),
    publishScanMs: 20,
    rateLimits: { commands: unlimited, reads: unlimited, create: unlimited },
  });
  base = await server.listen(0);
}

async function teardown(): Promise<void> {
  for (const s of extra.splice(0)) await s.close();
  await server?.close();
  await testBus?.cleanup();
  await testStore?.cleanup();
}

/** A call to this file's server (or to `base`, another one). */
const api = (path: string, init: ApiInit & { base?: string } = {}) => request(init.base ?? base, path, init);

async function newMatch(
  body: Record<string, unknown> = {},
): Promise<{ matchId: string; seats: Record<string, string> }> {
  const r = await api('/api/matches', {
    token: organiser,
    body: { game: 'coin-race', players: [{ name: 'Ann' }, { name: 'Bob' }], ...body },
  });
  expect(r.status, r.text).toBe(201);
  return r.json as { matchId: string; seats: Record<string, string> };
}

const lastSeqOf = async (matchId: string): Promise<number> => (await store.getMatch(matchId))!.lastSeq;
const matchCount = async (): Promise<number> => (await store.listMatches({ limit: 1000 })).length;

const DELAY = 600;
const COVERAGE = 300;

/** What the list shows for a feed that has reached `seq`, from the judge's events folded to there. */
function expectedAt(all: EventEnvelope[], seq: number) {
  let state = coinRace.initial();
  for (const e of all.slice(0, seq)) state = coinRace.evolve(state, e);
  const s = summarize(coinRace, 'x', [], state, null);
  return { lastSeq: seq, status: s.status, turn: s.turn, phase: s.phase, step: s.step, winner: s.winner };
}
const releasedBy = (all: EventEnvelope[], delay: number) =>
  all.filter((e) => Date.parse(e.at) + delay * 1000 <= clock).length;

/** Every surface a public viewer (or a coverage token) reads shows the feed at exactly `seq`. */
async function expectEverywhere(matchId: string, all: EventEnvelope[], seq: number, token?: string) {
  const want = expectedAt(all, seq);
  const auth = token ? { token } : {};
  expect((await api(`/api/matches/${matchId}`, auth)).json, 'GET /api/matches/:id').toMatchObject(want);
  const listed = (await api('/api/matches?limit=500', auth)).json.matches.find(
    (m: { matchId: string }) => m.matchId === matchId,
  );
  expect(listed, 'GET /api/matches').toMatchObject(want);
  expect((await api(`/api/matches/${matchId}/state`, auth)).json.seq, 'state').toBe(seq);
  expect(
    (await api(`/api/matches/${matchId}/state?seq=100000`, auth)).json.seq,
    'state?seq past the feed',
  ).toBe(seq);
  expect(
    (await api(`/api/matches/${matchId}/events?from=1&to=100000`, auth)).json.events.map(
      (e: EventEnvelope) => e.seq,
    ),
    'events',
  ).toEqual(all.slice(0, seq).map((e) => e.seq));
  expect((await api(`/api/matches/${matchId}/timeline`, auth)).json.timeline.lastSeq, 'timeline').toBe(seq);
  if (!token) {
    // After the copy's header line, one line per event.
    const exported = (await api(`/api/matches/${matchId}/export`)).text.split('\n').filter(Boolean);
    expect(JSON.parse(exported[0]!), 'export header').toMatchObject({
      format: 'matchtape-copy',
      copy: 'redacted',
    });
    expect(exported.length - 1, 'export').toBe(seq);
  }
  const seen: number[] = [];
  const sse = await openSse(
    `${base}/api/matches/${matchId}/live`,
    (m) => m.event === 'event' && seen.push(Number(m.id)),
    auth,
  );
  expect(sse.status).toBe(200);
  await new Promise((r) => setTimeout(r, 300));
  sse.abort();
  await sse.done;
  expect(seen, 'SSE').toEqual(all.slice(0, seq).map((e) => e.seq));
}

/** The spectator delay holds back every surface: lists, state, events, timeline, export, SSE and NATS. */
function nothingAheadOfTheDelay(): void {
  describe('nothing ahead of the spectator delay', () => {
    it('shows public and coverage viewers status, turn, phase, step, last seq and result as of their own feed', async () => {
      clock = T0;
      const { matchId, seats } = await newMatch({
        spectatorDelaySeconds: DELAY,
        coverageDelaySeconds: COVERAGE,
      });
      const coverage = mintToken({ role: 'coverage', ttlSeconds: 3600 });
      const published: number[] = [];
      const sub = await bus.subscribe(
        subjects.public(matchId),
        (m) => void published.push((m.data as EventEnvelope).seq),
        { fromStreamSeq: 1 },
      );
      // Eight coin flips ten seconds apart (four each: nobody can reach the six points that end the match).
      for (let i = 0; i < 8; i++) {
        clock += 10_000;
        const { state } = await server.host.current(matchId);
        const actor = coinRace.actors(state as never)[0]!;
        const legal = coinRace.legalCommands(state as never, actor).filter((c) => c.type === 'Flip');
        const { player: _p, ...cmd } = legal[0]!;
        const r = await api(`/api/matches/${matchId}/commands`, {
          token: seats[actor],
          body: { ...cmd, commandId: `c${i}` },
        });
        expect(r.status, r.text).toBe(200);
      }
      const events = async () =>
        (await api(`/api/matches/${matchId}/events`, { token: judge })).json.events as EventEnvelope[];
      let all = await events();
      const live = (await api(`/api/matches/${matchId}`, { token: judge })).json;
      expect(live.turn).toBeGreaterThan(1);
      expect(live.lastSeq).toBe(all.length);

      // The case: the match is well under way, the public feed still at seq 0.
      clock = T0 + 130_000;
      await expectEverywhere(matchId, all, 0);
      // The seat sees its match live; so does a judge.
      expect((await api(`/api/matches/${matchId}`, { token: seats.p1 })).json.lastSeq).toBe(all.length);

      // Setup plus three commands are past the spectator delay; coverage (300 s) sees everything.
      clock = T0 + DELAY * 1000 + 35_000;
      const publicSeq = releasedBy(all, DELAY);
      expect(publicSeq).toBeGreaterThan(0);
      expect(publicSeq).toBeLessThan(all.length);
      await expectEverywhere(matchId, all, publicSeq);
      await expectEverywhere(matchId, all, releasedBy(all, COVERAGE), coverage);
      // The NATS public subject carries exactly the feed (the publisher works on the same clock).
      for (let i = 0; i < 100 && published.length < publicSeq; i++)
        await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 100));
      expect(published, 'NATS public subject').toEqual(all.slice(0, publicSeq).map((e) => e.seq));

      // The match ends: the public does not learn it, nor the winner, until the delay has passed the end.
      clock += 10_000;
      const { state } = await server.host.current(matchId);
      const actor = coinRace.actors(state as never)[0]!;
      expect(
        (
          await api(`/api/matches/${matchId}/commands`, {
            token: seats[actor],
            body: { type: 'Concede', commandId: 'end' },
          })
        ).status,
      ).toBe(200);
      all = await events();
      expect((await api(`/api/matches/${matchId}`, { token: judge })).json).toMatchObject({
        status: 'ended',
        winner: expect.stringMatching(/^p/),
      });
      const held = (await api(`/api/matches/${matchId}`)).json;
      expect(held).toMatchObject({ status: 'playing', winner: null, lastSeq: releasedBy(all, DELAY) });
      expect(
        (await api('/api/matches?status=ended')).json.matches.map((m: { matchId: string }) => m.matchId),
      ).not.toContain(matchId);
      expect(
        (await api('/api/matches?status=playing')).json.matches.map((m: { matchId: string }) => m.matchId),
      ).toContain(matchId);

      clock = Date.parse(all.at(-1)!.at) + DELAY * 1000;
      await expectEverywhere(matchId, all, all.length);
      expect((await api(`/api/matches/${matchId}`)).json).toMatchObject({
        status: 'ended',
        winner: live.winner ?? expect.stringMatching(/^p/),
      });
      // The publisher finds the ended match's held tail by itself (no append wakes it, its timer is far off).
      for (let i = 0; i < 100 && published.length < all.length; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(published, 'NATS public subject after the end').toEqual(all.map((e) => e.seq));
      await sub.stop();
    });
  });
}

function organisersCreateMatches(): void {
  describe('organisers create matches', () => {
    it('refuses everyone else with 401/403 and creates nothing', async () => {
      const before = await matchCount();
      const body = { game: 'coin-race', players: [{}, {}] };
      const { seats, matchId } = await newMatch();
      const cases: [string | undefined, number, string][] = [
        [undefined, 401, 'missing_token'],
        ['mt1.garbage.token', 401, 'bad_token'],
        [mintToken({ role: 'public', ttlSeconds: 60 }), 403, 'not_an_organiser'],
        [judge, 403, 'not_an_organiser'],
        [mintToken({ role: 'coverage', ttlSeconds: 60 }), 403, 'not_an_organiser'],
        [seats.p1!, 403, 'not_an_organiser'],
        [mintToken({ role: 'organiser', ttlSeconds: 1 }, { now: Date.now() - 60_000 }), 401, 'bad_token'],
      ];
      for (const [token, status, error] of cases) {
        const r = await api('/api/matches', { body, ...(token ? { token } : {}) });
        expect(r.status, `${error}: ${r.text}`).toBe(status);
        expect(r.json).toMatchObject({
          error,
          message: expect.stringMatching(/organiser|token|signature|expired|malformed/),
        });
      }
      expect(await matchCount()).toBe(before + 1);
      // An organiser watching is a spectator: the public view, not the judge's.
      expect((await api(`/api/matches/${matchId}/events?as=judge`, { token: organiser })).status).toBe(403);
      expect((await api(`/api/matches/${matchId}/state`, { token: organiser })).json.as).toBe('public');
      expect(() => mintToken({ role: 'organiser', matchId, ttlSeconds: 60 })).toThrow(
        /cannot be bound to one match/,
      );
    });
  });
}

function proxyTrust(): void {
  describe('proxy trust is configured, not assumed', () => {
    const tight = { reads: { perSecond: 0.001, burst: 3 } };
    const statuses = async (at: string, forwardedFor: (i: number) => string, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++)
        out.push(
          (await api('/api/matches?limit=1', { base: at, headers: { 'x-forwarded-for': forwardedFor(i) } }))
            .status,
        );
      return out;
    };

    it('ignores X-Forwarded-For by default: a forged address does not get a fresh rate-limit bucket', async () => {
      const at = await another({ rateLimits: tight });
      expect(await statuses(at, (i) => `203.0.113.${i + 1}`, 5)).toEqual([200, 200, 200, 429, 429]);
    });

    it('ignores it from a proxy that is not the configured one', async () => {
      const at = await another({ rateLimits: tight, trustProxy: ['10.1.2.3'] });
      expect(await statuses(at, (i) => `203.0.113.${i + 1}`, 5)).toEqual([200, 200, 200, 429, 429]);
    });

    it('honours it from a configured proxy: each client behind it has its own bucket', async () => {
      const at = await another({ rateLimits: tight, trustProxy: ['127.0.0.1/32', '::1'] });
      expect(await statuses(at, (i) => `203.0.113.${i + 1}`, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(await statuses(at, () => '198.51.100.7', 5)).toEqual([200, 200, 200, 429, 429]);
    });
  });
}

function headersAndRefusals(): void {
  describe('security headers and refusals', () => {
    const hardened = (h: Headers, where: string) => {
      expect(h.get('x-content-type-options'), where).toBe('nosniff');
      expect(h.get('referrer-policy'), where).toBe('no-referrer');
      expect(h.get('x-frame-options'), where).toBe('DENY');
      expect(h.get('content-security-policy'), where).toMatch(/default-src 'none'/);
    };

    it('are on every answer; token-bearing and judge answers are never stored', async () => {
      const created = await api('/api/matches', {
        token: organiser,
        body: { game: 'coin-race', players: [{}, {}] },
      });
      hardened(created.headers, 'create');
      expect(created.headers.get('cache-control'), 'seat tokens in the answer').toBe('no-store');
      const { matchId, seats } = created.json as { matchId: string; seats: Record<string, string> };
      const answers = {
        health: await api('/api/health'),
        list: await api('/api/matches'),
        notFound: await api('/api/nowhere'),
        badJson: await api(`/api/matches/${matchId}/commands`, { token: seats.p1, raw: '{' }),
        judgeState: await api(`/api/matches/${matchId}/state`, { token: judge }),
        judgeQueryToken: await api(`/api/matches/${matchId}/events?token=${judge}`),
        rejections: await api(`/api/matches/${matchId}/rejections`, { token: judge }),
        forbidden: await api(`/api/matches/${matchId}/events?as=judge`),
        rejected: await api(`/api/matches/${matchId}/commands`, {
          token: seats.p2,
          body: { commandId: 'h1', type: 'Flip' },
        }),
      };
      for (const [where, r] of Object.entries(answers)) hardened(r.headers, where);
      for (const where of ['judgeState', 'judgeQueryToken', 'rejections', 'badJson', 'rejected'] as const)
        expect(answers[where].headers.get('cache-control'), where).toBe('no-store');
      expect(answers.list.headers.get('cache-control')).toBe('no-cache');
      expect(answers.list.headers.get('vary')).toMatch(/Authorization/i);
      // SSE is written after Fastify hands the socket over: the gateway sets the same headers.
      const ctl = new AbortController();
      const sse = await fetch(`${base}/api/matches/${matchId}/live`, {
        headers: { authorization: `Bearer ${judge}` },
        signal: ctl.signal,
      });
      hardened(sse.headers, 'SSE');
      expect(sse.headers.get('cache-control')).toMatch(/no-store/);
      ctl.abort();
    });

    it('answers a rejected command with {error, message} and the rule', async () => {
      const { matchId, seats } = await newMatch();
      const r = await api(`/api/matches/${matchId}/commands`, {
        token: seats.p2,
        body: { commandId: 'r1', type: 'Flip' },
      });
      expect(r.status).toBe(422);
      expect(r.json).toMatchObject({
        error: 'rejected',
        rule: '2.1',
        message: expect.stringMatching(/rule 2\.1/),
      });
    });

    it('answers 409 to a commandId reused with another body on any instance, and stays idempotent for the same body', async () => {
      const { matchId, seats } = await newMatch();
      const url = `/api/matches/${matchId}/commands`;
      const ok = await api(url, { token: seats.p1, body: { commandId: 'k1', type: 'PlayCard', index: 0 } });
      expect(ok.status, ok.text).toBe(200);
      const after = await lastSeqOf(matchId);
      const same = await api(url, { token: seats.p1, body: { index: 0, type: 'PlayCard', commandId: 'k1' } });
      expect(same.json).toMatchObject({
        status: 'accepted',
        replayed: true,
        fromSeq: ok.json.fromSeq,
        toSeq: ok.json.toSeq,
      });
      const reused = await api(url, { token: seats.p1, body: { commandId: 'k1', type: 'Concede' } });
      expect(reused.status).toBe(409);
      expect(reused.json).toMatchObject({
        error: 'command_id_reused',
        message: expect.stringMatching(/k1.*different command/),
      });
      expect(
        (await api(url, { token: seats.p1, body: { commandId: 'k1', type: 'PlayCard', index: 1 } })).status,
      ).toBe(409);
      expect(await lastSeqOf(matchId)).toBe(after);
      // A rejected command's body is kept with its rejection: another instance answers 409 too.
      expect((await api(url, { token: seats.p2, body: { commandId: 'x1', type: 'Flip' } })).status).toBe(422);
      expect((await api(url, { token: seats.p2, body: { commandId: 'x1', type: 'Concede' } })).status).toBe(
        409,
      );
      const other = await another({});
      expect(
        (await api(url, { base: other, token: seats.p2, body: { commandId: 'x1', type: 'Concede' } })).status,
      ).toBe(409);
      // An accepted command's body is kept in the store: the other instance knows it too.
      expect(
        (await api(url, { base: other, token: seats.p1, body: { commandId: 'k1', type: 'Concede' } })).status,
      ).toBe(409);
      expect(
        (
          await api(url, {
            base: other,
            token: seats.p1,
            body: { type: 'PlayCard', commandId: 'k1', index: 0 },
          })
        ).json,
      ).toMatchObject({ status: 'accepted', replayed: true, fromSeq: ok.json.fromSeq });
      expect(
        (await api(url, { base: other, token: seats.p2, body: { commandId: 'x1', type: 'Flip' } })).json,
      ).toMatchObject({ status: 'rejected', replayed: true });
      expect(await lastSeqOf(matchId)).toBe(after);
      // The same id from the other seat is another command.
      expect((await api(url, { token: seats.p2, body: { commandId: 'k1', type: 'Flip' } })).status).toBe(422);
    });
  });
}

interface BadInput {
  name: string;
  method?: string;
  path: string;
  body?: unknown;
  raw?: string;
  token?: string;
  headers?: Record<string, string>;
  status: number;
}

/** NUL bytes, unpaired surrogates and prototype names in ids, command bodies and match creation. */
function refusedNamesAndBodies(matchId: string, seats: Record<string, string>): BadInput[] {
  const players = [{}, {}];
  const create = (body: unknown) => ({ method: 'POST', path: '/api/matches', body, token: organiser });
  return [
    { name: 'NUL in a match id', path: `/api/matches/m%00x`, status: 400 },
    { name: 'NUL in a match id (state)', path: `/api/matches/${matchId}%00/state`, status: 400 },
    {
      name: 'NUL in a commandId',
      path: `/api/matches/${matchId}/commands`,
      method: 'POST',
      token: seats.p1!,
      body: { commandId: 'a\u0000b', type: 'Flip' },
      status: 400,
    },
    {
      name: 'NUL in a command argument',
      path: `/api/matches/${matchId}/commands`,
      method: 'POST',
      token: seats.p1!,
      body: { commandId: 'n2', type: 'Flip', note: '\u0000' },
      status: 400,
    },
    {
      name: 'NUL in a command type',
      path: `/api/matches/${matchId}/commands`,
      method: 'POST',
      token: seats.p1!,
      body: { commandId: 'n3', type: 'Fl\u0000ip' },
      status: 400,
    },
    {
      name: 'NUL in a key',
      path: `/api/matches/${matchId}/commands`,
      method: 'POST',
      token: seats.p1!,
      body: { commandId: 'n4', type: 'Flip', 'k\u0000': 1 },
      status: 400,
    },
    {
      name: 'unpaired surrogate in a commandId',
      path: `/api/matches/${matchId}/commands`,
      method: 'POST',
      token: seats.p1!,
      body: { commandId: 'x\ud800', type: 'Flip' },
      status: 400,
    },
    {
      name: 'NUL in a player name',
      ...create({ game: 'coin-race', players: [{ name: 'A\u0000' }, {}] }),
      status: 400,
    },
    { name: 'NUL in game', ...create({ game: 'coin-race\u0000', players }), status: 400 },
    {
      name: 'NUL in a deck card',
      ...create({ game: 'coin-race', players: [{ deck: { main: ['x\u0000'] } }, {}] }),
      status: 400,
    },
    { name: 'game constructor', ...create({ game: 'constructor', players }), status: 404 },
    { name: 'game __proto__', ...create({ game: '__proto__', players }), status: 404 },
    { name: 'game toString', ...create({ game: 'toString', players }), status: 404 },
    { name: 'game hasOwnProperty', ...create({ game: 'hasOwnProperty', players }), status: 404 },
    {
      name: 'deck preset constructor',
      ...create({ game: 'coin-race', players: [{ deck: 'constructor' }, {}] }),
      status: 400,
    },
    {
      name: 'deck preset __proto__',
      ...create({ game: 'coin-race', players: [{ deck: '__proto__' }, {}] }),
      status: 400,
    },
    {
      name: '__proto__ key in the body',
      method: 'POST',
      path: '/api/matches',
      token: organiser,
      raw: '{"game":"coin-race","players":[{},{}],"__proto__":{"admin":true}}',
      status: 400,
    },
  ];
}

/** Integers past their column, overlong or badly encoded ids, unknown parameters and deep nesting. */
function refusedRangesAndShapes(matchId: string, seats: Record<string, string>): BadInput[] {
  return [
    {
      name: 'from past the integer column',
      path: `/api/matches/${matchId}/events?from=2147483648`,
      status: 400,
    },
    {
      name: 'to past the integer column',
      path: `/api/matches/${matchId}/events?to=99999999999999999999`,
      status: 400,
    },
    {
      name: 'from at the top of the column',
      path: `/api/matches/${matchId}/events?from=2147483647`,
      status: 200,
    },
    {
      name: 'seq past the integer column',
      path: `/api/matches/${matchId}/state?seq=2147483648`,
      status: 400,
    },
    { name: 'negative seq', path: `/api/matches/${matchId}/state?seq=-1`, status: 400 },
    { name: 'seq not a number', path: `/api/matches/${matchId}/state?seq=abc`, status: 400 },
    { name: 'seq Infinity', path: `/api/matches/${matchId}/state?seq=Infinity`, status: 400 },
    {
      name: 'lastEventId past the column',
      path: `/api/matches/${matchId}/live?lastEventId=2147483648`,
      status: 400,
    },
    {
      name: 'Last-Event-ID past the stream',
      path: `/api/matches/${matchId}/live`,
      headers: { 'last-event-id': '99999999999999999999' },
      status: 400,
    },
    { name: 'as constructor', path: `/api/matches/${matchId}/events?as=constructor`, status: 400 },
    { name: 'as __proto__', path: `/api/matches/${matchId}/state?as=__proto__`, status: 400 },
    { name: 'list game __proto__', path: '/api/matches?game=__proto__', status: 200 },
    { name: 'list limit past range', path: '/api/matches?limit=2147483648', status: 400 },
    { name: 'list NUL in game', path: '/api/matches?game=%00', status: 400 },
    {
      name: 'unknown query parameter',
      path: `/api/matches/${matchId}/events?constructor=1`,
      status: 400,
    },
    { name: 'overlong match id', path: `/api/matches/${'m'.repeat(200)}`, status: 414 },
    { name: 'match id one past the limit', path: `/api/matches/${'m'.repeat(101)}/state`, status: 414 },
    { name: 'bad percent-encoding', path: `/api/matches/%E0%A4%A/state`, status: 400 },
    { name: 'NUL in a token', path: `/api/matches/${matchId}/events?token=%00`, status: 400 },
    {
      name: 'a body nested 5000 deep',
      path: `/api/matches/${matchId}/commands`,
      method: 'POST',
      token: seats.p1!,
      raw: '['.repeat(5000) + ']'.repeat(5000),
      status: 400,
    },
    {
      name: 'a command argument nested 40 deep',
      path: `/api/matches/${matchId}/commands`,
      method: 'POST',
      token: seats.p1!,
      body: { commandId: 'd1', type: 'Flip', x: JSON.parse('['.repeat(40) + ']'.repeat(40)) },
      status: 400,
    },
    {
      name: 'a deck nested 5000 deep',
      method: 'POST',
      path: '/api/matches',
      token: organiser,
      raw: `{"game":"coin-race","players":[{"deck":{"main":${'['.repeat(5000) + ']'.repeat(5000)}}},{}]}`,
      status: 400,
    },
  ];
}

function badInput(): void {
  describe('bad input is a 4xx that changes nothing', () => {
    it('refuses NUL bytes, unpaired surrogates, out-of-range integers and prototype names', async () => {
      const { matchId, seats } = await newMatch();
      const seq = await lastSeqOf(matchId);
      const count = await matchCount();
      const cases: BadInput[] = [
        ...refusedNamesAndBodies(matchId, seats),
        ...refusedRangesAndShapes(matchId, seats),
      ];
      for (const c of cases) {
        const raw =
          c.name === '__proto__ key in the body'
            ? '{"game":"coin-race","players":[{},{}],"__proto__":{"admin":true}}'
            : undefined;
        const r = await api(c.path, {
          method: c.method ?? 'GET',
          ...(c.body !== undefined ? { body: c.body } : {}),
          ...(raw ? { raw } : {}),
          ...(c.token ? { token: c.token } : {}),
          ...(c.headers ? { headers: c.headers } : {}),
        });
        expect(r.status, `${c.name}: ${r.text}`).toBe(c.status);
        if (c.status >= 400)
          expect(r.json, c.name).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      }
      expect(await lastSeqOf(matchId)).toBe(seq);
      expect(await matchCount()).toBe(count);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });
  });
}

describe.each(['postgres', 'pglite'] as const)('on %s', (kind) => {
  beforeAll(() => setup(kind));
  afterAll(() => teardown());
  nothingAheadOfTheDelay();
  organisersCreateMatches();
  proxyTrust();
  headersAndRefusals();
  badInput();
});
