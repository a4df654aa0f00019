// The desk's feed of every live match for one viewer (useDesk is its React face): the list is polled; each new
// match opens from its window (the viewer's keyframe at the live edge and the events after it, delay applied by
// the server) and then follows its live stream through the browser's one shared connection (liveHub). Windows
// load LOADERS at a time; subscriptions are opened together once a round of windows has loaded, so a desk of 32
// tables reconnects the shared stream once, not 32 times.
import type { EventEnvelope } from '@matchtape/engine';
import { getGame, games } from '@matchtape/games';
import {
  authHeaders,
  getEvents,
  getWindow,
  listMatches,
  liveUrl,
  requestJson,
  type MatchListItem,
} from './api';
import { LiveFold, type DeskTable } from './desk';
import { openSharedLive } from './liveHub';
import { isEnvelope, type SseMessage } from './sse';
import { ClockSchema, type ClockInfo } from './table';
import type { Perspective } from './viewer';

const POLL_MS = 3000;
/** Redraws at most this often: 32 busy tables would otherwise render on every event of every match. */
const DRAW_MS = 250;
/** A running clock is asked again after new events at most this often (it counts down locally in between). */
const CLOCK_MS = 5000;
const LOADERS = 4;
/** A table whose window could not be read is asked again after this long. */
const RETRY_MS = 3000;

/** One match on the desk, as the feed keeps it between draws. */
export interface Entry {
  meta: MatchListItem;
  fold: LiveFold | null;
  clock: ClockInfo | null;
  clockAskedAt: number;
  live: DeskTable['live'];
  ended: boolean;
  error: string | null;
  close: (() => void) | null;
  chain: Promise<void>;
}

export interface DeskState {
  tables: DeskTable[];
  /** The list could not be read (the server is down…). */
  error: string | null;
  loaded: boolean;
}

/** A batch of the live stream: its match events, and whether the stream said the match is over. */
export function eventsOf(msgs: readonly SseMessage[]): { events: EventEnvelope[]; endSeen: boolean } {
  const events: EventEnvelope[] = [];
  let endSeen = false;
  for (const m of msgs) {
    if (m.event === 'end') endSeen = true;
    if (m.event === 'end' || m.event === 'annotation' || m.event === 'dispute') continue;
    try {
      const data: unknown = JSON.parse(m.data);
      if (isEnvelope(data)) events.push(data);
    } catch {
      /* not an event */
    }
  }
  return { events, endSeen };
}

/** A new match on the desk: nothing loaded yet. */
export const newEntry = (meta: MatchListItem): Entry => ({
  meta,
  fold: null,
  clock: null,
  clockAskedAt: 0,
  live: null,
  ended: false,
  error: null,
  close: null,
  chain: Promise.resolve(),
});

/** What the desk draws of an entry. */
export const tableOf = (e: Entry): DeskTable => ({
  meta: e.meta,
  board: e.fold?.board ?? null,
  seq: e.fold?.seq ?? 0,
  lastAt: e.fold?.lastAt ?? null,
  clock: e.clock,
  live: e.live,
  ended: e.ended,
  error: e.error,
});

export class DeskFeed {
  private readonly ctl = new AbortController();
  private readonly auth: { token: string | null };
  private readonly entries = new Map<string, Entry>();
  private readonly queue: Entry[] = [];
  private loading = 0;
  private drawTimer: ReturnType<typeof setTimeout> | null = null;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private listError: string | null = null;
  private listed = false;
  private readonly retryTimers: ReturnType<typeof setTimeout>[] = [];

  constructor(
    private readonly as: Perspective,
    private readonly token: string | null,
    private readonly onState: (s: DeskState) => void,
  ) {
    this.auth = { token };
  }

  start(): void {
    void this.poll();
  }

  stop(): void {
    this.ctl.abort();
    if (this.drawTimer) clearTimeout(this.drawTimer);
    if (this.pollTimer) clearTimeout(this.pollTimer);
    for (const t of this.retryTimers) clearTimeout(t);
    for (const e of this.entries.values()) e.close?.();
  }

  private draw(): void {
    if (this.drawTimer || this.ctl.signal.aborted) return;
    this.drawTimer = setTimeout(() => {
      this.drawTimer = null;
      const tables = [...this.entries.values()].map(tableOf);
      this.onState({ tables, error: this.listError, loaded: this.listed });
    }, DRAW_MS);
  }

