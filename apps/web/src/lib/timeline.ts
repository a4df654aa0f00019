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
  /** Phase → its place in the game's machine (rule order). */
  private readonly rank: Map<string, number>;

  constructor(private readonly game: AnyGameModule) {
    this.index = buildTimeline(game, []);
    this.rank = new Map();
    machineStateKeys(game.machine as StateMachineLike).forEach((k, i) => {
      if (!this.rank.has(k)) this.rank.set(k, i);
    });
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

  /**
   * Where turn i starts for a viewer: its first event, unless that event still stands in the previous turn's
   * last phase (a game may stamp TurnStarted while the End Phase is current); then the first phase of the turn
   * proper, so "go to turn N" shows its first phase rather than "End".
   */
  turnStartSeq(i: number): number {
    const t = this.index.turns[i];
    if (!t) return this.length;
    const bands = this.index.phases;
    const b = lastAtOrBefore(bands, t.fromSeq);
    const first = bands[b];
    const second = bands[b + 1];
    if (!first || !second || first.turn !== t.turn || second.turn !== t.turn) return t.fromSeq;
    const r1 = this.rank.get(first.phase);
    const r2 = this.rank.get(second.phase);
    return r1 !== undefined && r2 !== undefined && r1 > r2 ? second.fromSeq : t.fromSeq;
  }

  /** "Next turn": the start of the following turn (or of this one, when before it), or the end. */
  nextTurnStart(seq: number): number {
    const i = this.turnIndexAt(seq);
    if (i < 0) return 0;
    const start = this.turnStartSeq(i);
    if (seq < start) return start;
    return i + 1 < this.index.turns.length ? this.turnStartSeq(i + 1) : this.length;
  }

  /** "Previous turn": the start of this turn, or of the one before when already at (or before) its start. */
  prevTurnStart(seq: number): number {
    const i = this.turnIndexAt(seq);
    if (i < 0) return 0;
    const start = this.turnStartSeq(i);
    if (seq > start) return start;
    return i > 0 ? this.turnStartSeq(i - 1) : 0;
  }

  /** Start of turn n (see turnStartSeq), or null when the match has no such turn (yet). */
  seqOfTurn(n: number): number | null {
    const i = this.index.turns.findIndex((x) => x.turn === n);
    return i < 0 ? null : this.turnStartSeq(i);
  }

  /** Lowest and highest turn numbers held, for "there is no turn N" messages. */
  turnRange(): { first: number; last: number } | null {
    const ts = this.index.turns;
    return ts.length ? { first: ts[0]!.turn, last: ts[ts.length - 1]!.turn } : null;
  }

  /**
   * The phases the strip shows at a moment, in rule order: phases of the opening (setup, a first-turn champion
   * placement) only while the match is still in its opening round or when current; a phase seen only at the
   * very end (Game Over) only when current.
   */
  stripPhases(ordered: readonly string[], current: string, turn: number, players: number): string[] {
    const opening = Math.max(1, players);
    const lastTurn = new Map<string, number>();
    for (const b of this.index.phases) lastTurn.set(b.phase, Math.max(lastTurn.get(b.phase) ?? 0, b.turn));
    const bands = this.index.phases;
    const finalPhase =
      bands.length > 0 && bands.filter((b) => b.phase === bands[bands.length - 1]!.phase).length === 1
        ? bands[bands.length - 1]!.phase
        : null;
    return ordered.filter((p) => {
      if (p === current) return true;
      if (p === finalPhase && bands.length > 1) return false;
      return turn <= opening || (lastTurn.get(p) ?? 0) > opening;
    });
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
  meta?: unknown;
  states?: Record<string, StateNodeLike>;
}
export interface StateMachineLike {
  root?: StateNodeLike;
}

/**
 * Depth-first state-node keys of an XState machine (its `root`), each followed by the phase its `meta.phase`
 * names when that differs from the key (Grand Archive's `wakeUp` node is the "wake-up" phase).
 */
export function machineStateKeys(machine: StateMachineLike | null | undefined): string[] {
  const out: string[] = [];
  const walk = (n: StateNodeLike | undefined): void => {
    if (!n) return;
    for (const [key, child] of Object.entries(n.states ?? {})) {
      out.push(key);
      const meta = child.meta as { phase?: unknown } | undefined;
      if (meta && typeof meta.phase === 'string' && meta.phase !== key) out.push(meta.phase);
      walk(child);
    }
  };
  walk(machine?.root);
  return out;
}
