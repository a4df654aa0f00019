'use client';
// The seq the heavy panels beside the board (the log) show: the playhead itself, except while a hand drags the
// scrubber, when they keep the seq they last showed until the drag pauses (no move for DRAG_PAUSE_MS) or ends.
// The board follows every frame of a drag; re-describing a turn's lines and folding the boards that name its
// cards on every frame only made the frames that cross a turn longer. Keyboard steps and playback are not drags,
// so the log follows them at once.
import { useEffect, useState } from 'react';

/** A drag that has not moved for this long has paused: the log catches up. */
export const DRAG_PAUSE_MS = 150;

export function useSettledSeq(seq: number, dragging: boolean, pauseMs = DRAG_PAUSE_MS): number {
  const [settled, setSettled] = useState(seq);
  // Outside a drag the settled seq is the playhead (kept during render, so a drag starts from what was shown).
  if (!dragging && settled !== seq) setSettled(seq);
  useEffect(() => {
    if (!dragging) return;
    const t = setTimeout(() => setSettled(seq), pauseMs);
    return () => clearTimeout(t);
  }, [seq, dragging, pauseMs]);
  return dragging ? settled : seq;
}
