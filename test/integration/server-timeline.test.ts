// Timeline, stats and state-at-seq through the server on the embedded default (PGlite + in-process bus), with
// every game of the catalog: the timeline's bands tile the match, turns only go forward, key moments come
// from the game, and /state?seq equals the fold of the events the same viewer was served.
import { jsonEqual } from '@matchtape/engine';
import { buildTimeline, type TimelineIndex } from '@matchtape/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEvents, api, startStack, testGames, type Stack, organiser } from './server-helpers';

const registry = await testGames();
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ kind: 'pglite', snapshotEvery: 40 });
});
afterAll(() => stack?.cleanup());

describe('timeline and state through the server', () => {
  for (const g of registry.ids()) {
    it(`${g}: bands tile the match, key moments are marked, state at any seq is the fold of served events`, async () => {
      const base = stack.bases[0]!;
      const game = registry.get(g);
      const created = await api(base, '/api/matches', {
        token: organiser(),
        body: { game: g, players: [{ bot: 'greedy' }, { bot: 'random' }] },
      });
      const matchId = created.json.matchId as string;
      await stack.servers[0]!.bots!.track(matchId);
      const events = await allEvents(base, matchId, 'public');
      const last = events.length;
      const { timeline, stats } = (await api(base, `/api/matches/${matchId}/timeline`)).json as {
        timeline: TimelineIndex;
        stats: { events: number; eventsByType: Record<string, number> };
      };
      expect(timeline).toEqual(buildTimeline(game, events));
      for (const bands of [timeline.turns, timeline.phases]) {
        expect(bands[0]!.fromSeq).toBe(1);
        expect(bands[bands.length - 1]!.toSeq).toBe(last);
        for (let i = 1; i < bands.length; i++) expect(bands[i]!.fromSeq).toBe(bands[i - 1]!.toSeq + 1);
      }
      for (let i = 1; i < timeline.turns.length; i++)
        expect(timeline.turns[i]!.turn).toBeGreaterThan(timeline.turns[i - 1]!.turn);
      expect(timeline.keyMoments.length).toBeGreaterThan(0);
      expect(stats.events).toBe(last);
      expect(Object.values(stats.eventsByType).reduce((a, b) => a + b, 0)).toBe(last);
      // State at a few seqs (some between snapshots, one on a snapshot) = fold of the served public events.
      for (const seq of [1, 40, 57, Math.floor(last / 2), last]) {
        const st = await api(base, `/api/matches/${matchId}/state?seq=${seq}`);
        expect(st.json.seq).toBe(seq);
        const folded = events.slice(0, seq).reduce((s, e) => game.evolve(s, e), game.initial());
        expect(jsonEqual(st.json.state, folded), `state at ${seq}`).toBe(true);
      }
    });
  }
});
