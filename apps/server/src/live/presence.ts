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
  /** Per match, the seats that have had a connection here (bots never connect, so they are never in it). */
  private readonly seen = new Map<string, Set<string>>();
  private readonly graceMs: number;
  private readonly timers: PresenceTimers;

  constructor(private readonly deps: PresenceDeps) {
    this.graceMs = deps.graceMs ?? PRESENCE_GRACE_MS;
    this.timers = deps.timers ?? REAL_TIMERS;
  }

  /** A connection of `seat` opened. */
  came(matchId: string, seat: string): void {
    const key = keyOf(matchId, seat);
    let seen = this.seen.get(matchId);
    if (!seen) this.seen.set(matchId, (seen = new Set()));
    seen.add(seat);
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

  /**
   * What a seat's new connection is told of the others: every seat that has connected here, as shown now. A
   * presence frame sent while that seat's stream was reopening is lost, so each (re)connect starts from the state,
   * not from the announcements it happened to hear.
   */
  snapshot(matchId: string, except: string): { seat: string; connected: boolean }[] {
    return [...(this.seen.get(matchId) ?? [])]
      .filter((s) => s !== except)
      .map((seat) => ({ seat, connected: this.shown(matchId, seat) }));
  }

  /** The match's feed closed here (no connection left): what it saw is forgotten. */
  forget(matchId: string): void {
    if (![...(this.seen.get(matchId) ?? [])].some((s) => this.leaving.has(keyOf(matchId, s))))
      this.seen.delete(matchId);
  }

  /** Connected as the other seats are told: live, or gone for less than the grace period. */
  shown(matchId: string, seat: string): boolean {
    return this.leaving.has(keyOf(matchId, seat)) || this.deps.live(matchId, seat);
  }

  /** Pending announcements dropped (server shutdown). */
  stop(): void {
    for (const t of this.leaving.values()) this.timers.clear(t);
    this.leaving.clear();
    this.seen.clear();
  }
}

const keyOf = (matchId: string, seat: string): string => `${matchId}\u0000${seat}`;
