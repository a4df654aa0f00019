// Zones with visibility, and how a card looks to a viewer who may not see it.
import type { PlayerId, Viewer } from './ids';

/** public: everyone; owner: the owner (and judges); hidden: nobody but judges (a deck's order). */
export type Visibility = 'public' | 'owner' | 'hidden';

export function canSee(
  visibility: Visibility,
  owner: PlayerId,
  viewer: Viewer,
  revealedTo: readonly Viewer[] = [],
): boolean {
  if (viewer === 'judge') return true;
  if (visibility === 'public') return true;
  if (revealedTo.includes(viewer) || revealedTo.includes('public')) return true;
  return visibility === 'owner' && viewer === owner;
}

/** What a viewer gets for a card it may not see: nothing but the opaque id. */
export interface HiddenCard {
  id: string;
  hidden: true;
}

export function hiddenCard(opaqueId: string): HiddenCard {
  return { id: opaqueId, hidden: true };
}

export function isHiddenCard(x: unknown): x is HiddenCard {
  return typeof x === 'object' && x !== null && (x as HiddenCard).hidden === true;
}

/** Moves `id` from one list to another, at the top (index 0) or bottom. */
export function moveId(
  from: readonly string[],
  to: readonly string[],
  id: string,
  where: 'top' | 'bottom' = 'top',
): { from: string[]; to: string[] } {
  const i = from.indexOf(id);
  if (i < 0) throw new Error(`card ${id} is not in the source zone`);
  const nextFrom = [...from.slice(0, i), ...from.slice(i + 1)];
  const nextTo = where === 'top' ? [id, ...to] : [...to, id];
  return { from: nextFrom, to: nextTo };
}
