// GET /api/matches/:id/window (the replay's first board): for every game and every viewer (public, a seat, a
// judge) the keyframe is exactly what /state gives at its seq, the events exactly what /events gives for their
// range, folding them onto the keyframe gives /state at the playhead, and loading the rest from /events resumes
// without a gap or a repeat. Real Postgres + NATS.
import { jsonEqual, type EventEnvelope } from '@matchtape/engine';
import { mintToken } from '@matchtape/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEvents, api, organiser, startStack, testGames, type Stack } from './server-helpers';

const registry = await testGames();
let stack: Stack;
beforeAll(async () => {
  // A small events page (not a multiple of the keyframe spacing) makes every match span pages, so the
  // resume below (allEvents) follows `next` on every run, not only when a match happens to pass 5,000 events.
  stack = await startStack({ snapshotEvery: 50, eventsPageSize: 97 });
});
afterAll(() => stack?.cleanup());

interface Window {
  seq: number;
  as: string;
  keyframe: { seq: number; state: unknown };
  events: EventEnvelope[];
}

describe('window route', () => {
  for (const g of registry.ids()) {
    it(
      `${g}: keyframe + events are the state and events routes' answers for each viewer, and resume cleanly`,
      { timeout: 120_000 },
      async () => {
        const base = stack.bases[0]!;
        const game = registry.get(g);
        const created = await api(base, '/api/matches', {
          token: organiser(),
          body: { game: g, players: [{ bot: 'greedy' }, { bot: 'random' }] },
        });
        expect(created.status).toBe(201);
        const matchId = created.json.matchId as string;
        await stack.servers[0]!.bots!.track(matchId);
        const judge = mintToken({ role: 'judge', ttlSeconds: 600 });
        const seat = mintToken({ role: 'seat', matchId, seat: 'p1', ttlSeconds: 600 });
        const viewers = [
          { as: 'public', token: undefined },
          { as: 'p1', token: seat },
          { as: 'judge', token: judge },
        ];
        const last = (await api(base, `/api/matches/${matchId}`)).json.lastSeq as number;
        expect(last).toBeGreaterThan(120);
        for (const v of viewers) {
          const get = async (path: string) => {
            const r = await api(base, path, v.token ? { token: v.token } : {});
            expect(r.status, `${path}: ${r.text.slice(0, 300)}`).toBe(200);
            return r.json;
          };
          const all = await allEvents(base, matchId, v.as, v.token);
          expect(all).toHaveLength(last);
          for (const seq of [0, 1, 49, 50, 51, 99, Math.floor(last / 2), last - 1, last]) {
            const w = (await get(`/api/matches/${matchId}/window?seq=${seq}&as=${v.as}&after=30`)) as Window;
            expect(w.as).toBe(v.as);
            expect(w.seq).toBe(seq);
            expect(w.keyframe.seq).toBe(seq - (seq % 50));
            // The keyframe is the state route's view at that seq…
            const st = await get(`/api/matches/${matchId}/state?seq=${w.keyframe.seq}&as=${v.as}`);
            expect(jsonEqual(w.keyframe.state, st.state), `${v.as} keyframe at ${w.keyframe.seq}`).toBe(true);
            // …the events are the events route's, from just after the keyframe to 30 past the playhead…
            const to = Math.min(seq + 30, last);
            expect(w.events).toEqual(all.slice(w.keyframe.seq, to));
            // …folding them onto the keyframe gives the state route's view at the playhead…
            const folded = w.events
              .filter((e) => e.seq <= seq)
              .reduce((s, e) => game.evolve(s, e), w.keyframe.state);
            const atSeq = await get(`/api/matches/${matchId}/state?seq=${seq}&as=${v.as}`);
            expect(jsonEqual(folded, atSeq.state), `${v.as} fold to ${seq}`).toBe(true);
            // …and the rest resumes from the events route: before the keyframe and after the window, no gap, no repeat.
            const before =
              w.keyframe.seq > 0 ? await allEvents(base, matchId, v.as, v.token, { to: w.keyframe.seq }) : [];
            const after = await allEvents(base, matchId, v.as, v.token, {
              from: w.keyframe.seq + w.events.length + 1,
            });
            expect([...before, ...w.events, ...after]).toEqual(all);
          }
        }
      },
    );
  }

  it('refuses what the state route refuses, with the same status', async () => {
    const base = stack.bases[0]!;
    const g = registry.ids()[0]!;
    const created = await api(base, '/api/matches', {
      token: organiser(),
      body: { game: g, players: [{ bot: 'greedy' }, { bot: 'random' }] },
    });
    const matchId = created.json.matchId as string;
    for (const q of ['as=judge', 'as=p1', 'seq=-1', 'seq=abc', 'after=99999', 'nonsense=1']) {
      const w = await api(base, `/api/matches/${matchId}/window?${q}`);
      const expected =
        q.startsWith('after') || q.startsWith('nonsense')
          ? 400
          : (await api(base, `/api/matches/${matchId}/state?${q}`)).status;
      expect(w.status, q).toBe(expected);
      expect(w.status).toBeGreaterThanOrEqual(400);
      expect(typeof w.json.message).toBe('string');
    }
    expect((await api(base, '/api/matches/no-such-match/window')).status).toBe(404);
  });
});
