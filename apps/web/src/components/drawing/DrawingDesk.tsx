'use client';
// The coverage view's drawing tools (coverage or judge token): D switches drawing on; then a click on a card or a
// zone — or Enter / Space on a focused one (Tab walks them) — circles it, or, with the arrow tool, picks the arrow's
// start and then its end. Esc drops a half-drawn arrow (then leaves drawing), X clears your drawings from this event
// on. Drawings are stored at the event shown and reach each viewer under the annotations' time lock.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  addDrawing,
  clearDrawings,
  useDrawings,
  type Drawing,
  type DrawingColor,
  type DrawingTarget,
} from '../../lib/drawings';
import type { Perspective } from '../../lib/viewer';
import { drawingKey } from './drawing-keys';
import { DrawingTools } from './DrawingTools';

const NAME_KEY = 'matchtape.coverage.authorName';
const typing = (t: EventTarget | null) => {
  const el = t as HTMLElement | null;
  return (
    !!el &&
    (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)
  );
};

export interface DrawingDesk {
  drawings: Drawing[];
  picking: boolean;
  pending: DrawingTarget | null;
  onPick: (t: DrawingTarget) => void;
  /** The tools (null for viewers who cannot draw). */
  tools: ReactNode;
}

/** `frames`: the drawing frames of the page's live stream (TapeState.drawingFrames). */
export function useDrawingDesk(
  matchId: string,
  as: Perspective,
  token: string | null,
  seq: number,
  canWrite: boolean,
  role: string | null,
  frames: readonly unknown[],
): DrawingDesk {
  const d = useDrawings(matchId, as, token, frames);
  const [on, setOn] = useState(false);
  const [tool, setTool] = useState<'arrow' | 'circle'>('arrow');
  const [color, setColor] = useState<DrawingColor>('yellow');
  const [pending, setPending] = useState<DrawingTarget | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const seqRef = useRef(seq);
  seqRef.current = seq;
  const writer = canWrite && token !== null;

  const send = useCallback(
    async (shape: Parameters<typeof addDrawing>[2]['shape']) => {
      if (!token) return;
      const authorName = (window.localStorage.getItem(NAME_KEY) ?? '').trim() || 'Desk';
      try {
        await addDrawing(matchId, token, { authorName, seq: Math.max(1, seqRef.current), shape, color });
        setProblem(null);
        d.reload();
      } catch (e) {
        setProblem((e as Error).message);
      }
    },
    [matchId, token, color, d],
  );

  const clear = useCallback(
    async (scope: 'mine' | 'all') => {
      if (!token) return;
      try {
        await clearDrawings(matchId, token, Math.max(1, seqRef.current), scope);
        setProblem(null);
        d.reload();
      } catch (e) {
        setProblem((e as Error).message);
      }
    },
    [matchId, token, d],
  );

  const onPick = useCallback(
    (t: DrawingTarget) => {
      if (tool === 'circle') return void send({ kind: 'circle', at: t });
      if (!pending) return setPending(t);
      setPending(null);
      void send({ kind: 'arrow', from: pending, to: t });
    },
    [tool, pending, send],
  );

  useEffect(() => {
    if (!writer) return;
    const onKey = (e: KeyboardEvent) => {
      const action = drawingKey(e, typing(e.target), on, pending !== null);
      if (action === 'toggle') {
        e.preventDefault();
        setOn((v) => !v);
        setPending(null);
      } else if (action === 'drop-arrow') setPending(null);
      else if (action === 'leave') setOn(false);
      else if (action === 'clear-mine') {
        e.preventDefault();
        void clear('mine');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [writer, on, pending, clear]);

  const tools = writer ? (
    <DrawingTools
      on={on}
      onToggle={() => {
        setOn(!on);
        setPending(null);
      }}
      tool={tool}
      onTool={(k) => {
        setTool(k);
        setPending(null);
      }}
      color={color}
      onColor={setColor}
      onClear={(scope) => void clear(scope)}
      judge={role === 'judge'}
      pending={pending !== null}
      seq={seq}
      problem={problem}
    />
  ) : null;

  return { drawings: d.drawings, picking: writer && on, pending, onPick, tools };
}
