// Exact forks for rewinds, on real Postgres, in each of the four games. A player takes an action a judge later
// rules illegal (a mistake the engine could not see, e.g. a misread card at the table); the judge rewinds it
// with an exact fork at the seq before it, as the games' illegal-action rules call for: Alpha Clash 710.1–710.2,
// Grand Archive 2.3.a.1 / 2.3.a.7-8 / 2.12.i, The Spoils 401.3 / 604.1e / 606.1d, Elemental Clash (no rule on
// illegal actions: digest §10, a judge's call). Play continues live in the fork with its seat tokens.
import {
  cursorAfter,
  FORK_RESHUFFLE_CAUSE,
  jsonEqual,
  Rng,
  type AnyGameModule,
  type EventEnvelope,
  type PlayerId,
  type Viewer,
} from '@matchtape/engine';
import { games } from '@matchtape/games';
import { verifyBundle, verifyEvents } from '@matchtape/store';
import { openTestStore, type TestStore } from '@matchtape/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchtapeServer } from '../app';
import { mintToken, setTokenSecret } from '../auth/tokens';
import { apiServer, scenarioPosition, UNLIMITED } from '../testing/api-server';

const RULES: Record<string, string> = {
  'alpha-clash': '710.1',
  'grand-archive': '2.3.a.1',
  'the-spoils': '401.3',
  'elemental-clash': 'digest §10 (no rule: judge decides)',
};

let db: TestStore;
let server: MatchtapeServer;
let organiser: string;
let judge: string;

beforeAll(async () => {
  setTokenSecret('judges-replay-test-secret-0123456789');
  organiser = mintToken({ role: 'organiser', ttlSeconds: 600 });
  judge = mintToken({ role: 'judge', ttlSeconds: 600 });
  db = await openTestStore('postgres');
  server = await apiServer(db.store, {
    rateLimits: { commands: UNLIMITED, reads: UNLIMITED, create: { perSecond: 1000, burst: 1000 } },
  });
});
afterAll(async () => {
  await server?.close();
  await db?.cleanup();
});

async function call<T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  payload?: unknown,
): Promise<{ status: number; body: T }> {
  const r = await server.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: r.statusCode, body: r.json() as T };
}

/** One command the test's bot picks for whoever may act, sent with that seat's token. */
async function step(
  game: AnyGameModule,
  matchId: string,
  seats: Record<string, string>,
  rng: Rng,
  commandId: string,
): Promise<Record<string, unknown> | null> {
  const { state } = await server.host.current(matchId);
  const actor = game.actors(state)[0];
  if (!actor) return null;
  const legal = game.legalCommands(state, actor);
  if (legal.length === 0) return null;
  const { player: _p, ...command } = game.bots.random.choose(state, actor, legal, rng);
  return { ...command, commandId, player: actor };
}

async function send(
  matchId: string,
  seats: Record<string, string>,
  cmd: Record<string, unknown>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { player, ...body } = cmd;
  return call('POST', `/api/matches/${matchId}/commands`, seats[player as string]!, body);
}

/** Ends a match: the first seat whose Concede is accepted (some games offer it only to the seat acting). */
async function concede(game: AnyGameModule, matchId: string, seats: Record<string, string>): Promise<void> {
  for (const seat of Object.keys(seats)) {
    const r = await call<{ status?: string }>('POST', `/api/matches/${matchId}/commands`, seats[seat]!, {
      type: 'Concede',
      commandId: `concede-${seat}`,
    });
    if (r.status === 200 && r.body.status === 'accepted') break;
  }
  expect((await db.store.getMatch(matchId))!.status, `${game.id}: ${matchId} ended by a concession`).toBe(
    'ended',
  );
}

/** The judge state at `seq` with the match's own identity (its id, its seed commitment) blanked out. */
async function judgeStateAt(matchId: string, seq: number): Promise<unknown> {
  const r = await call<{ seq: number; state: unknown }>(
    'GET',
    `/api/matches/${matchId}/state?seq=${seq}&as=judge`,
    judge,
  );
  expect(r.status).toBe(200);
  expect(r.body.seq).toBe(seq);
  return JSON.parse(JSON.stringify(r.body.state), (k, v: unknown) =>
    k === 'matchId' || k === 'seedCommitment' ? '(identity)' : v,
  );
}

