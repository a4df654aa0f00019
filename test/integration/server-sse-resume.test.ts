// SSE resume: a spectator disconnects at random points of a live match and reconnects with Last-Event-ID
// (alternating between two server instances); its list ends equal to the stored one: no gap, no duplicate.
import { Rng, type EventEnvelope } from '@matchtape/engine';
import { mintToken, openSse } from '@matchtape/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, testGames, startStack, type Stack, organiser } from './server-helpers';

const registry = await testGames();
const gameIds = registry.ids();
const getGame = (id: string) => registry.get(id);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ instances: 2, bots: { minDelayMs: 2, maxDelayMs: 8, scanMs: 1000 } });
});
afterAll(() => stack?.cleanup());

async function follow(
  matchId: string,
  as: string,
  token: string | undefined,
  rng: Rng,
): Promise<{ ids: number[]; events: EventEnvelope[]; reconnects: number }> {
  const ids: number[] = [];
  const events: EventEnvelope[] = [];
  let reconnects = 0;
  for (let round = 0; round < 2000; round++) {
    let ended = false;
    const cutAfter = 1 + rng.int(80);
    let n = 0;
    const base = stack.bases[round % stack.bases.length]!;
    const c = await openSse(
      `${base}/api/matches/${matchId}/live?as=${as}`,
      (m) => {
        if (m.event === 'end') ended = true;
        if (m.event !== 'event') return;
        ids.push(Number(m.id));
        events.push(JSON.parse(m.data) as EventEnvelope);
        if (++n === cutAfter) c.abort();
      },
      { ...(token ? { token } : {}), ...(ids.length ? { lastEventId: ids[ids.length - 1]! } : {}) },
    );
    expect(c.status).toBe(200);
    await c.done;
    if (ended) break;
    reconnects++;
  }
  return { ids, events, reconnects };
}

describe('SSE resume with Last-Event-ID', () => {
  it('gives every viewer exactly the stored list across random disconnects and instances', async () => {
    const rng = new Rng('sse-resume');
    for (const g of gameIds) {
      const created = await api(stack.bases[0]!, '/api/matches', {
        token: organiser(),
        body: { game: g, players: [{ bot: 'random' }, { bot: 'random' }] },
      });
      const matchId = created.json.matchId as string;
      const judge = mintToken({ role: 'judge', ttlSeconds: 600 });
      const [pub, p1, jud] = await Promise.all([
        follow(matchId, 'public', undefined, rng),
        follow(matchId, 'p1', created.json.seats.p1, rng),
        follow(matchId, 'judge', judge, rng),
      ]);
      const stored = await stack.store.readStream(matchId);
      const game = getGame(g);
      expect(pub.reconnects + p1.reconnects + jud.reconnects).toBeGreaterThan(3);
      expect(jud.ids).toEqual(stored.map((e) => e.seq));
      expect(jud.events).toEqual(stored);
      expect(pub.events).toEqual(stored.map((e) => game.viewEvent(e, 'public')));
      expect(p1.events).toEqual(stored.map((e) => game.viewEvent(e, 'p1')));
    }
    // Four whole bot matches, each followed by three viewers through hundreds of reconnects: 82 s at load 10, past
    // the default minute on a loaded machine. A bound on a hang, not a timing.
  }, 300_000);
});
