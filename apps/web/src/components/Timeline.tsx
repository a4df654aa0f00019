'use client';
// The scrub bar over every event: phase bands, turn markers, attack / key-moment markers and the playhead.
// Dragging seeks once per animation frame; the board follows from the browser's own fold (no round trip).
import {
  memo,
  useCallback,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { humanPhase } from '../lib/present';
import type { KeyMomentMarker, TimelineNav } from '../lib/timeline';

export const SPEEDS = [0.5, 1, 2, 4, 8] as const;
export type Speed = (typeof SPEEDS)[number] | 'real';

const PHASE_COLORS = ['#1e3a5f', '#3b2f5c', '#1f4d3f', '#5a3b1f', '#4a1f3a', '#1f4a4d', '#403f1f', '#2f3340'];

export function phaseColor(phases: readonly string[], phase: string): string {
  const i = phases.indexOf(phase);
  return PHASE_COLORS[(i < 0 ? phases.length : i) % PHASE_COLORS.length]!;
}

function pct(seq: number, length: number): string {
  return `${length <= 0 ? 0 : (100 * seq) / length}%`;
}

/** The static layers: redrawn only when events arrive, not while the playhead moves. */
const Track = memo(function Track({
  nav,
  length,
  phases,
  phaseLabel,
}: {
  nav: TimelineNav;
  length: number;
  phases: readonly string[];
  phaseLabel: (phase: string) => string;
}) {
  // Label a turn marker only when it is far enough from the last labelled one to stay readable.
  const labelled = new Set<number>();
  let lastLabel = -Infinity;
  for (const t of nav.turns) {
    if (length > 0 && (t.fromSeq - lastLabel) / length >= 0.03) {
      labelled.add(t.fromSeq);
      lastLabel = t.fromSeq;
    }
  }
  return (
    <>
      <div className="tl-bands" aria-hidden="true">
        {nav.phases.map((b) => (
          <span
            key={b.fromSeq}
            className="tl-band"
            title={`Turn ${b.turn} · ${phaseLabel(b.phase)}`}
            style={{
              left: pct(b.fromSeq - 1, length),
              width: pct(b.toSeq - b.fromSeq + 1, length),
              background: phaseColor(phases, b.phase),
            }}
          />
        ))}
      </div>
      <div className="tl-turns" aria-hidden="true">
        {nav.turns.map((t) => (
          <span key={t.fromSeq} className="tl-turn" style={{ left: pct(t.fromSeq - 1, length) }}>
            {labelled.has(t.fromSeq) && <span className="tl-turn-label">T{t.turn}</span>}
          </span>
        ))}
      </div>
    </>
  );
});

export interface TimelineProps {
  nav: TimelineNav;
  /** Events held (the live edge). */
  length: number;
  /** Bumps when events arrive, so the static layers redraw. */
  version: number;
  seq: number;
  phases: readonly string[];
  onSeek: (seq: number, dragging: boolean) => void;
  onDragEnd: () => void;
  /** A key moment in words for this viewer (player and card names). */
  keyLabel: (k: KeyMomentMarker) => string;
  /** More marker layers over the track (disputes…), drawn by their owners. */
  extraMarkers?: ReactNode;
  /** A phase id as the game's rules name it (present.ts positionWords); ids in words without it. */
  phaseLabel?: (phase: string) => string;
}

function keyClass(k: KeyMomentMarker): string {
  return `tl-key${/attack|clash|combat/i.test(k.kind) ? ' tl-key-attack' : ''}${/death|destroy|defeat|end|win/i.test(k.kind) ? ' tl-key-death' : ''}`;
}

/**
 * Key-moment markers over the track: one Tab stop (the marker nearest the playhead), ←/→ move between markers
 * without stepping the match, Enter or a click goes there.
 */
const KeyMarkers = memo(function KeyMarkers({
  nav,
  length,
  seq,
  version,
  keyLabel,
  onSeek,
}: {
  nav: TimelineNav;
  length: number;
  seq: number;
  version: number;
  keyLabel: (k: KeyMomentMarker) => string;
  onSeek: (seq: number) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const keys = nav.keys;
  const [focusIdx, setFocusIdx] = useState<number | null>(null);
  let stop =
    focusIdx ??
    Math.max(
      0,
      keys.findIndex((k) => k.seq >= seq),
    );
  if (stop >= keys.length) stop = keys.length - 1;
  const move = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    let next = i;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = Math.min(keys.length - 1, i + 1);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = Math.max(0, i - 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = keys.length - 1;
    else return;
    e.preventDefault();
    e.stopPropagation(); // the page's own arrows step the match; here they move between markers
    setFocusIdx(next);
    ref.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };
  if (keys.length === 0) return null;
  return (
    <div
      className="tl-keys"
      role="toolbar"
      aria-label={`Key moments (${keys.length})`}
      ref={ref}
      data-version={version}
    >
      {keys.map((k, i) => {
        const label = `Event ${k.seq}, turn ${k.turn}: ${keyLabel(k)}`;
        return (
          <button
            type="button"
            key={k.seq}
            className={keyClass(k)}
            title={label}
            aria-label={label}
            tabIndex={i === stop ? 0 : -1}
            style={{ left: pct(k.seq - 0.5, length) }}
            onKeyDown={(e) => move(e, i)}
            onFocus={() => setFocusIdx(i)}
            onBlur={() => setFocusIdx(null)}
            onClick={() => onSeek(k.seq)}
            data-seq={k.seq}
          />
        );
      })}
    </div>
  );
});

export function Scrubber({
  nav,
  length,
  version,
  seq,
  phases,
  onSeek,
  onDragEnd,
  keyLabel,
  extraMarkers,
  phaseLabel = humanPhase,
}: TimelineProps) {
  const ref = useRef<HTMLDivElement>(null);
  const pending = useRef<number | null>(null);
  const raf = useRef<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [hover, setHover] = useState<{ x: number; seq: number } | null>(null);

  const seqAt = useCallback(
    (clientX: number) => {
      const r = ref.current!.getBoundingClientRect();
      const f = Math.max(0, Math.min(1, (clientX - r.left) / Math.max(1, r.width)));
      return Math.round(f * length);
    },
    [length],
  );

  const flush = useCallback(() => {
    raf.current = null;
    if (pending.current !== null) onSeek(pending.current, true);
    pending.current = null;
  }, [onSeek]);

  const queue = (s: number) => {
    pending.current = s;
    if (raf.current === null) raf.current = requestAnimationFrame(flush);
  };

  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || length === 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setDragging(true);
    queue(seqAt(e.clientX));
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    const r = ref.current!.getBoundingClientRect();
    setHover({ x: e.clientX - r.left, seq: seqAt(e.clientX) });
    if (dragging) queue(seqAt(e.clientX));
  };
  const up = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging) return;
    setDragging(false);
    if (raf.current !== null) cancelAnimationFrame(raf.current);
    raf.current = null;
    pending.current = null;
    onSeek(seqAt(e.clientX), false);
    onDragEnd();
  };
  // The slider's own keys (arrows, Home/End) are handled by the page-wide shortcuts.
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'PageUp') onSeek(nav.nextTurnStart(seq), false);
    if (e.key === 'PageDown') onSeek(nav.prevTurnStart(seq), false);
  };

  const turn = nav.turnAt(seq);
  const phase = nav.phaseAt(seq);
  const hoverTurn = hover ? nav.turnAt(hover.seq) : undefined;
  const hoverPhase = hover ? nav.phaseAt(hover.seq) : undefined;
  return (
    <div className="timeline">
      <div
        ref={ref}
        id="timeline"
        className={`scrubber${dragging ? ' scrubbing' : ''}`}
        role="slider"
        tabIndex={0}
        aria-label="Match timeline"
        aria-valuemin={0}
        aria-valuemax={length}
        aria-valuenow={seq}
        aria-valuetext={`Event ${seq} of ${length}${turn ? `, turn ${turn.turn}` : ''}${phase ? `, ${phaseLabel(phase.phase)}` : ''}`}
        data-version={version}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onPointerLeave={() => setHover(null)}
        onKeyDown={key}
      >
        <Track nav={nav} length={length} phases={phases} phaseLabel={phaseLabel} />
        <div className="tl-played" style={{ width: pct(seq, length) }} aria-hidden="true" />
        <div className="tl-head" style={{ left: pct(seq, length) }} aria-hidden="true" />
        {hover && (
          <div className="tl-hover" style={{ left: hover.x }} aria-hidden="true">
            #{hover.seq}
            {hoverTurn ? ` · T${hoverTurn.turn}` : ''}
            {hoverPhase ? ` · ${phaseLabel(hoverPhase.phase)}` : ''}
          </div>
        )}
      </div>
      <KeyMarkers
        nav={nav}
        length={length}
        seq={seq}
        version={version}
        keyLabel={keyLabel}
        onSeek={(s) => onSeek(s, false)}
      />
      {extraMarkers}
    </div>
  );
}