const strip = (e: EventEnvelope) => ({
  type: e.type,
  turn: e.turn,
  phase: e.phase,
  step: e.step,
  rule: e.rule,
  payload: e.payload,
});

/** A match played up to the action a judge will rule illegal, and that action. */
interface Parent {
  readonly matchId: string;
  readonly seats: Record<string, string>;
  /** The seq before the mistake, where the judge forks. */
  readonly before: number;
  readonly mistake: Record<string, unknown>;
  readonly parentEvents: EventEnvelope[];
  /** The events the mistake wrote. */
  readonly parentTail: EventEnvelope[];
}

interface Forked {
  matchId: string;
  seats: Record<string, string>;
  forkOf: { matchId: string; seq: number; hash: string; reseeded?: unknown };
  lastSeq: number;
}

/** Up to 30 commands of the test's bot, then the action the judge will rule illegal. */
async function playToMistake(game: AnyGameModule): Promise<Parent> {
  const created = await call<{ matchId: string; seats: Record<string, string> }>(
    'POST',
    '/api/matches',
    organiser,
    { game: game.id, players: [{ name: 'Ada' }, { name: 'Bo' }] },
  );
  expect(created.status).toBe(201);
  const { matchId, seats } = created.body;
  const rng = new Rng(`judges-replay-${game.id}`);
  for (let i = 0; i < 30; i++) {
    const cmd = await step(game, matchId, seats, rng, `c${i}`);
    if (!cmd) break;
    expect((await send(matchId, seats, cmd)).status).toBe(200);
  }
  const before = (await server.host.current(matchId)).lastSeq;
  const mistake = await step(game, matchId, seats, rng, 'mistake');
  expect(mistake).not.toBeNull();
  expect((await send(matchId, seats, mistake!)).status).toBe(200);
  const parentEvents = await db.store.readStream(matchId);
  const parentTail = parentEvents.slice(before);
  expect(parentTail.length).toBeGreaterThan(0);
  return { matchId, seats, before, mistake: mistake!, parentEvents, parentTail };
}

/**
 * Exact fork at the seq before the mistake, of the live parent: it draws from a seed of its own after the fork
 * point (the parent's is its secret), and keeping the parent's is refused, creating nothing. Its engine state
 * (judge view) and generator cursor are the parent's at that seq. Returns the parent's seed with the fork.
 */
async function forkLiveParent({ matchId, before, parentEvents }: Parent): Promise<[Forked, string]> {
  const count = (await db.store.listMatches({ limit: 1000 })).length;
  const kept = await call<{ error: string; message: string }>('POST', `/api/matches/${matchId}/fork`, judge, {
    at: before,
    reseed: false,
  });
  expect(kept.status).toBe(400);
  expect(kept.body.message).toMatch(/still playing.*seed of its own/);
  const parentSeed = (await db.store.getMatch(matchId))!.seed;
  expect(
    (
      await call('POST', `/api/matches/${matchId}/fork`, judge, {
        at: before,
        reseed: { seed: parentSeed },
      })
    ).status,
  ).toBe(400);
  expect((await db.store.listMatches({ limit: 1000 })).length).toBe(count);
  const live = await call<Forked>('POST', `/api/matches/${matchId}/fork`, judge, { at: before });
  expect(live.status).toBe(201);
  const forkOf = {
    matchId,
    seq: before,
    hash: parentEvents[before - 1]!.hash,
    reseeded: true,
    reshuffled: true,
  };
  expect(live.body.forkOf).toEqual(forkOf);
  // Right after the copied prefix, the game's reshuffle of every hidden zone (its decks) from the fork's seed: a
  // Matchtape action (cause.host), no rule of the game.
  const reshuffled = (await db.store.readStream(live.body.matchId)).slice(before);
  expect(reshuffled.length).toBe(live.body.lastSeq - before);
  expect(reshuffled.length).toBeGreaterThan(0);
  for (const e of reshuffled)
    expect([e.rule, e.cause]).toEqual([null, { system: true, host: FORK_RESHUFFLE_CAUSE }]);
  expect(Object.keys(live.body.seats).sort()).toEqual(['p1', 'p2']);
  expect((await db.store.getMatch(live.body.matchId))!.seed).not.toBe(parentSeed);
  const shown = await call<{ forkOf: unknown; lastSeq: number }>(
    'GET',
    `/api/matches/${live.body.matchId}`,
    judge,
  );
  expect(shown.body.forkOf).toEqual(forkOf);

  // Engine state (judge view) and generator cursor are the parent's at that seq.
  expect(await judgeStateAt(live.body.matchId, before)).toEqual(await judgeStateAt(matchId, before));
  const forkEvents = await db.store.readStream(live.body.matchId);
  expect(cursorAfter(forkEvents.slice(0, before))).toBe(cursorAfter(parentEvents.slice(0, before)));
  expect(reshuffled[0]!.payload.random).toMatchObject({ from: cursorAfter(parentEvents.slice(0, before)) });
  const forkSnap = await db.store.loadSnapshot(live.body.matchId);
  expect(forkSnap?.cursor).toBe(cursorAfter(forkEvents));
  return [live.body, parentSeed];
}

