// Clocks (real Postgres + NATS): the clock is derived from event times; a judge's added time is a TimeAdded event
// on the match stream and counts exactly; when the seat that must act runs out, ClockExpired and MatchEnded go on
// the match stream (a loss for that seat, or a draw, as the option says) — also when the server that armed the
// reminder was restarted meanwhile, since the new one reads the clock from the store. Every game folds both.
import type { EventEnvelope } from '@matchtape/engine';
import { verifyEvents } from '@matchtape/store';
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

/** The stream ends with ClockExpired (system cause, its clock and outcome) and then MatchEnded naming `winner`. */
function expectEndedOnTime(
  events: readonly EventEnvelope[],
  expiry: { player: string; clock: string; onTimeout: string },
  winner: string | null,
): void {
  const [expired, ended] = events.slice(-2);
  expect(expired!.type).toBe('ClockExpired');
  expect(expired!.payload).toMatchObject(expiry);
  expect(expired!.cause).toEqual({ system: true });
  expect(ended!.type).toBe('MatchEnded');
  expect(ended!.payload.winner).toBe(winner);
  expect(String(ended!.payload.result)).toMatch(/ran out of time/);
  expect(events.filter((e) => e.type === 'ClockExpired')).toHaveLength(1);
}

describe('a chess clock that runs out ends the game in a draw, recorded on the match stream, in every game', () => {
  for (const gameId of registry.ids()) {
    it(`${gameId}: onTimeout "draw"`, async () => {
      const base = stack.bases[0]!;
      const game = registry.get(gameId);
      const preset = Object.keys(game.presetDecks)[0]!;
      const created = await api(base, '/api/matches', {
        token: organiser(),
        body: {
          game: gameId,
          clock: { kind: 'chess', initialSeconds: 1, incrementSeconds: 0, onTimeout: 'draw' },
          players: [
            { name: 'Ada', kind: 'person', deck: preset },
            { name: 'Bo', kind: 'person', deck: preset },
          ],
        },
      });
      expect(created.status, created.text).toBe(201);
      const { matchId } = created.json as { matchId: string };
      for (let i = 0; i < 400 && (await stack.store.getMatch(matchId))!.status !== 'ended'; i++)
        await new Promise((r) => setTimeout(r, 50));
      const events = await stack.store.readStream(matchId);
      const state = events.reduce((s, e) => game.evolve(s, e), game.initial());
      expect(game.status(state)).toMatchObject({ status: 'ended', winner: null });
      const runner = String(events.at(-2)?.payload.player);
      expectEndedOnTime(events, { player: runner, clock: 'chess', onTimeout: 'draw' }, null);
      // Every event the host recorded is one the game's own schema accepts.
      for (const e of events.slice(-2))
        expect(game.eventSchema.safeParse({ type: e.type, payload: e.payload }).success, e.type).toBe(true);
      const item = await api(base, `/api/matches/${matchId}`);
      expect(item.json).toMatchObject({ status: 'ended', winner: null });
      // The whole stream still verifies (chain, seals, seed revealed in MatchEnded, schema, fold, positions).
      const verified = verifyEvents(events, (id) => (registry.ids().includes(id) ? registry.get(id) : null));
      expect(verified.failure ?? null).toBeNull();
      expect(verified).toMatchObject({ ok: true, ended: true });
    }, 60_000);
  }
});

describe('table clocks', () => {
  it('counts added time exactly, and ends the match on time after a server restart', async () => {
    const base = stack.bases[0]!;
    const preset = Object.keys(registry.get(GAME).presetDecks)[0]!;
    const created = await api(base, '/api/matches', {
      token: organiser(),
      body: {
        game: GAME,
        clock: { kind: 'chess', initialSeconds: 4, incrementSeconds: 0, onTimeout: 'loss' },
        players: [
          { name: 'Ada', kind: 'person', deck: preset },
          { name: 'Bo', kind: 'person', deck: preset },
        ],
      },
    });
    expect(created.status, created.text).toBe(201);
    const { matchId, seats } = created.json as { matchId: string; seats: Record<string, string> };

    const before = ((await api(base, `/api/matches/${matchId}/seat`, { token: seats.p1! })).json as SeatInfo)
      .clock!;
    expect(before.kind).toBe('chess');
    const runner = before.running!;
    expect(['p1', 'p2']).toContain(runner);
    expect(before.remainingMs[runner]).toBeLessThanOrEqual(4000);
    const judge = mintToken({ role: 'judge', ttlSeconds: 600 });
    expect(
      (
        await api(base, `/api/matches/${matchId}/clock`, {
          token: seats.p1!,
          body: { seat: runner, addSeconds: 1 },
        })
      ).status,
    ).toBe(403);
    const after = (
      await api(base, `/api/matches/${matchId}/clock`, {
        token: judge,
        body: { seat: runner, addSeconds: 1 },
      })
    ).json as ClockState;
    // Exactly one second more, less the time that ran between the two readings.
    expect(after.remainingMs[runner]! - before.remainingMs[runner]!).toBe(
      1000 - (Date.parse(after.asOf) - Date.parse(before.asOf)),
    );
    const other = runner === 'p1' ? 'p2' : 'p1';
    // Spectators see it too, in the public match item.
    const item = await api(base, `/api/matches/${matchId}`);
    expect(item.json.clock).toMatchObject({ kind: 'chess', running: runner });
    expect(after.remainingMs[other]).toBe(4000);
    // The added time is a fact of the match: a TimeAdded event with the judge's token id, caused by the system.
    const added = (await stack.store.readStream(matchId)).filter((e) => e.type === 'TimeAdded');
    expect(added).toHaveLength(1);
    expect(added[0]!.payload).toMatchObject({ player: runner, ms: 1000 });
    expect(added[0]!.cause).toEqual({ system: true });

    // Restart: the first server goes away before the time is up; a new one over the same store ends the match.
    await stack.servers[0]!.close();
    expect((await stack.store.getMatch(matchId))!.status).not.toBe('ended');
    const again = await createServer({
      store: stack.store,
      bus: stack.bus,
      games: registry,
      roles: ['api'],
      bots: false,
    });
    const base2 = await again.listen(0);
    try {
      for (let i = 0; i < 400 && (await stack.store.getMatch(matchId))!.status !== 'ended'; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect((await stack.store.getMatch(matchId))!.status).toBe('ended');
      const events = await stack.store.readStream(matchId);
      expectEndedOnTime(events, { player: runner, clock: 'chess', onTimeout: 'loss' }, other);
      expect(
        registry
          .get(GAME)
          .status(events.reduce((s, e) => registry.get(GAME).evolve(s, e), registry.get(GAME).initial()))
          .winner,
      ).toBe(other);
      const end = (await api(base2, `/api/matches/${matchId}/clock`)).json as ClockState;
      expect(end.running).toBeNull();
      expect(end.remainingMs[runner]).toBeLessThanOrEqual(0);
    } finally {
      await again.close();
      stack.servers.splice(0, 1);
    }
  }, 60_000);
});
