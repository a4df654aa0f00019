// A fork of a live match keeps the parent's secrets (issue 21, invariant 7), on the real stack (Postgres + NATS
// JetStream), with a live parent in each game: the fork draws from a seed of its own after the fork point, and until
// the parent has ended AND passed its spectator delay the fork exists only for judges and the fork's own seats —
// every other caller gets the 404 of a match that does not exist on every route, lists and searches leave it out,
// and the public subject carries nothing of it. The server's clock is the test's (a skew moves it past delays).
import {
  commitKey,
  commitment,
  Rng,
  sealSalt,
  type AnyGameModule,
  type CopyKind,
  type EventEnvelope,
  type Viewer,
} from '@matchtape/engine';
import { mintToken, openSse, type MatchtapeServer } from '@matchtape/server';
import { parseCopyHeader, verifyEvents } from '@matchtape/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEvents, api, organiser, startStack, testGames, type Stack } from './server-helpers';

const registry = await testGames();
const DELAY = 30;
let skew = 0;
let stack: Stack;
let base: string;
let server: MatchtapeServer;
beforeAll(async () => {
  stack = await startStack({ bots: false, publishScanMs: 200, now: () => new Date(Date.now() + skew) });
  base = stack.bases[0]!;
  server = stack.servers[0]!;
});
afterAll(() => stack?.cleanup());

const judge = () => mintToken({ role: 'judge', ttlSeconds: 600 });

/** Plays up to `n` commands a random bot picks for whoever may act (never a concession). */
async function play(
  game: AnyGameModule,
  matchId: string,
  seats: Record<string, string>,
  n: number,
  seed: string,
): Promise<void> {
  const rng = new Rng(seed);
  for (let i = 0; i < n; i++) {
    const { state } = await server.host.current(matchId);
    const actor = game.actors(state)[0];
    const legal = actor ? game.legalCommands(state, actor).filter((c) => c.type !== 'Concede') : [];
    if (!actor || legal.length === 0) return;
    const { player: _p, ...cmd } = game.bots.random.choose(state, actor, legal, rng);
    const r = await api(base, `/api/matches/${matchId}/commands`, {
      token: seats[actor]!,
      body: { ...cmd, commandId: `${seed}-${i}` },
    });
    expect(r.status, r.text).toBe(200);
  }
}

/** Ends a match by a concession of the first seat whose Concede is accepted. */
async function concede(matchId: string, seats: Record<string, string>): Promise<void> {
  for (const [seat, token] of Object.entries(seats)) {
    const r = await api(base, `/api/matches/${matchId}/commands`, {
      token,
      body: { type: 'Concede', commandId: `concede-${seat}` },
    });
    if (r.status === 200 && r.json.status === 'accepted') break;
  }
  expect((await server.host.current(matchId)).state).toBeDefined();
  expect((await stack.store.getMatch(matchId))!.status).toBe('ended');
}

/** Every route of one match a reader may call (the SSE route answers a refusal as JSON before any stream). */
const READS = [
  '',
  '/state',
  '/state?as=public',
  '/events',
  '/window',
  '/timeline',
  '/export',
  '/bundle',
  '/verification',
  '/annotations',
  '/chapters',
  '/chapters?format=text',
  '/focus',
  '/disputes',
  '/knowledge',
  '/diff',
  '/rejections',
  '/live',
];

/** Asserts that every read and write of `matchId` answers exactly as for a match that does not exist. */
async function expectNoSuchMatch(matchId: string, tokens: Record<string, string | undefined>): Promise<void> {
  const missing = {
    error: 'match_not_found',
    message: `no match ${matchId}; list matches with GET /api/matches`,
  };
  for (const [who, token] of Object.entries(tokens)) {
    const opts = token ? { token } : {};
    for (const path of READS) {
      const r = await api(base, `/api/matches/${encodeURIComponent(matchId)}${path}`, opts);
      expect([r.status, r.json], `${who} GET ${path}`).toEqual([404, missing]);
    }
    const writes: [string, string, unknown][] = [
      ['POST', '/commands', { type: 'PassPriority', commandId: 'x' }],
      ['POST', '/annotations', { authorName: 'Desk', seq: 1, text: 'x' }],
      ['PUT', '/focus', { cardId: null, seq: 1 }],
      ['POST', '/disputes', { seq: 1, text: 'x' }],
      ['POST', '/fork', { at: 1 }],
    ];
    for (const [method, path, body] of writes) {
      const r = await api(base, `/api/matches/${encodeURIComponent(matchId)}${path}`, {
        ...opts,
        method,
        body,
      });
      expect([r.status, r.json], `${who} ${method} ${path}`).toEqual([404, missing]);
    }
  }
}

