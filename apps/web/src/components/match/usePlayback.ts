'use client';
// The playhead of the match page: where it is (a seq, or following live), seeking, stepping by event or turn, and
// playback at a steady rate (0.5×–8×) or with the original pacing between events (real time).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Speed } from '../Timeline';

/** Events per second at 1×. */
export const BASE_RATE = 4;
/** Real-time playback waits at most this long between two events (a paused match would otherwise stall it). */
const MAX_REAL_GAP_MS = 30_000;

/** What the playhead needs of the tape: its length and the timeline's turn starts and gaps. */
export interface PlaybackTape {
  length: number;
  timeline: {
    gapAfter(seq: number): number;
    nextTurnStart(seq: number): number;
    prevTurnStart(seq: number): number;
  };
}

export interface Playback {
  /** The seq on the board: the tape's end while following live, else the chosen seq (clamped to the tape). */
  seq: number;
  /** Following live (the match is live and nobody moved the playhead away). */
  following: boolean;
  playing: boolean;
  setPlaying: (p: boolean) => void;
  speed: Speed;
  setSpeed: (s: Speed) => void;
  /** A hand is on the scrubber (the address bar waits for the drag to end). */
  scrubbing: boolean;
  setScrubbing: (s: boolean) => void;
  /** "There is no turn N" (or a deep link that did not fit): cleared by the next seek. */
  problem: string | null;
  setProblem: (p: string | null) => void;
  seek: (seq: number, dragging?: boolean) => void;
  backToLive: () => void;
  stepEvent: (d: number) => void;
  stepTurn: (d: number) => void;
  togglePlay: () => void;
}

export function usePlayback(
  tape: PlaybackTape | null,
  isLive: boolean,
  opening: { seq: number | null; turn: number | null },
): Playback {
  const [pos, setPos] = useState<number | null>(opening.seq);
  const [follow, setFollow] = useState(opening.seq === null && opening.turn === null);
  const [problem, setProblem] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>(1);
  const [scrubbing, setScrubbing] = useState(false);
  const length = tape?.length ?? 0;
  const following = follow && isLive;
  const seq = Math.max(0, Math.min(following || pos === null ? length : pos, length));
  const seqRef = useRef(seq);
  seqRef.current = seq;

  const seek = useCallback(
    (s: number, dragging = false) => {
      setFollow(false);
      setProblem(null);
      setPos(Math.max(0, Math.min(s, tape?.length ?? 0)));
      setScrubbing(dragging);
    },
    [tape],
  );
  const backToLive = useCallback(() => {
    setFollow(true);
    setPos(null);
    setPlaying(false);
  }, []);
  usePlaybackClock(tape, playing, speed, seqRef, seek, () => {
    setPlaying(false);
    if (isLive) backToLive();
  });

  const stepEvent = useCallback((d: number) => seek(seqRef.current + d), [seek]);
  const stepTurn = useCallback(
    (d: number) => {
      if (!tape) return;
      const nav = tape.timeline;
      seek(d > 0 ? nav.nextTurnStart(seqRef.current) : nav.prevTurnStart(seqRef.current));
    },
    [tape, seek],
  );
  const togglePlay = useCallback(() => {
    setPlaying((p) => {
      if (!p && seqRef.current >= (tape?.length ?? 0) && !isLive) seek(0);
      return !p;
    });
  }, [tape, isLive, seek]);

  return {
    seq,
    following,
    playing,
    setPlaying,
    speed,
    setSpeed,
    scrubbing,
    setScrubbing,
    problem,
    setProblem,
    seek,
    backToLive,
    stepEvent,
    stepTurn,
    togglePlay,
  };
}

/** While playing, moves the playhead on: by animation frames at a rate, or by timers with the match's own gaps. */
function usePlaybackClock(
  tape: PlaybackTape | null,
  playing: boolean,
  speed: Speed,
  seqRef: { readonly current: number },
  seek: (seq: number) => void,
  onEnd: () => void,
): void {
  const atEnd = useRef(onEnd);
  atEnd.current = onEnd;
  useEffect(() => {
    if (!playing || !tape) return;
    let raf = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    if (speed === 'real') {
      const step = () => {
        const cur = seqRef.current;
        if (cur >= tape.length) return atEnd.current();
        timer = setTimeout(
          () => {
            seek(cur + 1);
            step();
          },
          Math.min(tape.timeline.gapAfter(cur), MAX_REAL_GAP_MS),
        );
      };
      step();
    } else {
      let acc = 0;
      let last = performance.now();
      const tick = (now: number) => {
        acc += ((now - last) / 1000) * BASE_RATE * speed;
        last = now;
        const n = Math.floor(acc);
        if (n > 0) {
          acc -= n;
          const next = Math.min(seqRef.current + n, tape.length);
          seek(next);
          if (next >= tape.length) return atEnd.current();
        }
        raf = requestAnimationFrame(tick);
      };
      raf = requestAnimationFrame(tick);
    }
    return () => {
      cancelAnimationFrame(raf);
      if (timer) clearTimeout(timer);
    };
  }, [playing, speed, tape, seqRef, seek]);
}
