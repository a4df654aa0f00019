// DELETE /api/matches/:id (issue 26, the demo's bounded history): organisers only, ended matches only, never a game
// of an event; a deleted match is gone from every route and the others are untouched. On embedded PGlite (the demo's store).
import { createTournament, linkTournamentGame, verifyStoredMatch } from '@matchtape/store';
import { openTestStore, type TestStore } from '@matchtape/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchtapeServer } from '../app';
import { mintToken, setTokenSecret } from '../auth/tokens';
import { apiServer } from '../testing/api-server';

let db: TestStore;
let server: MatchtapeServer;
let organiser: string;
let judge: string;

beforeAll(async () => {
  setTokenSecret('delete-match-test-secret-0123456789');
  organiser = mintToken({ role: 'organiser', ttlSeconds: 600 });
  judge = mintToken({ role: 'judge', ttlSeconds: 600 });
  db = await openTestStore('pglite');
  server = await apiServer(db.store);
});
afterAll(async () => {
  await server?.close();
  await db?.cleanup();
});

async function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token: string | null,
  payload?: Record<string, unknown>,
) {
  const r = await server.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload ? { payload } : {}),
  });
  return { status: r.statusCode, body: r.json() as Record<string, unknown> };
}

async function newMatch(): Promise<{ matchId: string; seats: Record<string, string> }> {
  const r = await call('POST', '/api/matches', organiser, { game: 'the-spoils', players: [{}, {}] });
  expect(r.status).toBe(201);
  return r.body as { matchId: string; seats: Record<string, string> };
}

/** Ends a match by a concession (the first seat whose Concede is accepted). */
async function ended(): Promise<string> {
  const { matchId, seats } = await newMatch();
  for (const [seat, token] of Object.entries(seats)) {
    const r = await call('POST', `/api/matches/${matchId}/commands`, token, {
      type: 'Concede',
      commandId: `concede-${seat}`,
    });
    if (r.status === 200 && r.body.status === 'accepted') break;
  }
  expect((await db.store.getMatch(matchId))?.status).toBe('ended');
  return matchId;
}

describe('DELETE /api/matches/:id', () => {
  it('refuses without a token, with a token that is not an organiser’s, and for an unknown id', async () => {
    const id = await ended();
    const seat = mintToken({ role: 'seat', matchId: id, seat: 'p1', ttlSeconds: 600 });
    const none = await call('DELETE', `/api/matches/${id}`, null);
    expect(none).toMatchObject({ status: 401, body: { error: 'missing_token' } });
    expect(none.body.message).toMatch(/deleting a match needs an organiser token/);
    for (const token of [judge, seat])
      expect(await call('DELETE', `/api/matches/${id}`, token)).toMatchObject({
        status: 403,
        body: { error: 'not_an_organiser' },
      });
    expect(await call('DELETE', '/api/matches/no-such-match', organiser)).toMatchObject({ status: 404 });
    expect(await db.store.getMatch(id)).not.toBeNull();
  });

  it('refuses a match still being played and a game of an event, changing nothing', async () => {
    const live = await newMatch();
    const refused = await call('DELETE', `/api/matches/${live.matchId}`, organiser);
    expect(refused).toMatchObject({ status: 409, body: { error: 'match_not_ended' } });
    expect(refused.body.message).toMatch(/still being played: only an ended match can be deleted/);
    expect((await call('GET', `/api/matches/${live.matchId}`, null)).status).toBe(200);

    const game = await ended();
    await createTournament(db.store, {
      eventId: 'cup-1',
      game: 'the-spoils',
      name: 'Cup',
      createdAt: new Date().toISOString(),
    });
    await linkTournamentGame(db.store, {
      matchId: game,
      eventId: 'cup-1',
      round: 1,
      table: 1,
      game: 1,
      seats: { p1: 'ada', p2: 'bo' },
    });
    const inEvent = await call('DELETE', `/api/matches/${game}`, organiser);
    expect(inEvent).toMatchObject({ status: 409, body: { error: 'match_in_event' } });
    expect(inEvent.body.message).toMatch(/game of event cup-1/);
    expect(await verifyStoredMatch(db.store, game)).toEqual({ ok: true });
  });

  it('deletes an ended match: gone from every route, the others untouched', async () => {
    const gone = await ended();
    const kept = await ended();
    const keptEvents = await db.store.readStream(kept);
    expect(await call('DELETE', `/api/matches/${gone}`, organiser)).toEqual({
      status: 200,
      body: { matchId: gone, deleted: true },
    });
    expect((await call('GET', `/api/matches/${gone}`, null)).status).toBe(404);
    expect((await call('GET', `/api/matches/${gone}/events?as=judge`, judge)).status).toBe(404);
    const list = (await call('GET', '/api/matches?limit=100', null)).body.matches as { matchId: string }[];
    expect(list.map((m) => m.matchId)).not.toContain(gone);
    expect(list.map((m) => m.matchId)).toContain(kept);
    expect(await db.store.readStream(kept)).toEqual(keptEvents);
    expect(await verifyStoredMatch(db.store, kept)).toEqual({ ok: true });
    // A second delete finds nothing.
    expect((await call('DELETE', `/api/matches/${gone}`, organiser)).status).toBe(404);
  });
});