/** The rewind proper: a second fork at the same seq, where play continues with other commands, live. */
async function rewindAndPlayOn(game: AnyGameModule, { matchId, seats, before }: Parent): Promise<Forked> {
  const rewind = await call<Forked>('POST', `/api/matches/${matchId}/fork`, judge, { at: before });
  expect(rewind.status).toBe(201);
  // While the parent plays, its forks exist for judges and their own seats only.
  expect((await call('GET', `/api/matches/${rewind.body.matchId}/events`, null)).status).toBe(404);
  expect(
    (await call('GET', `/api/matches/${rewind.body.matchId}/events`, rewind.body.seats.p1!)).status,
  ).toBe(200);
  const other = new Rng(`judges-replay-${game.id}-rewind`);
  let accepted = 0;
  for (let i = 0; i < 10; i++) {
    const cmd = await step(game, rewind.body.matchId, rewind.body.seats, other, `r${i}`);
    if (!cmd) break;
    const r = await send(rewind.body.matchId, rewind.body.seats, cmd);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('accepted');
    accepted++;
  }
  expect(accepted).toBeGreaterThan(0);
  // The parent's seat token does not act in the fork: while the parent plays, the fork is no match to it at all.
  const wrong = await send(
    rewind.body.matchId,
    seats,
    (await step(game, rewind.body.matchId, rewind.body.seats, other, 'x'))!,
  );
  expect(wrong.status).toBe(404);
  return rewind.body;
}

/**
 * Once the parent has ended its seed is public (its MatchEnded), and a fork may keep it (the default there): the
 * PRNG continues identically, the same command giving the very same events (draws, ids).
 */
async function forkEndedParent(game: AnyGameModule, parent: Parent, parentSeed: string): Promise<Forked> {
  const { matchId, seats, before, parentEvents } = parent;
  await concede(game, matchId, seats);
  const fork = await call<Forked>('POST', `/api/matches/${matchId}/fork`, judge, { at: before });
  expect(fork.status).toBe(201);
  expect(fork.body.forkOf).toEqual({ matchId, seq: before, hash: parentEvents[before - 1]!.hash });
  expect((await db.store.getMatch(fork.body.matchId))!.seed).toBe(parentSeed);
  expect((await send(fork.body.matchId, fork.body.seats, parent.mistake)).status).toBe(200);
  const redone = (await db.store.readStream(fork.body.matchId)).slice(before);
  expect(redone.map(strip)).toEqual(parent.parentTail.map(strip));
  return fork.body;
}

/** Parent and forks verify over the API, the forks with their fork link. */
async function expectVerified(parentId: string, forkIds: string[]): Promise<void> {
  for (const id of [parentId, ...forkIds]) {
    const v = await call<{
      ok: boolean;
      checks: { name: string; ok: boolean; detail: string }[];
      firstBadSeq?: number;
    }>('GET', `/api/matches/${id}/verification`, judge);
    expect(v.status).toBe(200);
    expect(v.body.checks.filter((c) => !c.ok)).toEqual([]);
    expect(v.body.ok).toBe(true);
    if (id !== parentId) expect(v.body.checks.map((c) => c.name)).toContain('fork link');
  }
}

