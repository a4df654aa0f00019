// Who may see what, when. Roles come only from tokens this server signed; `as` may only narrow them.
// `accessFor` decides what (the game view) and the delay; `releaseTime` decides when each event reaches a
// viewer. Every reader (HTTP routes, list summaries in visibility.ts, the SSE gateway, the NATS public
// publisher) goes through these two, so nothing reaches a viewer ahead of its delay.
//   public   (no token, or an organiser token) → game view `public`, released `spectatorDelaySeconds` after each event's `at`
//   coverage (coverage token) → game view `judge`, released after the match's `coverageDelaySeconds`
//   judge    (judge token)    → `judge`, live
//   seat     (seat token pN)  → `pN`, live
// After a match has ended, its `reveal-all` policy lets everyone see the judge view once the public delay
// has passed the last event.
import { isPlayer, type Viewer } from '@matchtape/engine';
import type { MatchRecord } from '@matchtape/store';
import { verifyToken, type TokenClaims } from './auth/tokens';
import { HostError, parseHostedConfig } from './host/engine-host';
import { forkKnownReleased } from './judges/fork-secrecy';
import { forkOfRecord } from './judges/replay';

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
export function tokenFrom(
  headers: Record<string, string | string[] | undefined>,
  query: { token?: string | undefined },
): string | null {
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
  if (claims.matchId && claims.matchId !== matchId)
    throw new HostError(403, 'wrong_match', `this token is for match ${claims.matchId}, not ${matchId}`);
  if (claims.role === 'seat') return claims.seat as Role;
  // Organisers create matches and ops watch the instance; watching a match both are spectators like everyone else.
  if (claims.role === 'organiser' || claims.role === 'ops') return 'public';
  return claims.role;
}

/** Resolves `as` against the granted role: the same or narrower (→ public), else 403. */
export function resolveAccess(
  record: MatchRecord,
  claims: TokenClaims | null,
  as: string | undefined,
  now = Date.now(),
): Access {
  const granted = grantedRole(claims, record.matchId);
  const want = (as ?? granted) as Role;
  if (want !== 'public' && want !== 'judge' && want !== 'coverage' && !isPlayer(want))
    throw new HostError(400, 'bad_viewer', `as must be public, judge, coverage or p1…pN; got "${as}"`);
  const allowed =
    want === granted || want === 'public' || (granted === 'judge' && (want === 'coverage' || isPlayer(want)));
  if (!allowed) {
    const need =
      want === 'judge'
        ? 'a judge token'
        : want === 'coverage'
          ? 'a coverage or judge token'
          : `the seat token of ${want}`;
    throw new HostError(403, 'forbidden_view', `the ${want} view needs ${need}; you are ${granted}`);
  }
  return accessFor(record, want, claims, now);
}

/** The role a token grants for one match; public where the token is bound to another match (lists). */
export function roleInList(claims: TokenClaims | null, matchId: string): Role {
  return claims?.matchId && claims.matchId !== matchId ? 'public' : grantedRole(claims, matchId);
}

/**
 * The public feed: the public redaction after the spectator delay. The NATS public subject carries exactly
 * this (never the reveal-all judge view, which is for HTTP and SSE readers once the match is over).
 */
export function publicFeed(record: MatchRecord, claims: TokenClaims | null = null): Access {
  return { role: 'public', viewer: 'public', delaySeconds: record.spectatorDelaySeconds, claims };
}

export function accessFor(
  record: MatchRecord,
  role: Role,
  claims: TokenClaims | null,
  now = Date.now(),
): Access {
  if (role === 'public' && revealedToAll(record, now))
    return { role, viewer: 'judge', delaySeconds: record.spectatorDelaySeconds, claims };
  switch (role) {
    case 'public':
      return publicFeed(record, claims);
    case 'coverage':
      return { role, viewer: 'judge', delaySeconds: record.coverageDelaySeconds, claims };
    case 'judge':
      return { role, viewer: 'judge', delaySeconds: 0, claims };
    default:
      return { role, viewer: role, delaySeconds: 0, claims };
  }
}

/**
 * reveal-all: the match has ended and its end has been public long enough — and, for a fork, it is known to be
 * released (its parent ended and past its delay: judges/fork-secrecy.ts), or its judge view would be the live
 * parent's hands.
 */
export function revealedToAll(record: MatchRecord, now = Date.now()): boolean {
  if (record.status !== 'ended') return false;
  if (forkOfRecord(record) && !forkKnownReleased(record.matchId)) return false;
  if (parseHostedConfig(record).revealPolicy !== 'reveal-all') return false;
  const endedAt = (record.summary as { lastAt?: string | null }).lastAt;
  if (!endedAt) return false;
  return isReleased({ at: endedAt }, publicFeed(record), now);
}

/** When (ms since the epoch) an event reaches a viewer with this access: its `at` plus the access's delay. */
export function releaseTime(event: { at: string }, access: Pick<Access, 'delaySeconds'>): number {
  return Date.parse(event.at) + access.delaySeconds * 1000;
}

/** Whether the access may see the event at `now`. */
export function isReleased(
  event: { at: string },
  access: Pick<Access, 'delaySeconds'>,
  now: number,
): boolean {
  return releaseTime(event, access) <= now;
}
