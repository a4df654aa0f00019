'use client';
// Annotations of the match for this viewer plus the author layers the viewer has hidden (kept per browser).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAnnotations, type Annotation, type AnnotationsState } from '../../lib/annotations';
import { readClaims, type Perspective } from '../../lib/viewer';

const HIDDEN_KEY = 'matchtape.coverage.hiddenLayers';

export interface Coverage extends AnnotationsState {
  /** Annotations of the layers shown. */
  shown: Annotation[];
  hidden: ReadonlySet<string>;
  toggleLayer(id: string): void;
  /** The token may write (coverage or judge) and the view is theirs. */
  canWrite: boolean;
}

export function useCoverage(matchId: string, as: Perspective, token: string | null): Coverage {
  const ann = useAnnotations(matchId, as, token);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    try {
      const raw = window.localStorage.getItem(HIDDEN_KEY);
      if (raw) setHidden(new Set(JSON.parse(raw) as string[]));
    } catch {
      // a damaged entry: show every layer
    }
  }, []);
  const toggleLayer = useCallback((id: string) => {
    setHidden((h) => {
      const next = new Set(h);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      window.localStorage.setItem(HIDDEN_KEY, JSON.stringify([...next]));
      return next;
    });
  }, []);
  const shown = useMemo(
    () => ann.annotations.filter((a) => !hidden.has(a.author.id)),
    [ann.annotations, hidden],
  );
  const role = token ? readClaims(token)?.role : null;
  const canWrite = (role === 'coverage' || role === 'judge') && (as === 'coverage' || as === 'judge');
  return { ...ann, shown, hidden, toggleLayer, canWrite };
}
