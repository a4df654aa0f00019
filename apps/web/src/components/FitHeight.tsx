'use client';
// Fits the board to the height its scroll box has left, so both players' whole fields stay in view however full
// the board is (a Grand Archive judge view with a stack, lineage and material deck needed up to 100 px more than
// 1280×800 leaves). It uses CSS `zoom` (layout scales, so text stays crisp and the zones reflow into the width),
// never below MIN_ZOOM. On tall wide screens (1920×1080 and up) the board may also grow past 1, up to the window's
// height over the 800 px the board is made for: at natural size it filled less than half of a 1080 px screen.
// Measured after every render, on resize of the board, its box or what shares the box, and once a second.
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
/** Growths allowed for one content and window size: a bound on any shrink–grow cycle the layout could make. */
const MAX_GROWTHS = 3;
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

/** How much more room the box must have than when the board overflowed before the board may pass that zoom again. */
const ROOM_MARGIN = 24;
/** How much shorter (at natural size) the board must have become since it overflowed to count as new content. */
const CONTENT_DROP = 0.8;

/** What the board remembers between measurements of one content (one playhead in one window). */
export interface Settled {
  key: unknown;
  /** Growths so far. */
  growths: number;
  /** The smallest zoom at which it overflowed its box, with the box's room and the board's natural height then. */
  overflow: { zoom: number; room: number; natural: number } | null;
}

export const freshSettled = (key: unknown): Settled => ({ key, growths: 0, overflow: null });

/**
 * The zoom to show at, given the current zoom `z`, the zoom `next` that fits now, and the box's `room` and the
 * board's `natural` height now. It shrinks at once. It grows only below the zoom at which it last overflowed (at a
 * smaller zoom the zones wrap less, so growing back there would overflow again and the board would shrink and grow
 * every frame), unless since then the box got clearly more room or the board clearly less to show (the page was
 * still loading when it overflowed); and by two steps or more, at most MAX_GROWTHS times.
 */
export function settleZoom(
  st: Settled,
  z: number,
  next: number,
  room: number,
  natural: number,
): { to: number; settled: Settled } {
  const o = st.overflow;
  const stale = o !== null && (room >= o.room + ROOM_MARGIN || natural < o.natural * CONTENT_DROP);
  const overflow = stale ? null : o;
  if (next < z) {
    const to = next;
    return {
      to,
      settled: { ...st, overflow: { zoom: overflow ? Math.min(overflow.zoom, z) : z, room, natural } },
    };
  }
  const cap = overflow ? Number((overflow.zoom - STEP).toFixed(2)) : Infinity;
  const grow = Math.min(next, cap);
  if (st.growths < MAX_GROWTHS && grow - z >= 2 * STEP)
    return { to: grow, settled: { ...st, growths: st.growths + 1, overflow } };
  return { to: z, settled: overflow === o ? st : { ...st, overflow } };
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
  // What the board learnt about this content (settleZoom): where it overflowed, how often it grew.
  const settled = useRef<Settled>(freshSettled(contentKey));
  const [resized, setResized] = useState(0);

  useEffect(() => {
    const onResize = () => setResized((n) => n + 1);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  // A resized window is a new room: the board may grow again (the content's reset is in measure below).
  useEffect(() => {
    settled.current = freshSettled(settled.current.key);
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
      if (settled.current.key !== contentKey) settled.current = freshSettled(contentKey);
      if (height <= 0 || available <= 0) return;
      const z = zoomNow.current;
      const ceiling = zoomCeiling(window.innerHeight, window.matchMedia?.(WIDE_TALL).matches ?? false);
      const next = fitZoom(z, height, available, ceiling);
      const { to, settled: st } = settleZoom(settled.current, z, next, available, height / z);
      settled.current = st;
      if (to === z) return;
      zoomNow.current = to;
      setZoom(to);
    };
    measure();
    // Once a second as well: a change the observers below do not see (the board moved without resizing) is caught.
    const timer = setInterval(measure, 1000);
    if (typeof ResizeObserver === 'undefined') return () => clearInterval(timer);
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    ro.observe(box);
    // Whatever shares the box with the board (the drawing tools above it…): when it changes height the board's
    // room changes, though neither the board nor the box is resized.
    for (let a: HTMLElement | null = el; a && a !== box; a = a.parentElement)
      for (const sibling of Array.from(a.parentElement?.children ?? []))
        if (sibling !== a) ro.observe(sibling);
    return () => {
      clearInterval(timer);
      ro.disconnect();
    };
  });

  return (
    <div ref={ref} className="fit-height" data-zoom={zoom} style={zoom !== 1 ? { zoom } : undefined}>
      {children}
    </div>
  );
}
