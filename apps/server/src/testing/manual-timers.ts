// Timers a test fires by hand (the presence grace period, live/presence.ts): nothing happens on its own, so a
// test says "the grace period passed" instead of waiting for it.
import type { PresenceTimers } from '../live/presence';

export class ManualTimers implements PresenceTimers {
  private readonly pending = new Map<number, () => void>();
  private n = 0;
  set(fn: () => void): number {
    this.pending.set(++this.n, fn);
    return this.n;
  }
  clear(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  /** Timers set and neither fired nor cleared. */
  get size(): number {
    return this.pending.size;
  }
  /** Fires every pending timer (the time they wait for has passed). */
  fireAll(): void {
    const due = [...this.pending.values()];
    this.pending.clear();
    for (const fn of due) fn();
  }
}
