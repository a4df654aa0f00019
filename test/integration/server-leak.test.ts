// Invariant 3 through the server: for ≥200 bot matches (bots at pace 0 through the engine host, real Postgres
// + NATS), everything served to `public` and to each opponent seat — HTTP events, HTTP state, SSE and the
// public NATS subject — is scanned for hidden card identities (game.secrets at the relevant state) and for
// opaque ids that follow a card into another hidden zone or through a shuffle.
import { subjects } from '@matchtape/bus';
import {
  jsonEqual,
  type AnyGameModule,
  type BoardModel,
  type EventEnvelope,
  type Viewer,
} from '@matchtape/engine';
import { BotDriver, mintToken, openSse, type SseMessage } from '@matchtape/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEvents, api, testGames, startStack, type Stack } from './server-helpers';

const registry = await testGames();
const gameIds = registry.ids();
const getGame = (id: string) => registry.get(id);

const MATCHES = Number(process.env.MATCHTAPE_LEAK_MATCHES ?? 200);
/**
 * Matches played to their natural end; the others end by a concession (through the same command path) after a
 * random number of bot actions, so 200 matches fit the CI budget (a full match is 300–450 commands, each one
 * a Postgres commit). MATCHTAPE_DEEP=1 plays every match to its end.
 */
const FULL = process.env.MATCHTAPE_DEEP ? MATCHES : Number(process.env.MATCHTAPE_LEAK_FULL ?? 12);
const PARALLEL = 16;

let stack: Stack;
beforeAll(async () => {
  // No relay here: the public subject comes from the publisher; the relay has its own tests.
  // Bots are driven by the test's own BotDriver (the server's would also pick up the matches cut short).
  stack = await startStack({ roles: ['api', 'projector'], snapshotEvery: 100, bots: false });
});
afterAll(() => stack?.cleanup());

/** Secrets of `v` that appear quoted in `text`. */
function leaked(text: string, secrets: Iterable<string>): string[] {
  const out: string[] = [];
  for (const s of secrets) if (text.includes(`"${s}"`)) out.push(s);
  return out;
}

/** Opaque id → the real card behind it, its zone, and whether that zone is a table row (cards seen lying there). */
type Tracked = Map<string, { real: string; zone: string; table: boolean }>;

/** Hidden tiles of v's board aligned with the judge board (same zone, same count): opaque id → real card. */
function opaqueMap(vb: BoardModel, jb: BoardModel): Tracked {
  const out: Tracked = new Map();
  const zonesOf = (b: BoardModel) => [
    ...b.players.flatMap((p) => p.zones.map((z) => [`${p.id}/${z.key}`, z] as const)),
    ...b.shared.map((z) => [`shared/${z.key}`, z] as const),
  ];
  const judge = new Map(zonesOf(jb));
  for (const [key, z] of zonesOf(vb)) {
    const jz = judge.get(key);
    if (!jz || jz.cards.length !== z.cards.length) continue;
    z.cards.forEach((t, i) => {
      if (t.hidden) out.set(t.id, { real: jz.cards[i]!.id, zone: key, table: z.layout === 'row' });
    });
  }
  return out;
}

/** Zones whose real cards are the same set in a new order (shuffled) between two judge boards. */
function shuffledZones(before: BoardModel, after: BoardModel): Set<string> {
  const zones = (b: BoardModel) =>
    new Map(
      b.players.flatMap((p) => p.zones.map((z) => [`${p.id}/${z.key}`, z.cards.map((c) => c.id)] as const)),
    );
  const a = zones(before);
  const out = new Set<string>();
  for (const [k, ids] of zones(after)) {
    const prev = a.get(k);
    if (
      prev &&
      prev.length === ids.length &&
      prev.length > 1 &&
      prev.join() !== ids.join() &&
      [...prev].sort().join() === [...ids].sort().join()
    )
      out.add(k);
  }
  return out;
}

interface Problem {
  match: string;
  where: string;
  seq: number;
  detail: string;
}

/** The judge truth of one match, computed once and shared by every viewer's scan. */
class Truth {
  readonly states: unknown[] = [];
  private boards: (BoardModel | undefined)[] = [];
  private secretsBy = new Map<Viewer, (string[] | undefined)[]>();
  constructor(
    readonly game: AnyGameModule,
    readonly matchId: string,
    readonly full: EventEnvelope[],
  ) {
    let s = game.initial();
    for (const e of full) this.states.push((s = game.evolve(s, e)));
  }
  board(i: number): BoardModel {
    return (this.boards[i] ??= this.game.board(this.states[i]));
  }
  secrets(i: number, v: Viewer): string[] {
    let list = this.secretsBy.get(v);
    if (!list) this.secretsBy.set(v, (list = []));
    return (list[i] ??= this.game.secrets(this.states[i], v));
  }
}

