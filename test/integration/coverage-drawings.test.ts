// The casters' drawings on the real stack (Postgres + NATS JetStream, one server): two authors drawing at once, each
// drawing over SSE as an `event: drawing` frame; clearing one's own and (judges) everyone's; the annotations' time
// lock against a delayed public viewer and a seat of a live match; a drawing pointing at a hidden card withheld; and
// oEmbed for a match link (a sealed fork is no match).
import { Rng } from '@matchtape/engine';
import { mintToken, openSse, type SseMessage } from '@matchtape/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEvents, api, organiser, startStack, testGames, type Stack } from './server-helpers';

const registry = await testGames();
const GAME = registry.ids()[0]!;
const HANDS_GAME = registry.ids().includes('elemental-clash') ? 'elemental-clash' : GAME;

let stack: Stack;
let base: string;
beforeAll(async () => {
  stack = await startStack({ bots: false });
  base = stack.bases[0]!;
});
afterAll(() => stack?.cleanup());

const coverage = () => mintToken({ role: 'coverage', ttlSeconds: 600 });
const judge = () => mintToken({ role: 'judge', ttlSeconds: 600 });

async function newMatch(
  spectatorDelaySeconds: number,
  game = GAME,
): Promise<{ matchId: string; seats: Record<string, string>; lastSeq: number }> {
  const r = await api(base, '/api/matches', {
    token: organiser(),
    body: {
      game,
      players: [{ name: 'Ada' }, { name: 'Bo' }],
      spectatorDelaySeconds,
      coverageDelaySeconds: 0,
    },
  });
  expect(r.status, r.text).toBe(201);
  const m = await api(base, `/api/matches/${r.json.matchId}`, { token: judge() });
  return { matchId: r.json.matchId, seats: r.json.seats, lastSeq: m.json.lastSeq };
}

async function until(cond: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Tile {
  id: string;
  hidden?: boolean;
}
async function handCard(matchId: string): Promise<string> {
  const j = await api(base, `/api/matches/${matchId}/state?as=judge`, { token: judge() });
  const p1 = (
    j.json.board.players as { id: string; zones: { key: string; layout: string; cards: Tile[] }[] }[]
  ).find((p) => p.id === 'p1')!;
  const hand = p1.zones.find((z) => z.key === 'hand') ?? p1.zones.find((z) => z.layout === 'fan')!;
  const card = hand.cards.find((c) => !c.hidden);
  expect(card, 'p1 holds an opening hand').toBeDefined();
  return card!.id;
}

type Drawn = {
  drawingId: string;
  author: { name: string };
  clearedAt: number | null;
  shape: { kind: string };
};
const drawings = async (matchId: string, token?: string): Promise<Drawn[]> => {
  const r = await api(base, `/api/matches/${matchId}/drawings`, token ? { token } : {});
  expect(r.status, r.text).toBe(200);
  return r.json.drawings as Drawn[];
};
const zone = (player: string, z: string) => ({ kind: 'zone', player, zone: z });

describe('drawings: two authors, clear', () => {
  it('stores both authors’ drawings, sends each over SSE, and clears one author’s or (a judge) everyone’s', async () => {
    const { matchId, lastSeq } = await newMatch(0);
    const frames: SseMessage[] = [];
    const sse = await openSse(
      `${base}/api/matches/${matchId}/live`,
      (m) => m.event === 'drawing' && frames.push(m),
    );
    const [ann, bob] = [coverage(), coverage()];
    const draw = (token: string, name: string, i: number) =>
      api(base, `/api/matches/${matchId}/drawings`, {
        token,
        body: {
          authorName: name,
          seq: lastSeq,
          shape:
            i % 2
              ? { kind: 'circle', at: zone('p2', 'deck') }
              : { kind: 'arrow', from: zone('p1', 'deck'), to: zone('p2', 'deck') },
          color: 'red',
        },
      });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? draw(bob, 'Bob', i) : draw(ann, 'Ann', i))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    await until(() => frames.length === 6, 'six drawing frames');
    expect(frames.map((f) => (JSON.parse(f.data) as { seq: number }).seq)).toEqual([1, 2, 3, 4, 5, 6]);

    const all = await drawings(matchId);
    expect(all.map((d) => d.author.name).sort()).toEqual(['Ann', 'Ann', 'Ann', 'Bob', 'Bob', 'Bob']);
    expect(all.every((d) => d.clearedAt === null)).toBe(true);

    // Ann clears hers: Bob's stay. Bob may not clear everyone's; a judge may.
    expect(
      (
        await api(base, `/api/matches/${matchId}/drawings?seq=${lastSeq}&scope=mine`, {
          method: 'DELETE',
          token: ann,
        })
      ).status,
    ).toBe(200);
    const afterAnn = await drawings(matchId);
    expect(afterAnn.filter((d) => d.author.name === 'Ann').map((d) => d.clearedAt)).toEqual([
      lastSeq,
      lastSeq,
      lastSeq,
    ]);
    expect(afterAnn.filter((d) => d.author.name === 'Bob').map((d) => d.clearedAt)).toEqual([
      null,
      null,
      null,
    ]);
    const refused = await api(base, `/api/matches/${matchId}/drawings?seq=${lastSeq}&scope=all`, {
      method: 'DELETE',
      token: bob,
    });
    expect([refused.status, refused.json.error]).toEqual([403, 'not_a_judge']);
    expect(
      (
        await api(base, `/api/matches/${matchId}/drawings?seq=${lastSeq}&scope=all`, {
          method: 'DELETE',
          token: judge(),
        })
      ).status,
    ).toBe(200);
    expect((await drawings(matchId)).every((d) => d.clearedAt === lastSeq)).toBe(true);
    await until(() => frames.length === 8, 'the two clears as frames');
    expect(frames.slice(6).map((f) => (JSON.parse(f.data) as { type: string }).type)).toEqual([
      'DrawingsCleared',
      'DrawingsCleared',
    ]);
    sse.abort();
  });

  it('refuses what is not a caster’s drawing, changing nothing', async () => {
    const { matchId, seats, lastSeq } = await newMatch(0);
    const body = { authorName: 'Desk', seq: lastSeq, shape: { kind: 'circle', at: zone('p1', 'deck') } };
    expect((await api(base, `/api/matches/${matchId}/drawings`, { body })).status).toBe(401);
    expect((await api(base, `/api/matches/${matchId}/drawings`, { token: seats.p1!, body })).status).toBe(
      403,
    );
    const ahead = await api(base, `/api/matches/${matchId}/drawings`, {
      token: coverage(),
      body: { ...body, seq: lastSeq + 50 },
    });
    expect([ahead.status, ahead.json.error]).toEqual([422, 'seq_not_seen']);
    expect(
      (
        await api(base, `/api/matches/${matchId}/drawings`, {
          token: coverage(),
          body: { ...body, shape: { kind: 'square' } },
        })
      ).status,
    ).toBe(400);
    expect(
      (await api(base, `/api/matches/${matchId}/drawings?seq=0`, { method: 'DELETE', token: coverage() }))
        .status,
    ).toBe(400);
    expect((await api(base, '/api/matches/no-such-match/drawings', { token: coverage(), body })).status).toBe(
      404,
    );
    expect(await drawings(matchId, judge())).toEqual([]);
  });
});

