// The featured table's live stream (GET /api/events/:id/featured/live) on Postgres + NATS with two server
// instances: a producer switches twice on one instance; a client of each instance gets the switches as
// `event: featured` frames, in order, each no sooner than its FeaturedTableChanged's time plus the event's delay
// (what GET /featured would answer then), and the same views as GET answers afterwards.
import { openSse, type SseMessage } from '@matchtape/server';
import type { FeaturedView } from '@matchtape/server/events-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organiser, startStack, testGames, type Stack } from './server-helpers';

const registry = await testGames();
const GAME = registry.ids().includes('elemental-clash') ? 'elemental-clash' : registry.ids()[0]!;
const DELAY_S = 2;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ bots: false, instances: 2 });
}, 120_000);
afterAll(() => stack?.cleanup());

async function until(cond: () => boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the featured table over SSE', () => {
  it('pushes each switch once its delay has passed, never sooner, to clients of either instance', async () => {
    const [a, b] = stack.bases as [string, string];
    const created = await api(a, '/api/events', {
      token: organiser(),
      body: {
        name: 'Featured live',
        game: GAME,
        swissRounds: 1,
        bestOf: 1,
        roundMinutes: 50,
        spectatorDelaySeconds: DELAY_S,
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.eventId as string;
    const presets = Object.keys(registry.get(GAME).presetDecks);
    for (let i = 0; i < 4; i++) {
      const r = await api(a, `/api/events/${id}/players`, {
        token: organiser(),
        body: { name: `P${i + 1}`, deck: presets[i % presets.length], bot: 'greedy' },
      });
      expect(r.status, r.text).toBe(201);
    }
    expect((await api(a, `/api/events/${id}/rounds`, { token: organiser(), method: 'POST' })).status).toBe(
      200,
    );

    const got: Record<string, { v: FeaturedView; t: number }[]> = { a: [], b: [] };
    const conns = await Promise.all(
      (['a', 'b'] as const).map((k) =>
        openSse(`${k === 'a' ? a : b}/api/events/${id}/featured/live`, (m: SseMessage) => {
          if (m.event === 'featured') got[k]!.push({ v: JSON.parse(m.data) as FeaturedView, t: Date.now() });
        }),
      ),
    );
    expect(conns.map((c) => c.status)).toEqual([200, 200]);
    await until(() => got.a!.length === 1 && got.b!.length === 1, 'the first frame on both');
    expect(got.a![0]!.v.featured).toBeNull();

    for (const table of [1, 2]) {
      const r = await api(a, `/api/events/${id}/featured`, { token: organiser(), body: { round: 1, table } });
      expect(r.status, r.text).toBe(200);
    }
    await until(
      () => [got.a!, got.b!].every((l) => l.at(-1)?.v.featured?.table === 2),
      'the second switch on both instances',
    );

    const stream = await fetch(`${a}/api/events/${id}/stream.jsonl`, {
      headers: { authorization: `Bearer ${organiser()}` },
    });
    const switches = (await stream.text())
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l) as { type: string; at: string; payload: { table: number | null } })
      .filter((e) => e.type === 'FeaturedTableChanged')
      .map((e) => ({ at: Date.parse(e.at), table: e.payload.table }));
    expect(switches.map((s) => s.table)).toEqual([1, 2]);
    for (const [k, frames] of Object.entries(got)) {
      // A frame per change (a switch may be passed over when the next comes within the same moment), in order.
      const tables = frames.map((f) => f.v.featured?.table ?? null);
      expect(tables[0], k).toBeNull();
      expect(tables.at(-1), k).toBe(2);
      const order = tables.map((t) => (t === null ? -1 : switches.findIndex((s) => s.table === t)));
      expect(
        order.every((x, i) => i === 0 || x > order[i - 1]!),
        `${k}: one frame per change, never back`,
      ).toBe(true);
      for (const f of frames.slice(1)) {
        const sw = switches.find((s) => s.table === f.v.featured!.table)!;
        expect(f.t, `${k}: table ${sw.table} reached the client before its delay`).toBeGreaterThanOrEqual(
          sw.at + DELAY_S * 1000,
        );
        expect(
          Date.parse(f.v.asOf),
          `${k}: the view is as of a moment past the switch`,
        ).toBeGreaterThanOrEqual(sw.at);
        expect(f.v.featured!.matchId, `${k}: the table's game`).toMatch(/^m_/);
      }
    }
    // The stream and GET agree once both are past the switches.
    const now = await api(b, `/api/events/${id}/featured`);
    expect(now.json.featured).toEqual(got.b!.at(-1)!.v.featured);
    for (const c of conns) c.abort();
  });

  it('answers 404 for an event that does not exist', async () => {
    const r = await api(stack.bases[0]!, '/api/events/e_nothing/featured/live');
    expect(r.status).toBe(404);
  });
});