/**
 * Events are scanned at every seq; folded states at every STATE_EVERY-th seq and the last; opaque-id tracking
 * (two board models per seq, the costly part) at every seq of every full match and of one cut match in TRACK_EVERY.
 */
const TRACK_EVERY = 8;
const STATE_EVERY = 4;

/** Scans one viewer's served event list against the judge truth. */
function scanEvents(t: Truth, served: EventEnvelope[], v: Viewer, where: string, track: boolean): Problem[] {
  const { game, matchId } = t;
  const problems: Problem[] = [];
  let folded = game.initial();
  let prevMap: Tracked = new Map();
  for (let i = 0; i < served.length; i++) {
    const e = served[i]!;
    if (e.seq !== i + 1) {
      problems.push({ match: matchId, where, seq: e.seq, detail: `expected seq ${i + 1}` });
      break;
    }
    const after = new Set(t.secrets(i, v));
    const stillHidden = i === 0 ? [] : t.secrets(i - 1, v).filter((s) => after.has(s));
    for (const s of leaked(JSON.stringify(e), stillHidden))
      problems.push({ match: matchId, where: `${where} event`, seq: e.seq, detail: `shows hidden ${s}` });
    folded = game.evolve(folded, e);
    if (i % STATE_EVERY === 0 || i === served.length - 1)
      for (const s of leaked(JSON.stringify(folded), after))
        problems.push({
          match: matchId,
          where: `${where} folded state`,
          seq: e.seq,
          detail: `shows hidden ${s}`,
        });
    // Opaque ids must not follow a card into another hidden zone or through a shuffle.
    if (!track) continue;
    const jb = t.board(i);
    const map = opaqueMap(game.board(folded), jb);
    const shuffled = i > 0 ? shuffledZones(t.board(i - 1), jb) : new Set<string>();
    for (const [o, cur] of map) {
      const p = prevMap.get(o);
      // A face-down card moved from one table row to another (a Spoils resource attached to its faction) is
      // followed by every eye at the table, so its id may stay; into a hand or pile, or through a shuffle, never.
      const inView = p !== undefined && p.table && cur.table;
      if (p && p.real === cur.real && ((p.zone !== cur.zone && !inView) || shuffled.has(cur.zone)))
        problems.push({
          match: matchId,
          where: `${where} opaque ids`,
          seq: e.seq,
          detail: `${o} tracks ${cur.real} from ${p.zone} to ${cur.zone}${shuffled.has(cur.zone) ? ' through a shuffle' : ''}`,
        });
    }
    prevMap = map;
    if (problems.length > 10) break;
  }
  return problems;
}

async function pool<T>(items: T[], n: number, f: (x: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        await f(items[i]!, i);
      }
    }),
  );
}