/** A copy as GET /export gives it: its header and its events. */
async function exportOf(
  matchId: string,
  token?: string,
): Promise<{ kind: CopyKind; events: EventEnvelope[] }> {
  const r = await api(base, `/api/matches/${matchId}/export`, token ? { token } : {});
  expect(r.status, r.text).toBe(200);
  const [head, ...lines] = r.text.trim().split('\n');
  const kind = parseCopyHeader(JSON.parse(head!));
  if (kind === null || 'error' in kind) throw new Error(`not a copy header: ${head}`);
  return { kind, events: lines.map((l) => JSON.parse(l) as EventEnvelope) };
}

/**
 * The seqs whose hidden parts a holder of `copy` can open: every seed the copy shows (its MatchEnded, its header)
 * gives a commitment key; an event leaks when that key's salt opens the commitment of the full payload (`truth`,
 * which the copy withholds) — with it, a short hidden payload (a card out of forty) is found by trying each value.
 */
function opened(
  copy: { kind: CopyKind; events: readonly EventEnvelope[] },
  truth: readonly EventEnvelope[],
): number[] {
  const seeds = new Set<string>();
  for (const e of copy.events)
    if (e.type === 'MatchEnded' && typeof e.payload.seed === 'string' && e.payload.seed !== '')
      seeds.add(e.payload.seed);
  if (copy.kind.seed) seeds.add(copy.kind.seed);
  const out: number[] = [];
  for (const seed of seeds) {
    const key = commitKey(seed);
    for (const [i, e] of copy.events.entries()) {
      const full = truth[i]!;
      if (!e.seal || JSON.stringify(e.payload) === JSON.stringify(full.payload)) continue;
      if (commitment(sealSalt(key, e.matchId, e.seq, 'judge'), full.payload) === e.seal.payload)
        out.push(e.seq);
    }
  }
  return out;
}

const listed = async (token?: string): Promise<string[]> =>
  (
    (await api(base, '/api/matches?limit=500', token ? { token } : {})).json.matches as { matchId: string }[]
  ).map((m) => m.matchId);

/** A live parent match with a few moves played, and a reseeded fork of it at its last seq. */
type Forked = {
  game: AnyGameModule;
  gameId: string;
  parent: string;
  parentSeats: Record<string, string>;
  parentSeed: string;
  at: number;
  fork: string;
  forkSeats: Record<string, string>;
};

/** Those who are neither judges nor the fork's seats. */
type Others = { public: undefined; coverage: string } & Record<string, string | undefined>;

async function startParentAndFork(gameId: string): Promise<Forked> {
  const game = registry.get(gameId);
  const created = await api(base, '/api/matches', {
    token: organiser(),
    body: {
      game: gameId,
      players: [{ name: 'Ada' }, { name: 'Bo' }],
      spectatorDelaySeconds: DELAY,
      coverageDelaySeconds: 0,
      revealPolicy: 'reveal-all',
    },
  });
  expect(created.status, created.text).toBe(201);
  const parent = created.json.matchId as string;
  const parentSeats = created.json.seats as Record<string, string>;
  await play(game, parent, parentSeats, 12, `parent-${gameId}`);
  const at = (await server.host.current(parent)).lastSeq;

  // The review page's request, and the bare one: both draw from a seed of their own; keeping the parent's is refused.
  expect(
    (await api(base, `/api/matches/${parent}/fork`, { token: judge(), body: { at, reseed: false } })).status,
  ).toBe(400);
  const bare = await api(base, `/api/matches/${parent}/fork`, { token: judge(), body: { at } });
  expect(bare.status, bare.text).toBe(201);
  const made = await api(base, `/api/matches/${parent}/fork`, {
    token: judge(),
    body: { at, reseed: true },
  });
  expect(made.status, made.text).toBe(201);
  const parentSeed = (await stack.store.getMatch(parent))!.seed;
  for (const f of [bare.json, made.json]) {
    expect(f.forkOf.reseeded).toBe(true);
    expect((await stack.store.getMatch(f.matchId as string))!.seed).not.toBe(parentSeed);
  }
  const fork = made.json.matchId as string;
  const forkSeats = made.json.seats as Record<string, string>;
  return { game, gameId, parent, parentSeats, parentSeed, at, fork, forkSeats };
}

