// What a desk table's mini board says about it, pure: finished, offline, featured, and where its link goes.
import type { DeskTable } from '../../lib/desk';
import type { Perspective } from '../../lib/viewer';
import type { EventFeature } from './useDeskFeature';

/** Over: the desk saw its end, or the match list says so. */
export const isFinished = (t: DeskTable): boolean => t.ended || t.meta.status === 'ended';

/** Still playing, but its live stream is reconnecting or has given up. */
export const isOffline = (t: DeskTable): boolean =>
  !isFinished(t) && t.live !== null && (t.live.kind === 'reconnecting' || t.live.kind === 'failed');

/** What the producer picked (undelayed) where the desk knows it, else what the match list says. */
export function isFeatured(t: DeskTable, events: ReadonlyMap<string, EventFeature>): boolean {
  const at = t.meta.eventTable;
  const chosen = at ? events.get(at.eventId)?.featured : undefined;
  return chosen !== undefined
    ? chosen?.round === at?.round && chosen?.table === at?.table
    : !!t.meta.featured;
}

/** The match page, in the desk's view (the public one needs no `as`). */
export const matchHref = (matchId: string, as: Perspective): string =>
  `/matches/${encodeURIComponent(matchId)}${as !== 'public' ? `?as=${as}` : ''}`;
