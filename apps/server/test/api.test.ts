// The HTTP API end to end on the embedded default (PGlite in memory, in-process bus) with the kernel's
// Coin Race fixture: fast checks of every route's contract. Real games, real Postgres and NATS are in
// test/integration/server-*.test.ts.
import { coinRace } from '@matchtape/engine/testing/fixture-game';
import { MemoryBus } from '@matchtape/bus';
import { openStore, type EventStore } from '@matchtape/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken, setTokenSecret } from '../src/auth/tokens';
import { createServer, type MatchtapeServer } from '../src/app';
import { registryOf } from '../src/games';
import { api as request, type ApiInit } from '../src/testing/http';
import { openSse, type SseMessage } from '../src/testing/sse';

let server: MatchtapeServer;
let base: string;
let closeAll: () => Promise<void>;
let organiser: string;
let store: EventStore;
let bus: MemoryBus;

beforeAll(async () => {
  setTokenSecret('api-test-secret-0123456789');
  organiser = mintToken({ role: 'organiser', ttlSeconds: 600 });
  store = await openStore({ dataDir: 'memory://' });
  bus = new MemoryBus();
  server = await createServer({
    store,
    bus,
    games: registryOf({ [coinRace.id]: coinRace }),
    bots: { minDelayMs: 0, maxDelayMs: 0, scanMs: 200 },
    bodyLimitBytes: 4096,
  });
  base = await server.listen(0);
  closeAll = async () => {
    await server.close();
    await bus.close();
    await store.close();
  };
});
afterAll(() => closeAll());

/** A call to this file's server. */
const api = (path: string, init: ApiInit = {}) => request(base, path, init);

async function newMatch(extra: Record<string, unknown> = {}) {
  const r = await api('/api/matches', {
    token: organiser,
    body: { game: 'coin-race', players: [{ name: 'Ann' }, { name: 'Bob', deck: 'high' }], ...extra },
  });
  expect(r.status).toBe(201);
  return r.json as { matchId: string; seats: Record<string, string> };
}