describe('drawings: the time lock and hidden cards', () => {
  it('reach a delayed public viewer only once its feed passes the seq, never a seat of a live match, never one pointing at a hidden card', async () => {
    const DELAY = 4;
    const { matchId, seats, lastSeq } = await newMatch(DELAY, HANDS_GAME);
    const cov = coverage();
    const card = await handCard(matchId);
    const publicFrames: { data: string; t: number }[] = [];
    const p1Frames: string[] = [];
    const pub = await openSse(
      `${base}/api/matches/${matchId}/live`,
      (m) => m.event === 'drawing' && publicFrames.push({ data: m.data, t: Date.now() }),
    );
    const p1 = await openSse(
      `${base}/api/matches/${matchId}/live`,
      (m) => m.event === 'drawing' && p1Frames.push(m.data),
      { token: seats.p1! },
    );

    const plain = await api(base, `/api/matches/${matchId}/drawings`, {
      token: cov,
      body: { authorName: 'Desk', seq: lastSeq, shape: { kind: 'circle', at: zone('p1', 'hand') } },
    });
    const secret = await api(base, `/api/matches/${matchId}/drawings`, {
      token: cov,
      body: {
        authorName: 'Desk',
        seq: lastSeq,
        shape: { kind: 'arrow', from: { kind: 'card', cardId: card }, to: zone('p2', 'hand') },
      },
    });
    expect([plain.status, secret.status]).toEqual([201, 201]);
    const events = await allEvents(base, matchId, 'judge', judge());
    const lastAt = Date.parse(events[lastSeq - 1]!.at);

    if (Date.now() < lastAt + DELAY * 1000) expect(await drawings(matchId)).toEqual([]);
    expect(await drawings(matchId, cov)).toHaveLength(2);

    await until(() => publicFrames.length >= 1, 'the public frame', (DELAY + 10) * 1000);
    expect(publicFrames[0]!.t).toBeGreaterThanOrEqual(lastAt + DELAY * 1000);
    expect((await drawings(matchId)).map((d) => d.shape.kind)).toEqual(['circle']);
    // The seat holding the card sees it, but a seat of a match still playing gets no commentary at all.
    expect(await drawings(matchId, seats.p1!)).toEqual([]);
    expect(await drawings(matchId, seats.p2!)).toEqual([]);
    // A later drawing shows the public stream went on past the secret one without it.
    await api(base, `/api/matches/${matchId}/drawings`, {
      token: cov,
      body: { authorName: 'Desk', seq: 1, shape: { kind: 'circle', at: zone('p2', 'hand') } },
    });
    await until(() => publicFrames.length >= 2, 'the marker frame');
    expect(publicFrames).toHaveLength(2);
    expect(p1Frames).toEqual([]);
    for (const f of publicFrames) expect(f.data).not.toContain(card);
    for (const c of [pub, p1]) c.abort();
  });
});

