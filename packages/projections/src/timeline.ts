// Timeline index of one match: turn markers, phase and step bands with seq ranges, attacks and key moments.
// Pure over envelopes (full or redacted: only seq/type/turn/phase/step and the game's keyMoment are read),
// so the site builds the same index in the browser from the events it was sent.
import type { AnyGameModule, EventEnvelope, GameEvent } from '@matchtape/engine';

/** What the timeline reads of an event: a redacted envelope qualifies. */
export type TimelineEvent = Pick<EventEnvelope, 'seq' | 'type' | 'at' | 'turn' | 'phase' | 'step'> &
  GameEvent;

export interface SeqRange {
  fromSeq: number;
  toSeq: number;
  /** Times of the first and last event of the range. */
  fromAt: string;
  toAt: string;
}

export interface TurnMarker extends SeqRange {
  turn: number;
}
export interface PhaseBand extends SeqRange {
  turn: number;
  phase: string;
}
export interface StepBand extends SeqRange {
  turn: number;
  phase: string;
  step: string;
}
export interface KeyMomentMarker {
  seq: number;
  at: string;
  turn: number;
  phase: string;
  type: string;
  kind: string;
  label: string;
}

export interface TimelineIndex {
  game: string;
  lastSeq: number;
  turns: TurnMarker[];
  phases: PhaseBand[];
  steps: StepBand[];
  /** Key moments whose kind names an attack (declared attacks, clashes, combats). */
  attacks: KeyMomentMarker[];
  keyMoments: KeyMomentMarker[];
}

const ATTACK_KIND = /attack|clash|combat/i;

/** Builds the index from events in seq order (any prefix of a match). */
export function buildTimeline(game: AnyGameModule, events: readonly TimelineEvent[]): TimelineIndex {
  const idx: TimelineIndex = {
    game: game.id,
    lastSeq: 0,
    turns: [],
    phases: [],
    steps: [],
    attacks: [],
    keyMoments: [],
  };
  for (const e of events) appendToTimeline(game, idx, e);
  return idx;
}

/** Extends an index by one event (live updates without rebuilding). Events must come in seq order. */
export function appendToTimeline(game: AnyGameModule, idx: TimelineIndex, e: TimelineEvent): TimelineIndex {
  if (e.seq <= idx.lastSeq) return idx;
  idx.lastSeq = e.seq;
  const extend = <T extends SeqRange>(list: T[], same: (last: T) => boolean, make: () => T): void => {
    const last = list[list.length - 1];
    if (last && same(last)) {
      last.toSeq = e.seq;
      last.toAt = e.at;
    } else list.push(make());
  };
  const range = (): SeqRange => ({ fromSeq: e.seq, toSeq: e.seq, fromAt: e.at, toAt: e.at });
  extend(
    idx.turns,
    (t) => t.turn === e.turn,
    () => ({ turn: e.turn, ...range() }),
  );
  extend(
    idx.phases,
    (p) => p.turn === e.turn && p.phase === e.phase,
    () => ({ turn: e.turn, phase: e.phase, ...range() }),
  );
  if (e.step !== null) {
    extend(
      idx.steps,
      (s) => s.turn === e.turn && s.phase === e.phase && s.step === e.step && s.toSeq === e.seq - 1,
      () => ({ turn: e.turn, phase: e.phase, step: e.step as string, ...range() }),
    );
  }
  const km = game.keyMoment(e);
  if (km) {
    const marker: KeyMomentMarker = {
      seq: e.seq,
      at: e.at,
      turn: e.turn,
      phase: e.phase,
      type: e.type,
      kind: km.kind,
      label: km.label,
    };
    idx.keyMoments.push(marker);
    if (ATTACK_KIND.test(km.kind)) idx.attacks.push(marker);
  }
  return idx;
}

/** The band (turn / phase / step) a seq falls in, for a scrubber's label. */
export function locate(
  idx: TimelineIndex,
  seq: number,
): { turn: TurnMarker | null; phase: PhaseBand | null; step: StepBand | null } {
  const find = <T extends SeqRange>(list: readonly T[]): T | null => {
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = list[mid]!;
      if (seq < r.fromSeq) hi = mid - 1;
      else if (seq > r.toSeq) lo = mid + 1;
      else return r;
    }
    return null;
  };
  return { turn: find(idx.turns), phase: find(idx.phases), step: find(idx.steps) };
}
