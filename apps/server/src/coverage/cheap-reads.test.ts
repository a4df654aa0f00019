// The producer's focus and the annotations list on real Postgres (issue 21, items 3 and 5a): what each viewer is shown
// (a card hidden from it: nothing; a seat of a match still playing: no commentary at all, the focus included), and
// that serving them reads none of the match's events once the card sight knows the seq (the count of readStream calls
// on the store the server was given).
import { Rng, type PlayerId } from '@matchtape/engine';
import { games } from '@matchtape/games';
import { openTestStore, type TestStore } from '@matchtape/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type MatchtapeServer } from '../app';
import { mintToken, setTokenSecret } from '../auth/tokens';
import { registryOf } from '../games';
import { boardAs, visibleCardIds } from './timelock';

const GAME = 'elemental-clash';
let db: TestStore;
let server: MatchtapeServer;
let reads = 0;

beforeAll(async () => {
  setTokenSecret('cheap-reads-test-secret-0123456789');
  db = await openTestStore('postgres');
  // The server's store, counting the reads of match events.
  const counting = new Proxy(db.store, {
    get(target, key) {
      const v = Reflect.get(target, key, target) as unknown;
      if (key === 'readStream')
        return (...args: Parameters<typeof target.readStream>) => (reads++, target.readStream(...args));
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  const unlimited = { perSecond: 1e6, burst: 1e6 };
  server = await createServer({
    store: counting,
    bus: null,
    games: registryOf(games),
    roles: ['api'],
    bots: false,
    logger: false,
    rateLimits: { commands: unlimited, reads: unlimited, create: unlimited },
  });
});
afterAll(async () => {
  await server?.close();
  await db?.cleanup();
});

async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  payload?: object,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await server.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload ? { payload } : {}),
  });
  return { status: r.statusCode, body: r.json() as Record<string, unknown> };
}

/** Reads of match events the server makes while `f` runs. */
async function readsDuring(f: () => Promise<void>): Promise<number> {
  const before = reads;
  await f();
  return reads - before;
}

describe('focus and annotations: who is shown what, and no event reads per request', () => {
  it('hides a hidden card and every note from a seat of a live match, and serves repeated reads without reading events', async () => {
    const organiser = mintToken({ role: 'organiser', ttlSeconds: 600 });
    const coverage = mintToken({ role: 'coverage', ttlSeconds: 600 });
    const judge = mintToken({ role: 'judge', ttlSeconds: 600 });
    const created = await call('POST', '/api/matches', organiser, {
      game: GAME,
      players: [{ name: 'Ada' }, { name: 'Bo' }],
    });
    expect(created.status).toBe(201);
    const matchId = created.body.matchId as string;
    const seats = created.body.seats as Record<string, string>;
    // Play on until a card is face up for everyone (a long enough match, too, that reading it costs something).
    const game = games[GAME]!;
    const rng = new Rng('cheap-reads');
    let shown: string | undefined;
    let hidden: string | undefined;
    for (let i = 0; i < 400; i++) {
      const { state } = await server.host.current(matchId);
      const pub = visibleCardIds(boardAs(game, state, 'public'));
      shown = [...pub][0];
      hidden = [...visibleCardIds(boardAs(game, state, 'p1' as PlayerId))].find((c) => !pub.has(c));
      if (shown && hidden && i >= 30) break;
      const actor = game.actors(state)[0] as PlayerId;
      const legal = game.legalCommands(state, actor).filter((c) => c.type !== 'Concede');
      const { player: _p, ...cmd } = game.bots.random.choose(state, actor, legal, rng);
      await server.host.submit(matchId, actor, { ...cmd, commandId: `c${i}` });
    }
    expect(shown, 'a card face up for everyone').toBeDefined();
    expect(hidden, 'a card only p1 sees').toBeDefined();
    const seq = (await server.host.current(matchId)).lastSeq;

    // Focus on the hidden card: the judge sees it, the public does not, the seats (match still playing) see nothing.
    expect(
      (await call('PUT', `/api/matches/${matchId}/focus`, coverage, { cardId: hidden, seq })).status,
    ).toBe(200);
    const focusOf = async (token: string | null) =>
      (await call('GET', `/api/matches/${matchId}/focus`, token)).body.focus;
    expect(await focusOf(judge)).toEqual({ cardId: hidden, seq });
    expect(await focusOf(null)).toBeNull();
    expect(await focusOf(seats.p1!)).toBeNull();
    expect(
      (await call('PUT', `/api/matches/${matchId}/focus`, coverage, { cardId: shown, seq })).status,
    ).toBe(200);
    expect(await focusOf(null)).toEqual({ cardId: shown, seq });
    expect(await focusOf(seats.p1!)).toBeNull();
    expect(await focusOf(seats.p2!)).toBeNull();
    expect(
      await readsDuring(
        async () => void (await Promise.all(Array.from({ length: 20 }, () => focusOf(null)))),
      ),
    ).toBe(0);

    // Annotations with card highlights: the public sees the one on the card everybody sees.
    const note = (text: string, cardId: string) =>
      call('POST', `/api/matches/${matchId}/annotations`, coverage, {
        authorName: 'Desk',
        seq,
        text,
        highlights: [{ kind: 'card', cardId }],
      });
    expect((await note('on the table', shown!)).status).toBe(201);
    expect((await note('in the hand', hidden!)).status).toBe(201);
    const texts = async (token: string | null) =>
      (
        (await call('GET', `/api/matches/${matchId}/annotations`, token)).body.annotations as {
          text: string;
        }[]
      )
        .map((a) => a.text)
        .sort();
    expect(await texts(null)).toEqual(['on the table']);
    expect(
      await readsDuring(async () => void (await Promise.all(Array.from({ length: 20 }, () => texts(null))))),
    ).toBe(0);
    expect(await texts(seats.p1!)).toEqual([]);
    expect(await texts(seats.p2!)).toEqual([]);

    // Once the match has ended the seats are under the rule everyone is: p1 holds the card, p2 does not see it.
    const { state } = await server.host.current(matchId);
    const ender = game.actors(state)[0] as PlayerId;
    expect((await server.host.submit(matchId, ender, { type: 'Concede', commandId: 'gg' })).status).toBe(
      'accepted',
    );
    expect(await texts(seats.p1!)).toEqual(['in the hand', 'on the table']);
    expect(await texts(seats.p2!)).toEqual(['on the table']);
    expect(await focusOf(seats.p2!)).toEqual({ cardId: shown, seq });
  }, 120_000);
});
