// Tournament streams on both dialects: seq from 1, the matches' hash chain, optimistic concurrency, the projection
// stored with its head.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyChain, type NewEvent } from '@matchtape/engine';
import { nodeSha256 } from './hash';
import { openTestStore, uniqueName, type TestStore } from './testing';
import {
  appendToTournament,
  createTournament,
  getTournament,
  readTournament,
  TournamentNotFoundError,
} from './tournaments';
import { ConcurrencyError } from './types';

const e = (type: string, round = 0): NewEvent => ({
  type,
  at: '2026-11-26T10:00:00.000Z',
  turn: round,
  phase: 'event',
  step: null,
  cause: { system: true },
  rule: null,
  payload: { type },
});

describe.each(['pglite', 'postgres'] as const)('tournament streams on %s', (kind) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await openTestStore(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('chains events like a match, refuses a stale seq and keeps the projection with its head', async () => {
    const id = uniqueName('ev');
    await createTournament(t.store, {
      eventId: id,
      game: 'alpha-clash',
      name: 'Store champs',
      createdAt: '2026-11-26T10:00:00.000Z',
    });
    await appendToTournament(t.store, id, 0, [e('EventCreated'), e('PlayerRegistered')], { standings: [] });
    await expect(appendToTournament(t.store, id, 1, [e('PlayerRegistered')])).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    await appendToTournament(t.store, id, 2, [e('RoundPaired', 1)], { standings: ['p1'] });
    const stream = await readTournament(t.store, id);
    expect(stream.map((x) => [x.seq, x.type, x.turn])).toEqual([
      [1, 'EventCreated', 0],
      [2, 'PlayerRegistered', 0],
      [3, 'RoundPaired', 1],
    ]);
    expect(verifyChain(stream, nodeSha256)).toEqual({ ok: true });
    expect(
      verifyChain([stream[0]!, { ...stream[1]!, payload: { type: 'forged' } }, stream[2]!], nodeSha256),
    ).toMatchObject({ ok: false, seq: 2 });
    expect(await getTournament(t.store, id)).toMatchObject({
      lastSeq: 3,
      docSeq: 3,
      doc: { standings: ['p1'] },
    });
    await expect(appendToTournament(t.store, 'no-such-event', 0, [e('X')])).rejects.toBeInstanceOf(
      TournamentNotFoundError,
    );
  });
});