describe('drawings on an ended match', () => {
  it('reach a stream that follows side frames (follow=side) after `event: end`, live; a plain stream still closes at the end', async () => {
    const { matchId, seats, lastSeq } = await newMatch(0);
    for (const [seat, token] of Object.entries(seats)) {
      const r = await api(base, `/api/matches/${matchId}/commands`, {
        token,
        body: { type: 'Concede', commandId: `concede-${seat}` },
      });
      if (r.status === 200 && r.json.status === 'accepted') break;
    }
    expect((await api(base, `/api/matches/${matchId}`, { token: judge() })).json.status).toBe('ended');
    const following: SseMessage[] = [];
    const plain: SseMessage[] = [];
    const follow = await openSse(`${base}/api/matches/${matchId}/live?follow=side`, (m) => following.push(m));
    const closing = await openSse(`${base}/api/matches/${matchId}/live`, (m) => plain.push(m));
    await until(() => following.some((m) => m.event === 'end'), 'the end on the following stream');
    // The plain stream ends (the match is over); the following one stays open.
    await closing.done;
    expect(plain.at(-1)?.event).toBe('end');
    let followDone = false;
    void follow.done.then(() => (followDone = true));
    const r = await api(base, `/api/matches/${matchId}/drawings`, {
      token: coverage(),
      body: { authorName: 'Late', seq: lastSeq, shape: { kind: 'circle', at: zone('p1', 'deck') } },
    });
    expect(r.status, r.text).toBe(201);
    await until(() => following.some((m) => m.event === 'drawing'), 'the drawing after the end');
    const drawn = following
      .filter((m) => m.event === 'drawing')
      .map((m) => JSON.parse(m.data) as { payload: { authorName: string } });
    expect(drawn.map((d) => d.payload.authorName)).toEqual(['Late']);
    expect(following.filter((m) => m.event === 'end')).toHaveLength(1);
    expect(followDone).toBe(false);
    follow.abort();
  });
});

describe('oEmbed', () => {
  const oembed = (url: string, extra = '') =>
    api(base, `/api/oembed?url=${encodeURIComponent(url)}${extra}`, {
      headers: { 'x-forwarded-host': 'site.example', 'x-forwarded-proto': 'https' },
    });

  it('answers a rich iframe of /embed for a match link of this site, sized to maxwidth', async () => {
    const { matchId } = await newMatch(0);
    const r = await oembed(`https://site.example/matches/${matchId}?seq=3&as=judge`, '&maxwidth=400');
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'Matchtape',
      provider_url: 'https://site.example',
      title: expect.stringContaining('Ada vs Bo'),
      width: 400,
      height: 250,
    });
    expect(r.json.html).toContain(`<iframe src="https://site.example/embed/${matchId}?seq=3"`);
    expect(r.json.html).not.toContain('judge');
    expect((await oembed(`https://elsewhere.example/matches/${matchId}`)).status).toBe(404);
    expect((await oembed('https://site.example/about')).status).toBe(404);
    expect((await oembed('https://site.example/matches/no-such-match')).status).toBe(404);
    expect((await oembed(`https://site.example/matches/${matchId}`, '&format=xml')).status).toBe(501);
    expect((await oembed(`https://site.example/matches/${matchId}`, '&maxwidth=nope')).status).toBe(400);
  });

  it('knows no sealed fork of a live match', async () => {
    const { matchId, seats } = await newMatch(0);
    const game = registry.get(GAME);
    const rng = new Rng('oembed-fork');
    const server = stack.servers[0]!;
    for (let i = 0; i < 6; i++) {
      const { state } = await server.host.current(matchId);
      const actor = game.actors(state)[0];
      const legal = actor ? game.legalCommands(state, actor).filter((c) => c.type !== 'Concede') : [];
      if (!actor || legal.length === 0) break;
      const { player: _p, ...cmd } = game.bots.random.choose(state, actor, legal, rng);
      expect(
        (
          await api(base, `/api/matches/${matchId}/commands`, {
            token: seats[actor]!,
            body: { ...cmd, commandId: `f-${i}` },
          })
        ).status,
      ).toBe(200);
    }
    const at = (await server.host.current(matchId)).lastSeq;
    const fork = await api(base, `/api/matches/${matchId}/fork`, {
      token: judge(),
      body: { at, reseed: true },
    });
    expect(fork.status, fork.text).toBe(201);
    const sealed = await oembed(`https://site.example/matches/${fork.json.matchId}`);
    expect([sealed.status, sealed.json.error]).toEqual([404, 'match_not_found']);
    // Its drawings are sealed like every other route of it (fork-secrecy's guard), to a coverage token too.
    for (const token of [undefined, coverage()])
      expect(
        (await api(base, `/api/matches/${fork.json.matchId}/drawings`, token ? { token } : {})).status,
      ).toBe(404);
    expect((await api(base, `/api/matches/${fork.json.matchId}/drawings`, { token: judge() })).status).toBe(
      200,
    );
    expect((await oembed(`https://site.example/matches/${matchId}`)).status).toBe(200);
  });
});
