// Issue 9, played as an attacker with no judge token: bot matches of every game through a real server (Postgres
// + NATS JetStream). While a match is live, everything the public and each seat receive — HTTP events, state and
// timeline, SSE, and the public NATS subject — is collected, then attacked:
//   1. generator positions: no `payload.random` position or outcome, no state cursor, reaches a non-judge;
//   2. the GF(2) linear solve that broke xoshiro128** (ids as raw outputs) must predict no opaque id;
//   3. seeds guessed from public material (match id, commitment, …) must explain no id and open no commitment;
//   4. id correlations: ids carried by a shuffle or a deck set-out are fresh to the viewer, an id once shown
//      with its card never comes back hidden, and id order says nothing about deck order or card identity;
// and once a match has ended, its judge export (and the reveal-all public one) verifies with `matchtape verify` (the command run in this process),
// while a tampered random outcome is named by seq — also when the forger re-computes the hash chain.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { subjects } from '@matchtape/bus';
import {
  chainEvents,
  sealerFor,
  viewersOfSeal,
  MATCH_ENDED,
  randomPositionsIn,
  Rng,
  seedCommitment,
  type EventEnvelope,
  type NewEvent,
  type RandomDraw,
} from '@matchtape/engine';
import { predictIdRun, Xoshiro128ss } from '@matchtape/engine/testing/rng-attack';
import { BotDriver, mintToken, openSse, type SseMessage } from '@matchtape/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../apps/cli/src/testing';
import { allEvents, api, startStack, testGames, type Stack } from './server-helpers';

const registry = await testGames();
const PER_GAME = Number(process.env.MATCHTAPE_RANDOMNESS_MATCHES ?? 2);
const root = fileURLToPath(new URL('../../', import.meta.url));
const OPAQUE = /^h[0-9a-f]{16}$/;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ roles: ['api', 'projector'], snapshotEvery: 100, bots: false });
});
afterAll(() => stack?.cleanup());

type Json = unknown;

/** Every (key, value) pair in a JSON value, depth first, in document order. */
function* walk(x: Json, key = ''): Generator<[string, Json, Record<string, Json> | null]> {
  if (Array.isArray(x)) for (const v of x) yield* walk(v, key);
  else if (typeof x === 'object' && x !== null) {
    const o = x as Record<string, Json>;
    for (const [k, v] of Object.entries(o)) {
      yield [k, v, o];
      yield* walk(v, k);
    }
  }
}

/** Opaque ids in a JSON value, in document order, each once. */
function opaqueIds(x: Json): string[] {
  const out = new Set<string>();
  const visit = (v: Json): void => {
    if (typeof v === 'string') {
      if (OPAQUE.test(v)) out.add(v);
    } else if (Array.isArray(v)) v.forEach(visit);
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(visit);
  };
  visit(x);
  return [...out];
}

interface Material {
  /** e.g. "live HTTP events as p1". */
  where: string;
  json: Json;
}

/** Generator positions or outcomes in something a non-judge received. */
function positionsIn(m: Material): string[] {
  return randomPositionsIn(m.json).map((x) => `${m.where}: ${x}`);
}

interface Attack {
  runs: number;
  predicted: number;
  hits: number;
}

/** The linear attack on every run of ids a viewer saw introduced together (one event). */
function linearAttack(events: readonly EventEnvelope[], into: Attack): void {
  const seen = new Set<string>();
  for (const e of events) {
    if (e.type === MATCH_ENDED) break;
    const fresh = opaqueIds(e.payload).filter((id) => !seen.has(id));
    fresh.forEach((id) => seen.add(id));
    const r = predictIdRun(fresh);
    if (r.predicted === 0) continue;
    into.runs += 1;
    into.predicted += r.predicted;
    into.hits += r.hits;
  }
}