/** Invariants 2 and 3 on a fork: redaction commutes with folding, and nobody else's hidden cards leak. */
async function expectForkRedacted(game: AnyGameModule, forkId: string, before: number): Promise<void> {
  const rewound = await db.store.readStream(forkId);
  const seatsOf: Viewer[] = ['public', 'p1' as PlayerId, 'p2' as PlayerId];
  let truth: unknown = game.initial();
  const seen = new Map<Viewer, unknown>(seatsOf.map((v) => [v, game.initial()]));
  for (const e of rewound) {
    const prior = truth;
    truth = game.evolve(truth, e);
    for (const v of seatsOf) {
      const redacted = game.viewEvent(e, v);
      seen.set(v, game.evolve(seen.get(v), redacted));
      const text = JSON.stringify(redacted);
      // As in test/integration/server-leak.test.ts: a card hidden from v both before and after the event.
      const after = new Set(game.secrets(truth, v));
      const stillHidden = e.seq === 1 ? [] : game.secrets(prior, v).filter((x) => after.has(x));
      for (const secret of stillHidden)
        expect(text.includes(`"${secret}"`), `${v} sees ${secret} at seq ${e.seq}`).toBe(false);
    }
    if (e.seq === before || e.seq === rewound.length)
      for (const v of seatsOf)
        expect(jsonEqual(seen.get(v), game.view(truth, v)), `${v} at seq ${e.seq}`).toBe(true);
  }
  // The fork's events — its first, MatchStarted with the fork link, included — are served to the public exactly
  // as the public redaction above, which the loop checked event by event for hidden cards. (Comparing the served
  // text with every card hidden at `before` would flag a card the public rightly saw earlier and that is hidden
  // again now, such as a creature returned to hand.)
  const served = await call<{ events: EventEnvelope[] }>(
    'GET',
    `/api/matches/${forkId}/events?to=${before}`,
    null,
  );
  expect(served.status).toBe(200);
  expect(
    jsonEqual(
      served.body.events,
      rewound.slice(0, before).map((e) => game.viewEvent(e, 'public')),
    ),
  ).toBe(true);
}

describe.each(Object.keys(RULES))('%s: rewind by exact fork', (gameId) => {
  const game = games[gameId]!;
  it(`rewinds a judged-illegal action (${RULES[gameId]}): fork state = parent state at the seq, PRNG continues identically, play continues live`, async () => {
    const parent = await playToMistake(game);
    const [live, parentSeed] = await forkLiveParent(parent);
    const rewind = await rewindAndPlayOn(game, parent);
    const fork = await forkEndedParent(game, parent, parentSeed);
    await expectVerified(parent.matchId, [live.matchId, fork.matchId, rewind.matchId]);
    await expectForkRedacted(game, rewind.matchId, parent.before);
  }, 120_000);
});

