import { describe, expect, it } from 'vitest';
import {
  forgetToken,
  isPerspective,
  loadToken,
  pastedToken,
  perspectivesFor,
  readClaims,
  saveToken,
  tokenProblem,
} from './viewer';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const tok = (claims: Record<string, unknown>) =>
  `mt1.${b64({ iat: 1, exp: 4_000_000_000, jti: 'abcdefghij', ...claims })}.sig`;

function memoryStore() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    m,
  };
}

describe('viewer tokens', () => {
  it('reads claims and refuses what is not a Matchtape token', () => {
    expect(readClaims(tok({ role: 'seat', matchId: 'm1', seat: 'p2' }))).toMatchObject({
      role: 'seat',
      matchId: 'm1',
      seat: 'p2',
    });
    expect(readClaims('hello')).toBeNull();
    expect(readClaims(`mt1.${b64({ role: 'king' })}.x`)).toBeNull();
  });

  it('takes the token out of both lines of `matchtape token` pasted together', () => {
    const t = tok({ role: 'judge' });
    const block = `${t}\n# judge token for every match, expires 2026-11-27T08:00:00.000Z\n`;
    expect(pastedToken(block)).toBe(t);
    expect(readClaims(block)).toMatchObject({ role: 'judge' });
    expect(tokenProblem(block, 'm1', 0)).toBeNull();
    const store = memoryStore();
    saveToken(store, 'm1', `  ${block}`);
    expect(loadToken(store, 'm1')).toBe(t);
    expect(pastedToken('not a token ')).toBe('not a token');
  });

  it('explains why a token cannot be used here', () => {
    expect(tokenProblem('nope', 'm1', 0)).toMatch(/not a Matchtape token/);
    expect(tokenProblem(tok({ role: 'seat', matchId: 'm2', seat: 'p1' }), 'm1', 0)).toMatch(/for match m2/);
    expect(tokenProblem(tok({ role: 'judge', exp: 10 }), 'm1', 20_000)).toMatch(/expired/);
    expect(tokenProblem(tok({ role: 'judge' }), 'm1', 0)).toBeNull();
  });

  it('offers the perspectives the token opens', () => {
    expect(perspectivesFor(null, ['p1', 'p2'])).toEqual(['public']);
    expect(
      perspectivesFor(readClaims(tok({ role: 'seat', matchId: 'm', seat: 'p2' })), ['p1', 'p2']),
    ).toEqual(['public', 'p2']);
    expect(perspectivesFor(readClaims(tok({ role: 'judge' })), ['p1', 'p2'])).toEqual([
      'public',
      'p1',
      'p2',
      'judge',
    ]);
    expect(perspectivesFor(readClaims(tok({ role: 'coverage' })), ['p1', 'p2'])).toEqual([
      'public',
      'coverage',
    ]);
    expect(isPerspective('p3')).toBe(true);
    expect(isPerspective('p0')).toBe(false);
    expect(isPerspective('admin')).toBe(false);
  });

  it('keeps seat tokens per match and operator tokens for every match', () => {
    const s = memoryStore();
    const seat = tok({ role: 'seat', matchId: 'm1', seat: 'p1' });
    const judge = tok({ role: 'judge' });
    saveToken(s, 'm1', seat);
    expect(loadToken(s, 'm1')).toBe(seat);
    expect(loadToken(s, 'm2')).toBeNull();
    saveToken(s, 'm1', judge);
    expect(loadToken(s, 'm2')).toBe(judge);
    forgetToken(s, 'm1');
    expect(loadToken(s, 'm1')).toBeNull();
  });
});