/** Ids both generators would hand out under `seed` in the first `n` cursor positions. */
function idsUnder(seed: string, n: number): Set<string> {
  const out = new Set<string>();
  for (let c = 0; c < n; c++) out.add(new Rng(seed, c).opaqueId());
  const old = new Xoshiro128ss(seed);
  for (let c = 0; c < n; c++) out.add(old.opaqueId());
  return out;
}

/** Id-correlation problems in one viewer's event stream (seq order). */
function correlations(events: readonly EventEnvelope[], where: string): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const identified = new Map<string, string>();
  for (const e of events) {
    if (e.type === MATCH_ENDED) break;
    const ids = opaqueIds(e.payload);
    if (/Shuffled|SetOut/.test(e.type)) {
      // `returned` names the cards leaving a hand for the shuffle by the ids they had there; the rest is the new order.
      const { returned: _leaving, ...order } = e.payload;
      for (const id of opaqueIds(order))
        if (seen.has(id))
          problems.push(`${where} seq ${e.seq}: ${e.type} reuses ${id}, seen before the shuffle`);
    }
    for (const [k, v, o] of walk(e.payload)) {
      if (k !== 'id' || typeof v !== 'string' || !OPAQUE.test(v) || !o) continue;
      if (typeof o.cardId === 'string') identified.set(v, o.cardId);
      else if (o.hidden === true && identified.has(v))
        problems.push(`${where} seq ${e.seq}: ${v} was shown as ${identified.get(v)} and is hidden again`);
    }
    ids.forEach((id) => seen.add(id));
  }
  return problems;
}

/** Concordant / all pairs between two orders of the same items. */
function concordance(a: number[], b: number[]): { concordant: number; pairs: number } {
  let concordant = 0;
  let pairs = 0;
  for (let i = 0; i < a.length; i++)
    for (let j = i + 1; j < a.length; j++) {
      if (a[i] === a[j] || b[i] === b[j]) continue;
      pairs += 1;
      if (a[i]! < a[j]! === b[i]! < b[j]!) concordant += 1;
    }
  return { concordant, pairs };
}

interface OrderStats {
  byPosition: { concordant: number; pairs: number };
  byDecklist: { concordant: number; pairs: number };
  groups: number;
}

/** Judge truth: groups of cards given ids together (a shuffle, a deck set out) — does id order track anything? */
function orderStats(judge: readonly EventEnvelope[], into: OrderStats): void {
  const add = (acc: { concordant: number; pairs: number }, c: { concordant: number; pairs: number }) => {
    acc.concordant += c.concordant;
    acc.pairs += c.pairs;
  };
  for (const e of judge)
    for (const [, v] of walk(e.payload)) {
      if (!Array.isArray(v) || v.length < 8) continue;
      const cards = v.filter(
        (c): c is { id: string; oid: string } =>
          typeof c === 'object' &&
          c !== null &&
          typeof (c as { id?: unknown }).id === 'string' &&
          typeof (c as { oid?: unknown }).oid === 'string' &&
          OPAQUE.test((c as { oid: string }).oid),
      );
      if (cards.length !== v.length) continue;
      const idRank = cards.map((c) => parseInt(c.oid.slice(1, 13), 16));
      const instance = cards.map((c) => Number(/(\d+)$/.exec(c.id)?.[1] ?? NaN));
      add(
        into.byPosition,
        concordance(
          idRank,
          cards.map((_, i) => i),
        ),
      );
      if (instance.every(Number.isFinite)) add(into.byDecklist, concordance(idRank, instance));
      into.groups += 1;
    }
}

interface Verified {
  status: number;
  result: {
    ok: boolean;
    failure?: { seq: number; check: string; reason: string };
    randomVerified: boolean;
    randomDraws: number;
  };
}

/**
 * `matchtape verify FILE --json`: in this process (the command's own code) — spawning `npx matchtape` costs seconds a
 * call under load — or, with `spawned`, as a judge runs it from the shell.
 */
