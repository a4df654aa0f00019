// Two server instances on the same Postgres + NATS: the commands of one match alternate between them (and
// some are sent to both at once, or retried) → no lost, duplicated or reordered events; both instances'
// SSE streams equal the stored stream; the relay put each event on NATS once; side events and the coverage
// producer's card focus reach the other instance.
import { subjects } from '@matchtape/bus';
import { Rng, verifyChain, type EventEnvelope, type PlayerId } from '@matchtape/engine';
import { mintToken, openSse } from '@matchtape/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, testGames, startStack, type Stack, organiser } from './server-helpers';

const registry = await testGames();
const gameIds = registry.ids();
const getGame = (id: string) => registry.get(id);

/** Commands sent (the match may end earlier); each one is a round of HTTP on both instances. */
const MAX_COMMANDS = Number(process.env.MATCHTAPE_DEEP ? 3000 : 150);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ instances: 2, bots: false });
});
afterAll(() => stack?.cleanup());

describe('two instances, one match: the event stream', () => {
  it('keeps one gap-free, ordered, duplicate-free stream', async () => {
    const [a, b] = stack.bases as [string, string];
    const g = gameIds[0]!;
    const game = getGame(g);
    const created = await api(a, '/api/matches', {
      token: organiser(),
      body: { game: g, players: [{ name: 'Ann' }, { name: 'Bob' }] },
    });
    expect(created.status).toBe(201);
    const matchId = created.json.matchId as string;
    const seats = created.json.seats as Record<PlayerId, string>;
    const judge = mintToken({ role: 'judge', ttlSeconds: 600 });

    // Keyed by stream sequence: a consumer may be handed a message again; a second publish would be a new one.
    const onNatsByStreamSeq = new Map<number, number>();
    const sub = await stack.bus.subscribe(
      subjects.events(matchId),
      (m) => void onNatsByStreamSeq.set(m.streamSeq, (m.data as EventEnvelope).seq),
      { fromStreamSeq: 1 },
    );
    const onNats = (): number[] =>
      [...onNatsByStreamSeq.entries()].sort((x, y) => x[0] - y[0]).map(([, seq]) => seq);
    const sse = { a: [] as EventEnvelope[], b: [] as EventEnvelope[] };
    const streams = await Promise.all(
      (['a', 'b'] as const).map((k) =>
        openSse(
          `${k === 'a' ? a : b}/api/matches/${matchId}/live`,
          (m) => m.event === 'event' && sse[k].push(JSON.parse(m.data)),
          { token: judge },
        ),
      ),
    );

    const rng = new Rng('two-instances');
    const accepted = new Map<string, { fromSeq: number; toSeq: number }>();
    let i = 0;
    for (; i < MAX_COMMANDS; i++) {
      // The judge state from the instance the last command went to (fresh: it catches up with the store).
      const { state } = await stack.servers[i % 2]!.host.current(matchId);
      if (game.status(state).status === 'ended') break;
      const player = game.actors(state)[0] as PlayerId;
      const legal = game.legalCommands(state, player);
      const choice = game.bots.random.choose(state, player, legal, rng);
      const { player: _p, ...cmd } = choice;
      const body = { ...cmd, commandId: `c${i}` };
      const url = `/api/matches/${matchId}/commands`;
      let results;
      if (i % 5 === 0) {
        // Same command to both instances at once: exactly one acts.
        results = await Promise.all([
          api(a, url, { token: seats[player], body }),
          api(b, url, { token: seats[player], body }),
        ]);
      } else {
        results = [await api(i % 2 ? a : b, url, { token: seats[player], body })];
        if (i % 7 === 0) results.push(await api(i % 2 ? b : a, url, { token: seats[player], body })); // a client retry elsewhere
      }
      for (const r of results) expect(r.status, JSON.stringify(r.json)).toBe(200);
      const ranges = results.map((r) => `${r.json.fromSeq}-${r.json.toSeq}`);
      expect(new Set(ranges).size, `one outcome for c${i}: ${ranges.join(', ')}`).toBe(1);
      expect(results.filter((r) => !r.json.replayed).length).toBe(1);
      accepted.set(`c${i}`, results[0]!.json);
    }
    expect(i).toBeGreaterThan(5);
    // A rejected command retried on the other instance gets the same answer, and appends nothing.
    const bogus = { commandId: 'bogus-1', type: 'NoSuchCommand' };
    const first = await api(a, `/api/matches/${matchId}/commands`, { token: seats.p1, body: bogus });
    const again = await api(b, `/api/matches/${matchId}/commands`, { token: seats.p1, body: bogus });
    expect([first.status, again.status]).toEqual([422, 422]);
    expect(again.json).toMatchObject({ rule: first.json.rule, reason: first.json.reason, replayed: true });
    const stored = await stack.store.readStream(matchId);
    // The streams end on their own when the match ended; otherwise wait until they have everything stored.
    for (let k = 0; k < 400 && (sse.a.length < stored.length || sse.b.length < stored.length); k++)
      await new Promise((r) => setTimeout(r, 50));
    for (const s of streams) s.abort();

    expect(verifyChain(stored)).toEqual({ ok: true });
    expect(stored.map((e) => e.seq)).toEqual(stored.map((_, k) => k + 1));
    // Every accepted command's events are where its answer said, once.
    const byCommand = new Map<string, number[]>();
    for (const e of stored)
      if ('commandId' in e.cause)
        byCommand.set(e.cause.commandId, [...(byCommand.get(e.cause.commandId) ?? []), e.seq]);
    expect([...byCommand.keys()].sort(), JSON.stringify([...accepted])).toEqual([...accepted.keys()].sort());
    // Answers tile the stream after setup: each range is the command's own events plus the automatic ones
    // they set off, and the next command starts right after.
    let expectedFrom = stored.findIndex((e) => 'commandId' in e.cause) + 1;
    for (const [id, r] of accepted) {
      expect(r.fromSeq, id).toBe(expectedFrom);
      expect(byCommand.get(id)![0]).toBe(r.fromSeq);
      for (const e of stored.slice(r.fromSeq - 1, r.toSeq))
        expect('commandId' in e.cause ? e.cause.commandId : id).toBe(id);
      expectedFrom = r.toSeq + 1;
    }
    expect(expectedFrom).toBe(stored.length + 1);
    expect(sse.a).toEqual(stored);
    expect(sse.b).toEqual(stored);
    for (let k = 0; k < 100 && onNatsByStreamSeq.size < stored.length; k++)
      await new Promise((r) => setTimeout(r, 50));
    await sub.stop();
    expect(onNats()).toEqual(stored.map((e) => e.seq));
  });
});