describe(`no hidden card reaches public or opponents (${MATCHES} bot matches through the server, ${FULL} played to the end)`, () => {
  it('scans events, state, SSE and the public NATS subject', async () => {
    const [server] = stack.servers;
    const bots = new BotDriver(server!.host, stack.store, { minDelayMs: 0, maxDelayMs: 0 });
    const base = stack.bases[0]!;
    expect(gameIds.length).toBeGreaterThan(0);
    // By stream sequence: a consumer may see a message again (at-least-once delivery); a second *publish* of
    // an event would be a new stream message and show up as a duplicate seq below.
    const published = new Map<string, Map<number, EventEnvelope>>();
    const sub = await stack.bus.subscribe(subjects.public('*'), (m) => {
      const e = m.data as EventEnvelope;
      const list = published.get(e.matchId) ?? new Map<number, EventEnvelope>();
      list.set(m.streamSeq, e);
      published.set(e.matchId, list);
    });
    const ids: { matchId: string; game: string }[] = [];
    const t0 = Date.now();
    const plan = Array.from({ length: MATCHES }, (_, i) => gameIds[i % gameIds.length]!);
    await pool(plan, PARALLEL, async (g) => {
      const game = getGame(g);
      const presets = Object.values(game.presetDecks);
      const { matchId } = await server!.host.createMatch({
        game: g,
        players: [
          { name: 'A', deck: presets[0]!, bot: 'random' },
          { name: 'B', deck: presets[1 % presets.length]!, bot: ids.length % 2 ? 'greedy' : 'random' },
        ],
        spectatorDelaySeconds: 0,
        coverageDelaySeconds: 0,
        revealPolicy: 'hidden',
      });
      const n = ids.push({ matchId, game: g });
      if (n <= FULL) {
        await bots.track(matchId);
        return;
      }
      // Cut short: bots play to a random point, then a seat concedes.
      const created = (await stack.store.getMatch(matchId))!;
      await bots.track(matchId, { untilSeq: created.lastSeq + 10 + ((n * 7919) % 90) });
      const { state } = await server!.host.current(matchId);
      if (game.status(state).status !== 'ended') {
        const seat = n % 2 ? 'p1' : 'p2';
        const out = await server!.host.submit(matchId, seat, { type: 'Concede', commandId: `concede-${n}` });
        expect(out.status, JSON.stringify(out)).toBe('accepted');
      }
    });
    expect(ids.length).toBe(MATCHES);
    console.log(`played ${MATCHES} matches in ${Date.now() - t0} ms`);

    const problems: Problem[] = [];
    let scannedEvents = 0;
    let sseChecked = 0;
    const publicServed = new Map<string, EventEnvelope[]>();
    await pool(ids, 8, async ({ matchId, game: g }, k) => {
      const game = getGame(g);
      const full = await stack.store.readStream(matchId);
      const truth = new Truth(game, matchId, full);
      expect(game.status(truth.states[truth.states.length - 1]).status, `${matchId} did not end`).toBe(
        'ended',
      );
      for (const v of ['public', 'p1', 'p2'] as Viewer[]) {
        const token =
          v === 'public' ? undefined : mintToken({ role: 'seat', matchId, seat: v, ttlSeconds: 600 });
        const served = await allEvents(base, matchId, v, token);
        expect(served.length).toBe(full.length);
        if (v === 'public') publicServed.set(matchId, served);
        scannedEvents += served.length;
        problems.push(
          ...scanEvents(truth, served, v, `HTTP events as ${v}`, k < FULL || k % TRACK_EVERY === 0),
        );
        // State as served at a few points.
        for (const seq of [Math.max(1, Math.floor(full.length / 2)), full.length]) {
          const st = await api(
            base,
            `/api/matches/${matchId}/state?as=${v}&seq=${seq}`,
            token ? { token } : {},
          );
          expect(st.status).toBe(200);
          for (const x of leaked(st.text, truth.secrets(seq - 1, v)))
            problems.push({ match: matchId, where: `HTTP state as ${v}`, seq, detail: `shows hidden ${x}` });
        }
        // SSE for one match in ten: the same list as the scanned HTTP one, event for event.
        if (k % 10 === 0) {
          const got: SseMessage[] = [];
          const c = await openSse(
            `${base}/api/matches/${matchId}/live?as=${v}`,
            (m) => m.event === 'event' && got.push(m),
            token ? { token } : {},
          );
          await c.done;
          expect(
            jsonEqual(
              got.map((m) => JSON.parse(m.data) as EventEnvelope),
              served,
            ),
            `SSE as ${v} of ${matchId}`,
          ).toBe(true);
          sseChecked++;
        }
      }
    });
    console.log(`scanned in ${Date.now() - t0} ms`);

    // The publisher puts every event's public view on the NATS subject (delay 0 here): the same list as the
    // scanned HTTP public one.
    for (const { matchId } of ids) {
      for (let i = 0; i < 600 && (published.get(matchId)?.size ?? 0) < publicServed.get(matchId)!.length; i++)
        await new Promise((r) => setTimeout(r, 50));
    }
    await sub.stop();
    let natsEvents = 0;
    for (const { matchId } of ids) {
      const onBus = [...(published.get(matchId)?.values() ?? [])].sort((a, b) => a.seq - b.seq);
      expect(
        onBus.map((e) => e.seq),
        `public subject of ${matchId}`,
      ).toEqual(publicServed.get(matchId)!.map((e) => e.seq));
      expect(
        jsonEqual(onBus, publicServed.get(matchId)),
        `public subject of ${matchId} = scanned public events`,
      ).toBe(true);
      natsEvents += onBus.length;
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(scannedEvents).toBeGreaterThan(MATCHES * 3 * 5);
    expect(natsEvents).toBeGreaterThan(MATCHES * 5);
    expect(sseChecked).toBeGreaterThan(0);
  }, 900_000);
});
