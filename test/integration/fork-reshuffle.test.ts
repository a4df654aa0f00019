// A fork of a live match draws from its own seed after the fork point (issue 21): the copied state holds each deck in
// the live parent's secret order, so the fork reshuffles every hidden, randomly ordered zone right after the prefix —
// with a live parent in each game, on the real stack (Postgres + NATS). The fork's decks are not the parent's order,
// its seats draw other cards than the parent's players are about to, and what a seat is sent of the reshuffle names
// no card, so no order.
import { FORK_RESHUFFLE_CAUSE, Rng, type AnyGameModule, type EventEnvelope } from '@matchtape/engine';
import { mintToken, type MatchtapeServer } from '@matchtape/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEvents, api, organiser, startStack, testGames, type Stack } from './server-helpers';

const registry = await testGames();
let stack: Stack;
let base: string;
let server: MatchtapeServer;
beforeAll(async () => {
  stack = await startStack({ bots: false });
  base = stack.bases[0]!;
  server = stack.servers[0]!;
});
afterAll(() => stack?.cleanup());

const judge = () => mintToken({ role: 'judge', ttlSeconds: 600 });

type Deck = readonly { cardId: string }[];
/** Each game's hidden, randomly ordered zone in the judge state (its rules document decides; reshuffle.ts there). */
const DECK: Record<string, (state: unknown, seat: string) => Deck> = {
  'alpha-clash': (s, p) => (s as { players: Record<string, { deck: Deck }> }).players[p]!.deck,
  'grand-archive': (s, p) => (s as { players: Record<string, { mainDeck: Deck }> }).players[p]!.mainDeck,
  'the-spoils': (s, p) => (s as { players: Record<string, { deck: Deck }> }).players[p]!.deck,
  'elemental-clash': (s, p) => (s as { players: Record<string, { spellbook: Deck }> }).players[p]!.spellbook,
};
const names = (d: Deck): string[] => d.map((c) => c.cardId);

/** One command a random bot picks for whoever may act (never a concession); false when nobody may act. */
async function step(
  game: AnyGameModule,
  matchId: string,
  seats: Record<string, string>,
  rng: Rng,
  id: string,
  prefer?: RegExp,
): Promise<boolean> {
  const { state } = await server.host.current(matchId);
  const actor = game.actors(state)[0];
  const legal = actor ? game.legalCommands(state, actor).filter((c) => c.type !== 'Concede') : [];
  if (!actor || legal.length === 0) return false;
  const preferred = prefer ? legal.filter((c) => prefer.test(c.type)) : [];
  const { player: _p, ...cmd } =
    preferred.length > 0
      ? preferred[rng.int(preferred.length)]!
      : game.bots.random.choose(state, actor, legal, rng);
  const r = await api(base, `/api/matches/${matchId}/commands`, {
    token: seats[actor]!,
    body: { ...cmd, commandId: id },
  });
  expect(r.status, r.text).toBe(200);
  return true;
}

/**
 * Plays the fork on until every seat has taken 3 cards off the top of its deck (draws, mills; cards put under it do
 * not count, a deck that changes any other way stops the count for that seat) or 250 commands; returns the cards
 * taken, in order.
 */
/** Commands that end a step, a phase or a turn, or decline an option, in the four games. */
const MOVE_ON = /^(Pass|End|Finish|Done|Skip|Decline|Keep|Confirm)/;

async function drawsOf(
  game: AnyGameModule,
  matchId: string,
  seats: Record<string, string>,
): Promise<Record<string, string[]>> {
  const deck = DECK[game.id]!;
  const taken: Record<string, string[] | null> = Object.fromEntries(Object.keys(seats).map((p) => [p, []]));
  let before = (await server.host.current(matchId)).state;
  const rng = new Rng(`draws-${matchId}`);
  for (let i = 0; i < 250 && Object.values(taken).some((t) => t !== null && t.length < 3); i++) {
    // Moving on wherever the game allows it: turns pass and every seat reaches its draw before a card effect
    // searches or shuffles a deck (which ends the count for that seat; random play did so before p1's first
    // draw in a Spoils fork).
    if (!(await step(game, matchId, seats, rng, `d${i}`, MOVE_ON))) break;
    const after = (await server.host.current(matchId)).state;
    for (const p of Object.keys(seats)) {
      const [was, now] = [names(deck(before, p)), names(deck(after, p))];
      if (taken[p] === null) continue;
      // t cards off the top, the rest in place (cards put under the bottom may follow); none such: another change.
      const t = [...Array(was.length + 1).keys()].find(
        (k) => (k < was.length || now.length === 0) && was.slice(k).every((c, j) => now[j] === c),
      );
      taken[p] = t === undefined ? null : [...taken[p]!, ...was.slice(0, t)];
    }
    before = after;
  }
  return Object.fromEntries(Object.entries(taken).map(([p, t]) => [p, t ?? []]));
}

