import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateSecret, mintToken, verifyToken } from './tokens';

const secret = 'test-secret-0123456789abcdef';

describe('tokens', () => {
  it('round-trips claims and refuses altered, foreign, expired and malformed tokens', () => {
    const t = mintToken({ role: 'seat', matchId: 'm1', seat: 'p2', ttlSeconds: 60 }, { secret });
    const v = verifyToken(t, { secret });
    expect(v.ok && v.claims).toMatchObject({ role: 'seat', matchId: 'm1', seat: 'p2' });
    const [a, b, c] = t.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(b, 'base64url').toString()), seat: 'p1' }),
    ).toString('base64url');
    expect(verifyToken(`${a}.${forged}.${c}`, { secret })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/signature/),
    });
    expect(verifyToken(t, { secret: 'another-secret-0123456789' })).toMatchObject({ ok: false });
    expect(verifyToken(t, { secret, now: Date.now() + 61_000 })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/expired/),
    });
    expect(verifyToken('garbage', { secret })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/malformed/),
    });
  });

  it('refuses inconsistent claims', () => {
    expect(() => mintToken({ role: 'seat', matchId: 'm1', ttlSeconds: 60 }, { secret })).toThrow(/seat/);
    expect(() => mintToken({ role: 'judge', seat: 'p1', ttlSeconds: 60 }, { secret })).toThrow(/no seat/);
  });

  it('keeps a generated secret under the data dir and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mt-secret-'));
    const prev = process.env.MATCHTAPE_SECRET;
    delete process.env.MATCHTAPE_SECRET;
    try {
      const s1 = loadOrCreateSecret({ dataDir: dir });
      const s2 = loadOrCreateSecret({ dataDir: dir });
      expect(s1).toBe(s2);
      expect(readFileSync(join(dir, 'secret'), 'utf8').trim()).toBe(s1);
      expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o600);
      const t = mintToken({ role: 'judge', ttlSeconds: 60 });
      expect(verifyToken(t).ok).toBe(true);
    } finally {
      if (prev !== undefined) process.env.MATCHTAPE_SECRET = prev;
    }
  });
});
