'use client';
// The casters' arrows and circles over a board (match page, board overlay, embed). The board is drawn as usual; an
// SVG over it finds each target in the DOM (a tile by `data-id`, a zone by `data-player` / `data-zone`) and draws
// the shape there, so it follows the layout at any size. A target not on the board at this moment (the card moved
// away) is simply not drawn. In picking mode (the coverage view's drawing tools) a click, or Enter / Space on a
// focused card or zone, picks a target instead of doing what it would otherwise do.
import {
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { DRAWING_COLORS, drawingsAt, type Drawing, type DrawingTarget } from '../../lib/drawings';
import './drawing.css';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
interface Placed {
  id: string;
  kind: 'arrow' | 'circle';
  color: string;
  author: string;
  a: Box;
  b?: Box;
}

const esc = (s: string) =>
  typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(s) : s.replace(/["\\]/g, '\\$&');

/** The element a target names inside the board, if it is there now. */
export function findTarget(root: ParentNode, t: DrawingTarget): Element | null {
  if (t.kind === 'card') return root.querySelector(`[data-id="${esc(t.cardId)}"]:not([data-hidden="true"])`);
  const scope =
    t.player === null
      ? root.querySelector('.shared')
      : root.querySelector(`[data-player="${esc(t.player)}"]`);
  return scope?.querySelector(`[data-zone="${esc(t.zone)}"]`) ?? null;
}

/** The target an element of the board stands for: the nearest card tile, else the nearest zone. */
export function targetOf(el: Element | null): DrawingTarget | null {
  const tile = el?.closest('[data-id]:not([data-hidden="true"])');
  const id = tile?.getAttribute('data-id');
  if (tile && id && !tile.hasAttribute('data-player')) return { kind: 'card', cardId: id };
  const zone = el?.closest('[data-zone]');
  const key = zone?.getAttribute('data-zone');
  if (!zone || !key) return null;
  const player = zone.closest('[data-player]')?.getAttribute('data-player') ?? null;
  return { kind: 'zone', player, zone: key };
}

function boxOf(host: Element, el: Element): Box {
  const h = host.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  return { x: r.left - h.left, y: r.top - h.top, w: r.width, h: r.height };
}

/** Where a line from `from`'s centre towards `to`'s centre leaves the box `to` (so the head sits on its edge). */
function edgePoint(from: { x: number; y: number }, to: Box): { x: number; y: number } {
  const c = { x: to.x + to.w / 2, y: to.y + to.h / 2 };
  const dx = from.x - c.x;
  const dy = from.y - c.y;
  if (dx === 0 && dy === 0) return c;
  const s = Math.min(
    Math.abs(dx) > 0 ? to.w / 2 / Math.abs(dx) : Infinity,
    Math.abs(dy) > 0 ? to.h / 2 / Math.abs(dy) : Infinity,
    1,
  );
  return { x: c.x + dx * s, y: c.y + dy * s };
}

function place(host: Element, shown: readonly Drawing[]): Placed[] {
  const out: Placed[] = [];
  for (const d of shown) {
    const color = DRAWING_COLORS[d.color];
    if (d.shape.kind === 'circle') {
      const el = findTarget(host, d.shape.at);
      if (el) out.push({ id: d.drawingId, kind: 'circle', color, author: d.author.name, a: boxOf(host, el) });
    } else {
      const a = findTarget(host, d.shape.from);
      const b = findTarget(host, d.shape.to);
      if (a && b)
        out.push({
          id: d.drawingId,
          kind: 'arrow',
          color,
          author: d.author.name,
          a: boxOf(host, a),
          b: boxOf(host, b),
        });
    }
  }
  return out;
}

export interface DrawnBoardProps {
  drawings: readonly Drawing[];
  seq: number;
  children: ReactNode;
  /** Picking targets for a new drawing (coverage view): clicks and Enter / Space pick instead of acting. */
  picking?: boolean;
  onPick?: (t: DrawingTarget) => void;
  /** The first end of an arrow being drawn, marked on the board. */
  pending?: DrawingTarget | null;
}

export function DrawnBoard({
  drawings,
  seq,
  children,
  picking = false,
  onPick,
  pending = null,
}: DrawnBoardProps) {
  const host = useRef<HTMLDivElement>(null);
  const [placed, setPlaced] = useState<Placed[]>([]);
  const [size, setSize] = useState({ w: 0, h: 0 });
  const [mark, setMark] = useState<Box | null>(null);
  const shown = drawingsAt(drawings, seq);
  const key = JSON.stringify(shown.map((d) => d.drawingId));

  // Measure after every render (the board below changes with the playhead) and when the host is resized.
  useLayoutEffect(() => {
    const el = host.current;
    if (!el) return;
    const measure = () => {
      const next = shown.length > 0 ? place(el, shown) : [];
      setPlaced((p) => (JSON.stringify(p) === JSON.stringify(next) ? p : next));
      setSize((s) =>
        s.w === el.scrollWidth && s.h === el.scrollHeight ? s : { w: el.scrollWidth, h: el.scrollHeight },
      );
      const m = pending ? findTarget(el, pending) : null;
      const box = m ? boxOf(el, m) : null;
      setMark((b) => (JSON.stringify(b) === JSON.stringify(box) ? b : box));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  });

  // In picking mode zones take focus too (cards already do), so a keyboard can reach every target.
  useLayoutEffect(() => {
    const el = host.current;
    if (!el || !picking) return;
    const zones = [...el.querySelectorAll('[data-zone]:not([tabindex])')];
    for (const z of zones) z.setAttribute('tabindex', '0');
    return () => zones.forEach((z) => z.removeAttribute('tabindex'));
  }, [picking, seq]);

  const pick = (e: MouseEvent<HTMLDivElement> | KeyboardEvent<HTMLDivElement>, el: Element | null) => {
    const t = targetOf(el);
    if (!t || !onPick) return;
    e.preventDefault();
    e.stopPropagation();
    onPick(t);
  };

  return (
    <div
      className={`draw-host${picking ? ' draw-picking' : ''}`}
      ref={host}
      data-drawings={key === '[]' ? 0 : shown.length}
      onClickCapture={picking ? (e) => pick(e, e.target as Element) : undefined}
      onKeyDownCapture={
        picking
          ? (e) => (e.key === 'Enter' || e.key === ' ' ? pick(e, e.target as Element) : undefined)
          : undefined
      }
    >
      {children}
      <svg
        className="draw-layer"
        width={size.w}
        height={size.h}
        aria-hidden={placed.length === 0}
        role="img"
        aria-label={placed.map((p) => `${p.author}: ${p.kind}`).join('; ') || undefined}
      >
        <defs>
          {Object.entries(DRAWING_COLORS).map(([name, c]) => (
            <marker
              key={name}
              id={`draw-head-${name}`}
              viewBox="0 0 10 10"
              refX="8"
              refY="5"
              markerWidth="5"
              markerHeight="5"
              orient="auto-start-reverse"
            >
              <path d="M 0 0 L 10 5 L 0 10 z" fill={c} />
            </marker>
          ))}
        </defs>
        {mark && (
          <rect
            className="draw-pending"
            x={mark.x - 4}
            y={mark.y - 4}
            width={mark.w + 8}
            height={mark.h + 8}
            rx={8}
          />
        )}
        {placed.map((p) => {
          const colorName = Object.entries(DRAWING_COLORS).find(([, c]) => c === p.color)?.[0] ?? 'yellow';
          if (p.kind === 'circle')
            return (
              <g key={p.id} data-drawing={p.id} data-kind="circle">
                <ellipse
                  cx={p.a.x + p.a.w / 2}
                  cy={p.a.y + p.a.h / 2}
                  rx={p.a.w / 2 + 10}
                  ry={p.a.h / 2 + 10}
                  stroke={p.color}
                />
              </g>
            );
          const from = { x: p.a.x + p.a.w / 2, y: p.a.y + p.a.h / 2 };
          const to = edgePoint(from, p.b!);
          return (
            <g key={p.id} data-drawing={p.id} data-kind="arrow">
              <line
                x1={from.x}
                y1={from.y}
                x2={to.x}
                y2={to.y}
                stroke={p.color}
                markerEnd={`url(#draw-head-${colorName})`}
              />
            </g>
          );
        })}
      </svg>
    </div>
  );
}
