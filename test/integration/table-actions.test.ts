// The player's table through the server (real Postgres + NATS): for one match of each game, played to its end
// only through what GET /actions offers (a bot of the game picks among the offers), at every step and for every
// seat the offered commands are exactly legalCommands for that seat (nothing more, nothing less), each with a
// label, and nothing in the answer names a card the seat cannot see (game.secrets).
import { Rng, canonicalJson, type Command, type PlayerId } from '@matchtape/engine';
import type { TableActions } from '@matchtape/server/table-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organiser, startStack, testGames, type Stack } from './server-helpers';

const registry = await testGames();

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ roles: ['api'], bots: false });
});
afterAll(() => stack?.cleanup());

const key = (c: Record<string, unknown>): string => {
  const { player: _p, commandId: _c, ...rest } = c;
  return canonicalJson(rest);
};

describe('GET /api/matches/:id/actions offers exactly legalCommands, in words, without leaks', () => {
  for (const gameId of registry.ids()) {
    it(`${gameId}: a whole match played through the offers`, async () => {
      const base = stack.bases[0]!;
      const server = stack.servers[0]!;
      const game = registry.get(gameId);
      const created = await api(base, '/api/matches', {
        token: organiser(),
        body: {
          game: gameId,
          players: [
            { name: 'Ada', kind: 'person', deck: Object.keys(game.presetDecks)[0] },
            {
              name: 'Bo',
              kind: 'person',
              deck: Object.keys(game.presetDecks)[1] ?? Object.keys(game.presetDecks)[0],
            },
          ],
        },
      });
      expect(created.status, created.text).toBe(201);
      expect(created.json.status).toBe('playing');
      expect(Object.keys(created.json.invites)).toEqual(['p1', 'p2']);
      const { matchId, seats } = created.json as { matchId: string; seats: Record<string, string> };
      let steps = 0;
      for (; steps < 3000; steps++) {
        const { state, lastSeq } = await server.host.current(matchId);
        if (game.status(state).status === 'ended') break;
        let act: { seat: PlayerId; offers: TableActions['offers'] } | null = null;
        for (const seat of ['p1', 'p2'] as PlayerId[]) {
          const res = await api(base, `/api/matches/${matchId}/actions`, { token: seats[seat]! });
          expect(res.status, res.text).toBe(200);
          const a = res.json as TableActions;
          expect(a.seq).toBe(lastSeq);
          expect(a.you).toBe(seat);
          const legal = (game.legalCommands(state, seat) as Command[]).map(key).sort();
          expect(a.offers.map((o) => key(o.command)).sort(), `${gameId} seq ${lastSeq} ${seat}`).toEqual(
            legal,
          );
          for (const o of a.offers) expect(o.label.length, JSON.stringify(o)).toBeGreaterThan(0);
          expect(new Set(a.offers.map((o) => o.key)).size).toBe(a.offers.length);
          for (const s of game.secrets(state, seat))
            expect(
              res.text.includes(`"${s}"`),
              `${gameId} seq ${lastSeq}: ${seat}'s actions show hidden ${s}`,
            ).toBe(false);
          if (a.offers.length > 0) expect(a.prompt).not.toBeNull();
          if (!act && a.offers.length > 0 && game.actors(state).includes(seat))
            act = { seat, offers: a.offers };
        }
        expect(act, `${gameId} seq ${lastSeq}: nobody could act`).not.toBeNull();
        // Act as a player would: one of the offers, picked by the game's bot (never conceding).
        const seat = act!.seat;
        const offered = act!.offers
          .filter((o) => o.kind !== 'concede')
          .map((o) => ({ ...o.command, player: seat }) as Command);
        const choice = game.bots.greedy.choose(state, seat, offered, new Rng(`table:${matchId}:${lastSeq}`));
        const { player: _p, ...command } = choice;
        const out = await api(base, `/api/matches/${matchId}/commands`, {
          token: seats[seat]!,
          body: { ...command, commandId: `t-${lastSeq}` },
        });
        expect(out.status, out.text).toBe(200);
      }
      const { state } = await server.host.current(matchId);
      expect(game.status(state).status).toBe('ended');
      const end = await api(base, `/api/matches/${matchId}/actions`, { token: seats.p1! });
      expect(end.json).toMatchObject({ status: 'ended', offers: [], prompt: null, waitingFor: null });
    }, 300_000);
  }
});
