// Who is looking. A token (from ?token= or pasted) is kept in sessionStorage: per match for seat tokens, once
// for operator tokens (judge / coverage) that are valid for every match. The claims are read here only to
// offer the perspectives the token allows; the server checks the signature and refuses anything else.
export type Perspective = 'public' | 'judge' | 'coverage' | `p${number}`;

export interface TokenClaims {
  role: 'seat' | 'judge' | 'coverage' | 'public';
  matchId?: string;
  seat?: string;
  exp?: number;
}

export function isPerspective(v: string | null | undefined): v is Perspective {
  return v === 'public' || v === 'judge' || v === 'coverage' || (!!v && /^p[1-9][0-9]*$/.test(v));
}

function base64UrlDecode(s: string): string {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4);
  const bin = atob(b64);
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

const TOKEN_IN_TEXT = /\bmt1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/;

/**
 * The token in what was pasted: `matchtape token` prints the token on stdout and a description on stderr, and a
 * terminal copies both lines; the token is whatever in the text looks like mt1.xxxxx.yyyyy (else the text).
 */
export function pastedToken(text: string): string {
  return TOKEN_IN_TEXT.exec(text)?.[0] ?? text.trim();
}

/** Reads a token's claims without verifying it (the server verifies); null when it is not a Matchtape token. */
export function readClaims(token: string): TokenClaims | null {
  const parts = pastedToken(token).split('.');
  if (parts.length !== 3 || parts[0] !== 'mt1') return null;
  try {
    const raw: unknown = JSON.parse(base64UrlDecode(parts[1]!));
    if (!raw || typeof raw !== 'object') return null;
    const r = raw as Record<string, unknown>;
    if (r.role !== 'seat' && r.role !== 'judge' && r.role !== 'coverage' && r.role !== 'public') return null;
    return {
      role: r.role,
      matchId: typeof r.matchId === 'string' ? r.matchId : undefined,
      seat: typeof r.seat === 'string' ? r.seat : undefined,
      exp: typeof r.exp === 'number' ? r.exp : undefined,
    };
  } catch {
    return null;
  }
}

/** The role a token says it has, whatever it is (organiser and ops too, which are no viewer); null if unreadable. */
export function tokenRole(token: string): string | null {
  const parts = pastedToken(token).split('.');
  if (parts.length !== 3 || parts[0] !== 'mt1') return null;
  try {
    const raw: unknown = JSON.parse(base64UrlDecode(parts[1]!));
    const role = raw && typeof raw === 'object' ? (raw as { role?: unknown }).role : null;
    return typeof role === 'string' ? role : null;
  } catch {
    return null;
  }
}

/** Why a pasted token cannot be used for this match, or null when it can. */
export function tokenProblem(token: string, matchId: string, nowMs: number): string | null {
  const c = readClaims(token);
  if (!c) return 'This is not a Matchtape token (they look like mt1.xxxxx.yyyyy).';
  if (c.matchId && c.matchId !== matchId) return `This token is for match ${c.matchId}, not this one.`;
  if (c.exp !== undefined && c.exp * 1000 <= nowMs) return 'This token has expired; ask for a new one.';
  return null;
}

/** The perspectives a token opens, besides public. */
export function perspectivesFor(claims: TokenClaims | null, seats: readonly string[]): Perspective[] {
  const out: Perspective[] = ['public'];
  if (!claims) return out;
  if (claims.role === 'seat' && claims.seat && isPerspective(claims.seat)) out.push(claims.seat);
  // A judge may narrow to any seat; a coverage token sees the judge view after the coverage delay.
  if (claims.role === 'judge') {
    for (const s of seats) if (isPerspective(s)) out.push(s);
    out.push('judge');
  }
  if (claims.role === 'coverage') out.push('coverage');
  return out;
}

const key = (matchId: string) => `matchtape.token.${matchId}`;
const OPERATOR_KEY = 'matchtape.token.operator';

export interface TokenStorage {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
  removeItem(k: string): void;
}

export function loadToken(store: TokenStorage, matchId: string): string | null {
  return store.getItem(key(matchId)) ?? store.getItem(OPERATOR_KEY);
}

export function saveToken(store: TokenStorage, matchId: string, token: string): void {
  const c = readClaims(token);
  store.setItem(c && !c.matchId ? OPERATOR_KEY : key(matchId), pastedToken(token));
}

export function forgetToken(store: TokenStorage, matchId: string): void {
  store.removeItem(key(matchId));
  store.removeItem(OPERATOR_KEY);
}
