// Seats for people (real Postgres + NATS): an organiser's table waits for decks, answers a bad deck line by line,
// starts when the last deck is in; invites seat the same seat every time; practice matches need no token and
// are marked in the list; a refused command carries the rule's text.
import { deckText, ManualTimers, openSse, parseDeckText, type SseMessage } from '@matchtape/server';
import type { DeckRefused, SeatInfo, TableActions } from '@matchtape/server/table-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organiser, startStack, testGames, type Stack } from './server-helpers';

const registry = await testGames();
const GAME = registry.ids().includes('alpha-clash') ? 'alpha-clash' : registry.ids()[0]!;

let stack: Stack;
let base: string;
/** The presence grace period's clock: it passes only when a test fires it. */
const presenceTimers = new ManualTimers();
beforeAll(async () => {
  stack = await startStack({ roles: ['api', 'bots'], presence: { timers: presenceTimers } });
  base = stack.bases[0]!;
});
afterAll(() => stack?.cleanup());

describe('player tables', () => {
  it('waits for both decks, answers a bad deck line by line, then starts', async () => {
    const game = registry.get(GAME);
    const created = await api(base, '/api/matches', {
      token: organiser(),
      body: {
        game: GAME,
        players: [
          { name: 'Ada', kind: 'person' },
          { name: 'Bo', kind: 'person' },
        ],
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.status).toBe('waiting-deck');
    const { matchId, invites } = created.json as { matchId: string; invites: Record<string, string> };
    expect(invites.p1).toMatch(/^\/join\/.+/);

    // Joining twice (a second device) seats the same seat.
    const code = invites.p1!.slice('/join/'.length);
    const j1 = await api(base, '/api/join', { body: { code } });
    const j2 = await api(base, '/api/join', { body: { code } });
    expect(j1.status, j1.text).toBe(200);
    expect(j1.json).toMatchObject({ matchId, seat: 'p1', name: 'Ada' });
    expect(j2.json.seat).toBe('p1');
    const p1 = j1.json.seatToken as string;
    const p2 = (await api(base, '/api/join', { body: { code: invites.p2!.slice(6) } })).json
      .seatToken as string;
    expect((await api(base, '/api/join', { body: { code: 'mt1.forged.code' } })).status).toBe(404);

    const seat = (await api(base, `/api/matches/${matchId}/seat`, { token: p1 })).json as SeatInfo;
    expect(seat).toMatchObject({
      seat: 'p1',
      name: 'Ada',
      status: 'waiting-deck',
      deck: { submitted: false },
      opponents: [{ seat: 'p2', name: 'Bo', deckSubmitted: false }],
    });
    expect(seat.deck.presets).toEqual(Object.keys(game.presetDecks));
    // Each preset written out reads back as the same deck (the deck step's text area starts from it).
    for (const [name, text] of Object.entries(seat.deck.presetTexts)) {
      const back = parseDeckText(game, text);
      expect(back.ok, `${name}: ${JSON.stringify(back)}`).toBe(true);
      if (back.ok) {
        expect([...back.deck.main].sort()).toEqual([...game.presetDecks[name]!.main].sort());
        expect(
          Object.fromEntries(Object.entries(back.deck.extra ?? {}).map(([k, v]) => [k, [...v].sort()])),
        ).toEqual(
          Object.fromEntries(
            Object.entries(game.presetDecks[name]!.extra ?? {}).map(([k, v]) => [k, [...v].sort()]),
          ),
        );
      }
    }
    // A heading the game does not have is refused on its line.
    const heading = parseDeckText(game, 'Sideboard:');
    expect(heading.ok).toBe(false);
    if (!heading.ok) expect(heading.lines[0]).toMatchObject({ line: 1, ok: false });
    const waiting = (await api(base, `/api/matches/${matchId}/actions`, { token: p1 })).json as TableActions;
    expect(waiting).toMatchObject({ status: 'waiting-deck', offers: [], prompt: { kind: 'deck' } });

    // A deck with an unknown card: that line says so, the others are fine; nothing is stored.
    const bad = await api(base, `/api/matches/${matchId}/deck`, {
      token: p1,
      body: { text: `3 ${game.cards[0]!.name}\n2 Nonexistent Card Name` },
    });
    expect(bad.status, bad.text).toBe(422);
    const lines = (bad.json as DeckRefused).lines;
    expect(lines.find((l) => l.line === 1)).toMatchObject({ ok: true });
    expect(lines.find((l) => l.line === 2)).toMatchObject({ ok: false });
    expect(lines.find((l) => l.line === 2)!.message).toContain('Nonexistent Card Name');
    // A known card but an illegal deck: the game's own words.
    const small = await api(base, `/api/matches/${matchId}/deck`, {
      token: p1,
      body: { text: `1 ${game.cards[0]!.name}` },
    });
    expect(small.status).toBe(422);
    expect((small.json as DeckRefused).lines.some((l) => !l.ok && (l.message ?? '').length > 10)).toBe(true);
    expect((await api(base, `/api/matches/${matchId}/seat`, { token: p1 })).json.deck.submitted).toBe(false);

    const [first, second] = Object.keys(game.presetDecks);
    const ok1 = await api(base, `/api/matches/${matchId}/deck`, { token: p1, body: { preset: first } });
    expect(ok1.json).toEqual({ ok: true, status: 'waiting-deck' });
    expect((await api(base, `/api/matches/${matchId}`)).status).toBe(404); // not a match yet
    // The second deck as text (the preset written out): the match starts.
    const ok2 = await api(base, `/api/matches/${matchId}/deck`, {
      token: p2,
      body: { text: deckText(game, game.presetDecks[second ?? first!]!) },
    });
    expect(ok2.status, ok2.text).toBe(200);
    expect(ok2.json).toEqual({ ok: true, status: 'playing' });
    expect(
      (await api(base, `/api/matches/${matchId}/deck`, { token: p2, body: { preset: first } })).status,
    ).toBe(409);
    const started = (await api(base, `/api/matches/${matchId}/seat`, { token: p2 })).json as SeatInfo;
    expect(started.status).toBe('playing');
    const actions = await api(base, `/api/matches/${matchId}/actions`, { token: p1 });
    expect(actions.json.status).toBe('playing');
    expect(actions.json.seq).toBeGreaterThan(0);

    // A command that is not legal now: refused with the rule's text.
    const refused = await api(base, `/api/matches/${matchId}/commands`, {
      token: p1,
      body: { type: 'PassPriority', commandId: 'refused-1' },
    });
    const refusedAgain =
      refused.status === 422
        ? refused
        : await api(base, `/api/matches/${matchId}/commands`, {
            token: p2,
            body: { type: 'EndTurn', commandId: 'refused-2' },
          });
    expect(refusedAgain.status, refusedAgain.text).toBe(422);
    expect(typeof refusedAgain.json.rule).toBe('string');
    expect(
      typeof refusedAgain.json.ruleText,
      `rule ${refusedAgain.json.rule} has text in the rules document`,
    ).toBe('string');
  }, 60_000);

  it('a practice match needs no token, seats p1 against a greedy bot and is marked in the list', async () => {
    const res = await api(base, '/api/practice', { body: { game: GAME, name: 'Solo' } });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ seat: 'p1', practice: true });
    const { matchId, seatToken } = res.json as { matchId: string; seatToken: string };
    const seat = (await api(base, `/api/matches/${matchId}/seat`, { token: seatToken })).json as SeatInfo;
    expect(seat).toMatchObject({
      status: 'playing',
      practice: true,
      opponents: [{ seat: 'p2', name: 'Greedy', bot: true, connected: true }],
    });
    const list = await api(base, `/api/matches?game=${GAME}`);
    const item = (
      list.json.matches as { matchId: string; practice?: boolean; players: { bot: string | null }[] }[]
    ).find((m) => m.matchId === matchId);
    expect(item?.practice).toBe(true);
    expect(item?.players[1]?.bot).toBe('greedy');
    // The bot answers on its own: eventually the table is waiting for the player, or the bot has acted.
    const a = (await api(base, `/api/matches/${matchId}/actions`, { token: seatToken })).json as TableActions;
    expect(a.you).toBe('p1');
    expect(a.waitingFor?.name ?? 'Greedy').toBe('Greedy');
    // Bad input changes nothing: an unknown game is a 404 naming the games.
    const bad = await api(base, '/api/practice', { body: { game: 'no-such-game', name: 'X' } });
    expect(bad.status).toBe(404);
  }, 30_000);
});

