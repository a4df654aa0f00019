// A fork of a live match holds the live parent's secrets: its events up to the fork point are the parent's, its
// judge view is the parent's hands, and everything played in it after the fork point follows from them (a card
// played from hand in the fork was in the parent's hand). So a fork is sealed — it exists only for judges and the
// fork's own seats (the judge hands those out deliberately) — until its parent has ended AND the parent's
// spectator delay has passed its end, and, for a fork of a fork, until every ancestor is released the same way.
// Everyone else gets the same 404 as for a match that does not exist (a 403 would confirm it does), on every
// route, in lists and searches, and the public subject carries nothing of it (live/publisher.ts).
import type { EventStore, MatchRecord } from '@matchtape/store';
import type { TokenClaims } from '../auth/tokens';
import { HostError } from '../host/engine-host';
import { forkOfRecord } from './replay';

/**
 * Forks known to be released (shared by every ForkSecrecy of the process: a fact about the match, not a reader).
 * viewers.ts's reveal-all asks it synchronously; the route guard in front of every request fills it.
 */
const released = new Set<string>();
const RELEASED_MAX = 50_000;

/** Whether a fork is known to be released (false for one not looked at yet: reveal-all waits for the guard). */
export function forkKnownReleased(matchId: string): boolean {
  return released.has(matchId);
}

/** Forks of forks of … deeper than this are treated as sealed for good (a loop in corrupt data ends here too). */
const MAX_DEPTH = 32;
/** Matches known to be open for good (not forks, or forks whose ancestors are released): no lookup next time. */
const OPEN_MAX = 50_000;

/** Whether a token may read a sealed fork: a judge not bound to another match, or a seat of this very fork. */
export function maySeeSealed(claims: TokenClaims | null, forkId: string): boolean {
  if (!claims || (claims.matchId !== undefined && claims.matchId !== forkId)) return false;
  return claims.role === 'judge' || (claims.role === 'seat' && claims.matchId === forkId);
}

export class ForkSecrecy {
  private open = new Set<string>();

  constructor(
    private readonly store: Pick<EventStore, 'getMatch'>,
    private readonly now: () => number,
  ) {}

  /**
   * When (ms since the epoch) the match stops being sealed: 0 for a match that is no fork, null while an ancestor
   * is still playing (no time is known yet).
   */
  async releasedAt(rec: MatchRecord, depth = 0): Promise<number | null> {
    const link = forkOfRecord(rec);
    if (!link) return 0;
    if (depth >= MAX_DEPTH) return null;
    const parent = await this.store.getMatch(link.matchId);
    // A fork imported without its parent (a bundle from another installation): nothing here to keep secret.
    if (!parent) return 0;
    if (parent.status !== 'ended') return null;
    const endedAt = Date.parse(String((parent.summary as { lastAt?: unknown }).lastAt ?? parent.createdAt));
    const own = endedAt + parent.spectatorDelaySeconds * 1000;
    const upstream = await this.releasedAt(parent, depth + 1);
    return upstream === null ? null : Math.max(own, upstream);
  }

  /** Whether the match is a fork still sealed now (released forks and other matches: false, remembered). */
  async sealed(rec: MatchRecord): Promise<boolean> {
    if (this.open.has(rec.matchId)) return false;
    const at = await this.releasedAt(rec);
    if (at !== null && at <= this.now()) {
      remember(this.open, rec.matchId, OPEN_MAX);
      if (at > 0) remember(released, rec.matchId, RELEASED_MAX);
      return false;
    }
    return true;
  }

  /** Whether this token may see the match at all now (lists, searches). */
  async visibleTo(rec: MatchRecord, claims: TokenClaims | null): Promise<boolean> {
    return maySeeSealed(claims, rec.matchId) || !(await this.sealed(rec));
  }

  /** The matches of a list this token may see (sealed forks left out, in order). */
  async shownTo(list: readonly MatchRecord[], claims: TokenClaims | null): Promise<MatchRecord[]> {
    const keep = await Promise.all(list.map((r) => this.visibleTo(r, claims)));
    return list.filter((_, i) => keep[i]);
  }

  /**
   * Every route of a match: a sealed fork is "no such match" to anyone but judges and its seats. `record` is
   * read only when the match is not already known to be open.
   */
  async guard(matchId: string, claims: TokenClaims | null): Promise<void> {
    if (this.open.has(matchId)) return;
    const rec = await this.store.getMatch(matchId);
    // Judges and the fork's seats pass, but the seal is still looked at: reveal-all learns of a release here.
    if (rec && (await this.sealed(rec)) && !maySeeSealed(claims, matchId)) throw notFound(matchId);
  }
}

function remember(set: Set<string>, id: string, max: number): void {
  set.add(id);
  if (set.size > max) set.delete(set.values().next().value!);
}

/** The answer for a match that does not exist (every route's, so a sealed fork's 404 is the same word for word). */
export function notFound(matchId: string): HostError {
  return new HostError(404, 'match_not_found', `no match ${matchId}; list matches with GET /api/matches`);
}

/** The parts of a request the route guard reads. */
export interface GuardedRequest {
  routeOptions: { url?: string | undefined };
  params: unknown;
}

/**
 * The guard in front of every route of one match (`/api/matches/:id…`, app.ts's preHandler hook), whatever the
 * route: a sealed fork answers 404 before any handler reads it. `claimsOf` reads the request's token; one that does
 * not verify counts as none here (the handler refuses it as it always has).
 */
export async function guardMatchRoute(
  forks: ForkSecrecy,
  req: GuardedRequest,
  claimsOf: () => TokenClaims | null,
): Promise<void> {
  if (!req.routeOptions.url?.startsWith('/api/matches/:')) return;
  // The match's path parameter, whatever a route declaration calls it.
  const params = (req.params ?? {}) as { id?: unknown; matchId?: unknown };
  const id = params.id ?? params.matchId;
  if (typeof id !== 'string') return;
  let claims: TokenClaims | null = null;
  try {
    claims = claimsOf();
  } catch {
    claims = null;
  }
  await forks.guard(id, claims);
}
