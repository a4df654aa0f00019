// Whether a seat's player is at the table, as the other seats are told (SSE `event: presence`, GET …/seat).
//
// A seat's live connection closes and opens again without the player going anywhere: the site's one multiplexed
// connection is reopened whenever a tab's subscriptions change, the site's process re-reads a dropped upstream
// stream, a loaded machine answers a reconnect a second late. Announcing every close at once showed a seat
// "disconnected" while its player sat at the table (a two-browser Spoils run under load). So a seat is announced
// gone only once its last connection has stayed closed for `graceMs`; a connection back within the grace period
// announces nothing (the other seats were never told it left). Time comes from `timers`, so tests drive it.

export interface PresenceTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const REAL_TIMERS: PresenceTimers = {
  set(fn, ms) {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clear(handle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};

/** Longer than a reconnect takes through the site on a loaded machine (first retries after 0.5–2 s). */
export const PRESENCE_GRACE_MS = 8_000;

export interface PresenceDeps {
  graceMs?: number;
  timers?: PresenceTimers;
  /** Whether the seat has a live connection now (any tab, any device). */
  live(matchId: string, seat: string): boolean;
  /** Tell the other seats of the match that `seat` came or went. */
  announce(matchId: string, seat: string, connected: boolean): void;
}

export class SeatPresence {
  /** Seats whose last connection closed within the grace period: the pending "gone" announcement. */
  private readonly leaving = new Map<string, unknown>();
  private readonly graceMs: number;
  private readonly timers: PresenceTimers;

  constructor(private readonly deps: PresenceDeps) {
    this.graceMs = deps.graceMs ?? PRESENCE_GRACE_MS;
    this.timers = deps.timers ?? REAL_TIMERS;
  }

  /** A connection of `seat` opened. */
  came(matchId: string, seat: string): void {
    const key = keyOf(matchId, seat);
    const pending = this.leaving.get(key);
    if (pending !== undefined) {
      // Back within the grace period: the others still think it is here; nothing to say.
      this.timers.clear(pending);
      this.leaving.delete(key);
      return;
    }
    this.deps.announce(matchId, seat, true);
  }

  /** A connection of `seat` closed. */
  left(matchId: string, seat: string): void {
    const key = keyOf(matchId, seat);
    if (this.deps.live(matchId, seat) || this.leaving.has(key)) return; // another tab is still open
    this.leaving.set(
      key,
      this.timers.set(() => {
        this.leaving.delete(key);
        if (!this.deps.live(matchId, seat)) this.deps.announce(matchId, seat, false);
      }, this.graceMs),
    );
  }

  /** Connected as the other seats are told: live, or gone for less than the grace period. */
  shown(matchId: string, seat: string): boolean {
    return this.leaving.has(keyOf(matchId, seat)) || this.deps.live(matchId, seat);
  }

  /** Pending announcements dropped (server shutdown). */
  stop(): void {
    for (const t of this.leaving.values()) this.timers.clear(t);
    this.leaving.clear();
  }
}

const keyOf = (matchId: string, seat: string): string => `${matchId}\u0000${seat}`;
