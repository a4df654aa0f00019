// Ends matches whose clock ran out. Nothing about time is kept here: a timer is only a reminder to read the
// clock again from the store (clocks.ts), armed for every clocked match at start (so a restart re-arms them)
// and after each append. When the seat that must act has no time left, the host appends ClockExpired and the
// game's MatchEnded (a loss for that seat or a draw, as the option says) to the match stream with a system cause;
// the append is guarded by the seq the clock was read at, so two instances record it once.
import { clockExpiryDrafts, type PlayerId } from '@matchtape/engine';
import type { EngineHost } from '../host/engine-host';
import type { RouteContext } from '../http/context';
import type { EventStore, MatchRecord } from '@matchtape/store';
import { getLobby } from '@matchtape/store';
import { clockAt, type AddedTime } from './clocks';
import type { ClockState } from './contract';
import { tableOf } from './table-config';

/** The clock of a table match now (full events: the server's own reading, not a viewer's). */
export async function matchClock(
  store: EventStore,
  host: EngineHost,
  rec: MatchRecord,
  now: number,
  events?: Parameters<typeof clockAt>[3],
): Promise<ClockState | null> {
  const table = tableOf(rec);
  if (!table || table.clock.kind === 'none') return null;
  const lobby = await getLobby<{ added?: AddedTime[] }>(store, rec.matchId);
  const seats = table.players.map((_, i) => `p${i + 1}`);
  return clockAt(
    host.game(rec.game),
    table.clock,
    seats,
    events ?? (await store.readStream(rec.matchId)),
    lobby?.doc.added ?? [],
    now,
  );
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
      for (const m of await this.ctx.store.listMatches({ status, limit: 1000 }))
        if ((tableOf(m)?.clock.kind ?? 'none') !== 'none') void this.arm(m.matchId);
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
      const events =
        rec.status === 'ended' || !this.clocked.get(matchId) ? [] : await this.ctx.store.readStream(matchId);
      const clock =
        rec.status === 'ended'
          ? null
          : await matchClock(this.ctx.store, this.ctx.host, rec, this.ctx.now().getTime(), events);
      const prior = this.timers.get(matchId);
      if (prior) clearTimeout(prior);
      this.timers.delete(matchId);
      if (!clock?.running) return;
      const left = clock.remainingMs[clock.running]!;
      if (left <= 0) return void (await this.expire(rec, clock.running, events.at(-1)?.seq ?? 0));
      const t = setTimeout(() => void this.arm(matchId), Math.min(left + 20, 2 ** 31 - 1));
      t.unref();
      this.timers.set(matchId, t);
    } catch (err) {
      this.onError(matchId, err);
    }
  }

  private async expire(rec: MatchRecord, seat: string, readAt: number): Promise<void> {
    const table = tableOf(rec)!;
    if (table.clock.kind === 'none') return;
    const x = { player: seat as PlayerId, clock: table.clock.kind, onTimeout: table.clock.onTimeout };
    const players = table.players.map((_, i) => `p${i + 1}` as PlayerId);
    // Only on the stream the clock was read from: anything appended since (a move in time, another instance's
    // expiry) is read again by the reminder that append arms.
    await this.ctx.host.appendSystem(rec.matchId, (_state, game, lastSeq) =>
      lastSeq === readAt ? clockExpiryDrafts(players, x, game.endOnTimeFields) : null,
    );
  }
}
