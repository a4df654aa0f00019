'use client';
// The producer's pointer drives the card overlay (/overlay/[id]/card): the card hovered in the coverage view
// becomes the match's focus, debounced so that a sweep across the board sends one focus.
import { useEffect } from 'react';
import type { CardTile } from '@matchtape/engine';
import { setFocus } from '../../lib/annotations';

const DEBOUNCE_MS = 150;

export function useCardFocus(
  matchId: string,
  token: string | null,
  canWrite: boolean,
  hovered: CardTile | null,
  seqRef: { readonly current: number },
): void {
  useEffect(() => {
    if (!canWrite || !token || !hovered) return;
    const t = setTimeout(
      () => void setFocus(matchId, token, hovered.id, seqRef.current).catch(() => undefined),
      DEBOUNCE_MS,
    );
    return () => clearTimeout(t);
  }, [hovered?.id, canWrite, token, matchId]);
}
