// When a fork stops being sealed, and to whom it is open meanwhile (the chain logic; the routes are tested on the
// real stack in test/integration/fork-secrecy.test.ts). Records come from a map: the logic reads nothing else.
import type { MatchRecord } from '@matchtape/store';
import { describe, expect, it } from 'vitest';
import { mintToken, setTokenSecret, verifyToken, type TokenClaims } from '../auth/tokens';
import { ForkSecrecy, maySeeSealed } from './fork-secrecy';

const T0 = Date.parse('2026-01-01T10:00:00.000Z');

function match(
  id: string,
  o: { status?: MatchRecord['status']; endedAt?: number; delay?: number; parent?: string } = {},
): MatchRecord {
  return {
    matchId: id,
    game: 'the-spoils',
    status: o.status ?? 'playing',
    config: o.parent ? { forkOf: { matchId: o.parent, seq: 10, hash: 'h', reseeded: true } } : {},
    seed: 's',
    spectatorDelaySeconds: o.delay ?? 0,
    coverageDelaySeconds: 0,
    createdAt: new Date(T0).toISOString(),
    lastSeq: 20,
    summary: o.endedAt === undefined ? {} : { lastAt: new Date(o.endedAt).toISOString() },
  };
}

function secrecy(records: MatchRecord[], now: () => number): ForkSecrecy {
  const byId = new Map(records.map((r) => [r.matchId, r]));
  return new ForkSecrecy({ getMatch: async (id) => byId.get(id) ?? null }, now);
}

const claims = (input: Parameters<typeof mintToken>[0]): TokenClaims => {
  const v = verifyToken(mintToken(input));
  if (!v.ok) throw new Error(v.reason);
  return v.claims;
};

describe('fork secrecy', () => {
  it('a fork is sealed while any ancestor plays, then until the latest ancestor end plus its delay', async () => {
    const grand = match('g', { status: 'playing' });
    const parent = match('p', { status: 'ended', endedAt: T0 + 5_000, delay: 60, parent: 'g' });
    const fork = match('f', { status: 'ended', endedAt: T0 + 1_000, parent: 'p' });
    const plain = match('m');
    let now = T0 + 3_600_000;
    const s = secrecy([grand, parent, fork, plain], () => now);
    expect(await s.releasedAt(plain)).toBe(0);
    expect(await s.sealed(plain)).toBe(false);
    expect(await s.releasedAt(fork)).toBeNull();
    expect(await s.sealed(fork)).toBe(true);

    // The grandparent ends after the parent: the fork waits for the later of the two releases.
    const ended = {
      ...grand,
      status: 'ended' as const,
      summary: { lastAt: new Date(T0 + 10_000).toISOString() },
      spectatorDelaySeconds: 30,
    };
    now = T0 + 50_000;
    const s2 = secrecy([ended, parent, fork], () => now);
    expect(await s2.releasedAt(fork)).toBe(T0 + 65_000); // parent: ended T0+5 s, delay 60 s
    expect(await s2.sealed(fork)).toBe(true);
    now = T0 + 65_000;
    expect(await s2.sealed(fork)).toBe(false);
  });

  it('sealed forks are open to judges and their own seats only; lists and the guard leave them out for the rest', async () => {
    setTokenSecret('fork-secrecy-test-secret-0123456789');
    const parent = match('p');
    const fork = match('f', { parent: 'p' });
    const s = secrecy([parent, fork], () => T0);
    const judge = claims({ role: 'judge', ttlSeconds: 60 });
    const forkSeat = claims({ role: 'seat', matchId: 'f', seat: 'p1', ttlSeconds: 60 });
    const parentSeat = claims({ role: 'seat', matchId: 'p', seat: 'p1', ttlSeconds: 60 });
    const coverage = claims({ role: 'coverage', ttlSeconds: 60 });
    const boundJudge = claims({ role: 'judge', matchId: 'p', ttlSeconds: 60 });
    expect(
      [judge, forkSeat, parentSeat, coverage, boundJudge, null].map((c) => maySeeSealed(c, 'f')),
    ).toEqual([true, true, false, false, false, false]);
    expect((await s.shownTo([parent, fork], null)).map((r) => r.matchId)).toEqual(['p']);
    expect((await s.shownTo([parent, fork], forkSeat)).map((r) => r.matchId)).toEqual(['p', 'f']);
    await expect(s.guard('f', parentSeat)).rejects.toMatchObject({
      statusCode: 404,
      code: 'match_not_found',
      message: 'no match f; list matches with GET /api/matches',
    });
    await expect(s.guard('f', judge)).resolves.toBeUndefined();
    await expect(s.guard('nope', null)).resolves.toBeUndefined(); // the handler answers the 404 of a missing match
  });
});
