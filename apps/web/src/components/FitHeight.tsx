'use client';
// Fits the board to the height its scroll box has left, so both players' whole fields stay in view however full
// the board is (a Grand Archive judge view with a stack, lineage and material deck needed up to 100 px more than
// 1280×800 leaves). It uses CSS `zoom` (layout scales, so text stays crisp and the zones reflow into the width),
// never below MIN_ZOOM. On tall wide screens (1920×1080 and up) the board may also grow past 1, up to the window's
// height over the 800 px the board is made for: at natural size it filled less than half of a 1080 px screen.
// Measured after every render and on resize: the board's content changes with the playhead.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Below this the tiles' words get too small to read; past it the scroll box scrolls instead. */
export const MIN_ZOOM = 0.7;
/** Steps of the zoom, so a one-pixel change does not re-layout the board. */
const STEP = 0.02;
/** The most a board grows on a tall wide screen (a 1440 px high window and up). */
export const MAX_GROW = 1.5;
/** The window height a whole board fits at zoom 1 (1280×800). */
const BASE_HEIGHT = 800;
/** Where the board may grow past 1: wide enough for the log beside it, and tall (table.css uses the same). */
const WIDE_TALL = '(min-width: 1500px) and (min-height: 950px)';
/** Zoom changes allowed for one content and window size: a bound on any shrink–grow cycle the layout could make. */
const MAX_CHANGES = 6;
/** The site's narrow layout (globals.css switches at 900 px), where the board scrolls with the page. */
const NARROW = '(max-width: 900px)';

/** How far the board may grow in a window this high: 1, or on a tall wide screen its height over BASE_HEIGHT. */
export function zoomCeiling(windowHeight: number, wideTall: boolean): number {
  if (!wideTall) return 1;
  const grow = Math.floor(windowHeight / BASE_HEIGHT / STEP) * STEP;
  return Math.min(MAX_GROW, Math.max(1, Number(grow.toFixed(2))));
}

/**
 * The zoom at which content `height` tall (measured at zoom `current`) fits `available`, in STEP steps, between
 * MIN_ZOOM and `ceiling`.
 */
export function fitZoom(current: number, height: number, available: number, ceiling = 1): number {
  if (height <= 0 || available <= 0) return current;
  const natural = height / current;
  const fit = Math.floor(available / natural / STEP) * STEP;
  return Math.min(ceiling, Math.max(MIN_ZOOM, Number(fit.toFixed(2))));
}

export function FitHeight({
  children,
  scroller,
  contentKey,
}: {
  children: ReactNode;
  scroller: string;
  contentKey?: string | number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(1);
  const zoomNow = useRef(1);
  // Once the board has shrunk for this content, it grows back only when the content changes or the window is
  // resized: at a smaller zoom the zones wrap less (and a scroll bar may come or go), so growing back could overflow
  // again and the board would shrink and grow every frame. Within one content it may also change only a few times.
  const settled = useRef<{ key: unknown; shrunk: boolean; changes: number }>({
    key: contentKey,
    shrunk: false,
    changes: 0,
  });
  const [resized, setResized] = useState(0);

  useEffect(() => {
    const onResize = () => setResized((n) => n + 1);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  // A resized window is a new room: the board may grow again (the content's reset is in measure below).
  useEffect(() => {
    settled.current = { key: settled.current.key, shrunk: false, changes: 0 };
  }, [resized]);

  useLayoutEffect(() => {
    const el = ref.current;
    const box = el?.closest<HTMLElement>(scroller);
    if (!el || !box) return;
    const measure = () => {
      // Phones scroll the page instead: a whole board shrunk into a phone's height would be unreadable.
      if (window.matchMedia?.(NARROW).matches) {
        zoomNow.current = 1;
        return setZoom(1);
      }
      const pad = Number.parseFloat(getComputedStyle(box).paddingBottom) || 0;
      const bottom = box.getBoundingClientRect().top + box.clientTop + box.clientHeight - pad;
      const available = bottom - (el.getBoundingClientRect().top + box.scrollTop);
      const height = el.getBoundingClientRect().height;
      const s = settled.current;
      if (s.key !== contentKey) settled.current = { key: contentKey, shrunk: false, changes: 0 };
      const st = settled.current;
      const z = zoomNow.current;
      if (st.changes >= MAX_CHANGES) return;
      const ceiling = zoomCeiling(window.innerHeight, window.matchMedia?.(WIDE_TALL).matches ?? false);
      const next = fitZoom(z, height, available, ceiling);
      // Grow only while this content has not had to shrink, and by a clear margin.
      const to = next < z ? next : !st.shrunk && next - z >= 2 * STEP ? next : z;
      if (to === z) return;
      settled.current = { key: st.key, shrunk: st.shrunk || to < z, changes: st.changes + 1 };
      zoomNow.current = to;
      setZoom(to);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    ro.observe(box);
    return () => ro.disconnect();
  });

  return (
    <div ref={ref} className="fit-height" data-zoom={zoom} style={zoom !== 1 ? { zoom } : undefined}>
      {children}
    </div>
  );
}