describe.each(registry.ids())('%s: a fork of a live match', (gameId) => {
  it("reshuffles every deck from its own seed: its seats do not draw the parent's next cards", async () => {
    const game = registry.get(gameId);
    const deck = DECK[gameId]!;
    const created = await api(base, '/api/matches', {
      token: organiser(),
      body: { game: gameId, players: [{ name: 'Ada' }, { name: 'Bo' }], spectatorDelaySeconds: 30 },
    });
    expect(created.status, created.text).toBe(201);
    const parent = created.json.matchId as string;
    const parentSeats = created.json.seats as Record<string, string>;
    const rng = new Rng(`parent-${gameId}`);
    for (let i = 0; i < 12; i++) if (!(await step(game, parent, parentSeats, rng, `p${i}`))) break;
    const at = (await server.host.current(parent)).lastSeq;
    const parentAt = (await server.host.current(parent)).state;

    // The review page's request ({ at, reseed: true }) and the bare one: no option needed; keeping the order is refused.
    const keep = await api(base, `/api/matches/${parent}/fork`, {
      token: judge(),
      body: { at, reshuffle: false },
    });
    expect([keep.status, keep.json.error]).toEqual([400, 'live_parent_order']);
    const bare = await api(base, `/api/matches/${parent}/fork`, { token: judge(), body: { at } });
    expect(bare.status, bare.text).toBe(201);
    const made = await api(base, `/api/matches/${parent}/fork`, {
      token: judge(),
      body: { at, reseed: true },
    });
    expect(made.status, made.text).toBe(201);
    for (const f of [bare.json, made.json])
      expect(f.forkOf).toMatchObject({ reseeded: true, reshuffled: true });
    const fork = made.json.matchId as string;
    const forkSeats = made.json.seats as Record<string, string>;
    const seats = Object.keys(forkSeats);

    // Right after the copied prefix: the game's own shuffle event per deck, Matchtape's action (no rule).
    const judged = await allEvents(base, fork, 'judge', judge());
    const shuffles = judged.slice(at);
    expect(shuffles.length).toBe(seats.length);
    for (const e of shuffles)
      expect([e.rule, e.cause]).toEqual([null, { system: true, host: FORK_RESHUFFLE_CAUSE }]);

    // The fork's decks: the same cards as the parent's at the fork point, not in the parent's secret order.
    const forkStart = (await server.host.current(fork)).state;
    for (const p of seats) {
      const [was, now] = [names(deck(parentAt, p)), names(deck(forkStart, p))];
      expect(was.length, `${p}'s deck`).toBeGreaterThanOrEqual(10);
      expect([...now].sort()).toEqual([...was].sort());
      expect(now, `${p}'s deck order in the fork`).not.toEqual(was);
    }

    // What each fork seat is sent of the reshuffle names no card of any deck, and no draw of the generator.
    const cardNames = new Set(seats.flatMap((p) => names(deck(forkStart, p))));
    for (const p of seats) {
      const r = await api(base, `/api/matches/${fork}/events?from=${at + 1}&to=${at + shuffles.length}`, {
        token: forkSeats[p]!,
      });
      expect(r.status, r.text).toBe(200);
      const sent = r.json.events as EventEnvelope[];
      expect(sent.map((e) => e.type)).toEqual(shuffles.map((e) => e.type));
      const text = JSON.stringify(sent.map((e) => e.payload));
      expect(
        [...cardNames].filter((c) => text.includes(`"${c}"`)),
        `${p} is told these cards`,
      ).toEqual([]);
      for (const e of sent) expect(e.payload.random).toEqual({ from: null, to: null, draws: null });
    }

    // Played on, each fork seat draws from the fork's order: not the parent's next cards.
    const drawn = await drawsOf(game, fork, forkSeats);
    for (const p of seats) {
      const n = drawn[p]!.length;
      expect(n, `${p} drew in the fork`).toBeGreaterThanOrEqual(1);
      expect(drawn[p], `${p} drew the fork's top cards`).toEqual(names(deck(forkStart, p)).slice(0, n));
      if (n >= 3)
        expect(drawn[p], `${p}'s draws are the parent's next cards`).not.toEqual(
          names(deck(parentAt, p)).slice(0, n),
        );
    }
    expect(
      Object.values(drawn).some((d) => d.length >= 3),
      'a seat drew 3+ cards',
    ).toBe(true);
    const v = await api(base, `/api/matches/${fork}/verification`, { token: judge() });
    expect([v.status, v.json.ok], v.text).toEqual([200, true]);
  }, 300_000);
});