/** While the parent plays within its delay: the fork is nobody's but the judges' and its own seats'. */
async function expectSealedWhileParentLive(f: Forked, others: Others): Promise<void> {
  const { game, gameId, at, fork, forkSeats } = f;
  await expectNoSuchMatch(fork, others);
  for (const token of [undefined, others.coverage]) expect(await listed(token)).not.toContain(fork);
  expect(await listed(judge())).toContain(fork);

  // Judges and the fork's seats read it; each seat its own view (its hand is the parent's hand of that seat, the
  // judge handed it out), never the other hand.
  expect((await api(base, `/api/matches/${fork}/events`, { token: judge() })).status).toBe(200);
  const truth = (await server.host.current(fork)).state;
  for (const seat of Object.keys(forkSeats)) {
    const view = await api(base, `/api/matches/${fork}/state`, { token: forkSeats[seat]! });
    expect([view.status, view.json.as]).toEqual([200, seat]);
    for (const secret of game.secrets(truth, seat as Viewer))
      expect(view.text.includes(`"${secret}"`), `${seat} sees ${secret}`).toBe(false);
    const sse = await openSse(`${base}/api/matches/${fork}/live`, () => undefined, {
      token: forkSeats[seat]!,
    });
    expect(sse.status).toBe(200);
    sse.abort();
  }

  // Coverage search finds nothing of it; a judge's finds the judge's note.
  const note = `forknote${gameId.replace(/-/g, '')}`;
  expect(
    (
      await api(base, `/api/matches/${fork}/annotations`, {
        token: judge(),
        body: { authorName: 'Judge', seq: at, text: note },
      })
    ).status,
  ).toBe(201);
  expect(
    (await api(base, `/api/annotations/search?text=${note}`, { token: others.coverage })).json.results,
  ).toEqual([]);
  expect(
    (await api(base, `/api/annotations/search?text=${note}`, { token: judge() })).json.results.map(
      (r: { matchId: string }) => r.matchId,
    ),
  ).toEqual([fork]);
}

/**
 * The fork ends while the parent plays: nothing a fork seat holds of it opens the parent's secrets, and its public
 * view stays redacted. Returns the fork's seed.
 */
async function expectEndedForkOpensNothing(f: Forked, others: Others): Promise<string> {
  const { game, parentSeed, at, fork, forkSeats } = f;
  // The fork ends (reveal-all, like its parent), still seen by nobody else.
  await concede(fork, forkSeats);
  const forkEvents = await allEvents(base, fork, 'judge', judge());
  const end = forkEvents[forkEvents.length - 1]!;
  expect(end.type).toBe('MatchEnded');
  // Its MatchEnded withholds the fork's seed (it would open the parent's hidden cards at the fork point); a judge's
  // copy carries it in its header, and it is not the parent's.
  expect(end.payload.seed).toBe('');
  const forkSeed = (await stack.store.getMatch(fork))!.seed;
  expect((await exportOf(fork, judge())).kind.seed).toBe(forkSeed);
  expect(forkSeed).not.toBe(parentSeed);
  await expectNoSuchMatch(fork, { public: undefined, coverage: others.coverage });
  // Nothing a fork seat holds of the ended fork (its events, its export, what verify makes of it) opens the copied
  // prefix — the live parent's hidden cards at the fork point — nor anything after it (drawn from the parent's decks).
  const full = (await exportOf(fork, judge())).events;
  const hiddenInPrefix = new Set<number>();
  for (const seat of Object.keys(forkSeats)) {
    const copy = await exportOf(fork, forkSeats[seat]!);
    expect(copy.kind.copy).toBe('redacted'); // a seat's export is the public copy
    for (const [i, e] of copy.events.entries())
      if (e.seq <= at && JSON.stringify(e.payload) !== JSON.stringify(full[i]!.payload))
        hiddenInPrefix.add(e.seq);
    expect(opened(copy, full), `${seat} opens the hidden parts of these seqs`).toEqual([]);
    const seen = (await api(base, `/api/matches/${fork}/events`, { token: forkSeats[seat]! })).json
      .events as EventEnvelope[];
    expect(opened({ kind: copy.kind, events: seen }, full), `${seat}'s events open these seqs`).toEqual([]);
    const v = verifyEvents(copy.events, (id) => registry.get(id), { copy: copy.kind });
    expect(v.ok, JSON.stringify(v.failure)).toBe(true);
    expect(v.randomVerified).toBe(false);
  }
  expect(hiddenInPrefix.size, 'the prefix hides something from the seats').toBeGreaterThan(0);
  // Past the fork's own delay its reveal-all would show everyone the judge view — the live parent's hands at the
  // fork point. Not while the parent plays: a fork seat asking for the public view gets the public redaction.
  skew += (DELAY + 1) * 1000;
  const ended = (await server.host.current(fork)).state;
  const asPublic = await api(base, `/api/matches/${fork}/state?as=public`, { token: forkSeats.p1! });
  expect([asPublic.status, asPublic.json.as]).toEqual([200, 'public']);
  const hidden = game.secrets(ended, 'public');
  expect(hidden.length).toBeGreaterThan(0);
  for (const secret of hidden)
    expect(asPublic.text.includes(`"${secret}"`), `the public view of the ended fork shows ${secret}`).toBe(
      false,
    );
  return forkSeed;
}

