// The drawing tools' keys and hint, pure: D switches drawing on and off, Esc drops a half-drawn arrow (then leaves
// drawing), X clears your drawings; none while typing or with a modifier held.

export type DrawingKeyAction = 'toggle' | 'drop-arrow' | 'leave' | 'clear-mine' | null;

export function drawingKey(
  e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  typing: boolean,
  on: boolean,
  pending: boolean,
): DrawingKeyAction {
  if (typing || e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key === 'd' || e.key === 'D') return 'toggle';
  if (on && e.key === 'Escape') return pending ? 'drop-arrow' : 'leave';
  if (on && (e.key === 'x' || e.key === 'X')) return 'clear-mine';
  return null;
}

/** What the tools say to do next, or, while drawing is off, where drawings are stored. */
export function drawingHint(on: boolean, tool: 'arrow' | 'circle', pending: boolean, seq: number): string {
  if (!on)
    return `Drawings are stored at event ${seq}; spectators see them when their delayed feed gets there.`;
  if (tool === 'circle') return 'Pick a card or zone to circle.';
  return pending
    ? 'Now pick where the arrow points (Esc: drop it).'
    : 'Pick a card or zone to start an arrow (click, or Enter on a focused one).';
}
