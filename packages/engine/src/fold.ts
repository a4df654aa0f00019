// State at any point is a pure fold of events; keyframes make seeking O(K).
import type { AnyGameModule, GameEvent } from './game';

export function fold<S>(game: AnyGameModule, events: readonly GameEvent[], from?: S): S {
  let s = (from ?? game.initial()) as S;
  for (const e of events) s = game.evolve(s, e);
  return s;
}

/**
 * Snapshots every `every` events of one match (seq-indexed, seq starts at 1). Works for any viewer's event
 * list: the browser builds one over the redacted events it was sent.
 */
export class Keyframes<S> {
  private frames: S[] = [];
  private folded: S;
  private count = 0;

  constructor(
    private readonly game: AnyGameModule,
    readonly every = 100,
  ) {
    this.folded = game.initial() as S;
    this.frames.push(this.folded);
  }

  /** Feeds events in seq order; they are also kept so seek can fold from the nearest frame. */
  private events: GameEvent[] = [];
  push(...events: GameEvent[]): void {
    for (const e of events) {
      this.events.push(e);
      this.folded = this.game.evolve(this.folded, e);
      this.count += 1;
      if (this.count % this.every === 0) this.frames.push(this.folded);
    }
  }

  get length(): number {
    return this.count;
  }

  get latest(): S {
    return this.folded;
  }

  /** State after event `seq` (0 = before the first event). */
  seek(seq: number): S {
    const n = Math.max(0, Math.min(seq, this.count));
    if (n === this.count) return this.folded;
    const k = Math.floor(n / this.every);
    let s = this.frames[k]!;
    for (let i = k * this.every; i < n; i++) s = this.game.evolve(s, this.events[i]!);
    return s;
  }
}