  private async askClock(e: Entry): Promise<void> {
    e.clockAskedAt = Date.now();
    try {
      const c = ClockSchema.parse(
        await requestJson(
          `/api/matches/${encodeURIComponent(e.meta.matchId)}/clock?as=${encodeURIComponent(this.as)}`,
          this.auth,
          { signal: this.ctl.signal },
        ),
      );
      e.clock = c.kind === 'none' ? null : c;
      this.draw();
    } catch {
      /* the clock is a nicety: the board stays without it */
    }
  }

  private onMessages(e: Entry, msgs: SseMessage[]): void {
    const { events, endSeen } = eventsOf(msgs);
    // Serialised per table: a gap is filled from the events route before the batch goes on.
    e.chain = e.chain.then(async () => {
      const fold = e.fold;
      if (!fold) return;
      if (events.length > 0) {
        const r = fold.apply(events);
        if (r.missingFrom !== null) {
          const to = Math.min(...events.map((x) => x.seq)) - 1;
          // A gap longer than the server's page comes in several pages.
          for (let from: number | null = r.missingFrom; from !== null;) {
            const page = await getEvents(e.meta.matchId, this.as, { from, to }, this.auth, this.ctl.signal);
            fold.apply(page.events);
            from = page.next;
          }
          fold.apply(events);
        }
        if (fold.board.status === 'ended') e.ended = true;
        if (e.clock && Date.now() - e.clockAskedAt > CLOCK_MS) void this.askClock(e);
      }
      if (endSeen) e.ended = true;
      this.draw();
    });
  }

  private subscribe(e: Entry): void {
    if (e.close || !e.fold || e.ended) return;
    e.close = openSharedLive({
      matchId: e.meta.matchId,
      as: this.as,
      token: this.token,
      url: liveUrl(e.meta.matchId, this.as),
      headers: authHeaders(this.auth),
      lastSeq: () => e.fold?.seq ?? 0,
      onMessages: (msgs) => this.onMessages(e, msgs),
      onStatus: (live) => {
        e.live = live;
        this.draw();
      },
      finished: () => e.ended,
    });
  }

  private async load(e: Entry): Promise<void> {
    try {
      const w = await getWindow(e.meta.matchId, this.as, null, this.auth, this.ctl.signal);
      const fold = new LiveFold(getGame(e.meta.game), w.keyframe.state, w.keyframe.seq);
      fold.apply(w.events);
      e.fold = fold;
      e.ended = fold.board.status === 'ended';
      await this.askClock(e);
      e.error = null;
    } catch (err) {
      if (this.ctl.signal.aborted) return;
      e.error = err instanceof Error ? err.message : String(err);
      // A refused or failed window (a busy server, a rate limit) is asked again: the table says why meanwhile.
      this.retryTimers.push(
        setTimeout(() => {
          this.queue.push(e);
          this.pump();
        }, RETRY_MS),
      );
    }
    this.draw();
  }

  /** Loads queued windows, LOADERS at a time; when none is left loading, opens every new table's stream at once. */
  private pump(): void {
    while (this.loading < LOADERS && this.queue.length > 0) {
      const e = this.queue.shift()!;
      this.loading += 1;
      void this.load(e).finally(() => {
        this.loading -= 1;
        if (this.ctl.signal.aborted) return;
        if (this.loading === 0 && this.queue.length === 0)
          for (const x of this.entries.values()) this.subscribe(x);
        this.pump();
      });
    }
  }

  private async poll(): Promise<void> {
    try {
      const list = await listMatches({ status: 'playing' }, this.ctl.signal);
      this.listError = null;
      for (const m of list) {
        if (!games[m.game]) continue;
        const known = this.entries.get(m.matchId);
        if (known) {
          known.meta = { ...m, status: known.ended ? 'ended' : m.status };
          continue;
        }
        const e = newEntry(m);
        this.entries.set(m.matchId, e);
        this.queue.push(e);
      }
      this.pump();
    } catch (err) {
      if (this.ctl.signal.aborted) return;
      this.listError = err instanceof Error ? err.message : String(err);
    }
    this.listed = true;
    this.draw();
    this.pollTimer = setTimeout(() => void this.poll(), POLL_MS);
  }
}
