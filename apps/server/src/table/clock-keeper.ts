// Ends matches whose clock ran out. Nothing about time is kept here: a timer is only a reminder to read the
// clock again from the store (clocks.ts), armed for every clocked match at start (so a restart re-arms them)
// and after each append. When the seat that must act has no time left, the expiry is recorded with the table
// and the seat concedes through the ordinary command path (idempotent: every instance sends the same commandId).
import type { PlayerId } from '@matchtape/engine';
import type { EngineHost } from '../host/engine-host';
import type { RouteContext } from '../http/context';
import type { EventStore, MatchRecord } from '@matchtape/store';
import { appendToLobby, getLobby } from '@matchtape/store';
import { clockAt, type AddedTime } from './clocks';
import type { ClockState } from './contract';
import { tableOf } from './table-config';

/** The clock of a table match now (full events: the server's own reading, not a viewer's). */
export async function matchClock(store: EventStore, host: EngineHost, rec: MatchRecord, now: number, events?: Parameters<typeof clockAt>[3]): Promise<ClockState | null> {
  const table = tableOf(rec);
  if (!table || table.clock.kind === 'none') return null;
  const lobby = await getLobby<{ added?: AddedTime[] }>(store, rec.matchId);
  const seats = table.players.map((_, i) => `p${i + 1}`);
  return clockAt(host.game(rec.game), table.clock, seats, events ?? (await store.readStream(rec.matchId)), lobby?.doc.added ?? [], now);
}

export class ClockKeeper {
  private timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;
  /**
   * Whether a match has a clock (fixed when its record is made): every append of every match reaches `onAppended`,
   * and a bot match without a clock should cost one record read, not one per append.
   */
  private clocked = new Map<string, boolean>();
  private onAppended = (matchId: string): void => {
    if (this.clocked.get(matchId) !== false) void this.arm(matchId);
  };

  constructor(
    private readonly ctx: Pick<RouteContext, 'store' | 'host' | 'now'>,
    private readonly onError: (matchId: string, err: unknown) => void,
  ) {}

  async start(): Promise<void> {
    this.ctx.host.on('appended', this.onAppended);
    for (const status of ['setup', 'playing'] as const)
      for (const m of await this.ctx.store.listMatches({ status, limit: 1000 })) if ((tableOf(m)?.clock.kind ?? 'none') !== 'none') void this.arm(m.matchId);
  }

  stop(): void {
    this.stopped = true;
    this.ctx.host.off('appended', this.onAppended);
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  /** Reads the match's clock and sets the next reminder (or ends the match when the runner is out of time). */
  async arm(matchId: string): Promise<void> {
    try {
      const rec = await this.ctx.store.getMatch(matchId);
      if (!rec || this.stopped) return;
      if (rec.status === 'ended') this.clocked.delete(matchId);
      else this.clocked.set(matchId, (tableOf(rec)?.clock.kind ?? 'none') !== 'none');
      const clock = rec.status === 'ended' ? null : await matchClock(this.ctx.store, this.ctx.host, rec, this.ctx.now().getTime());
      const prior = this.timers.get(matchId);
      if (prior) clearTimeout(prior);
      this.timers.delete(matchId);
      if (!clock?.running) return;
      const left = clock.remainingMs[clock.running]!;
      if (left <= 0) return void (await this.expire(rec, clock.running));
      const t = setTimeout(() => void this.arm(matchId), Math.min(left + 20, 2 ** 31 - 1));
      t.unref();
      this.timers.set(matchId, t);
    } catch (err) {
      this.onError(matchId, err);
    }
  }

  private async expire(rec: MatchRecord, seat: string): Promise<void> {
    const table = tableOf(rec)!;
    const onTimeout = table.clock.kind === 'none' ? 'loss' : table.clock.onTimeout;
    const commandId = `clock-expired-${seat}`;
    const lobby = await getLobby<{ expired?: { seat: string }[] }>(this.ctx.store, rec.matchId);
    if (!lobby?.doc.expired?.some((e) => e.seat === seat)) await appendToLobby(this.ctx.store, rec.matchId, 'expired', { type: 'ClockExpired', seat, onTimeout, at: this.ctx.now().toISOString() });
    // A loss on time is a concession the game records with its own rule (its MatchEnded says who won).
    await this.ctx.host.submit(rec.matchId, seat as PlayerId, { type: 'Concede', commandId });
  }
}