/** Waits (up to a generous bound, not a timing claim) until `cond` holds. */
async function until(cond: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`gave up waiting: ${what}`);
}

describe('deck text', () => {
  it('every preset of every game, written out as "3 Card Name" lines, reads back as the same deck', () => {
    const sorted = (d: { main: string[]; extra?: Record<string, string[]> }) => ({
      main: [...d.main].sort(),
      extra: Object.fromEntries(Object.entries(d.extra ?? {}).map(([k, v]) => [k, [...v].sort()])),
    });
    for (const id of registry.ids()) {
      const game = registry.get(id);
      for (const [name, deck] of Object.entries(game.presetDecks)) {
        const back = parseDeckText(game, deckText(game, deck));
        expect(back.ok, `${id} ${name}: ${JSON.stringify(back).slice(0, 400)}`).toBe(true);
        if (back.ok) expect(sorted(back.deck)).toEqual(sorted(deck));
      }
    }
  });
});

describe('presence', () => {
  it("a seat's live connection is shown to the other seat (GET …/seat, SSE presence); a drop only after the grace period, a reconnect within it never", async () => {
    const game = registry.get(GAME);
    const preset = Object.keys(game.presetDecks)[0]!;
    const created = await api(base, '/api/matches', {
      token: organiser(),
      body: {
        game: GAME,
        players: [
          { name: 'Ada', kind: 'person', deck: preset },
          { name: 'Bo', kind: 'person', deck: preset },
        ],
      },
    });
    const { matchId, seats } = created.json as { matchId: string; seats: Record<string, string> };
    const connectedP1 = async () =>
      ((await api(base, `/api/matches/${matchId}/seat`, { token: seats.p2! })).json as SeatInfo).opponents[0]!
        .connected;
    const live = `${base}/api/matches/${matchId}/live`;
    expect(await connectedP1()).toBe(false);
    const seen: SseMessage[] = [];
    const presence = () =>
      seen.filter((m) => m.event === 'presence').map((m) => JSON.parse(m.data) as Record<string, unknown>);
    const p2 = await openSse(live, (m) => seen.push(m), { token: seats.p2! });
    let p1 = await openSse(live, () => undefined, { token: seats.p1! });
    expect(p1.status).toBe(200);
    await until(() => presence().length > 0, 'p2 hears that p1 came');
    expect(presence()).toEqual([{ seat: 'p1', connected: true }]);
    expect(await connectedP1()).toBe(true);

    // p1's connection closes and opens again within the grace period (the site reopening its one connection,
    // a retry under load): p2 is told nothing, and the seat route says connected all along.
    p1.abort();
    await until(() => presenceTimers.size === 1, 'the server sees p1 go');
    expect(await connectedP1()).toBe(true);
    p1 = await openSse(live, () => undefined, { token: seats.p1! });
    await until(() => presenceTimers.size === 0, 'the server sees p1 back');
    presenceTimers.fireAll();
    expect(presence()).toEqual([{ seat: 'p1', connected: true }]);
    expect(await connectedP1()).toBe(true);

    // A real drop: shown once the grace period has passed.
    p1.abort();
    await until(() => presenceTimers.size === 1, 'the server sees p1 go');
    expect(presence()).toEqual([{ seat: 'p1', connected: true }]);
    presenceTimers.fireAll();
    await until(() => presence().some((f) => f.connected === false), 'p2 hears that p1 left');
    // Frames on p2's one connection arrive in order: had the reconnect above been announced, its "left" and
    // "came" would be here before this one.
    expect(presence()).toEqual([
      { seat: 'p1', connected: true },
      { seat: 'p1', connected: false },
    ]);
    expect(await connectedP1()).toBe(false);
    // p2's own connection is never announced to itself.
    expect(presence().every((f) => f.seat === 'p1')).toBe(true);
    // A new connection is first told where the other seats are now, so a frame missed while a stream was
    // reopening (the site's upstream re-read under load) does not leave a seat shown wrong for good.
    const again: SseMessage[] = [];
    const p2b = await openSse(live, (m) => again.push(m), { token: seats.p2! });
    await until(() => again.some((m) => m.event === 'presence'), "p2's new connection hears where p1 is");
    expect(again.filter((m) => m.event === 'presence').map((m) => JSON.parse(m.data) as unknown)).toEqual([
      { seat: 'p1', connected: false },
    ]);
    p2b.abort();
    p2.abort();
    await until(() => presenceTimers.size === 1, 'the server sees p2 go');
    presenceTimers.fireAll();
    // Concede is one offer, whoever's turn it is; taking it ends the match.
    const offers = (
      (await api(base, `/api/matches/${matchId}/actions`, { token: seats.p2! })).json as TableActions
    ).offers;
    const concede = offers.filter((o) => o.kind === 'concede');
    expect(concede).toHaveLength(1);
    const out = await api(base, `/api/matches/${matchId}/commands`, {
      token: seats.p2!,
      body: { ...concede[0]!.command, commandId: 'concede-1' },
    });
    expect(out.status, out.text).toBe(200);
    expect(
      ((await api(base, `/api/matches/${matchId}/actions`, { token: seats.p1! })).json as TableActions)
        .status,
    ).toBe('ended');
  }, 60_000);
});

describe("player tables in `npm start`'s embedded default (PGlite, in-process bus)", () => {
  it('a practice match and a table waiting for a deck work on PGlite', async () => {
    const embedded = await startStack({ kind: 'pglite', roles: ['api', 'bots'] });
    try {
      const b = embedded.bases[0]!;
      const practice = await api(b, '/api/practice', { body: { game: GAME, name: 'Solo' } });
      expect(practice.status, practice.text).toBe(201);
      const created = await api(b, '/api/matches', {
        token: organiser(),
        body: {
          game: GAME,
          players: [
            { name: 'Ada', kind: 'person' },
            { name: 'Bot', kind: 'bot' },
          ],
        },
      });
      expect(created.json.status).toBe('waiting-deck');
      const preset = Object.keys(registry.get(GAME).presetDecks)[0]!;
      const deck = await api(b, `/api/matches/${created.json.matchId}/deck`, {
        token: created.json.seats.p1,
        body: { preset },
      });
      expect(deck.json).toEqual({ ok: true, status: 'playing' });
    } finally {
      await embedded.cleanup();
    }
  }, 60_000);
});