describe('re-seeded fork and refused forks', () => {
  it("a re-seeded fork draws from a new seed from the parent's cursor on, and still verifies", async () => {
    const game = games['the-spoils']!;
    const created = await call<{ matchId: string; seats: Record<string, string> }>(
      'POST',
      '/api/matches',
      organiser,
      { game: game.id, players: [{}, {}] },
    );
    const { matchId, seats } = created.body;
    const rng = new Rng('reseed');
    for (let i = 0; i < 8; i++) {
      const cmd = await step(game, matchId, seats, rng, `c${i}`);
      if (!cmd) break;
      await send(matchId, seats, cmd);
    }
    const at = (await server.host.current(matchId)).lastSeq;
    const prefix = await db.store.readStream(matchId);
    const fork = await call<{
      matchId: string;
      seats: Record<string, string>;
      forkOf: { reseeded?: boolean };
    }>('POST', `/api/matches/${matchId}/fork`, judge, { at, reseed: true });
    expect(fork.status).toBe(201);
    expect(fork.body.forkOf.reseeded).toBe(true);
    // The live parent's fork reshuffles its decks from its own seed, from the parent's cursor on.
    const shuffled = (await db.store.readStream(fork.body.matchId)).slice(at);
    expect(shuffled[0]!.payload.random).toMatchObject({ from: cursorAfter(prefix) });
    expect((await db.store.loadSnapshot(fork.body.matchId))?.cursor).toBe(cursorAfter(shuffled));
    const forkRecord = (await db.store.getMatch(fork.body.matchId))!;
    expect(forkRecord.seed).not.toBe((await db.store.getMatch(matchId))!.seed);
    const other = new Rng('reseed-continue');
    for (let i = 0; i < 8; i++) {
      const cmd = await step(game, fork.body.matchId, fork.body.seats, other, `f${i}`);
      if (!cmd) break;
      expect((await send(fork.body.matchId, fork.body.seats, cmd)).status).toBe(200);
    }
    const events = await db.store.readStream(fork.body.matchId);
    const v = verifyEvents(events, () => game, { seed: forkRecord.seed });
    expect(v.failure).toBeUndefined();
    const api = await call<{ ok: boolean }>('GET', `/api/matches/${fork.body.matchId}/verification`, judge);
    expect(api.body.ok).toBe(true);
    // The parent's seed does not verify the fork's tail.
    expect(verifyEvents(events, () => game, { seed: (await db.store.getMatch(matchId))!.seed }).ok).toBe(
      false,
    );
  });

  it('refuses non-judges, seqs out of range and the seq of MatchEnded, creating nothing', async () => {
    const created = await call<{ matchId: string; seats: Record<string, string> }>(
      'POST',
      '/api/matches',
      organiser,
      { game: 'the-spoils', players: [{}, {}] },
    );
    const { matchId, seats } = created.body;
    const before = (await db.store.listMatches({ limit: 1000 })).length;
    expect((await call('POST', `/api/matches/${matchId}/fork`, null, { at: 1 })).status).toBe(401);
    expect((await call('POST', `/api/matches/${matchId}/fork`, organiser, { at: 1 })).status).toBe(403);
    expect((await call('POST', `/api/matches/${matchId}/fork`, seats.p1!, { at: 1 })).status).toBe(403);
    const past = await call<{ message: string }>('POST', `/api/matches/${matchId}/fork`, judge, { at: 9999 });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/has events 1…\d+/);
    expect((await call('POST', `/api/matches/${matchId}/fork`, judge, { at: 0 })).status).toBe(400);
    expect((await call('POST', `/api/matches/nope/fork`, judge, { at: 1 })).status).toBe(404);
    // The replay bundle route: judges only; it verifies as a bundle.
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/matches/${matchId}/bundle` })).statusCode,
    ).toBe(401);
    const bundle = await server.app.inject({
      method: 'GET',
      url: `/api/matches/${matchId}/bundle`,
      headers: { authorization: `Bearer ${judge}` },
    });
    expect(bundle.statusCode).toBe(200);
    const checked = verifyBundle(bundle.body, (g) => games[g] ?? null);
    expect(checked.checks.filter((c) => !c.ok)).toEqual([]);
    expect(checked.header?.seed).toBeNull();
    const withSeed = await server.app.inject({
      method: 'GET',
      url: `/api/matches/${matchId}/bundle?seed=include`,
      headers: { authorization: `Bearer ${judge}` },
    });
    expect(
      verifyBundle(withSeed.body, (g) => games[g] ?? null).checks.find((c) => c.name === 'random outcomes')
        ?.detail,
    ).toMatch(/draws re-derived/);
    // A live parent's deck order is its players' secret: a fork that would keep it is refused, creating nothing.
    const listedBefore = (await db.store.listMatches({ limit: 500 })).length;
    const keepOrder = await call<{ message: string }>('POST', `/api/matches/${matchId}/fork`, judge, {
      at: (await server.host.current(matchId)).lastSeq,
      reshuffle: false,
    });
    expect(keepOrder.status).toBe(400);
    expect(keepOrder.body.message).toMatch(/reshuffles every hidden zone.*nothing was created/);
    expect((await db.store.listMatches({ limit: 500 })).length).toBe(listedBefore);
    expect((await call('GET', `/api/matches/${matchId}/verification`, seats.p1!)).status).toBe(403);
    // Concede to end it: MatchEnded's seq cannot be forked (play cannot continue past the end).
    const { state } = await server.host.current(matchId);
    const concede = games['the-spoils']!.legalCommands(state, 'p1' as PlayerId).find(
      (c) => c.type === 'Concede',
    );
    expect(concede).toBeDefined();
    const { player: _p, ...body } = concede!;
    const beforeConcede = (await db.store.getMatch(matchId))!.lastSeq;
    expect(
      (await call('POST', `/api/matches/${matchId}/commands`, seats.p1!, { ...body, commandId: 'gg' }))
        .status,
    ).toBe(200);
    const last = (await db.store.getMatch(matchId))!.lastSeq;
    const end = await call<{ message: string }>('POST', `/api/matches/${matchId}/fork`, judge, { at: last });
    expect(end.status).toBe(400);
    expect(end.body.message).toMatch(/MatchEnded/);
    // Between a command's events and the automatic ones after it nobody may act: refused, naming where to fork.
    const spoils = games['the-spoils']!;
    const all = await db.store.readStream(matchId);
    let folded: unknown = spoils.initial();
    const idle: number[] = [];
    for (const e of all.slice(0, -1)) {
      folded = spoils.evolve(folded, e);
      if (spoils.actors(folded).length === 0) idle.push(e.seq);
    }
    expect(idle.length).toBeGreaterThan(0);
    const mid = await call<{ message: string }>('POST', `/api/matches/${matchId}/fork`, judge, {
      at: idle[idle.length - 1]!,
    });
    expect(mid.status).toBe(400);
    expect(mid.body.message).toMatch(/nobody may act .*fork where a player acts: seq \d+/);
    // Before the concession is fine: the fork plays on from there.
    const again = await call<{ matchId: string }>('POST', `/api/matches/${matchId}/fork`, judge, {
      at: beforeConcede,
    });
    expect(again.status).toBe(201);
    expect((await db.store.listMatches({ limit: 1000 })).length).toBe(before + 1);
  });
});

describe('verification route and scenario starts', () => {
  it('the verification route names the first bad seq of a match edited in the database', async () => {
    const created = await call<{ matchId: string; seats: Record<string, string> }>(
      'POST',
      '/api/matches',
      organiser,
      { game: 'grand-archive', players: [{}, {}] },
    );
    const { matchId } = created.body;
    const ok = await call<{ ok: boolean; checks: { name: string }[] }>(
      'GET',
      `/api/matches/${matchId}/verification`,
      judge,
    );
    expect(ok.body.ok).toBe(true);
    expect(ok.body.checks.map((c) => c.name)).toEqual([
      'hash chain',
      'match row',
      'seed commitment',
      'random outcomes',
      'fold',
      'keyframes',
    ]);
    const { sql } = await import('kysely');
    await sql`update events set payload = jsonb_set(payload, '{player}', '"p9"') where match_id = ${matchId} and seq = 3`.execute(
      db.store.db,
    );
    const bad = await call<{
      ok: boolean;
      firstBadSeq: number;
      checks: { name: string; ok: boolean; detail: string }[];
    }>('GET', `/api/matches/${matchId}/verification`, judge);
    expect(bad.body.ok).toBe(false);
    expect(bad.body.firstBadSeq).toBe(3);
    // The payload is no longer what its hash commits to (sealed events: through seal.payload).
    expect(bad.body.checks.at(-1)).toMatchObject({ name: 'payload commitments', ok: false });
  });

  it('a judge or organiser starts a match from a position (a scenario start); seats play it; others cannot', async () => {
    const position = scenarioPosition('elemental-clash', 'stealthy-not-attacked');
    const game = games['elemental-clash']!;
    expect((await call('POST', '/api/matches', null, { game: game.id, position })).status).toBe(401);
    const seatToken = mintToken({ role: 'seat', matchId: 'x', seat: 'p1', ttlSeconds: 60 });
    expect((await call('POST', '/api/matches', seatToken, { game: game.id, position })).status).toBe(403);
    const bad = await call<{ message: string }>('POST', '/api/matches', judge, {
      game: game.id,
      position: { ...position, start: { ...(position.start as object), phase: 'nowhere' } },
    });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.body.message).toMatch(/nowhere/);
    for (const token of [judge, organiser]) {
      const r = await call<{ matchId: string; seats: Record<string, string>; lastSeq: number }>(
        'POST',
        '/api/matches',
        token,
        { game: game.id, position },
      );
      expect(r.status).toBe(201);
      const st = await call<{ state: unknown; position: { turn: number; phase: string } }>(
        'GET',
        `/api/matches/${r.body.matchId}/state?as=judge`,
        judge,
      );
      expect(st.body.position).toMatchObject({ turn: 3, phase: 'main' });
      expect(JSON.stringify(st.body.state)).toContain('fandi-of-the-flaming-eye');
      const { state } = await server.host.current(r.body.matchId);
      const legal = game.legalCommands(state, 'p1' as PlayerId);
      expect(legal.length).toBeGreaterThan(0);
      const { player: _p, ...cmd } = legal[0]!;
      const sent = await call<{ status: string }>(
        'POST',
        `/api/matches/${r.body.matchId}/commands`,
        r.body.seats.p1!,
        { ...cmd, commandId: 'first' },
      );
      expect(sent.body.status).toBe('accepted');
      expect(
        (await call<{ ok: boolean }>('GET', `/api/matches/${r.body.matchId}/verification`, judge)).body.ok,
      ).toBe(true);
    }
  });
});
