'use client';
// The embed's position and playback: the event shown (the live end until the viewer moves, or ?seq=), play at
// RATE events a second, and the step keys once the frame has focus.
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { MatchTape } from '../../lib/tape';
import { embedKeyAction, keyIsTheTargets } from './embedKeys';

/** Events per second while playing. */
const RATE = 4;

export interface Playback {
  /** The event shown. */
  seq: number;
  /** The position the viewer chose; null follows the end of the tape. */
  pos: number | null;
  playing: boolean;
  setPlaying: Dispatch<SetStateAction<boolean>>;
  /** Shows an event (clamped to the tape). */
  seek: (s: number) => void;
}

export function usePlayback(tape: MatchTape | null, initial: number | null, isLive: boolean): Playback {
  const length = tape?.length ?? 0;
  const [pos, setPos] = useState<number | null>(initial);
  const [playing, setPlaying] = useState(false);
  const seq = Math.max(0, Math.min(pos ?? length, length));
  const seqRef = useRef(seq);
  seqRef.current = seq;
  const seek = useCallback((s: number) => setPos(Math.max(0, Math.min(s, tape?.length ?? 0))), [tape]);

  useEffect(() => {
    if (!playing || !tape) return;
    const t = setInterval(() => {
      const next = seqRef.current + 1;
      if (next > tape.length) setPlaying(false);
      else seek(next);
    }, 1000 / RATE);
    return () => clearInterval(t);
  }, [playing, tape, seek]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || !tape) return;
      if (keyIsTheTargets(e.key, e.target)) return;
      const nav = tape.timeline;
      const action = embedKeyAction(e.key, e.shiftKey, {
        seq: seqRef.current,
        nav,
        length: tape.length,
        isLive,
      });
      if (!action) return;
      e.preventDefault();
      if ('seek' in action) seek(action.seek);
      else if ('live' in action) setPos(null);
      else setPlaying((p) => !p);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [tape, seek, isLive]);

  return { seq, pos, playing, setPlaying, seek };
}