async function verifyCli(file: string, spawned = false): Promise<Verified> {
  if (spawned) {
    let stdout: string;
    let status = 0;
    try {
      stdout = execFileSync('npx', ['--no-install', 'matchtape', 'verify', file, '--json'], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (err) {
      status = (err as { status: number }).status;
      stdout = String((err as { stdout: string }).stdout);
    }
    return { status, result: JSON.parse(stdout.trim().split('\n').pop()!) as Verified['result'] };
  }
  const games = Object.fromEntries(registry.ids().map((id) => [id, registry.get(id)]));
  const r = await cli(['verify', file, '--json'], root, { games });
  return { status: r.code, result: JSON.parse(r.out[r.out.length - 1]!) as Verified['result'] };
}

async function sseUntil(url: string, token: string | undefined, lastSeq: number): Promise<EventEnvelope[]> {
  const got: EventEnvelope[] = [];
  let close = () => {};
  const reached = new Promise<void>((resolve) => (close = resolve));
  const c = await openSse(
    url,
    (m: SseMessage) => {
      if (m.event !== 'event') return;
      const e = JSON.parse(m.data) as EventEnvelope;
      got.push(e);
      if (e.seq >= lastSeq) close();
    },
    token ? { token } : {},
  );
  expect(c.status).toBe(200);
  await Promise.race([reached, c.done]);
  c.abort();
  return got;
}

/** What every match adds to: the findings (must stay empty) and the counts that show the attacks had material. */
interface Tally {
  leaks: string[];
  correlated: string[];
  attack: Attack;
  order: OrderStats;
  liveRandomRecords: number;
  judgeRandomRecords: number;
  guessedSeeds: number;
  viewerIds: number;
  revealedSeedExplains: number;
}

/** One bot match of the run, and how each non-judge viewer reads it. */
interface Played {
  base: string;
  g: string;
  k: number;
  matchId: string;
  createdAt: string;
  auth: (v: string) => { token?: string };
  tokenOf: (v: string) => string | undefined;
}

/** Bots play part of the match; collects what each non-judge receives while it is live. */
async function collectLive(bots: BotDriver, m: Played): Promise<Material[]> {
  const { base, k, matchId, auth, tokenOf } = m;
  const created = (await stack.store.getMatch(matchId))!;
  await bots.track(matchId, { untilSeq: created.lastSeq + 40 + 40 * k });
  const live = (await stack.store.getMatch(matchId))!;
  expect(live.status, `${matchId} should still be live`).not.toBe('ended');
  const material: Material[] = [];
  for (const v of ['public', 'p1', 'p2']) {
    const ev = await api(base, `/api/matches/${matchId}/events?as=${v}`, auth(v));
    expect(ev.status).toBe(200);
    material.push({ where: `live HTTP events as ${v}`, json: ev.json });
    for (const path of ['state', 'timeline']) {
      const r = await api(base, `/api/matches/${matchId}/${path}?as=${v}`, auth(v));
      expect(r.status).toBe(200);
      material.push({ where: `live HTTP ${path} as ${v}`, json: r.json });
    }
    const sse = await sseUntil(`${base}/api/matches/${matchId}/live?as=${v}`, tokenOf(v), live.lastSeq);
    expect(sse.length).toBe(live.lastSeq);
    material.push({ where: `live SSE as ${v}`, json: sse });
  }
  const summary = await api(base, `/api/matches/${matchId}`);
  material.push({ where: 'live match summary', json: summary.json });
  return material;
}

/**
 * To the end: seats still get their redacted view, the public subject carried the public one throughout. Adds the
 * ended match's seat and NATS events to `material`.
 */
async function playToEnd(
  bots: BotDriver,
  m: Played,
  published: Map<string, Map<number, EventEnvelope>>,
  judgeToken: string,
  material: Material[],
) {
  const { base, matchId, auth } = m;
  await bots.track(matchId);
  const judge = await allEvents(base, matchId, 'judge', judgeToken);
  expect(judge[judge.length - 1]!.type).toBe(MATCH_ENDED);
  for (let i = 0; i < 200 && (published.get(matchId)?.size ?? 0) < judge.length; i++)
    await new Promise((r) => setTimeout(r, 50));
  const nats = [...(published.get(matchId)?.values() ?? [])].sort((a, b) => a.seq - b.seq);
  expect(nats.map((e) => e.seq)).toEqual(judge.map((e) => e.seq));
  const seatEvents: Record<string, EventEnvelope[]> = {};
  for (const v of ['p1', 'p2']) {
    seatEvents[v] = await allEvents(base, matchId, v, auth(v).token);
    expect(seatEvents[v]!.length).toBe(judge.length);
  }
  const beforeEnd = (list: EventEnvelope[]) => list.filter((e) => e.type !== MATCH_ENDED);
  material.push({ where: 'public NATS subject', json: beforeEnd(nats) });
  for (const v of ['p1', 'p2'])
    material.push({ where: `HTTP events as ${v}`, json: beforeEnd(seatEvents[v]!) });
  return { judge, nats, seatEvents };
}

/** 3. Seeds guessed from public material explain nothing; the revealed seed explains every id (control). */
function guessSeeds(m: Played, material: Material[], judge: EventEnvelope[], tally: Tally): void {
  const { g, k, matchId, createdAt } = m;
  const observed = new Set(material.flatMap((x) => opaqueIds(x.json)));
  tally.viewerIds += observed.size;
  const commitment = judge[0]!.payload.seedCommitment as string;
  const publicGuesses = [
    matchId,
    commitment,
    `${matchId}${commitment}`,
    `${commitment}${matchId}`,
    '',
    g,
    createdAt,
    String(k),
    'seed',
    `${g}:${matchId}`,
  ];
  for (const guess of publicGuesses) {
    tally.guessedSeeds += 1;
    expect(seedCommitment(guess, matchId), `guessed seed "${guess}" opens the commitment`).not.toBe(
      commitment,
    );
    const under = idsUnder(guess, 600);
    const explained = [...observed].filter((id) => under.has(id));
    expect(explained, `ids of ${matchId} follow from the guessed seed "${guess}"`).toEqual([]);
  }
  const seed = judge[judge.length - 1]!.payload.seed as string;
  const drawnIds = judge.flatMap((e) =>
    ((e.payload.random as { draws?: RandomDraw[] } | undefined)?.draws ?? [])
      .filter((d) => d.kind === 'id')
      .map((d) => (d as { result: string }).result),
  );
  const underSeed = new Set(
    judge.flatMap((e) => {
      const r = e.payload.random as { from: number; to: number } | undefined;
      if (!r) return [];
      return Array.from({ length: r.to - r.from }, (_, i) => new Rng(seed, r.from + i).opaqueId());
    }),
  );
  expect(drawnIds.every((id) => underSeed.has(id))).toBe(true);
  tally.revealedSeedExplains += [...observed].filter((id) => underSeed.has(id)).length;
}

/** Replays verify end to end with the revealed seed: the judge export, and the reveal-all public one. */
async function verifyExports(m: Played, judgeToken: string, dir: string, spawnOnce: boolean): Promise<void> {
  const { base, matchId } = m;
  for (const who of ['judge', 'public'] as const) {
    const ex = await api(
      base,
      `/api/matches/${matchId}/export`,
      who === 'judge' ? { token: judgeToken } : {},
    );
    expect(ex.status).toBe(200);
    const file = join(dir, `${matchId}.${who}.jsonl`);
    writeFileSync(file, ex.text);
    // Once from the shell, the rest in-process.
    const v = await verifyCli(file, spawnOnce && who === 'judge');
    expect(v, `${who} export of ${matchId}`).toMatchObject({
      status: 0,
      result: { ok: true, randomVerified: true },
    });
    expect(v.result.randomDraws).toBeGreaterThan(0);
  }
}

/** A forged random outcome is named by seq, whether or not the forger re-computes the hash chain. */
async function expectForgeryNamed(g: string, matchId: string, judge: EventEnvelope[], dir: string) {
  const game = registry.get(g);
  const seed = judge[judge.length - 1]!.payload.seed as string;
  const target = judge.find(
    (e) =>
      e.seq > 1 &&
      ((e.payload.random as { draws?: RandomDraw[] } | undefined)?.draws ?? []).some((d) => d.kind !== 'id'),
  )!;
  expect(target, `${matchId} has a random outcome other than an id`).toBeDefined();
  const forged = structuredClone(judge);
  const draws = (forged[target.seq - 1]!.payload.random as { draws: RandomDraw[] }).draws;
  const d = draws.find((x) => x.kind !== 'id')!;
  if (d.kind === 'int') d.result = (d.result + 1) % d.n;
  else if (d.kind === 'shuffle') d.result.reverse();
  const naive = join(dir, `${matchId}.forged.jsonl`);
  writeFileSync(naive, forged.map((e) => JSON.stringify(e)).join('\n') + '\n');
  // Sealed events: the hash covers the payload through its commitment, which no longer opens.
  expect(await verifyCli(naive)).toMatchObject({
    status: 1,
    result: { ok: false, failure: { seq: target.seq, check: 'seal' } },
  });
  const head = forged.slice(0, target.seq - 1);
  const tail = forged
    .slice(target.seq - 1)
    .map(({ matchId: _m, seq: _s, prevHash: _p, hash: _h, ...rest }): NewEvent => rest);
  // A careful forger re-seals too (the seed is revealed, so the commitment key is known).
  const sealer = sealerFor(game, viewersOfSeal(judge[0]!.seal!), seed);
  const rechained = [
    ...head,
    ...chainEvents(matchId, target.seq - 1, head[head.length - 1]!.hash, tail, undefined, sealer),
  ];
  const careful = join(dir, `${matchId}.forged-rechained.jsonl`);
  writeFileSync(careful, rechained.map((e) => JSON.stringify(e)).join('\n') + '\n');
  expect(await verifyCli(careful)).toMatchObject({
    status: 1,
    result: {
      ok: false,
      failure: {
        seq: target.seq,
        check: 'random',
        reason: expect.stringMatching(/does not follow from the seed/),
      },
    },
  });
}

/** What the findings and counts of the whole run must be. */
function expectNothingLearned(tally: Tally): void {
  const { leaks, correlated, attack, order } = tally;
  console.log(
    `randomness attack: ${tally.liveRandomRecords} redacted random records and ${tally.viewerIds} opaque ids seen by non-judges; ` +
      `linear solve on ${attack.runs} id runs predicted ${attack.hits}/${attack.predicted}; ${tally.guessedSeeds} guessed seeds; ` +
      `revealed seed explains ${tally.revealedSeedExplains} ids; id order vs deck position ${(order.byPosition.concordant / order.byPosition.pairs).toFixed(3)}, ` +
      `vs decklist ${(order.byDecklist.concordant / order.byDecklist.pairs).toFixed(3)} over ${order.groups} groups`,
  );
  expect(leaks.slice(0, 20)).toEqual([]);
  expect(correlated.slice(0, 20)).toEqual([]);
  expect(attack.hits).toBe(0);
  // The checks saw something to attack: random records in non-judge material, ids to solve from, and the
  // same scans find positions in the judge's events and ids under the revealed seed.
  expect(tally.liveRandomRecords).toBeGreaterThan(0);
  expect(tally.judgeRandomRecords).toBeGreaterThan(0);
  expect(attack.runs).toBeGreaterThan(0);
  expect(tally.revealedSeedExplains).toBeGreaterThan(0);
  expect(order.groups).toBeGreaterThan(0);
  for (const c of [order.byPosition, order.byDecklist]) {
    expect(c.pairs).toBeGreaterThan(1000);
    expect(c.concordant / c.pairs).toBeGreaterThan(0.4);
    expect(c.concordant / c.pairs).toBeLessThan(0.6);
  }
}

describe(`attacker without a judge token (${PER_GAME} bot matches per game through the server)`, () => {
  it('learns no generator position, predicts no id or draw, finds no id correlation; replays verify with the seed', async () => {
    const server = stack.servers[0]!;
    const base = stack.bases[0]!;
    const bots = new BotDriver(server.host, stack.store, { minDelayMs: 0, maxDelayMs: 0 });
    const published = new Map<string, Map<number, EventEnvelope>>();
    const sub = await stack.bus.subscribe(subjects.public('*'), (m) => {
      const e = m.data as EventEnvelope;
      const list = published.get(e.matchId) ?? new Map<number, EventEnvelope>();
      list.set(e.seq, e);
      published.set(e.matchId, list);
    });

    const tally: Tally = {
      leaks: [],
      correlated: [],
      attack: { runs: 0, predicted: 0, hits: 0 },
      order: { byPosition: { concordant: 0, pairs: 0 }, byDecklist: { concordant: 0, pairs: 0 }, groups: 0 },
      liveRandomRecords: 0,
      judgeRandomRecords: 0,
      guessedSeeds: 0,
      viewerIds: 0,
      revealedSeedExplains: 0,
    };
    const dir = mkdtempSync(join(tmpdir(), 'matchtape-randomness-'));
    const judgeToken = mintToken({ role: 'judge', ttlSeconds: 3600 });
    const games = registry.ids();
    expect(games.length).toBeGreaterThanOrEqual(2);

    for (const g of games)
      for (let k = 0; k < PER_GAME; k++) {
        const game = registry.get(g);
        const presets = Object.values(game.presetDecks);
        const { matchId } = await server.host.createMatch({
          game: g,
          players: [
            { name: 'A', deck: presets[k % presets.length]!, bot: 'random' },
            { name: 'B', deck: presets[(k + 1) % presets.length]!, bot: k % 2 ? 'greedy' : 'random' },
          ],
          spectatorDelaySeconds: 0,
          coverageDelaySeconds: 0,
          revealPolicy: 'reveal-all',
        });
        const seatToken = (seat: string) => mintToken({ role: 'seat', matchId, seat, ttlSeconds: 3600 });
        const played: Played = {
          base,
          g,
          k,
          matchId,
          createdAt: (await stack.store.getMatch(matchId))!.createdAt,
          tokenOf: (v) => (v === 'public' ? undefined : seatToken(v)),
          auth: (v) => (v === 'public' ? {} : { token: seatToken(v) }),
        };

        const material = await collectLive(bots, played);
        const { judge, nats, seatEvents } = await playToEnd(bots, played, published, judgeToken, material);

        // 1. Positions.
        for (const m of material) {
          tally.leaks.push(...positionsIn(m).map((x) => `${matchId} ${x}`));
          for (const [key] of walk(m.json)) if (key === 'random') tally.liveRandomRecords += 1;
        }
        for (const e of judge)
          if (typeof (e.payload.random as { to?: unknown } | undefined)?.to === 'number')
            tally.judgeRandomRecords += 1;

        // 2. Linear attack on every viewer's ids, and 4. correlations.
        for (const [where, events] of [
          ['public NATS', nats],
          ['p1', seatEvents.p1!],
          ['p2', seatEvents.p2!],
        ] as const) {
          linearAttack(events, tally.attack);
          tally.correlated.push(...correlations(events, `${matchId} ${where}`));
        }
        orderStats(judge, tally.order);

        guessSeeds(played, material, judge, tally);
        await verifyExports(played, judgeToken, dir, k === 0 && g === games[0]);
        if (k === 0) await expectForgeryNamed(g, matchId, judge, dir);
      }
    await sub.stop();
    expectNothingLearned(tally);
  }, 900_000);
});
