// The review page's small words: durations, who did something, the match in a heading.
import { games } from '@matchtape/games';
import type { MatchListItem } from '../../lib/api';

/** A duration in seconds, to a tenth: "2.5 s". */
export const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Who opened a dispute or attached evidence: "a judge", the seat's player, or the role. */
export const who = (a: { role: string; seat?: string }, names: ReadonlyMap<string, string>) =>
  a.role === 'judge' ? 'a judge' : a.seat ? (names.get(a.seat) ?? a.seat) : a.role;

/**
 * "Ada vs Brook · Alpha Clash", or "this match" until the match is read. The server's match record names the
 * game by id only, so the title comes from the site's own catalogue.
 */
export const matchTitle = (m: MatchListItem | null) =>
  m
    ? `${m.players.map((p) => p.name).join(' vs ')} · ${m.gameTitle ?? games[m.game]?.title ?? m.game}`
    : 'this match';
