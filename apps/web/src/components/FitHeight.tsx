'use client';
// Shrinks the board to the height its scroll box has left, so both players' whole fields stay in view however
// full the board is (a Grand Archive judge view with a stack, lineage and material deck needs ~25 % more height
// than 1280×800 leaves). It uses CSS `zoom` (layout scales, so text stays crisp and the zones reflow into the
// extra width), never below MIN_ZOOM; when the board needs less height again it grows back to 1. Measured after
// every render and on resize: the board's content changes with the playhead.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Below this the tiles' words get too small to read; past it the scroll box scrolls instead. */
export const MIN_ZOOM = 0.7;
/** Steps of the zoom, so a one-pixel change does not re-layout the board. */
const STEP = 0.02;
/** The site's narrow layout (globals.css switches at 900 px), where the board scrolls with the page. */
const NARROW = '(max-width: 900px)';

/** The zoom at which content `height` tall (measured at zoom `current`) fits `available`, in STEP steps. */
export function fitZoom(current: number, height: number, available: number): number {
  if (height <= 0 || available <= 0) return current;
  const natural = height / current;
  const fit = Math.floor((available / natural) / STEP) * STEP;
  return Math.min(1, Math.max(MIN_ZOOM, Number(fit.toFixed(2))));
}

export function FitHeight({ children, scroller, contentKey }: { children: ReactNode; scroller: string; contentKey?: string | number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(1);
  // The smallest zoom that overflowed for this content and room: growing back to it would reflow the zones (fewer
  // wraps at a smaller zoom) and overflow again, an endless shrink–grow loop. Forgotten when the content or the room changes.
  const tooBig = useRef<{ key: unknown; room: number; zoom: number } | null>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    const box = el?.closest<HTMLElement>(scroller);
    if (!el || !box) return;
    const measure = () => {
      // Phones scroll the page instead: a whole board shrunk into a phone's height would be unreadable.
      if (window.matchMedia?.(NARROW).matches) return setZoom(1);
      const pad = Number.parseFloat(getComputedStyle(box).paddingBottom) || 0;
      const bottom = box.getBoundingClientRect().top + box.clientTop + box.clientHeight - pad;
      const available = bottom - (el.getBoundingClientRect().top + box.scrollTop);
      const height = el.getBoundingClientRect().height;
      const room = Math.round(box.clientHeight);
      const known = tooBig.current;
      if (known && (known.key !== contentKey || Math.abs(known.room - room) > 4)) tooBig.current = null;
      setZoom((z) => {
        const next = fitZoom(z, height, available);
        if (next < z) {
          tooBig.current = { key: contentKey, room, zoom: Math.min(z, tooBig.current?.zoom ?? Infinity) };
          return next;
        }
        const cap = tooBig.current ? tooBig.current.zoom - STEP : 1;
        const grown = Math.min(next, Number(cap.toFixed(2)));
        // Grow back only by a clear margin, and never to a zoom that overflowed for this content and room.
        return grown - z >= 2 * STEP ? grown : z;
      });
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    ro.observe(box);
    return () => ro.disconnect();
  });

  return (
    <div ref={ref} className="fit-height" data-zoom={zoom} style={zoom < 1 ? { zoom } : undefined}>
      {children}
    </div>
  );
}
