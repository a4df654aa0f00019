'use client';
// Fits the board to the height its scroll box has left, so both players' whole fields stay in view however full
// the board is (a Grand Archive judge view with a stack, lineage and material deck needed up to 100 px more than
// 1280×800 leaves). It uses CSS `zoom` (layout scales, so text stays crisp and the zones reflow into the width),
// never below MIN_ZOOM. On tall wide screens (1920×1080 and up) the board may also grow past 1, up to the window's
// height over the 800 px the board is made for: at natural size it filled less than half of a 1080 px screen.
// The board's height is not proportional to its zoom: at a smaller zoom more cards fit a row, so a row that wraps
// at 1 may not at 0.9. The zoom is therefore found by measuring (the largest step at which the board fits), not
// computed from one measurement, which left boards far smaller than they could be (Grand Archive at 0.78 filling
// 65 % of its box where 0.82 filled 70 %). It is searched again only when the content, the room or the window
// changes: after every render, on resize of the board, its box or what shares the box, and checked once a second.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Below this the tiles' words get too small to read; past it the scroll box scrolls instead. */
export const MIN_ZOOM = 0.7;
/** Steps of the zoom: the search tries at most six of the forty between MIN_ZOOM and MAX_GROW. */
const STEP = 0.02;
/** The most a board grows on a tall wide screen (a 1440 px high window and up). */
export const MAX_GROW = 1.5;
/** The window height a whole board fits at zoom 1 (1280×800). */
const BASE_HEIGHT = 800;
/** Where the board may grow past 1: wide enough for the log beside it, and tall (table.css uses the same). */
const WIDE_TALL = '(min-width: 1500px) and (min-height: 950px)';
/** The site's narrow layout (globals.css switches at 900 px), where the board scrolls with the page. */
const NARROW = '(max-width: 900px)';

/** How far the board may grow in a window this high: 1, or on a tall wide screen its height over BASE_HEIGHT. */
export function zoomCeiling(windowHeight: number, wideTall: boolean): number {
  if (!wideTall) return 1;
  const grow = Math.floor(windowHeight / BASE_HEIGHT / STEP) * STEP;
  return Math.min(MAX_GROW, Math.max(1, Number(grow.toFixed(2))));
}

/** The zoom steps from MIN_ZOOM to `ceiling`, smallest first. */
export function zoomSteps(ceiling: number): number[] {
  const out: number[] = [];
  for (let i = 0; MIN_ZOOM + i * STEP <= ceiling + 1e-9; i++)
    out.push(Number((MIN_ZOOM + i * STEP).toFixed(2)));
  return out;
}

/**
 * The largest of `steps` (ascending) at which `fits` holds, by binary search (a board that fits at a zoom fits at any
 * smaller one); the smallest step when none fits, where the box scrolls.
 */
export function largestFitting(steps: readonly number[], fits: (zoom: number) => boolean): number {
  let lo = 0;
  let hi = steps.length - 1;
  if (fits(steps[hi]!)) return steps[hi]!;
  // Invariant: steps[hi] does not fit; the answer is below hi.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (mid === hi) break;
    if (fits(steps[mid]!)) lo = mid;
    else hi = mid;
  }
  return steps[lo]!;
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
  // What the last search saw (content, room, window, the board's height at its zoom): the same again needs none.
  const searched = useRef('');

  useLayoutEffect(() => {
    const el = ref.current;
    const box = el?.closest<HTMLElement>(scroller);
    if (!el || !box) return;
    const measure = () => {
      // Phones scroll the page instead: a whole board shrunk into a phone's height would be unreadable.
      if (window.matchMedia?.(NARROW).matches) {
        el.style.zoom = '';
        return setZoom(1);
      }
      const pad = Number.parseFloat(getComputedStyle(box).paddingBottom) || 0;
      const bottom = box.getBoundingClientRect().top + box.clientTop + box.clientHeight - pad;
      const room = bottom - (el.getBoundingClientRect().top + box.scrollTop);
      if (room <= 0 || el.getBoundingClientRect().height <= 0) return;
      const ceiling = zoomCeiling(window.innerHeight, window.matchMedia?.(WIDE_TALL).matches ?? false);
      const seen = () =>
        `${String(contentKey)}|${Math.round(room)}|${ceiling}|${box.clientWidth}|${Math.round(el.getBoundingClientRect().height)}`;
      if (seen() === searched.current) return;
      // Each try lays the board out at that zoom (synchronously, never painted); half a pixel for rounding.
      const best = largestFitting(zoomSteps(ceiling), (z) => {
        el.style.zoom = String(z);
        return el.getBoundingClientRect().height <= room + 0.5;
      });
      el.style.zoom = best === 1 ? '' : String(best);
      searched.current = seen();
      setZoom(best);
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
