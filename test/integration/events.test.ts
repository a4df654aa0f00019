// Events (issue 23) on Postgres + NATS: whole tournaments of 8 and 13 bot players for each game, run only through
// the event API (register, rounds, time, rulings) to their final standings, with the games played as Matchtape
// matches and reported from their MatchEnded; after every round the standings are published and equal a rebuild of
// the projection from the stream. The default run plays one 13-player event (Elemental Clash); MATCHTAPE_DEEP=1
// plays 8 and 13 players for every game, best of three (Alpha Clash's later games checked for its loser-goes-first
// rule).
import { roundTimeCalledDraft, roundTimeEndDrafts, verifyChain } from '@matchtape/engine';
import { mintToken } from '@matchtape/server';
import { nodeSha256, verifyEvents } from '@matchtape/store';
import type { EventView, MyEvent } from '@matchtape/server/events-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organiser, startStack, testGames, type Stack } from './server-helpers';

const registry = await testGames();
const DEEP = Boolean(process.env.MATCHTAPE_DEEP);
const BO3_GAME = 'alpha-clash';

let stack: Stack;
let base: string;
beforeAll(async () => {
  stack = await startStack({ roles: ['api', 'bots'] });
  base = stack.bases[0]!;
}, 120_000);
afterAll(() => stack?.cleanup());

const judge = () => mintToken({ role: 'judge', ttlSeconds: 3600 });

async function event(id: string): Promise<EventView> {
  const r = await api(base, `/api/events/${id}`);
  expect(r.status, r.text).toBe(200);
  return r.json as EventView;
}

/** Waits (polling the public view) until every pairing of the current round has its result. */
async function roundDone(id: string): Promise<EventView> {
  for (;;) {
    const v = await event(id);
    const r = v.rounds.at(-1)!;
    if (r.pairings.every((p) => p.result)) return v;
    await new Promise((res) => setTimeout(res, 250));
  }
}

async function createEvent(
  game: string,
  players: number,
  opts: { swissRounds: number; topCut: 0 | 2 | 4 | 8; bestOf: 1 | 3; extraTurns?: number },
) {
  const created = await api(base, '/api/events', {
    token: organiser(),
    body: { name: `${game} ${players}`, game, roundMinutes: 50, extraTurns: opts.extraTurns ?? 2, ...opts },
  });
  expect(created.status, created.text).toBe(201);
  const id = created.json.eventId as string;
  const presets = Object.keys(registry.get(game).presetDecks);
  const tokens: string[] = [];
  for (let i = 0; i < players; i++) {
    const r = await api(base, `/api/events/${id}/players`, {
      token: organiser(),
      body: { name: `Bot ${i + 1}`, deck: presets[i % presets.length], bot: i % 2 ? 'random' : 'greedy' },
    });
    expect(r.status, r.text).toBe(201);
    expect(r.json.invite).toBe(`/events/${id}#player=${r.json.token}`);
    tokens.push(r.json.token as string);
  }
  return { id, tokens };
}

/** Rebuilds the standings projection from the stream; it must equal the live one. */
async function expectRebuildEqual(id: string): Promise<void> {
  const rebuilt = await api(base, `/api/events/${id}/projection/rebuild`, {
    token: organiser(),
    method: 'POST',
  });
  expect(rebuilt.status, rebuilt.text).toBe(200);
  expect(rebuilt.json.rebuilt).toEqual(rebuilt.json.live);
  expect(rebuilt.json.equal).toBe(true);
}

/** Plays every round; returns the final view. */
async function playOut(id: string, onRound?: (v: EventView) => Promise<void>): Promise<EventView> {
  for (;;) {
    const started = await api(base, `/api/events/${id}/rounds`, { token: organiser(), method: 'POST' });
    expect(started.status, started.text).toBe(200);
    if (onRound) await onRound(started.json as EventView);
    const v = await roundDone(id);
    // Standings are published after every round, and the projection rebuilt from the stream equals the live one.
    const round = v.rounds.at(-1)!.round;
    expect(v.standingsRound, `standings after round ${round}`).toBe(round);
    await expectRebuildEqual(id);
    if (v.status === 'finished') return (await api(base, `/api/events/${id}`)).json as EventView;
  }
}

