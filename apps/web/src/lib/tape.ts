// One viewer's copy of a match in the browser: history (history.ts: the redacted envelopes it was sent and the
// keyframes) and playback (scrubber.ts: the board at the playhead). Any seq is O(K) away from a keyframe, so
// scrubbing needs no round trip. By the redaction contract, the fold of these events equals the server's view
// for this viewer.
import type { AnyGameModule, BoardModel, EventEnvelope } from '@matchtape/engine';
import { MatchHistory, type AppendResult } from './history';
import { Scrubber } from './scrubber';
import type { TimelineNav } from './timeline';

export type { AppendResult };

export class MatchTape<S = unknown> {
  readonly history: MatchHistory<S>;
  readonly scrubber: Scrubber<S>;

  constructor(
    readonly game: AnyGameModule,
    every = 50,
  ) {
    this.history = new MatchHistory<S>(game, every);
    this.scrubber = new Scrubber(this.history);
  }

  /** Index seq-1. A sparse array while the range before a window is still loading: index it, do not iterate it. */
  get envelopes(): readonly EventEnvelope[] {
    return this.history.envelopes as readonly EventEnvelope[];
  }
  get timeline(): TimelineNav {
    return this.history.timeline;
  }
  /** The last seq held. */
  get length(): number {
    return this.history.end;
  }
  /** Every event up to the last is held (the window's range has been joined by the rest), and all that was expected. */
  get complete(): boolean {
    return this.history.complete;
  }

  /** The last seq this viewer's match had when loading began (MatchHistory.expect). */
  expect(lastSeq: number): void {
    this.history.expect(lastSeq);
  }

  /** Starts from a server window (GET /api/matches/:id/window): keyframe state and the events after it. */
  seed(keyframeSeq: number, state: S, events: readonly EventEnvelope[]): AppendResult {
    return this.history.seed(keyframeSeq, state, events);
  }

  /**
   * Appends events in seq order. Events already held (a resumed stream repeating itself) are skipped; a gap
   * past the end stops the append and reports where, so the caller can fetch the missing range first.
   */
  append(batch: readonly EventEnvelope[]): AppendResult {
    return this.history.append(batch);
  }

  /** State after event seq (0 = before the first event), clamped to what the tape can show. */
  stateAt(seq: number): S {
    return this.scrubber.stateAt(seq);
  }

  /** The board after event seq (cached per seq). */
  boardAt(seq: number): BoardModel {
    return this.scrubber.boardAt(seq);
  }

  envelope(seq: number): EventEnvelope | undefined {
    return this.history.envelope(seq);
  }
}
