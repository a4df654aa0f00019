// Coverage annotations end to end on the real stack (Postgres + NATS JetStream, one server): two authors
// writing at once, each event on NATS `matchtape.match.<id>.annotations` and over SSE; the time lock against a
// delayed public viewer (nothing early, no hidden card leaked); permissions and bad input; chapters; search.
import { subjects } from '@matchtape/bus';
import { mintToken, openSse, type SseMessage } from '@matchtape/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEvents, api, organiser, startStack, testGames, type Stack } from './server-helpers';

const registry = await testGames();
const GAME = registry.ids()[0]!;
/** A game whose setup deals opening hands (hidden cards exist from the first events on). */
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

/** A match of two human seats (no bots): it stays in setup after its opening events, so streams stay open. */
async function newMatch(
  spectatorDelaySeconds: number,
  coverageDelaySeconds = 0,
  game = GAME,
): Promise<{ matchId: string; seats: Record<string, string>; lastSeq: number }> {
  const r = await api(base, '/api/matches', {
    token: organiser(),
    body: { game, players: [{ name: 'Ada' }, { name: 'Bo' }], spectatorDelaySeconds, coverageDelaySeconds },
  });
  expect(r.status).toBe(201);
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
/** A card in p1's hand as the judge sees it at the match's last seq, and that it is hidden from the public. */
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

describe('annotations: two authors at once, over NATS and SSE', () => {
  it('stores every annotation gap-free, publishes each on NATS and sends each as an SSE frame', async () => {
    const { matchId, lastSeq } = await newMatch(0);
    expect(lastSeq).toBeGreaterThan(0);
    const onNats: { seq: number; type: string; author: { id: string } }[] = [];
    const sub = await stack.bus.subscribe(
      subjects.annotations(matchId),
      (m) => {
        onNats.push(m.data as (typeof onNats)[number]);
      },
      { fromStreamSeq: 1 },
    );
    const frames: SseMessage[] = [];
    const sse = await openSse(
      `${base}/api/matches/${matchId}/live`,
      (m) => m.event === 'annotation' && frames.push(m),
    );
    expect(sse.status).toBe(200);

    const [ann, bob] = [coverage(), coverage()];
    const write = (token: string, name: string, i: number) =>
      api(base, `/api/matches/${matchId}/annotations`, {
        token,
        body: {
          authorName: name,
          seq: 1 + (i % lastSeq),
          text: `${name} note ${i}`,
          tags: i % 2 ? ['combo'] : ['key-play'],
        },
      });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? write(bob, 'Bob', i) : write(ann, 'Ann', i))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));

    await until(() => onNats.length === 12 && frames.length === 12, 'NATS messages and SSE frames');
    expect(onNats.map((e) => e.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    expect(frames.map((f) => (JSON.parse(f.data) as { seq: number }).seq)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    expect(frames.every((f) => f.id === null)).toBe(true);

    // Two layers, six each; an author edits their own; the other author may not; a judge may.
    const list = await api(base, `/api/matches/${matchId}/annotations`);
    expect(list.json.annotations).toHaveLength(12);
    expect(list.json.layers.map((l: { name: string; count: number }) => [l.name, l.count]).sort()).toEqual([
      ['Ann', 6],
      ['Bob', 6],
    ]);
    const annsFirst = results[0]!.json.annotation.annotationId as string;
    expect(
      (
        await api(base, `/api/matches/${matchId}/annotations/${annsFirst}`, {
          method: 'PATCH',
          token: bob,
          body: { text: 'mine now' },
        })
      ).status,
    ).toBe(403);
    const edited = await api(base, `/api/matches/${matchId}/annotations/${annsFirst}`, {
      method: 'PATCH',
      token: ann,
      body: { quality: 'brilliant', chapter: 'Opening hands' },
    });
    expect(edited.status).toBe(200);
    expect(edited.json.annotation).toMatchObject({
      quality: 'brilliant',
      glyph: '!!',
      chapter: 'Opening hands',
      text: 'Ann note 0',
    });
    expect(
      (
        await api(base, `/api/matches/${matchId}/annotations/${annsFirst}`, {
          method: 'DELETE',
          token: judge(),
        })
      ).status,
    ).toBe(200);
    await until(() => onNats.length === 14 && frames.length === 14, 'the edit and the removal');
    expect(frames.slice(12).map((f) => (JSON.parse(f.data) as { type: string }).type)).toEqual([
      'AnnotationEdited',
      'AnnotationRemoved',
    ]);
    expect((await api(base, `/api/matches/${matchId}/annotations`)).json.annotations).toHaveLength(11);
    sse.abort();
    await sub.stop();
  });
});

describe('time lock against a delayed public viewer', () => {
  it('shows nothing before the viewer’s feed passes the seq, and never a hidden card', async () => {
    const DELAY = 4;
    const { matchId, seats, lastSeq } = await newMatch(DELAY, 0, HANDS_GAME);
    const cov = coverage();
    const card = await handCard(matchId);
    // The card is p1's to see, nobody else's.
    expect(
      JSON.stringify((await api(base, `/api/matches/${matchId}/state`, { token: seats.p1! })).json.board),
    ).toContain(card);
    expect(
      JSON.stringify((await api(base, `/api/matches/${matchId}/state`, { token: seats.p2! })).json.board),
    ).not.toContain(card);

    const publicFrames: { data: string; t: number }[] = [];
    const p2Frames: string[] = [];
    const covFrames: string[] = [];
    const pub = await openSse(
      `${base}/api/matches/${matchId}/live`,
      (m) => m.event === 'annotation' && publicFrames.push({ data: m.data, t: Date.now() }),
    );
    const p2 = await openSse(
      `${base}/api/matches/${matchId}/live`,
      (m) => m.event === 'annotation' && p2Frames.push(m.data),
      { token: seats.p2! },
    );
    const cv = await openSse(
      `${base}/api/matches/${matchId}/live`,
      (m) => m.event === 'annotation' && covFrames.push(m.data),
      { token: cov },
    );

    // Coverage (no delay) annotates the last event at once: one plain note, one pointing at p1's hidden hand card.
    // On a slow machine the public feed may pass lastSeq while these are written: the plain note may then reach
    // the public before the second request returns, but never before the first was sent.
    const writingFrom = Date.now();
    const plain = await api(base, `/api/matches/${matchId}/annotations`, {
      token: cov,
      body: {
        authorName: 'Desk',
        seq: lastSeq,
        text: 'Both players **keep**',
        tags: ['key-play'],
        chapter: 'Mulligans',
      },
    });
    const secret = await api(base, `/api/matches/${matchId}/annotations`, {
      token: cov,
      body: {
        authorName: 'Desk',
        seq: lastSeq,
        text: 'Ada is sandbagging it',
        tags: ['misplay'],
        highlights: [{ kind: 'card', cardId: card }],
      },
    });
    expect([plain.status, secret.status]).toEqual([201, 201]);
    const events = await allEvents(base, matchId, 'judge', judge());
    const lastAt = Date.parse(events[lastSeq - 1]!.at);

    // Before the public feed reaches the seq: nothing on REST, nothing in chapters.
    const early = await api(base, `/api/matches/${matchId}/annotations`);
    const earlyChapters = await api(base, `/api/matches/${matchId}/chapters?format=text`);
    if (Date.now() < lastAt + DELAY * 1000) {
      expect(early.json.annotations).toEqual([]);
      expect(earlyChapters.text).toBe('00:00 Match start\n');
    }
    // Coverage sees both at once, over REST and SSE.
    expect(
      (await api(base, `/api/matches/${matchId}/annotations`, { token: cov })).json.annotations,
    ).toHaveLength(2);
    await until(() => covFrames.length === 2, 'coverage frames');

    await until(() => publicFrames.length >= 1, 'the public frame', (DELAY + 10) * 1000);
    expect(publicFrames[0]!.t).toBeGreaterThanOrEqual(lastAt + DELAY * 1000);
    expect(publicFrames[0]!.t).toBeGreaterThanOrEqual(writingFrom);
    // Once released: the plain note for the public and p2; the hidden-card one only for p1 (who holds it).
    const late = await api(base, `/api/matches/${matchId}/annotations`);
    expect(late.json.annotations.map((a: { text: string }) => a.text)).toEqual(['Both players **keep**']);
    expect((await api(base, `/api/matches/${matchId}/chapters?format=text`)).text).toMatch(
      /^00:00 (Match start \/ )?Mulligans\n$|^00:00 Match start\n\d\d:\d\d Mulligans\n$/,
    );
    // The seats are players of a match still going on: no commentary for them at all (seats-and-commentary below).
    expect(
      (await api(base, `/api/matches/${matchId}/annotations`, { token: seats.p2! })).json.annotations,
    ).toEqual([]);
    expect(
      (await api(base, `/api/matches/${matchId}/annotations`, { token: seats.p1! })).json.annotations,
    ).toEqual([]);
    // A later event on the SSE stream shows the public stream went on past the annotation without the secret.
    await api(base, `/api/matches/${matchId}/annotations`, {
      token: cov,
      body: { authorName: 'Desk', seq: 1, text: 'marker' },
    });
    await until(() => publicFrames.length >= 2, 'the marker frame');
    expect(p2Frames).toEqual([]);
    for (const f of [...publicFrames.map((x) => x.data), ...p2Frames]) {
      expect(f).not.toContain(card);
      expect(f).not.toContain('sandbagging');
    }
    for (const c of [pub, p2, cv]) c.abort();
  });
});

/** Ends a match by a concession of the first seat whose Concede is accepted. */
async function concede(matchId: string, seats: Record<string, string>): Promise<void> {
  for (const [seat, token] of Object.entries(seats)) {
    const r = await api(base, `/api/matches/${matchId}/commands`, {
      token,
      body: { type: 'Concede', commandId: `concede-${seat}` },
    });
    if (r.status === 200 && r.json.status === 'accepted') break;
  }
  expect((await api(base, `/api/matches/${matchId}`, { token: judge() })).json.status).toBe('ended');
}

describe('seats and commentary', () => {
  it('no annotation reaches a seat of a match still playing (REST, SSE, chapters, search); after the end, seats follow the public rule', async () => {
    const { matchId, seats, lastSeq } = await newMatch(0, 0, HANDS_GAME);
    const cov = coverage();
    // Commentary that says what a seat cannot see, with a zone highlight and with none: no hidden card is highlighted,
    // so the old rule let both through to the opposing seat live, and to a 0-delay public at once.
    const texts = ["Bo's hand has two finishers", 'Ada should hold back'];
    const bodies = [
      {
        authorName: 'Desk',
        seq: lastSeq,
        text: texts[0],
        highlights: [{ kind: 'zone', player: 'p2', zone: 'hand' }],
        chapter: 'Read',
      },
      { authorName: 'Desk', seq: lastSeq, text: texts[1], tags: ['key-play'] },
    ];
    // Every message of each seat's stream in order (events and annotations), and the public's annotation frames.
    const seen: Record<string, { event: string; type: string }[]> = { p1: [], p2: [] };
    const streams = await Promise.all(
      (['p1', 'p2'] as const).map((p) =>
        openSse(
          `${base}/api/matches/${matchId}/live`,
          (m) =>
            seen[p]!.push({
              event: m.event,
              type: m.event === 'event' ? (JSON.parse(m.data) as { type: string }).type : m.data,
            }),
          { token: seats[p]! },
        ),
      ),
    );
    const publicFrames: string[] = [];
    const pub = await openSse(
      `${base}/api/matches/${matchId}/live`,
      (m) => m.event === 'annotation' && publicFrames.push(m.data),
    );
    for (const body of bodies)
      expect((await api(base, `/api/matches/${matchId}/annotations`, { token: cov, body })).status).toBe(201);

    // The public (0 s delay) keeps its time lock: both at once.
    await until(() => publicFrames.length === 2, 'the public frames');
    expect((await api(base, `/api/matches/${matchId}/annotations`)).json.annotations).toHaveLength(2);
    // The seats, live: nothing over REST, in chapters, or (a seat token) in search.
    for (const p of ['p1', 'p2'] as const) {
      const token = seats[p]!;
      expect((await api(base, `/api/matches/${matchId}/annotations`, { token })).json.annotations).toEqual(
        [],
      );
      expect((await api(base, `/api/matches/${matchId}/chapters`, { token })).json.chapters).toEqual([]);
      expect((await api(base, `/api/matches/${matchId}/chapters?format=text`, { token })).text).toBe(
        '00:00 Match start\n',
      );
      const search = await api(base, `/api/annotations/search?text=${encodeURIComponent('finishers')}`, {
        token,
      });
      expect([search.status, search.json.results]).toEqual([403, undefined]);
    }

    // The end: each seat's stream sends the commentary only after MatchEnded (over SSE an annotation frame has no
    // seq of its own, so its place in the stream is what says when it was sent).
    await concede(matchId, seats);
    await until(
      () => ['p1', 'p2'].every((p) => seen[p]!.filter((m) => m.event === 'annotation').length === 2),
      'the seats’ annotation frames after the end',
    );
    for (const p of ['p1', 'p2'] as const) {
      const ended = seen[p]!.findIndex((m) => m.type === 'MatchEnded');
      expect(ended, `${p} saw MatchEnded`).toBeGreaterThanOrEqual(0);
      expect(
        seen[p]!.findIndex((m) => m.event === 'annotation'),
        `${p}: no annotation before MatchEnded`,
      ).toBeGreaterThan(ended);
      const rest = await api(base, `/api/matches/${matchId}/annotations`, { token: seats[p]! });
      expect(rest.json.annotations.map((a: { text: string }) => a.text).sort()).toEqual([...texts].sort());
      expect(
        (await api(base, `/api/matches/${matchId}/chapters`, { token: seats[p]! })).json.chapters.map(
          (c: { title: string }) => c.title,
        ),
      ).toEqual(['Read']);
    }
    for (const c of [...streams, pub]) c.abort();
  });
});

describe('permissions and bad input', () => {
  it('refuses with clear 4xx and changes nothing', async () => {
    const { matchId, seats, lastSeq } = await newMatch(0);
    const cov = coverage();
    const path = `/api/matches/${matchId}/annotations`;
    const good = { authorName: 'A', seq: 1, text: 'ok' };
    const count = async () => (await api(base, path, { token: judge() })).json.annotations.length as number;

    const cases: [ReturnType<typeof api>, number, string][] = [
      [api(base, path, { body: good }), 401, 'missing_token'],
      [api(base, path, { token: seats.p1!, body: good }), 403, 'not_a_writer'],
      [api(base, path, { token: organiser(), body: good }), 403, 'not_a_writer'],
      [
        api(base, path, { token: mintToken({ role: 'public', ttlSeconds: 60 }), body: good }),
        403,
        'not_a_writer',
      ],
      [api(base, path, { token: cov, body: { ...good, seq: lastSeq + 1 } }), 422, 'seq_not_seen'],
      [api(base, path, { token: cov, body: { ...good, text: '' } }), 400, 'bad_request'],
      [api(base, path, { token: cov, body: { ...good, quality: 'superb' } }), 400, 'bad_request'],
      [api(base, path, { token: cov, body: { ...good, tags: ['Not A Slug'] } }), 400, 'bad_request'],
      [api(base, path, { token: cov, body: { ...good, seq: { from: 3, to: 1 } } }), 400, 'bad_request'],
      [
        api(base, path, { token: cov, body: { ...good, author: { id: 'forged', role: 'judge' } } }),
        400,
        'bad_request',
      ],
      [api(base, path, { token: cov, raw: '{"authorName": ' }), 400, 'malformed_json'],
      [
        api(base, `/api/matches/nope-${matchId}/annotations`, { token: cov, body: good }),
        404,
        'match_not_found',
      ],
      [
        api(base, `${path}/missing`, { method: 'PATCH', token: cov, body: { text: 'x' } }),
        404,
        'annotation_not_found',
      ],
      [api(base, `${path}/missing`, { method: 'DELETE', token: cov }), 404, 'annotation_not_found'],
      [api(base, `${path}?as=judge`), 403, 'forbidden_view'],
      [api(base, '/api/annotations/search?tag=combo'), 401, 'missing_token'],
      [api(base, '/api/annotations/search', { token: cov }), 400, 'bad_request'],
    ];
    for (const [p, status, code] of cases) {
      const r = await p;
      expect([r.status, r.json?.error], r.text).toEqual([status, code]);
      expect(r.json.message.length).toBeGreaterThan(10);
    }
    expect(await count()).toBe(0);

    const added = await api(base, path, { token: cov, body: { ...good, annotationId: 'fixed-id' } });
    expect(added.status).toBe(201);
    // The same POST again (a retry) appends nothing; another author under that id is a conflict.
    expect((await api(base, path, { token: cov, body: { ...good, annotationId: 'fixed-id' } })).status).toBe(
      200,
    );
    expect(
      (await api(base, path, { token: coverage(), body: { ...good, annotationId: 'fixed-id' } })).status,
    ).toBe(409);
    expect((await api(base, `${path}/fixed-id`, { method: 'PATCH', token: cov, body: {} })).status).toBe(400);
    expect(
      (await api(base, `${path}/fixed-id`, { method: 'PATCH', token: coverage(), body: { text: 'hijack' } }))
        .json.error,
    ).toBe('not_the_author');
    expect((await api(base, `${path}/fixed-id`, { method: 'DELETE', token: seats.p1! })).status).toBe(403);
    expect(await count()).toBe(1);
    expect((await api(base, path, { token: judge() })).json.annotations[0].text).toBe('ok');
  });
});

describe('chapters and search', () => {
  it('exports chapters as JSON and video text from 00:00, and finds annotations across matches by tag, author and text', async () => {
    const a = await newMatch(0);
    const b = await newMatch(0);
    const cov = coverage();
    const add = (m: string, body: object) =>
      api(base, `/api/matches/${m}/annotations`, { token: cov, body: { authorName: 'Reel Desk', ...body } });
    expect((await add(a.matchId, { seq: 1, text: 'Shuffle up', chapter: 'Start' })).status).toBe(201);
    expect(
      (
        await add(a.matchId, {
          seq: a.lastSeq,
          text: 'Topdecked **lethal**',
          tags: ['lethal'],
          chapter: 'Hands',
        })
      ).status,
    ).toBe(201);
    expect(
      (await add(b.matchId, { seq: b.lastSeq, text: 'Another lethal line', tags: ['lethal', 'combo'] }))
        .status,
    ).toBe(201);
    expect((await add(b.matchId, { seq: 1, text: 'quiet start', tags: ['key-play'] })).status).toBe(201);

    const json = await api(base, `/api/matches/${a.matchId}/chapters`);
    expect(json.json.chapters.map((c: { title: string; seq: number }) => [c.title, c.seq])).toEqual([
      ['Start', 1],
      ['Hands', a.lastSeq],
    ]);
    expect(json.json.chapters[0].offsetSeconds).toBe(0);
    const text = await api(base, `/api/matches/${a.matchId}/chapters?format=text`);
    // The match's events fall within a second or a few: the two chapters share the 00:00 line or follow it.
    expect(text.text).toMatch(/^00:00 Start( \/ Hands)?\n(\d\d:\d\d Hands\n)?$/);
    expect(text.text).toContain('Hands');

    const byTag = await api(base, '/api/annotations/search?tag=lethal', { token: cov });
    expect(byTag.status).toBe(200);
    expect(byTag.json.results.map((r: { matchId: string }) => r.matchId).sort()).toEqual(
      [a.matchId, b.matchId].sort(),
    );
    const byBoth = await api(base, '/api/annotations/search?tag=lethal&tag=combo', { token: cov });
    expect(byBoth.json.results.map((r: { text: string }) => r.text)).toEqual(['Another lethal line']);
    const byText = await api(base, `/api/annotations/search?text=${encodeURIComponent('topdecked LETHAL')}`, {
      token: judge(),
    });
    expect(byText.json.results.map((r: { matchId: string }) => r.matchId)).toEqual([a.matchId]);
    const byAuthor = await api(
      base,
      `/api/annotations/search?author=${encodeURIComponent('reel desk')}&limit=500`,
      { token: cov },
    );
    expect(
      byAuthor.json.results.filter(
        (r: { matchId: string }) => r.matchId === a.matchId || r.matchId === b.matchId,
      ),
    ).toHaveLength(4);
  });
});
