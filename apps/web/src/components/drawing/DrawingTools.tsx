// The drawing tools' bar: drawing on or off, the shape, the colour, clearing, the hint and a refused drawing.
import { DRAWING_COLORS, type DrawingColor } from '../../lib/drawings';
import { drawingHint } from './drawing-keys';

export function DrawingTools({
  on,
  onToggle,
  tool,
  onTool,
  color,
  onColor,
  onClear,
  judge,
  pending,
  seq,
  problem,
}: {
  on: boolean;
  onToggle(): void;
  tool: 'arrow' | 'circle';
  onTool(tool: 'arrow' | 'circle'): void;
  color: DrawingColor;
  onColor(c: DrawingColor): void;
  onClear(scope: 'mine' | 'all'): void;
  /** A judge may clear everyone's drawings. */
  judge: boolean;
  pending: boolean;
  seq: number;
  problem: string | null;
}) {
  return (
    <div
      className="draw-tools"
      role="group"
      aria-label="Drawing on the board"
      data-on={on ? 'true' : 'false'}
    >
      <button type="button" className={`btn${on ? ' primary' : ''}`} aria-pressed={on} onClick={onToggle}>
        ✎ Draw <kbd>D</kbd>
      </button>
      <span role="radiogroup" aria-label="Shape">
        {(['arrow', 'circle'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={tool === k}
            className="chip"
            onClick={() => onTool(k)}
          >
            {k === 'arrow' ? '➜ arrow' : '◯ circle'}
          </button>
        ))}
      </span>
      <span role="radiogroup" aria-label="Colour">
        {(Object.keys(DRAWING_COLORS) as DrawingColor[]).map((c) => (
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={color === c}
            aria-label={c}
            title={c}
            className="draw-swatch"
            style={{ background: DRAWING_COLORS[c] }}
            onClick={() => onColor(c)}
          />
        ))}
      </span>
      <button type="button" className="btn ghost" onClick={() => onClear('mine')}>
        Clear mine <kbd>X</kbd>
      </button>
      {judge && (
        <button type="button" className="btn ghost" onClick={() => onClear('all')}>
          Clear all
        </button>
      )}
      <span className="muted draw-hint" role="status">
        {drawingHint(on, tool, pending, seq)}
      </span>
      {problem && (
        <span className="ann-problem" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
