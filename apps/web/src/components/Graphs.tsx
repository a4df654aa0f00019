'use client';
// Graphs under the timeline: each player's main figure (life / health / influence…), cards in hand and resources
// per turn, from @matchtape/projections' turnFigures over the boards the page already folded for its viewer (so a
// public viewer's graph holds only public information, and nothing is fetched). Plain SVG. Hovering or focusing a
// turn shows its values; a click (or Enter) seeks to the turn's last event, where the values are read.
import { memo, useRef, useState, type KeyboardEvent } from 'react';
import { FIGURE_KINDS, type FigureKind, type FigureSeries, type TurnFigures } from '@matchtape/projections';
import './graphs.css';

// viewBox units; the SVG stretches to the panel's width (preserveAspectRatio none, strokes not scaled).
const W = 1000;
const H = 40;
const PAD = 4;
const PLAYER_COLORS = [
  'var(--p1)',
  'var(--p2)',
  '#fbbf24',
  '#34d399',
  '#a78bfa',
  '#f87171',
  '#22d3ee',
  '#e879f9',
];
const FALLBACK: Record<FigureKind, string> = { main: 'Life', hand: 'Hand', resources: 'Resources' };

export interface GraphsProps {
  series: FigureSeries;
  /** Player names by seat. */
  names: ReadonlyMap<string, string>;
  /** The playhead. */
  seq: number;
  onSeek: (seq: number) => void;
}

function playersOf(series: FigureSeries): string[] {
  return Object.keys(series.labels).sort();
}

/** The label a figure goes by (the first player's board's own word for it). */
function labelOf(series: FigureSeries, kind: FigureKind): string {
  for (const p of playersOf(series)) {
    const l = series.labels[p]?.[kind];
    if (l) return l;
  }
  return FALLBACK[kind];
}

/** "Turn 5 · Ada: Health 31, Hand 2 · Brook: …" for one turn. */
export function turnText(series: FigureSeries, t: TurnFigures, names: ReadonlyMap<string, string>): string {
  const parts = playersOf(series).map((p) => {
    const f = t.players[p];
    const vals = FIGURE_KINDS.filter((k) => f?.[k] !== null && f?.[k] !== undefined).map(
      (k) => `${series.labels[p]?.[k] ?? FALLBACK[k]} ${f![k]}`,
    );
    return `${names.get(p) ?? p}: ${vals.join(', ')}`;
  });
  return `Turn ${t.turn} · ${parts.join(' · ')}`;
}

const Chart = memo(function Chart({
  series,
  kind,
  hover,
}: {
  series: FigureSeries;
  kind: FigureKind;
  hover: number | null;
}) {
  const turns = series.turns;
  const players = playersOf(series);
  const values = turns
    .flatMap((t) => players.map((p) => t.players[p]?.[kind] ?? null))
    .filter((v): v is number => v !== null);
  if (values.length === 0) return null;
  const lo = Math.min(0, ...values);
  const hi = Math.max(1, ...values);
  // Turn i sits in the middle of the i-th of n equal columns: exactly under its hit column (.graph-turn).
  const x = (i: number) => (W * (i + 0.5)) / turns.length;
  const y = (v: number) => H - PAD - ((H - 2 * PAD) * (v - lo)) / (hi - lo);
  const label = labelOf(series, kind);
  return (
    <figure className="graph" data-kind={kind}>
      <figcaption>
        {label} <span className="muted">0–{hi}</span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={`${label} per turn`}>
        {hover !== null && (
          <line
            className="graph-hover"
            x1={x(hover)}
            x2={x(hover)}
            y1={0}
            y2={H}
            vectorEffect="non-scaling-stroke"
          />
        )}
        {players.map((p, pi) => {
          const pts = turns.flatMap((t, i) => {
            const v = t.players[p]?.[kind];
            return v === null || v === undefined ? [] : [{ i, v, t }];
          });
          return (
            <g key={p} style={{ color: PLAYER_COLORS[pi % PLAYER_COLORS.length] }}>
              <polyline
                points={pts.map((q) => `${x(q.i)},${y(q.v)}`).join(' ')}
                fill="none"
                stroke="currentColor"
                strokeWidth={1.5}
                vectorEffect="non-scaling-stroke"
              />
              {pts.map((q) => (
                // A zero-length line with round caps is a dot that stays round when the SVG stretches.
                <line
                  key={q.t.turn}
                  className="graph-point"
                  x1={x(q.i)}
                  x2={x(q.i)}
                  y1={y(q.v)}
                  y2={y(q.v)}
                  stroke="currentColor"
                  strokeWidth={q.i === hover ? 7 : 4}
                  strokeLinecap="round"
                  vectorEffect="non-scaling-stroke"
                  data-player={p}
                  data-turn={q.t.turn}
                  data-seq={q.t.seq}
                  data-value={q.v}
                />
              ))}
            </g>
          );
        })}
      </svg>
    </figure>
  );
});

export function Graphs({ series, names, seq, onSeek }: GraphsProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<number | null>(null);
  const turns = series.turns;
  // The turn the playhead is in: the last whose first event is at or before it.
  let current = -1;
  for (let i = 0; i < turns.length; i++) if (turns[i]!.fromSeq <= seq) current = i;
  const shown = hover ?? (current >= 0 ? current : null);
  const stop = Math.max(0, hover ?? current);
  if (turns.length === 0) return <p className="graphs-empty muted">No turn has been played yet.</p>;
  const players = playersOf(series);

  const move = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    let next = i;
    if (e.key === 'ArrowRight') next = Math.min(turns.length - 1, i + 1);
    else if (e.key === 'ArrowLeft') next = Math.max(0, i - 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = turns.length - 1;
    else return;
    e.preventDefault();
    e.stopPropagation(); // the page's arrows step the match; here they move between turns
    setHover(next);
    ref.current?.querySelectorAll<HTMLButtonElement>('.graph-turn')[next]?.focus();
  };

  return (
    <section className="graphs" aria-label="Graphs per turn" data-turns={turns.length}>
      <div className="graphs-legend">
        {players.map((p, pi) => (
          <span key={p} className="graph-player" style={{ color: PLAYER_COLORS[pi % PLAYER_COLORS.length] }}>
            ● <span className="graph-player-name">{names.get(p) ?? p}</span>
          </span>
        ))}
        <span className="graph-readout" data-testid="graph-readout" aria-live="off">
          {shown !== null ? turnText(series, turns[shown]!, names) : ''}
        </span>
      </div>
      <div className="graphs-charts" onPointerLeave={() => setHover(null)}>
        {FIGURE_KINDS.map((k) => (
          <Chart key={k} series={series} kind={k} hover={shown} />
        ))}
        {/* One column per turn over all the charts: what the pointer hovers and clicks, and one Tab stop for keys. */}
        <div
          className="graph-turns"
          role="toolbar"
          aria-label={`Turns (${turns.length}): a turn's values; Enter goes to its end`}
          ref={ref}
        >
          {turns.map((t, i) => (
            <button
              key={t.turn}
              type="button"
              className={`graph-turn${i === current ? ' graph-turn-current' : ''}`}
              tabIndex={i === stop ? 0 : -1}
              aria-label={turnText(series, t, names)}
              data-turn={t.turn}
              data-seq={t.seq}
              onPointerEnter={() => setHover(i)}
              onFocus={() => setHover(i)}
              onKeyDown={(e) => move(e, i)}
              onClick={() => onSeek(t.seq)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