/** The parent ends: within its spectator delay the fork is still sealed; past it, the fork is a match like any. */
async function expectReleasedAfterParent(f: Forked, forkSeed: string): Promise<void> {
  const { parent, parentSeats, parentSeed, at, fork } = f;
  await concede(parent, parentSeats);
  await expectNoSuchMatch(fork, { public: undefined });
  skew += (DELAY + 1) * 1000;
  expect((await api(base, `/api/matches/${fork}`)).json.forkOf).toMatchObject({
    matchId: parent,
    seq: at,
    reseeded: true,
  });
  expect((await api(base, `/api/matches/${fork}/events`)).status).toBe(200);
  expect(await listed()).toContain(fork);
  // Released, the public's copy carries the fork's seed in its header: every byte verifies against the revealed key.
  const released = await exportOf(fork);
  expect(released.kind.seed).toBe(forkSeed); // reveal-all: the full copy, now everyone's
  const pv = verifyEvents(released.events, (id) => registry.get(id), { copy: released.kind });
  expect(pv.ok, JSON.stringify(pv.failure)).toBe(true);
  const wrong = verifyEvents(released.events, (id) => registry.get(id), {
    copy: { ...released.kind, seed: parentSeed },
  });
  expect([wrong.ok, wrong.failure?.check], 'a header seed other than the committed one').toEqual([
    false,
    'commitment',
  ]);
  const judged = await exportOf(fork, judge());
  const jv = verifyEvents(judged.events, (id) => registry.get(id), { copy: judged.kind });
  expect([jv.ok, jv.randomVerified], JSON.stringify(jv.failure)).toEqual([true, true]);
  const lastSeq = (await stack.store.getMatch(fork))!.lastSeq;
  for (
    const end = Date.now() + 20_000;
    (await stack.store.getCheckpoint('projection', `public:${fork}`)) < lastSeq;
  ) {
    if (Date.now() > end) throw new Error(`the publisher did not publish ${fork} once released`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(registry.ids())('%s: a fork of a live match', (gameId) => {
  it('has its own seed, and reaches nobody but judges and its own seats until the parent has ended and passed its delay', async () => {
    const f = await startParentAndFork(gameId);
    const others: Others = {
      public: undefined,
      coverage: mintToken({ role: 'coverage', ttlSeconds: 600 }),
      organiser: organiser(),
      'public token': mintToken({ role: 'public', ttlSeconds: 600 }),
      "parent's p1": f.parentSeats.p1,
      "parent's p2": f.parentSeats.p2,
    };
    await expectSealedWhileParentLive(f, others);

    // Past the parent's delay the parent's events are public, but the parent still plays: the fork stays sealed, and
    // the publisher (woken by a move in the fork) puts nothing of it on the public subject.
    skew += (DELAY + 1) * 1000;
    await play(f.game, f.fork, f.forkSeats, 2, `fork-${gameId}`);
    await server.publisher!.idle();
    expect(await stack.store.getCheckpoint('projection', `public:${f.fork}`)).toBe(0);
    await expectNoSuchMatch(f.fork, { public: undefined });

    const forkSeed = await expectEndedForkOpensNothing(f, others);
    await expectReleasedAfterParent(f, forkSeed);
  }, 120_000);
});
