// Who may see what, when. Roles come only from tokens this server signed; `as` may only narrow them.
//   public   (no token)      → game view `public`, released `spectatorDelaySeconds` after each event's `at`
//   coverage (coverage token) → game view `judge`, released after the match's `coverageDelaySeconds`
//   judge    (judge token)    → `judge`, live
//   seat     (seat token pN)  → `pN`, live
// After a match has ended, its `reveal-all` policy lets everyone see the judge view once the public delay
// has passed the last event.
import { isPlayer, type Viewer } from '@matchtape/engine';
import type { MatchRecord } from '@matchtape/store';
import { verifyToken, type TokenClaims } from './auth/tokens';
import { HostError, parseHostedConfig } from './host/engine-host';

export type Role = 'public' | 'coverage' | 'judge' | `p${number}`;

export interface Access {
  /** The role the events are shaped and timed for. */
  role: Role;
  /** What the game's view / viewEvent is asked for. */
  viewer: Viewer;
  /** Seconds after an event's `at` before this role gets it. */
  delaySeconds: number;
  claims: TokenClaims | null;
}

/** Reads a bearer token from the Authorization header or `?token=` (EventSource cannot set headers). */
export function tokenFrom(headers: Record<string, string | string[] | undefined>, query: { token?: string | undefined }): string | null {
  const h = headers.authorization;
  const v = Array.isArray(h) ? h[0] : h;
  if (v) {
    const m = /^Bearer\s+(.+)$/i.exec(v.trim());
    if (!m) throw new HostError(401, 'bad_token', 'the Authorization header must be "Bearer <token>"');
    return m[1]!.trim();
  }
  return query.token ?? null;
}

export function claimsOf(token: string | null): TokenClaims | null {
  if (token === null) return null;
  const v = verifyToken(token);
  if (!v.ok) throw new HostError(401, 'bad_token', v.reason);
  return v.claims;
}

/** The role a token grants for one match (public without a token). */
export function grantedRole(claims: TokenClaims | null, matchId: string): Role {
  if (!claims) return 'public';
  if (claims.matchId && claims.matchId !== matchId) throw new HostError(403, 'wrong_match', `this token is for match ${claims.matchId}, not ${matchId}`);
  if (claims.role === 'seat') return claims.seat as Role;
  return claims.role;
}

/** Resolves `as` against the granted role: the same or narrower (→ public), else 403. */
export function resolveAccess(record: MatchRecord, claims: TokenClaims | null, as: string | undefined, now = Date.now()): Access {
  const granted = grantedRole(claims, record.matchId);
  const want = (as ?? granted) as Role;
  if (want !== 'public' && want !== 'judge' && want !== 'coverage' && !isPlayer(want))
    throw new HostError(400, 'bad_viewer', `as must be public, judge, coverage or p1…pN; got "${as}"`);
  const allowed = want === granted || want === 'public' || (granted === 'judge' && (want === 'coverage' || isPlayer(want)));
  if (!allowed) {
    const need = want === 'judge' ? 'a judge token' : want === 'coverage' ? 'a coverage or judge token' : `the seat token of ${want}`;
    throw new HostError(403, 'forbidden_view', `the ${want} view needs ${need}; you are ${granted}`);
  }
  return accessFor(record, want, claims, now);
}

export function accessFor(record: MatchRecord, role: Role, claims: TokenClaims | null, now = Date.now()): Access {
  if (role === 'public' && revealedToAll(record, now)) return { role, viewer: 'judge', delaySeconds: record.spectatorDelaySeconds, claims };
  switch (role) {
    case 'public':
      return { role, viewer: 'public', delaySeconds: record.spectatorDelaySeconds, claims };
    case 'coverage':
      return { role, viewer: 'judge', delaySeconds: record.coverageDelaySeconds, claims };
    case 'judge':
      return { role, viewer: 'judge', delaySeconds: 0, claims };
    default:
      return { role, viewer: role, delaySeconds: 0, claims };
  }
}

/** reveal-all: the match has ended and its end has been public long enough. */
export function revealedToAll(record: MatchRecord, now = Date.now()): boolean {
  if (record.status !== 'ended') return false;
  if (parseHostedConfig(record).revealPolicy !== 'reveal-all') return false;
  const endedAt = (record.summary as { lastAt?: string | null }).lastAt;
  if (!endedAt) return false;
  return Date.parse(endedAt) + record.spectatorDelaySeconds * 1000 <= now;
}

export function releasedAt(at: string, delaySeconds: number): number {
  return Date.parse(at) + delaySeconds * 1000;
}
