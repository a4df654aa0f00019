// The match list's pure parts: how long ago a match started, live matches first then the latest moved, and the
// live / finished counts.
import type { MatchListItem } from '../lib/api';

/** "12s ago", "5 min ago", "3 h ago", then the date; '' when unknown. */
export function ago(iso: string | null, now: number): string {
  if (!iso) return '';
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return new Date(iso).toLocaleDateString();
}

/** Live and setting-up matches before finished ones; within each, the latest moved (or created) first. */
export function sortMatches(matches: readonly MatchListItem[]): MatchListItem[] {
  const rank = (m: MatchListItem) => (m.status === 'ended' ? 1 : 0);
  return [...matches].sort(
    (a, b) =>
      rank(a) - rank(b) || (b.lastAt ?? b.createdAt ?? '').localeCompare(a.lastAt ?? a.createdAt ?? ''),
  );
}

/** How many matches are live (not ended) and how many finished. */
export const matchCounts = (matches: readonly MatchListItem[]): { live: number; finished: number } => ({
  live: matches.filter((m) => m.status !== 'ended').length,
  finished: matches.filter((m) => m.status === 'ended').length,
});