function checkSwiss(v: EventView, players: number, swissRounds: number): void {
  const met = new Set<string>();
  const byes = new Set<string>();
  for (const r of v.rounds.filter((x) => x.stage === 'swiss')) {
    for (const p of r.pairings) {
      if (p.p2 === null) {
        expect(byes.has(p.p1), `${p.p1} had a second bye`).toBe(false);
        byes.add(p.p1);
        continue;
      }
      const key = [p.p1, p.p2].sort().join('|');
      expect(met.has(key), `rematch ${key} in round ${r.round}`).toBe(false);
      met.add(key);
    }
    expect(r.pairings.filter((p) => p.p2 === null)).toHaveLength(players % 2);
  }
  expect(v.standings).toHaveLength(players);
  for (const s of v.standings) expect(s.points).toBeLessThanOrEqual(3 * swissRounds);
  expect(v.standings.map((s) => s.rank)).toEqual(v.standings.map((_, i) => i + 1));
  // Tiebreakers never fall under the 33% floor (OMW% has one only with an opponent).
  for (const s of v.standings) expect(Math.min(s.mwp, s.gwp)).toBeGreaterThanOrEqual(1 / 3 - 1e-9);
}

type Plan = { game: string; players: number; swissRounds: number; topCut: 0 | 4; bestOf: 1 | 3 };
/**
 * MATCHTAPE_DEEP=1: 8 players (three rounds) and 13 players (byes, four rounds, top 4) for every game, all best of
 * three, one after the other. The default run keeps one of them: the 13-player event of the fastest game (Elemental
 * Clash), besides the small events of "running an event" below. Measured one at a time on the shared 2-core machine
 * at load 10–24 (test time; node CPU of the whole vitest run in brackets where measured): Elemental Clash 8 → 25 s,
 * 13 → 79–108 s (27 s CPU); The Spoils 81 s, 205 s; Grand Archive 66 s, 224 s; Alpha Clash 67 s, 210 s. The old
 * default (Alpha Clash, 8 players, best of one) took 60 s (19 s CPU) at load 20.
 */
const DEFAULT_PLAN: Plan[] = [{ game: 'elemental-clash', players: 13, swissRounds: 4, topCut: 4, bestOf: 3 }];
const plan: Plan[] = DEEP
  ? registry.ids().flatMap((game) => [
      { game, players: 8, swissRounds: 3, topCut: 0 as const, bestOf: 3 as const },
      { game, players: 13, swissRounds: 4, topCut: 4 as const, bestOf: 3 as const },
    ])
  : DEFAULT_PLAN.filter((p) => registry.ids().includes(p.game));

describe('events played by bots through the event API (Postgres + NATS)', () => {
  it.each(plan)(
    '$game: $players players, $swissRounds Swiss rounds, top cut $topCut, best of $bestOf',
    async ({ game, players, swissRounds, topCut, bestOf }) => {
      const { id, tokens } = await createEvent(game, players, { swissRounds, topCut, bestOf });
      let sawTable = false;
      const final = await playOut(id, async (v) => {
        // A player sees their own pairing and the join link of their table; the public view has no decklists.
        const me = (await api(base, `/api/events/${id}/me`, { token: tokens[0] })).json as MyEvent;
        if (me.table) {
          sawTable = true;
          expect(me.table.join).toBe(`/join/${me.table.seatToken}`);
          expect(
            v.rounds.at(-1)!.pairings.some((p) => p.games.some((g) => g.matchId === me.table!.matchId)),
          ).toBe(true);
        }
        expect(JSON.stringify(v)).not.toContain('"deck"');
      });
      expect(
        sawTable ||
          final.rounds.every((r) => r.pairings.find((p) => p.p1 === 'p1' || p.p2 === 'p1')?.p2 === null),
      ).toBe(true);
      expect(final.status).toBe('finished');
      checkSwiss(final, players, swissRounds);
      const top = final.rounds.filter((r) => r.stage === 'top');
      expect(top.map((r) => r.pairings.length)).toEqual(topCut === 4 ? [2, 1] : []);
      expect(final.winner).toBe(
        topCut ? top.at(-1)!.pairings[0]!.result!.winner : final.standings[0]!.player,
      );
      // Every game was a real match whose end was reported; best of N counted its games.
      const need = Math.ceil(bestOf / 2);
      for (const r of final.rounds)
        for (const p of r.pairings.filter((x) => x.p2 !== null)) {
          expect(p.games.every((g) => g.matchId && g.cause === 'match-ended')).toBe(true);
          for (const g of p.games) expect((await stack.store.getMatch(g.matchId!))?.status).toBe('ended');
          if (p.result!.winner)
            expect(Math.max(p.result!.p1Wins, p.result!.p2Wins) === need || p.games.length >= bestOf).toBe(
              true,
            );
        }
      if (bestOf === 3 && game === BO3_GAME) {
        // The loser of a game sits first (and goes first: CR 103.1) in the next.
        const pair = final.rounds
          .flatMap((r) => r.pairings)
          .find((p) => p.games.length > 1 && p.games[0]!.outcome !== 'draw')!;
        expect(pair, 'no pairing went to a second game').toBeDefined();
        expect(pair.games[1]!.first).not.toBe(pair.games[0]!.outcome);
      }
    },
    1_800_000,
  );
});