describe('matches API (embedded default): creation and commands', () => {
  it('creates a match with seat tokens and lists it', async () => {
    const m = await newMatch();
    expect(Object.keys(m.seats)).toEqual(['p1', 'p2']);
    const list = await api('/api/matches');
    const item = list.json.matches.find((x: { matchId: string }) => x.matchId === m.matchId);
    expect(item).toMatchObject({
      game: 'coin-race',
      status: 'playing',
      players: [
        { id: 'p1', name: 'Ann' },
        { id: 'p2', name: 'Bob' },
      ],
    });
    expect((await api(`/api/matches/${m.matchId}`)).json.lastSeq).toBeGreaterThan(0);
  });

  it('validates match creation with clear messages', async () => {
    expect(
      (await api('/api/matches', { token: organiser, body: { game: 'nope', players: [{}, {}] } })).status,
    ).toBe(404);
    const deck = await api('/api/matches', {
      token: organiser,
      body: { game: 'coin-race', players: [{ deck: 'nope' }, {}] },
    });
    expect(deck.status).toBe(400);
    expect(deck.json.message).toMatch(/presets: low, high/);
    const bad = await api('/api/matches', {
      token: organiser,
      body: { game: 'coin-race', players: [{ deck: { main: ['zzz'] } }, {}] },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error).toBe('invalid_deck');
    const delay = await api('/api/matches', {
      token: organiser,
      body: { game: 'coin-race', players: [{}, {}], spectatorDelaySeconds: 4000 },
    });
    expect(delay.status).toBe(400);
    expect(delay.json.message).toMatch(/spectatorDelaySeconds/);
  });

  it('applies commands from the seat token, idempotently; rejects with a rule and records it', async () => {
    const m = await newMatch();
    const before = (await api(`/api/matches/${m.matchId}`)).json.lastSeq as number;
    const out = await api(`/api/matches/${m.matchId}/commands`, {
      token: m.seats.p2,
      body: { commandId: 'x1', type: 'Flip' },
    });
    expect(out.status).toBe(422);
    expect(out.json).toMatchObject({ error: 'rejected', rule: '2.1' });
    const ok = await api(`/api/matches/${m.matchId}/commands`, {
      token: m.seats.p1,
      body: { commandId: 'c1', type: 'Flip' },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ status: 'accepted', player: 'p1', fromSeq: before + 1, replayed: false });
    const again = await api(`/api/matches/${m.matchId}/commands`, {
      token: m.seats.p1,
      body: { commandId: 'c1', type: 'Flip' },
    });
    expect(again.json).toMatchObject({
      status: 'accepted',
      fromSeq: before + 1,
      toSeq: ok.json.toSeq,
      replayed: true,
    });
    expect((await api(`/api/matches/${m.matchId}`)).json.lastSeq).toBe(ok.json.toSeq);
    const judge = mintToken({ role: 'judge', ttlSeconds: 60 });
    const rej = await api(`/api/matches/${m.matchId}/rejections`, { token: judge });
    expect(rej.json.rejections).toMatchObject([{ commandId: 'x1', player: 'p2', rule: '2.1' }]);
    expect((await api(`/api/matches/${m.matchId}/rejections`, { token: m.seats.p1 })).status).toBe(403);
  });
});

describe('matches API: views and event pages', () => {
  it('serves views per role and refuses views the token does not grant', async () => {
    const m = await newMatch();
    const judge = mintToken({ role: 'judge', ttlSeconds: 60 });
    expect((await api(`/api/matches/${m.matchId}/events?as=judge`)).status).toBe(403);
    expect((await api(`/api/matches/${m.matchId}/events?as=p1`)).status).toBe(403);
    expect((await api(`/api/matches/${m.matchId}/events?as=p2`, { token: m.seats.p1 })).status).toBe(403);
    const full = await api(`/api/matches/${m.matchId}/events`, { token: judge });
    const pub = await api(`/api/matches/${m.matchId}/events`);
    expect(full.json.events.length).toBe(pub.json.events.length);
    const secrets = coinRace.secrets((await server.host.current(m.matchId)).state as never, 'public');
    expect(secrets.length).toBeGreaterThan(0);
    for (const s of secrets) expect(JSON.stringify(pub.json.events)).not.toContain(`"${s}"`);
    const st = await api(`/api/matches/${m.matchId}/state?as=public`);
    expect(st.json).toMatchObject({
      as: 'public',
      seq: full.json.events.length,
      board: { game: 'coin-race' },
    });
    for (const s of secrets) expect(JSON.stringify(st.json)).not.toContain(`"${s}"`);
    const early = await api(`/api/matches/${m.matchId}/state?seq=1`, { token: judge });
    expect(early.json.seq).toBe(1);
    const tl = await api(`/api/matches/${m.matchId}/timeline`);
    expect(tl.json.timeline.lastSeq).toBe(full.json.events.length);
    const exp = await fetch(`${base}/api/matches/${m.matchId}/export`, {
      headers: { authorization: `Bearer ${judge}` },
    });
    expect(exp.headers.get('content-type')).toMatch(/ndjson/);
    // A copy opens with its header line (full or redacted), then one event per line.
    const [header, ...lines] = (await exp.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(header).toMatchObject({ format: 'matchtape-copy', copy: 'full' });
    expect(lines).toEqual(full.json.events);
  });

  it('pages long event ranges: a page cut by the page size names the next from, the last page names none', async () => {
    const m = await newMatch({ players: [{ bot: 'greedy' }, { bot: 'random' }] });
    await server.bots!.track(m.matchId);
    const judge = mintToken({ role: 'judge', ttlSeconds: 60 });
    const whole = (await api(`/api/matches/${m.matchId}/events`, { token: judge })).json;
    expect(whole.next).toBeNull();
    expect(whole.events.length).toBeGreaterThan(7);
    // A second API instance on the same store with a page of 3 events.
    const small = await createServer({
      store,
      bus,
      games: registryOf({ [coinRace.id]: coinRace }),
      roles: ['api'],
      bots: false,
      projector: false,
      eventsPageSize: 3,
    });
    try {
      const smallBase = await small.listen(0);
      const get = async (q: string) =>
        (await (
          await fetch(`${smallBase}/api/matches/${m.matchId}/events?${q}`, {
            headers: { authorization: `Bearer ${judge}` },
          })
        ).json()) as { events: { seq: number }[]; next: number | null };
      const seqs: number[] = [];
      let from: number | null = 1;
      while (from !== null) {
        const page = await get(`from=${from}`);
        expect(page.events.length).toBeLessThanOrEqual(3);
        seqs.push(...page.events.map((e) => e.seq));
        from = page.next;
      }
      expect(seqs).toEqual(whole.events.map((e: { seq: number }) => e.seq));
      // A page that reaches the caller's own `to` has no next, even when the match goes on past it; one the page
      // size cut short of `to` has.
      expect((await get('from=1&to=2')).next).toBeNull();
      expect((await get('from=1&to=9')).next).toBe(4);
    } finally {
      await small.close();
    }
  });
});

describe('matches API: bad input, spectator delay and rate limits', () => {
  it('answers bad input with JSON errors and appends nothing', async () => {
    const m = await newMatch();
    const seq = async () => (await api(`/api/matches/${m.matchId}`)).json.lastSeq;
    const before = await seq();
    const url = `/api/matches/${m.matchId}/commands`;
    expect((await api(url, { token: m.seats.p1, raw: '{"type":' })).json).toMatchObject({
      error: 'malformed_json',
    });
    expect((await api(url, { body: { commandId: 'a', type: 'Flip' } })).status).toBe(401);
    expect((await api(url, { token: 'mt1.abc.def', body: { commandId: 'a', type: 'Flip' } })).status).toBe(
      401,
    );
    expect(
      (await api(url, { token: m.seats.p1, body: { commandId: 'a', type: 'Flip', player: 'p2' } })).status,
    ).toBe(403);
    expect(
      (
        await api(url, {
          token: m.seats.p1,
          raw: JSON.stringify({ commandId: 'a', type: 'Flip', pad: 'x'.repeat(5000) }),
        })
      ).status,
    ).toBe(413);
    const unknown = await api(url, { token: m.seats.p1, body: { commandId: 'u', type: 'Teleport' } });
    expect(unknown.status).toBe(422);
    expect(unknown.json.rule).toBe('command');
    expect(await seq()).toBe(before);
    expect((await api('/api/nowhere')).json.error).toBe('not_found');
  });

  it('shows spectators of a delayed match nothing past their feed: status, position, last seq and result held', async () => {
    const r = await api('/api/matches', {
      token: organiser,
      body: {
        game: 'coin-race',
        players: [{ bot: 'greedy' }, { bot: 'greedy' }],
        spectatorDelaySeconds: 3600,
      },
    });
    const { matchId } = r.json as { matchId: string };
    await server.bots!.track(matchId);
    const judge = mintToken({ role: 'judge', ttlSeconds: 60 });
    const live = (await api(`/api/matches/${matchId}`, { token: judge })).json;
    expect(live).toMatchObject({ status: 'ended', winner: expect.stringMatching(/^p/) });
    expect(live.lastSeq).toBeGreaterThan(5);
    // Nothing is an hour old yet: the public feed is at seq 0, and so is everything shown about the match.
    const initial = coinRace.position(coinRace.initial());
    const shown = {
      status: coinRace.status(coinRace.initial()).status,
      lastSeq: 0,
      turn: initial.turn,
      phase: initial.phase,
      step: initial.step,
      winner: null,
    };
    expect((await api(`/api/matches/${matchId}`)).json).toMatchObject(shown);
    expect((await api(`/api/matches/${matchId}`, { token: organiser })).json).toMatchObject(shown);
    const listed = (await api('/api/matches')).json.matches.find(
      (m: { matchId: string }) => m.matchId === matchId,
    );
    expect(listed).toMatchObject(shown);
    for (const status of ['ended', 'playing'] as const) {
      const filtered = (await api(`/api/matches?status=${status}`)).json.matches as { matchId: string }[];
      expect(
        filtered.map((m) => m.matchId),
        status,
      ).not.toContain(matchId);
    }
    expect(
      (await api(`/api/matches?status=${shown.status}`)).json.matches.map(
        (m: { matchId: string }) => m.matchId,
      ),
    ).toContain(matchId);
    expect((await api(`/api/matches/${matchId}/events`)).json.events).toEqual([]);
    expect((await api(`/api/matches/${matchId}/state`)).json).toMatchObject({ seq: 0 });
    expect((await api(`/api/matches/${matchId}/timeline`)).json.timeline.lastSeq ?? 0).toBe(0);
  });

  it('limits commands per token and says when to retry', async () => {
    // A second instance on the same store with a tiny budget (no refill to speak of: no timing involved).
    const store = server.host.store;
    const strict = await createServer({
      store,
      bus: null,
      games: registryOf({ [coinRace.id]: coinRace }),
      roles: ['api'],
      bots: false,
      rateLimits: { commands: { perSecond: 0.001, burst: 5 } },
    });
    const strictBase = await strict.listen(0);
    try {
      const m = await newMatch();
      const send = (token: string, commandId: string) =>
        fetch(`${strictBase}/api/matches/${m.matchId}/commands`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ commandId, type: 'Flip' }),
        });
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 8; i++) {
        const res = await send(m.seats.p2!, `rl${i}`);
        statuses.push(res.status);
        if (res.status === 429) retryAfter = res.headers.get('retry-after');
        await res.arrayBuffer();
      }
      expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      // Another token has its own budget.
      expect((await send(m.seats.p1!, 'rl-p1')).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('matches API: OpenAPI, health and the live stream', () => {
  it('publishes an OpenAPI document and health', async () => {
    const doc = await api('/api/openapi.json');
    expect(doc.json.openapi).toBe('3.1.0');
    expect(Object.keys(doc.json.paths)).toContain('/api/matches/{id}/commands');
    expect((await api('/api/health')).json).toEqual({ ok: true });
    expect(
      (await api('/api/health', { token: mintToken({ role: 'ops', ttlSeconds: 60 }) })).json,
    ).toMatchObject({ ok: true, store: 'pglite' });
  });

  it('streams a bot match over SSE to the end, in order, and resumes after Last-Event-ID', async () => {
    const r = await api('/api/matches', {
      token: organiser,
      body: { game: 'coin-race', players: [{ bot: 'random' }, { bot: 'greedy' }] },
    });
    const { matchId } = r.json as { matchId: string };
    const got: SseMessage[] = [];
    let cut = 0;
    const first = await openSse(`${base}/api/matches/${matchId}/live`, (msg) => {
      if (msg.event === 'event') got.push(msg);
      if (got.length === 5 && cut === 0) {
        cut = 5;
        first.abort();
      }
    });
    await first.done;
    expect(cut).toBe(5);
    const rest = await openSse(
      `${base}/api/matches/${matchId}/live`,
      (msg) => msg.event === 'event' && got.push(msg),
      { lastEventId: 5 },
    );
    await rest.done;
    const judge = mintToken({ role: 'judge', ttlSeconds: 60 });
    const stored = (await api(`/api/matches/${matchId}/events`)).json.events as { seq: number }[];
    expect((await api(`/api/matches/${matchId}`, { token: judge })).json.status).toBe('ended');
    expect(got.map((g) => Number(g.id))).toEqual(stored.map((e) => e.seq));
    expect(got.map((g) => JSON.parse(g.data))).toEqual(stored);
  });
});
