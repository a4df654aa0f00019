// Invariant 6 on forks and position starts (issue 21): a judge's fork of a live match in each game, and a match
// started from a position, are sealed (v2) with their own key, so the full, public and seat copies the server's
// export writes (and a seat's copy) verify every byte, and every single-field change, added or removed field and swapped pair of events
// is refused naming a seq it touched (tamper-harness.ts). The fork-secrecy rules hold as before: while the parent
// plays the fork is no match to the public. A real server in-process on the embedded store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commitKey,
  redactCopy,
  Rng,
  type AnyGameModule,
  type CopyKind,
  type PlayerId,
} from '@matchtape/engine';
import { games } from '@matchtape/games';
import { mintToken, setTokenSecret, type MatchtapeServer } from '@matchtape/server';
import { apiServer, scenarioPosition, UNLIMITED } from '@matchtape/server/testing/api-server';
import { openStore, withholdsSeed, type EventStore } from '@matchtape/store';
import { parseJsonl } from './jsonl';
import { tamperCopy } from './tamper-harness';

const GAMES = ['alpha-clash', 'grand-archive', 'the-spoils', 'elemental-clash'];
const DEEP = process.env.MATCHTAPE_DEEP === '1';
const EVENTS_PER_COPY = DEEP ? 4 : 2;
const MUTATIONS_PER_EVENT = DEEP ? Infinity : 5;

let store: EventStore;
let server: MatchtapeServer;
let organiser: string;
let judge: string;

beforeAll(async () => {
  setTokenSecret('cli-tamper-fork-test-secret-0123456789');
  organiser = mintToken({ role: 'organiser', ttlSeconds: 600 });
  judge = mintToken({ role: 'judge', ttlSeconds: 600 });
  store = await openStore({ dataDir: 'memory://' });
  server = await apiServer(store, {
    rateLimits: { commands: UNLIMITED, reads: UNLIMITED, create: UNLIMITED },
  });
}, 180_000); // the embedded store's start, slow on a busy machine
afterAll(async () => {
  await server?.close();
  await store?.close();
});

async function call<T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  payload?: unknown,
): Promise<{ status: number; body: T; text: string }> {
  const r = await server.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return {
    status: r.statusCode,
    body: (String(r.headers['content-type']).startsWith('application/json') ? r.json() : {}) as T,
    text: r.body,
  };
}

/** Up to n bot commands in the match, each sent with the acting seat's token. */
async function play(
  game: AnyGameModule,
  matchId: string,
  seats: Record<string, string>,
  rng: Rng,
  n: number,
  tag: string,
): Promise<void> {
  for (let i = 0; i < n; i++) {
    const { state } = await server.host.current(matchId);
    const actor = game.actors(state)[0] as PlayerId | undefined;
    if (!actor || game.status(state).status === 'ended') return;
    const legal = game.legalCommands(state, actor).filter((c) => c.type !== 'Concede');
    if (legal.length === 0) return;
    const { player: _p, ...cmd } = game.bots.random.choose(state, actor, legal, rng);
    expect(
      (
        await call('POST', `/api/matches/${matchId}/commands`, seats[actor]!, {
          ...cmd,
          commandId: `${tag}${i}`,
        })
      ).status,
    ).toBe(200);
  }
}

async function concede(matchId: string, seats: Record<string, string>): Promise<void> {
  for (const seat of Object.keys(seats)) {
    const r = await call<{ status?: string }>('POST', `/api/matches/${matchId}/commands`, seats[seat]!, {
      type: 'Concede',
      commandId: `concede-${seat}`,
    });
    if (r.status === 200 && r.body.status === 'accepted') break;
  }
  expect((await store.getMatch(matchId))!.status).toBe('ended');
}

/**
 * The full and public copies the export route writes, and p1's copy of the full one (the export gives a seat the
 * public copy), each tampered with: the untouched copies verify, every mutation is refused.
 */