const GAME = registry.ids()[0]!;

describe('running an event: round time in every game', () => {
  it("every game takes a game's end at round time: RoundTimeCalled and RoundTimeEnded are in its schema, fold as markers and pass every view", () => {
    for (const id of registry.ids()) {
      const game = registry.get(id);
      const [over] = roundTimeEndDrafts(['p1', 'p2'], {
        eventId: 'e_x',
        round: 1,
        extraTurns: 3,
        turnAtTime: 4,
      });
      const called = roundTimeCalledDraft({ eventId: 'e_x', round: 1, extraTurns: 3 });
      for (const d of [called, over!]) {
        const e = { type: d.type, payload: d.payload };
        expect(game.eventSchema.safeParse(e).success, `${id} ${d.type}`).toBe(true);
        const s0 = game.initial();
        expect(game.evolve(s0, e), id).toEqual(s0);
        for (const v of ['public', 'p1', 'p2'] as const)
          expect(game.viewEvent(e, v).payload, `${id} as ${v}`).toEqual(e.payload);
      }
    }
  });
});

describe('running an event: entries, roles and invites', () => {
  it('checks decklists line by line, refuses the wrong roles, and late entries after round 1', async () => {
    const created = await api(base, '/api/events', {
      token: organiser(),
      body: { name: 'Roles', game: GAME, swissRounds: 1, bestOf: 1 },
    });
    const id = created.json.eventId as string;
    expect(
      (await api(base, '/api/events', { token: judge(), body: { name: 'x', game: GAME, swissRounds: 1 } }))
        .status,
    ).toBe(403);
    expect((await api(base, '/api/events', { body: { name: 'x', game: GAME, swissRounds: 1 } })).status).toBe(
      401,
    );
    const game = registry.get(GAME);
    const bad = await api(base, `/api/events/${id}/players`, {
      token: organiser(),
      body: { name: 'Ann', deck: `3 ${game.cards[0]!.name}\n2 Nonexistent Card Name` },
    });
    expect(bad.status, bad.text).toBe(422);
    expect(bad.json.lines.find((l: { line: number }) => l.line === 2)).toMatchObject({ ok: false });
    expect((await event(id)).players).toHaveLength(0);
    const preset = Object.keys(game.presetDecks)[0]!;
    for (const name of ['Ann', 'Bo', 'Cy'])
      expect(
        (
          await api(base, `/api/events/${id}/players`, {
            token: organiser(),
            body: { name, deck: preset, bot: 'greedy' },
          })
        ).status,
      ).toBe(201);
    const cy = await api(base, `/api/events/${id}/players`, {
      token: organiser(),
      body: { name: 'Di', deck: preset, bot: 'greedy' },
    });
    // A player drops themselves; another player's token cannot drop anyone else.
    expect(
      (await api(base, `/api/events/${id}/players/p1/drop`, { token: cy.json.token, body: {} })).status,
    ).toBe(403);
    expect(
      (
        await api(base, `/api/events/${id}/players/p4/drop`, {
          token: cy.json.token,
          body: { reason: 'had to leave' },
        })
      ).status,
    ).toBe(200);
    expect((await api(base, `/api/events/${id}/rounds`, { token: judge(), method: 'POST' })).status).toBe(
      403,
    );
    const r1 = await api(base, `/api/events/${id}/rounds`, { token: organiser(), method: 'POST' });
    expect(r1.status, r1.text).toBe(200);
    expect((r1.json as EventView).rounds[0]!.pairings.flatMap((p) => [p.p1, p.p2])).not.toContain('p4');
    expect(
      (
        await api(base, `/api/events/${id}/players`, {
          token: organiser(),
          body: { name: 'Late', deck: preset },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await api(base, `/api/events/${id}/results`, {
          token: organiser(),
          body: { round: 1, table: 1, ruling: 'draw', reason: 'x' },
        })
      ).status,
    ).toBe(403);
    expect((await api(base, `/api/events/${id}/stream.jsonl`)).status).toBe(401);
  }, 300_000);

  it("keeps the invite links for the organiser (any browser), a player's own for their token, and nobody else's", async () => {
    const { id, tokens } = await createEvent(GAME, 3, { swissRounds: 1, topCut: 0, bestOf: 1 });
    const other = await createEvent(GAME, 2, { swissRounds: 1, topCut: 0, bestOf: 1 });
    // A fresh organiser token: another browser than the one that registered the players.
    const all = await api(base, `/api/events/${id}/invites`, { token: organiser() });
    expect(all.status, all.text).toBe(200);
    expect(all.json).toEqual(
      tokens.map((t, i) => ({
        player: `p${i + 1}`,
        name: `Bot ${i + 1}`,
        dropped: false,
        invite: `/events/${id}#player=${t}`,
      })),
    );
    const own = await api(base, `/api/events/${id}/invites`, { token: tokens[1] });
    expect(own.status, own.text).toBe(200);
    expect(own.json).toEqual([all.json[1]]);
    expect((await api(base, `/api/events/${id}/invites`)).status).toBe(401);
    for (const token of [
      judge(),
      mintToken({ role: 'coverage', ttlSeconds: 600 }),
      mintToken({ role: 'public', ttlSeconds: 600 }),
      other.tokens[0]!,
    ])
      expect((await api(base, `/api/events/${id}/invites`, { token })).status).toBe(403);
    // No public read, and not the judges' copy of the stream, carries a player's token.
    const reads = [
      await api(base, `/api/events/${id}`),
      await api(base, `/api/events/${id}/pairings.json`),
      await api(base, `/api/events/${id}/stream.jsonl`, { token: judge() }),
    ];
    for (const r of reads) for (const t of tokens) expect(r.text).not.toContain(t);
    // A drop shows in the organiser's list.
    await api(base, `/api/events/${id}/players/p3/drop`, { token: organiser(), body: {} });
    const after = await api(base, `/api/events/${id}/invites`, { token: organiser() });
    expect(after.json[2]).toMatchObject({ player: 'p3', dropped: true });
  }, 120_000);
});

describe('running an event: time, rulings and exports', () => {
  it('time, extra turns, a judge ruling that changes the standings, exports and a verifiable stream', async () => {
    const { id } = await createEvent(GAME, 4, { swissRounds: 2, topCut: 0, bestOf: 1, extraTurns: 1 });
    await api(base, `/api/events/${id}/rounds`, { token: organiser(), method: 'POST' });
    // Time at once: each game plays one more turn (or ends), then is a draw.
    const timed = await api(base, `/api/events/${id}/time`, { token: judge(), method: 'POST' });
    expect(timed.status, timed.text).toBe(200);
    expect((timed.json as EventView).rounds[0]!.timeCalled).toMatchObject({ extraTurns: 1 });
    const v1 = await roundDone(id);
    for (const p of v1.rounds[0]!.pairings)
      expect(p.games[0]!.cause === 'time' ? p.result!.winner : 'ok').toBe(
        p.games[0]!.cause === 'time' ? null : 'ok',
      );
    // A game drawn at time stops playing exactly when its extra turn ends (MTR 2.5; bots at full speed, so a race
    // would show): its stream records RoundTimeCalled at the turn in progress ("turn 0"), then ends with
    // RoundTimeEnded and a drawn MatchEnded on turn 0 + 1, in the append that would have begun the next turn, with no
    // event of a later turn; all in the game's schema, and the match still verifies.
    const timedOut = v1.rounds[0]!.pairings.flatMap((p) => p.games).filter((g) => g.cause === 'time');
    expect(timedOut.length, 'no game ran into time').toBeGreaterThan(0);
    const game = registry.get(GAME);
    for (const g of timedOut) {
      expect((await stack.store.getMatch(g.matchId!))?.status).toBe('ended');
      const events = await stack.store.readStream(g.matchId!);
      const called = events.filter((e) => e.type === 'RoundTimeCalled');
      expect(called).toHaveLength(1);
      expect(called[0]!.payload).toEqual({ eventId: id, round: 1, extraTurns: 1 });
      expect(called[0]!).toMatchObject({ cause: { system: true }, rule: 'MTR 2.5' });
      const [over, ended] = events.slice(-2);
      expect(over!.type).toBe('RoundTimeEnded');
      expect(over!.payload).toMatchObject({
        eventId: id,
        round: 1,
        extraTurns: 1,
        turnAtTime: called[0]!.turn,
      });
      expect(over!.cause).toEqual({ system: true });
      expect(ended!.type).toBe('MatchEnded');
      expect(ended!.payload.winner).toBeNull();
      const lastTurn = called[0]!.turn + 1;
      expect(ended!.turn).toBe(lastTurn);
      expect(events.filter((e) => e.turn > lastTurn).map((e) => `${e.seq} ${e.type} turn ${e.turn}`)).toEqual(
        [],
      );
      // The game had reached its last turn's end: the command before the end was the one that closed that turn.
      expect(events.at(-3)!.turn).toBe(lastTurn);
      for (const e of [called[0]!, over!, ended!])
        expect(game.eventSchema.safeParse({ type: e.type, payload: e.payload }).success, e.type).toBe(true);
      expect(verifyEvents(events, (x) => (x === GAME ? game : null))).toMatchObject({
        ok: true,
        ended: true,
      });
    }
    await api(base, `/api/events/${id}/rounds`, { token: organiser(), method: 'POST' });
    const done = await roundDone(id);
    expect(done.status).toBe('finished');
    // The judge gives the round-2 table-1 player who lost (or drew) the match: the standings change.
    const t1 = done.rounds[1]!.pairings[0]!;
    const loser = t1.result!.winner === t1.p1 ? t1.p2! : t1.p1;
    const beforeRow = done.standings.find((s) => s.player === loser)!;
    const ruled = await api(base, `/api/events/${id}/results`, {
      token: judge(),
      body: {
        round: 2,
        table: 1,
        ruling: 'match-loss',
        player: t1.result!.winner ?? t1.p2,
        reason: 'deck registration error found after the round (MTR 3.5)',
      },
    });
    expect(ruled.status, ruled.text).toBe(200);
    const afterRow = (ruled.json as EventView).standings.find((s) => s.player === loser)!;
    expect(afterRow.points).toBe(beforeRow.points + (t1.result!.winner ? 3 : 2));
    // Exports: CSV and JSON of standings and pairings.
    const csv = await api(base, `/api/events/${id}/standings.csv`);
    expect(csv.text.split('\r\n')[0]).toBe('rank,player,name,points,record,mw%,omw%,gw%,ogw%,dropped');
    expect(csv.text.trim().split('\r\n')).toHaveLength(5);
    expect((await api(base, `/api/events/${id}/pairings.csv`)).text).toContain(
      'round,stage,table,player1,player2',
    );
    expect((await api(base, `/api/events/${id}/standings.json`)).json).toEqual(
      (ruled.json as EventView).standings,
    );
    // The stream: hash-chained like a match; the ruling is in it with its reason.
    const jsonl = await api(base, `/api/events/${id}/stream.jsonl`, { token: judge() });
    const [header, ...lines] = jsonl.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(header).toEqual({ format: 'matchtape-event-stream', eventId: id });
    expect(verifyChain(lines, nodeSha256)).toEqual({ ok: true });
    expect(lines.find((e) => e.type === 'ResultOverridden').payload.reason).toContain('MTR 3.5');
    expect(lines.filter((e) => e.type === 'RoundTimeCalled')).toHaveLength(1);
  }, 300_000);
});
