// Playback (as Joust's GameStateScrubber): the board at the playhead, drawn from the history's keyframes. Boards
// are kept per seq, so a frame that lands on a seq drawn before costs no fold and no board; moving one event
// forward folds one event onto the board's own state instead of seeking.
import type { BoardModel } from '@matchtape/engine';
import type { MatchHistory } from './history';

const KEEP = 256;

export class Scrubber<S = unknown> {
  private boards = new Map<number, BoardModel>();
  /** The last state drawn, to step from when the playhead moves one event on. */
  private last: { seq: number; state: S } | null = null;

  constructor(private readonly history: MatchHistory<S>) {}

  /** The seq the board shows for a playhead (a playhead in a range still loading shows the nearest held seq). */
  shownSeq(seq: number): number {
    return this.history.shownSeq(seq);
  }

  stateAt(seq: number): S {
    const target = this.history.shownSeq(seq);
    const h = this.history;
    let state: S;
    if (this.last && this.last.seq === target) state = this.last.state;
    else if (this.last && this.last.seq === target - 1 && h.envelope(target))
      state = h.game.evolve(this.last.state, h.envelope(target)!) as S;
    else state = h.stateAt(target);
    this.last = { seq: target, state };
    return state;
  }

  boardAt(seq: number): BoardModel {
    const target = this.history.shownSeq(seq);
    const hit = this.boards.get(target);
    if (hit) {
      // Most recently used last.
      this.boards.delete(target);
      this.boards.set(target, hit);
      return hit;
    }
    const b = this.history.game.board(this.stateAt(target));
    this.boards.set(target, b);
    if (this.boards.size > KEEP) this.boards.delete(this.boards.keys().next().value!);
    return b;
  }
}
