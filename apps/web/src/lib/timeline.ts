// The client's timeline: the projections' timeline index (turn markers, phase/step bands, attacks, key moments),
// extended as events arrive, plus what a player of the tape needs: turn navigation, event times for real-time
// playback and the nearest key moments. Pure and game-agnostic, so it runs in the browser, in tests and live.
import type { AnyGameModule } from '@matchtape/engine';
import {
  appendToTimeline,
  buildTimeline,
  type KeyMomentMarker,
  type PhaseBand,
  type TimelineEvent,
  type TimelineIndex,
  type TurnMarker,
} from '@matchtape/projections';

export type { KeyMomentMarker, PhaseBand, TimelineEvent, TurnMarker };

export class TimelineNav {
  readonly index: TimelineIndex;
  /** Event times in ms (for real-time playback), index seq-1. */
  private readonly times: number[] = [];

  constructor(private readonly game: AnyGameModule) {
    this.index = buildTimeline(game, []);
  }

  get length(): number {
    return this.index.lastSeq;
  }
  get turns(): readonly TurnMarker[] {
    return this.index.turns;
  }
  get phases(): readonly PhaseBand[] {
    return this.index.phases;
  }
  get keys(): readonly KeyMomentMarker[] {
    return this.index.keyMoments;
  }

  /** Adds the next event; seq must follow the last one (the tape guarantees it). */
  push(e: TimelineEvent): void {
    if (e.seq !== this.length + 1) throw new Error(`timeline expected seq ${this.length + 1}, got ${e.seq}`);
    appendToTimeline(this.game, this.index, e);
    const t = Date.parse(e.at);
    this.times.push(Number.isFinite(t) ? t : (this.times[this.times.length - 1] ?? 0));
  }

  /** Index into `turns` of the turn containing seq (seq 0 → the first turn), -1 when empty. */
  turnIndexAt(seq: number): number {
    return lastAtOrBefore(this.index.turns, seq);
  }

  turnAt(seq: number): TurnMarker | undefined {
    return this.index.turns[this.turnIndexAt(seq)];
  }

  phaseAt(seq: number): PhaseBand | undefined {
    return this.index.phases[lastAtOrBefore(this.index.phases, seq)];
  }

  /** "Next turn": the first event of the following turn, or the end. */
  nextTurnStart(seq: number): number {
    const i = this.turnIndexAt(seq);
    if (i < 0) return 0;
    const cur = this.index.turns[i]!;
    if (seq < cur.fromSeq) return cur.fromSeq;
    const next = this.index.turns[i + 1];
    return next ? next.fromSeq : this.length;
  }

  /** "Previous turn": the start of this turn, or of the one before when already at its start. */
  prevTurnStart(seq: number): number {
    const i = this.turnIndexAt(seq);
    if (i < 0) return 0;
    const cur = this.index.turns[i]!;
    if (seq > cur.fromSeq) return cur.fromSeq;
    const prev = this.index.turns[i - 1];
    return prev ? prev.fromSeq : 0;
  }

  /** First seq of turn n, or null when the match has no such turn (yet). */
  seqOfTurn(n: number): number | null {
    const t = this.index.turns.find((x) => x.turn === n);
    return t ? t.fromSeq : null;
  }

  /** Milliseconds between event seq and seq+1 in the original match, for real-time playback. */
  gapAfter(seq: number): number {
    if (seq < 1 || seq >= this.length) return 0;
    return Math.max(0, this.times[seq]! - this.times[seq - 1]!);
  }

  nextKey(seq: number): KeyMomentMarker | undefined {
    return this.index.keyMoments.find((k) => k.seq > seq);
  }

  prevKey(seq: number): KeyMomentMarker | undefined {
    const ks = this.index.keyMoments;
    for (let i = ks.length - 1; i >= 0; i--) if (ks[i]!.seq < seq) return ks[i];
    return undefined;
  }
}

/** Binary search: the last range starting at or before seq (the first one when seq precedes them all). */
function lastAtOrBefore(list: readonly { fromSeq: number }[], seq: number): number {
  if (list.length === 0) return -1;
  let lo = 0;
  let hi = list.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (list[mid]!.fromSeq <= seq) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Phase names in the order the game's machine declares them (a depth-first walk of its state nodes), limited
 * to the names the match actually uses; names the machine does not know keep their order of appearance.
 */
export function orderedPhases(machineStateKeys: readonly string[], seen: readonly string[]): string[] {
  const rank = new Map<string, number>();
  machineStateKeys.forEach((k, i) => {
    if (!rank.has(k)) rank.set(k, i);
  });
  const unique = [...new Set(seen)];
  const firstSeen = new Map(unique.map((p, i) => [p, i]));
  return unique.sort((a, b) => {
    const ra = rank.get(a);
    const rb = rank.get(b);
    if (ra !== undefined && rb !== undefined) return ra - rb;
    if (ra !== undefined) return -1;
    if (rb !== undefined) return 1;
    return firstSeen.get(a)! - firstSeen.get(b)!;
  });
}

interface StateNodeLike {
  key: string;
  states?: Record<string, StateNodeLike>;
}

/** Depth-first state-node keys of an XState machine (its `root`). */
export function machineStateKeys(machine: { root?: StateNodeLike } | null | undefined): string[] {
  const out: string[] = [];
  const walk = (n: StateNodeLike | undefined): void => {
    if (!n) return;
    for (const [key, child] of Object.entries(n.states ?? {})) {
      out.push(key);
      walk(child);
    }
  };
  walk(machine?.root);
  return out;
}
