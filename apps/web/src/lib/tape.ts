// One viewer's copy of a match in the browser: the redacted envelopes it was sent, folded with Keyframes so
// any seq is O(K) away (scrubbing needs no round trip), plus the timeline index. By the redaction contract,
// the fold of these events equals the server's view for this viewer.
import { Keyframes, type AnyGameModule, type BoardModel, type EventEnvelope } from '@matchtape/engine';
import { TimelineNav } from './timeline';

export interface AppendResult {
  /** Events newly added. */
  added: number;
  /** When the batch skipped ahead: the seq the tape still needs before it can continue. */
  missingFrom: number | null;
}

export class MatchTape<S = unknown> {
  readonly envelopes: EventEnvelope[] = [];
  readonly timeline: TimelineNav;
  private readonly frames: Keyframes<S>;
  private boardCache = new Map<number, BoardModel>();

  constructor(
    readonly game: AnyGameModule,
    every = 50,
  ) {
    this.frames = new Keyframes<S>(game, every);
    this.timeline = new TimelineNav(game);
  }

  get length(): number {
    return this.envelopes.length;
  }

  /**
   * Appends events in seq order. Events already held (a resumed stream repeating itself) are skipped; a gap
   * stops the append and reports where, so the caller can fetch the missing range first.
   */
  append(batch: readonly EventEnvelope[]): AppendResult {
    const sorted = [...batch].sort((a, b) => a.seq - b.seq);
    let added = 0;
    for (const e of sorted) {
      if (e.seq <= this.length) continue;
      if (e.seq !== this.length + 1) return { added, missingFrom: this.length + 1 };
      this.envelopes.push(e);
      this.frames.push(e);
      this.timeline.push(e);
      added += 1;
    }
    return { added, missingFrom: null };
  }

  /** State after event seq (0 = before the first event), clamped to what the tape holds. */
  stateAt(seq: number): S {
    return this.frames.seek(seq);
  }

  /** The board after event seq. A few recent boards are cached so re-renders at the same seq cost nothing. */
  boardAt(seq: number): BoardModel {
    const n = Math.max(0, Math.min(seq, this.length));
    const hit = this.boardCache.get(n);
    if (hit) return hit;
    const b = this.game.board(this.stateAt(n));
    if (this.boardCache.size > 64) this.boardCache.clear();
    this.boardCache.set(n, b);
    return b;
  }

  envelope(seq: number): EventEnvelope | undefined {
    return this.envelopes[seq - 1];
  }
}