async function tamperExports(game: AnyGameModule, matchId: string): Promise<void> {
  const seed = (await store.getMatch(matchId))!.seed;
  const exported = async (token: string | null, name: string) => {
    const r = await call('GET', `/api/matches/${matchId}/export`, token);
    expect(r.status, `${name} export`).toBe(200);
    const file = parseJsonl(r.text, `${name}.jsonl`);
    return { kind: file.copy, events: file.matches.get(matchId)! };
  };
  const full = await exported(judge, 'full');
  expect(full.kind.copy).toBe('full');
  const pub = await exported(null, 'public');
  // A fork's MatchEnded withholds its seed; once released, the copy's header carries it (server judges/copy.ts).
  expect(pub.kind).toEqual({
    copy: 'redacted',
    viewer: 'public',
    ...(withholdsSeed(full.events) ? { seed } : {}),
  });
  const seat = {
    kind: { copy: 'redacted', viewer: 'p1' } as CopyKind,
    events: redactCopy(full.events, 'p1', game.viewEvent.bind(game), commitKey(seed)),
  };
  for (const [name, c] of [
    ['full', full],
    ['public', pub],
    ['p1', seat],
  ] as const) {
    expect(
      c.events.every((e) => e.seal !== undefined),
      `${name}: every event is sealed (v2)`,
    ).toBe(true);
    const t = tamperCopy(c.kind, c.events, seed, `${matchId}:${name}`, EVENTS_PER_COPY, MUTATIONS_PER_EVENT);
    expect(t.untouched, `${name}: the untouched copy verifies`).toEqual([]);
    expect(t.missed, `${name}: changes verify accepted`).toEqual([]);
    expect(t.tried).toEqual(expect.arrayContaining(['add', 'change', 'remove']));
  }
}

describe.each(GAMES)('%s: a fork of a live match is sealed with its own key', (gameId) => {
  const game = games[gameId]!;
  it('full, public and seat copies of the fork verify every byte; any change is refused; secrecy unchanged', async () => {
    const created = await call<{ matchId: string; seats: Record<string, string> }>(
      'POST',
      '/api/matches',
      organiser,
      { game: gameId, players: [{ name: 'Ada' }, { name: 'Bo' }] },
    );
    expect(created.status).toBe(201);
    const parent = created.body;
    await play(game, parent.matchId, parent.seats, new Rng(`tamper-fork-${gameId}`), 8, 'c');
    const at = (await server.host.current(parent.matchId)).lastSeq;
    const fork = await call<{
      matchId: string;
      seats: Record<string, string>;
      forkOf: { reseeded?: boolean };
    }>('POST', `/api/matches/${parent.matchId}/fork`, judge, { at });
    expect(fork.status).toBe(201);
    expect(fork.body.forkOf.reseeded).toBe(true);
    const forkId = fork.body.matchId;
    // While the parent plays the fork is no match to the public, its export included.
    expect((await call('GET', `/api/matches/${forkId}/export`, null)).status).toBe(404);
    await play(game, forkId, fork.body.seats, new Rng(`tamper-fork-${gameId}-fork`), 4, 'f');
    await concede(forkId, fork.body.seats);
    expect(
      (await call('GET', `/api/matches/${forkId}/export`, null)).status,
      'still sealed: the parent plays',
    ).toBe(404);
    await concede(parent.matchId, parent.seats);
    await tamperExports(game, forkId);
  }, 180_000);
});

describe('a match started from a position is sealed', () => {
  it('full, public and seat copies verify every byte; any change is refused', async () => {
    const position = scenarioPosition('elemental-clash', 'stealthy-not-attacked');
    const r = await call<{ matchId: string; seats: Record<string, string> }>('POST', '/api/matches', judge, {
      game: 'elemental-clash',
      position,
    });
    expect(r.status).toBe(201);
    await play(games['elemental-clash']!, r.body.matchId, r.body.seats, new Rng('tamper-position'), 4, 'p');
    await concede(r.body.matchId, r.body.seats);
    await tamperExports(games['elemental-clash']!, r.body.matchId);
  }, 180_000);
});
