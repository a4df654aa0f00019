// Clocks (real Postgres + NATS): the clock is derived from event times; a judge's added time counts exactly;
// when the seat that must act runs out, the match ends (the seat concedes) — also when the server that armed
// the reminder was restarted meanwhile, since the new one reads the clock from the store.
import { createServer, mintToken } from '@matchtape/server';
import type { ClockState, SeatInfo } from '@matchtape/server/table-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organiser, startStack, testGames, type Stack } from './server-helpers';

const registry = await testGames();
const GAME = registry.ids()[0]!;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ roles: ['api'] });
});
afterAll(() => stack?.cleanup());

describe('table clocks', () => {
  it('counts added time exactly, and ends the match on time after a server restart', async () => {
    const base = stack.bases[0]!;
    const preset = Object.keys(registry.get(GAME).presetDecks)[0]!;
    const created = await api(base, '/api/matches', {
      token: organiser(),
      body: { game: GAME, clock: { kind: 'chess', initialSeconds: 4, incrementSeconds: 0, onTimeout: 'loss' }, players: [{ name: 'Ada', kind: 'person', deck: preset }, { name: 'Bo', kind: 'person', deck: preset }] },
    });
    expect(created.status, created.text).toBe(201);
    const { matchId, seats } = created.json as { matchId: string; seats: Record<string, string> };
    expect((await api(base, '/api/matches', { token: organiser(), body: { game: GAME, clock: { kind: 'turn', secondsPerTurn: 30, onTimeout: 'draw' }, players: [{ name: 'A', kind: 'person' }, { name: 'B', kind: 'person' }] } })).status).toBe(422);

    const before = ((await api(base, `/api/matches/${matchId}/seat`, { token: seats.p1! })).json as SeatInfo).clock!;
    expect(before.kind).toBe('chess');
    const runner = before.running!;
    expect(['p1', 'p2']).toContain(runner);
    expect(before.remainingMs[runner]).toBeLessThanOrEqual(4000);
    const judge = mintToken({ role: 'judge', ttlSeconds: 600 });
    expect((await api(base, `/api/matches/${matchId}/clock`, { token: seats.p1!, body: { seat: runner, addSeconds: 1 } })).status).toBe(403);
    const after = (await api(base, `/api/matches/${matchId}/clock`, { token: judge, body: { seat: runner, addSeconds: 1 } })).json as ClockState;
    // Exactly one second more, less the time that ran between the two readings.
    expect(after.remainingMs[runner]! - before.remainingMs[runner]!).toBe(1000 - (Date.parse(after.asOf) - Date.parse(before.asOf)));
    const other = runner === 'p1' ? 'p2' : 'p1';
    // Spectators see it too, in the public match item.
    const item = await api(base, `/api/matches/${matchId}`);
    expect(item.json.clock).toMatchObject({ kind: 'chess', running: runner });
    expect(after.remainingMs[other]).toBe(4000);

    // Restart: the first server goes away before the time is up; a new one over the same store ends the match.
    await stack.servers[0]!.close();
    expect((await stack.store.getMatch(matchId))!.status).not.toBe('ended');
    const again = await createServer({ store: stack.store, bus: stack.bus, games: registry, roles: ['api'], bots: false });
    const base2 = await again.listen(0);
    try {
      for (let i = 0; i < 400 && (await stack.store.getMatch(matchId))!.status !== 'ended'; i++) await new Promise((r) => setTimeout(r, 50));
      expect((await stack.store.getMatch(matchId))!.status).toBe('ended');
      const events = await stack.store.readStream(matchId);
      const conceded = events.find((e) => (e.cause as { commandId?: string }).commandId === `clock-expired-${runner}`);
      expect(conceded, 'the seat out of time conceded').toBeDefined();
      expect(registry.get(GAME).status(events.reduce((s, e) => registry.get(GAME).evolve(s, e), registry.get(GAME).initial())).winner).toBe(other);
      const end = (await api(base2, `/api/matches/${matchId}/clock`)).json as ClockState;
      expect(end.running).toBeNull();
      expect(end.remainingMs[runner]).toBeLessThanOrEqual(0);
    } finally {
      await again.close();
      stack.servers.splice(0, 1);
    }
  }, 60_000);
});
