// History: the events and keyframes one viewer holds of a match (as Joust's GameStateHistory), apart from
// playback (scrubber.ts). A replay opens from a window — the server's keyframe at or before the playhead plus the
// events after it — and the rest of the match fills in behind it, so the held events are the prefix 1..contiguous
// plus the window's range, which merge once the prefix reaches the window. States are folds from the nearest
// keyframe: the server's, the initial state, or one this history made every `every` events; by the redaction
// contract, the fold of a viewer's events from the viewer's keyframe is the viewer's truth.
import type { AnyGameModule, EventEnvelope } from '@matchtape/engine';
import { TimelineNav } from './timeline';

export interface AppendResult {
  /** Events newly added. */
  added: number;
  /** When the batch skipped ahead of the end: the seq still needed before it can continue. */
  missingFrom: number | null;
}

export class MatchHistory<S = unknown> {
  /** Index seq-1; undefined where nothing is loaded yet (between the prefix and the window). */
  readonly envelopes: (EventEnvelope | undefined)[] = [];
  /** Timeline of the prefix 1..contiguous (it only takes events in order). */
  readonly timeline: TimelineNav;
  /** Keyframe seqs, ascending, and their states. */
  private keys: number[] = [0];
  private states = new Map<number, S>();
  private held = 0;
  private contiguousTo = 0;
  /** Where the window starts (its keyframe); 0 when the history was loaded from the start. */
  private windowFrom = 0;
  /** The match's last seq as the viewer's loader was told at the start (expect): held whole only from there on. */
  private expected = 0;
  /** The prefix fold: state after `prefixSeq`, moved forward as the prefix grows. */
  private prefixSeq = 0;
  private prefixState: S;

  constructor(
    readonly game: AnyGameModule,
    readonly every = 50,
  ) {
    this.prefixState = game.initial() as S;
    this.states.set(0, this.prefixState);
    this.timeline = new TimelineNav(game);
  }

  /** The highest seq held (the end of the match as far as this viewer knows). */
  get end(): number {
    return this.envelopes.length;
  }
  /** Every event 1..contiguous is held. */
  get contiguous(): number {
    return this.contiguousTo;
  }
  /**
   * Every event up to the end is held, and the end reaches the last seq the loader expects: a window whose own
   * range is contiguous (one opened at seq 1) is not the whole match while the pages after it still load.
   */
  get complete(): boolean {
    return this.contiguousTo === this.end && this.end >= this.expected;
  }

  /** The match had `lastSeq` events for this viewer when loading began: not complete before they are all held. */
  expect(lastSeq: number): void {
    this.expected = Math.max(this.expected, lastSeq);
  }

  get count(): number {
    return this.held;
  }

  /** Starts from the server's window: the viewer's state after `keyframeSeq` and the events after it. */
  seed(keyframeSeq: number, state: S, events: readonly EventEnvelope[]): AppendResult {
    if (this.end > 0) throw new Error('seed a history before appending to it');
    this.windowFrom = keyframeSeq;
    if (keyframeSeq > 0) {
      this.addKey(keyframeSeq, state);
      this.envelopes.length = keyframeSeq;
    }
    return this.append(events);
  }

  /**
   * Adds events: ones past the end in order (a gap there stops the append and reports where, so the caller can
   * fetch the missing range first), and ones filling the range before the window. Events held already are skipped.
   */
  append(batch: readonly EventEnvelope[]): AppendResult {
    const sorted = [...batch].sort((a, b) => a.seq - b.seq);
    let added = 0;
    for (const e of sorted) {
      if (e.seq < 1 || this.envelopes[e.seq - 1]) continue;
      if (e.seq > this.end + 1) return this.grew(added, this.end + 1);
      this.envelopes[e.seq - 1] = e;
      this.held += 1;
      added += 1;
    }
    return this.grew(added, null);
  }

  private grew(added: number, missingFrom: number | null): AppendResult {
    // The prefix moves on over whatever is now contiguous (the window's events included once it is reached),
    // feeding the timeline and leaving a keyframe every `every` events.
    while (this.contiguousTo < this.end && this.envelopes[this.contiguousTo]) {
      const e = this.envelopes[this.contiguousTo]!;
      this.contiguousTo += 1;
      this.timeline.push(e);
      if (this.prefixSeq === this.contiguousTo - 1) {
        this.prefixState = this.game.evolve(this.prefixState, e) as S;
        this.prefixSeq = this.contiguousTo;
        if (this.prefixSeq % this.every === 0 && !this.states.has(this.prefixSeq))
          this.addKey(this.prefixSeq, this.prefixState);
      }
    }
    return { added, missingFrom };
  }

  private addKey(seq: number, state: S): void {
    this.states.set(seq, state);
    let i = this.keys.length;
    while (i > 0 && this.keys[i - 1]! > seq) i--;
    if (this.keys[i - 1] !== seq) this.keys.splice(i, 0, seq);
  }

  /** Whether the state after seq can be folded from what is held. */
  canShow(seq: number): boolean {
    return seq >= 0 && seq <= this.end && (seq <= this.contiguousTo || seq >= this.windowFrom);
  }

  /** The nearest seq to `seq` whose state can be shown now (the playhead may sit in a range still loading). */
  shownSeq(seq: number): number {
    const s = Math.max(0, Math.min(seq, this.end));
    if (this.canShow(s)) return s;
    return s - this.contiguousTo <= this.windowFrom - s ? this.contiguousTo : this.windowFrom;
  }

  /** State after event seq (0 = before the first event), at the nearest seq that can be shown. */
  stateAt(seq: number): S {
    const target = this.shownSeq(seq);
    if (target === this.prefixSeq) return this.prefixState;
    // The nearest keyframe at or before the target that reaches it: keyframes inside an unloaded range cannot be.
    let i = this.keys.length - 1;
    while (i > 0 && this.keys[i]! > target) i--;
    let from = this.keys[i]!;
    if (target >= this.windowFrom && from < this.windowFrom && this.contiguousTo < this.windowFrom)
      from = this.windowFrom;
    let s = this.states.get(from) as S;
    for (let q = from + 1; q <= target; q++) {
      s = this.game.evolve(s, this.envelopes[q - 1]!) as S;
      if (q % this.every === 0 && !this.states.has(q)) this.addKey(q, s);
    }
    return s;
  }

  envelope(seq: number): EventEnvelope | undefined {
    return this.envelopes[seq - 1];
  }
}