describe('two instances, one match: side events and coverage focus', () => {
  it('delivers a side event appended on one instance to SSE clients of the other, over NATS, once', async () => {
    const [a, b] = stack.bases as [string, string];
    const created = await api(a, '/api/matches', {
      token: organiser(),
      body: { game: gameIds[0]!, players: [{ name: 'Ann' }, { name: 'Bob' }] },
    });
    const matchId = created.json.matchId as string;
    const judge = mintToken({ role: 'judge', ttlSeconds: 600 });
    const got = { a: [] as { seq: number }[], b: [] as { seq: number }[] };
    const streams = await Promise.all(
      (['a', 'b'] as const).map((k) =>
        openSse(
          `${k === 'a' ? a : b}/api/matches/${matchId}/live`,
          (m) => m.event === 'dispute' && got[k].push(JSON.parse(m.data)),
          { token: judge },
        ),
      ),
    );
    for (let n = 1; n <= 3; n++)
      await stack.servers[0]!.side.append(matchId, 'disputes', [
        {
          type: 'DisputeOpened',
          author: { id: 'j', role: 'judge' },
          payload: { seq: 1, claim: `claim ${n}` },
        },
      ]);
    for (let i = 0; i < 500 && got.b.length < 3; i++) await new Promise((r) => setTimeout(r, 10));
    for (const s of streams) s.abort();
    expect(got.a.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(got.b.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it("shares the coverage producer's card focus: set through one instance, the overlay reading the other sees it", async () => {
    const [a, b] = stack.bases as [string, string];
    const created = await api(a, '/api/matches', {
      token: organiser(),
      body: { game: gameIds[0]!, players: [{ name: 'Ann' }, { name: 'Bob' }] },
    });
    const matchId = created.json.matchId as string;
    const { state, lastSeq } = await stack.servers[0]!.host.current(matchId);
    const cards = [
      ...JSON.stringify(getGame(gameIds[0]!).board(state)).matchAll(/"id":"([^"]+)","cardId":"/g),
    ].map((m) => m[1]!);
    expect(cards.length).toBeGreaterThan(1);
    const coverage = mintToken({ role: 'coverage', ttlSeconds: 600 });
    const judge = mintToken({ role: 'judge', ttlSeconds: 600 });
    const focusOn = async (base: string): Promise<string | null | undefined> => {
      const r = await api(base, `/api/matches/${matchId}/focus?as=judge`, { token: judge });
      return (r.json.focus as { cardId: string | null } | null)?.cardId;
    };
    const waitFocus = async (base: string, cardId: string): Promise<string | null | undefined> => {
      let seen = await focusOn(base);
      for (let i = 0; i < 200 && seen !== cardId; i++) {
        await new Promise((r) => setTimeout(r, 25));
        seen = await focusOn(base);
      }
      return seen;
    };
    const put = (base: string, body: unknown) =>
      api(base, `/api/matches/${matchId}/focus`, { method: 'PUT', token: coverage, body });
    expect((await put(a, { cardId: cards[0], seq: lastSeq })).status).toBe(200);
    expect(await waitFocus(b, cards[0]!)).toBe(cards[0]);
    // And back the other way; the newest wins on both.
    expect((await put(b, { cardId: cards[1], seq: lastSeq })).status).toBe(200);
    expect(await waitFocus(a, cards[1]!)).toBe(cards[1]);
    expect(await focusOn(b)).toBe(cards[1]);
    // A refused focus is shared with nobody.
    expect((await put(a, { cardId: cards[0], seq: lastSeq + 1 })).status).toBe(422);
    expect((await put(a, { cardId: cards[0], seq: lastSeq, extra: 1 })).status).toBe(400);
    await new Promise((r) => setTimeout(r, 300));
    expect([await focusOn(a), await focusOn(b)]).toEqual([cards[1], cards[1]]);
  });
});
