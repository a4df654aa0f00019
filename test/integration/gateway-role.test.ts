// Spectator gateways as their own role: instance A (api, relay, projector, bots) plays a bot match; instance B runs
// only `gateway` (no command route, no engine state: with NATS its feeds read JetStream consumers and the store).
// Spectators on B — judge (events subject) and public (the public subject) — get exactly the stored stream, and
// resume with Last-Event-ID without gap or duplicate; B refuses commands (no such route).
import type { EventEnvelope } from '@matchtape/engine';
import { mintToken, openSse } from '@matchtape/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organiser, startStack, testGames, type Stack } from './server-helpers';

const registry = await testGames();
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    instances: 2,
    instanceRoles: [['api', 'relay', 'projector', 'bots'], ['gateway']],
    bots: { minDelayMs: 0, maxDelayMs: 2, scanMs: 1000 },
  });
});
afterAll(() => stack?.cleanup());

async function follow(url: string, token: string | undefined, cutAfter: number): Promise<EventEnvelope[]> {
  const got: EventEnvelope[] = [];
  let ended = false;
  for (let round = 0; round < 500 && !ended; round++) {
    let n = 0;
    const c = await openSse(
      url,
      (m) => {
        if (m.event === 'end') ended = true;
        if (m.event !== 'event') return;
        got.push(JSON.parse(m.data) as EventEnvelope);
        if (++n === cutAfter) c.abort();
      },
      { ...(token ? { token } : {}), ...(got.length ? { lastEventId: got.at(-1)!.seq } : {}) },
    );
    expect(c.status, c.error).toBe(200);
    await c.done;
  }
  return got;
}

describe('gateway role', () => {
  it('serves the stored stream from an instance that holds no engine state', async () => {
    const [a, b] = stack.bases as [string, string];
    expect(stack.servers[1]!.roles).toEqual(['gateway']);
    const game = registry.get(registry.ids()[0]!);
    const created = await api(a, '/api/matches', {
      token: organiser(),
      body: { game: game.id, players: [{ bot: 'random' }, { bot: 'random' }], spectatorDelaySeconds: 0 },
    });
    expect(created.status).toBe(201);
    const matchId = created.json.matchId as string;
    // The gateway instance has no command route.
    const refused = await api(b, `/api/matches/${matchId}/commands`, {
      token: created.json.seats.p1,
      body: { commandId: 'x', type: 'Pass' },
    });
    expect(refused.status).toBe(404);
    const judge = mintToken({ role: 'judge', ttlSeconds: 600 });
    const [jud, pub] = await Promise.all([
      follow(`${b}/api/matches/${matchId}/live`, judge, 97),
      follow(`${b}/api/matches/${matchId}/live`, undefined, 131),
    ]);
    const stored = await stack.store.readStream(matchId);
    expect(stored.at(-1)!.type).toBe('MatchEnded');
    expect(jud).toEqual(stored);
    expect(pub).toEqual(stored.map((e) => game.viewEvent(e, 'public')));
    // B held no match in its engine host and read everything through the bus.
    const health = (await api(b, '/api/health', { token: mintToken({ role: 'ops', ttlSeconds: 600 }) })).json;
    expect(health.gateway.source).toBe('nats');
    expect(health.roles).toEqual(['gateway']);
  }, 240_000);
});
