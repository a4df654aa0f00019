// Live gateway: per-viewer redaction + delay over SSE. One feed per watched match holds the match's events in
// seq order (loaded from the store, extended by local appends, the bus and a slow poll, always in order and
// gap-free); each client has a cursor into it, so a resume after Last-Event-ID has no gap and no duplicate.
// Events are released per role after its delay (measured from the event's `at`), in seq order.
import type { ServerResponse } from 'node:http';
import { MATCH_ENDED, type AnyGameModule, type EventEnvelope } from '@matchtape/engine';
import { subjects, type Bus, type Subscription } from '@matchtape/bus';
import { SIDE_STREAMS, type EventStore, type MatchRecord, type SideEvent, type SideStream } from '@matchtape/store';
import type { EngineHost } from '../host/engine-host';
import { SECURITY_HEADERS } from '../http/hardening';
import type { SideAppended, SideStreams } from '../side/side-streams';
import { releaseTime, type Access } from '../viewers';

export interface GatewayOptions {
  heartbeatMs?: number;
  /** Bytes queued for one client past which it is dropped (writes already wait for 'drain'). */
  maxBufferBytes?: number;
  /** How long a client may leave its socket full before it is dropped as too slow. */
  stallMs?: number;
  /** Safety-net poll of the store for watched matches (covers a bus without a relay). */
  pollMs?: number;
  now?: () => number;
  /** Annotations and disputes: sent as `event: annotation` / `event: dispute` frames as their filters allow. */
  side?: SideStreams | null;
}

const SIDE_FRAME: Record<SideStream, string> = { annotations: 'annotation', disputes: 'dispute' };

class Feed {
  events: EventEnvelope[] = [];
  clients = new Set<Client>();
  private redacted = new Map<string, Map<number, string>>();
  private refreshing: Promise<void> | null = null;
  private again = false;
  evictTimer: NodeJS.Timeout | null = null;

  /** Each side stream of the match in seq order, gap-free from 1 (like `events`). */
  side: Record<SideStream, SideEvent[]> = { annotations: [], disputes: [] };
  private sideLoading: Partial<Record<SideStream, Promise<void>>> = {};

  constructor(
    readonly matchId: string,
    readonly game: AnyGameModule,
    public record: MatchRecord,
    private readonly store: EventStore,
  ) {}

  /** Side events in order: appends those that continue the stream, re-reads it on a gap. */
  offerSide(stream: SideStream, events: readonly SideEvent[]): void {
    const list = this.side[stream];
    let gap = false;
    for (const e of events) {
      if (e.seq === list.length + 1) list.push(e);
      else if (e.seq > list.length + 1) gap = true;
    }
    if (gap) void this.refreshSide(stream).catch(() => undefined);
    else this.wake();
  }

  refreshSide(stream: SideStream): Promise<void> {
    const running = this.sideLoading[stream];
    if (running) return running;
    const p = (async () => {
      const tail = await this.store.readSideStream(this.matchId, stream, { from: this.side[stream].length + 1 });
      for (const e of tail) if (e.seq === this.side[stream].length + 1) this.side[stream].push(e);
    })().finally(() => {
      delete this.sideLoading[stream];
      this.wake();
    });
    this.sideLoading[stream] = p;
    return p;
  }

  get lastSeq(): number {
    return this.events.length;
  }

  /** MatchEnded is in the feed and the store had nothing after it (events of one append arrive one by one). */
  ended = false;
  private sawEnd = false;

  /** Events in order: appends the ones that continue the feed, reads the store on a gap. */
  offer(events: readonly EventEnvelope[]): void {
    let gap = false;
    for (const e of events) {
      if (e.seq === this.lastSeq + 1) this.push(e);
      else if (e.seq > this.lastSeq + 1) gap = true;
    }
    // A gap, or the end (to confirm nothing follows it): read the store.
    if (gap || (this.sawEnd && !this.ended)) void this.refresh().catch(() => undefined);
    else this.wake();
  }

  private push(e: EventEnvelope): void {
    this.events.push(e);
    if (e.type === MATCH_ENDED) this.sawEnd = true;
  }

  refresh(): Promise<void> {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.again = false;
        const tail = await this.store.readStream(this.matchId, { from: this.lastSeq + 1 });
        for (const e of tail) if (e.seq === this.lastSeq + 1) this.push(e);
        if (this.sawEnd && tail.length === 0) this.ended = true;
        else if (this.sawEnd) this.again = true;
      } while (this.again);
    })().finally(() => {
      this.refreshing = null;
      this.wake();
    });
    return this.refreshing;
  }

  wake(): void {
    for (const c of this.clients) c.pump();
  }

  /** The SSE data line of event `seq` for a viewer, redacted once per viewer. */
  data(seq: number, viewer: Access['viewer']): string {
    let m = this.redacted.get(viewer);
    if (!m) this.redacted.set(viewer, (m = new Map()));
    let s = m.get(seq);
    if (s === undefined) {
      s = JSON.stringify(this.game.viewEvent(this.events[seq - 1]!, viewer));
      m.set(seq, s);
    }
    return s;
  }
}

/**
 * One SSE connection. Writes follow the socket's backpressure: once a write is refused the client waits for
 * 'drain' and nothing more is queued for it (its cursor stays in the shared feed), so a client's buffer is
 * bounded by the socket's high-water mark. A client that does not drain within `stallMs`, or whose queue
 * still passes `maxBufferBytes`, is dropped; it may reconnect with Last-Event-ID.
 */
class Client {
  private timer: NodeJS.Timeout | null = null;
  private stall: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout;
  private waitingDrain = false;
  closed = false;
  /** Per side stream: how far through the feed's list this client has looked, and what waits on a filter. */
  private sideLooked: Record<SideStream, number> = { annotations: 0, disputes: 0 };
  private sideWaiting: Record<SideStream, number[]> = { annotations: [], disputes: [] };

  constructor(
    private readonly feed: Feed,
    readonly access: Access,
    private lastSent: number,
    private readonly res: ServerResponse,
    private readonly gw: LiveGateway,
  ) {
    this.heartbeat = setInterval(() => {
      if (!this.waitingDrain) this.write(': heartbeat\n\n');
    }, gw.heartbeatMs);
    res.on('close', () => this.close());
  }

  pump(): void {
    if (this.closed || this.waitingDrain) return;
    const now = this.gw.now();
    while (this.lastSent < this.feed.lastSeq) {
      const seq = this.lastSent + 1;
      const e = this.feed.events[seq - 1]!;
      const due = releaseTime(e, this.access);
      if (due > now) {
        // Released in seq order: wait for this one, then continue.
        if (this.timer) clearTimeout(this.timer);
        this.timer = setTimeout(() => {
          this.timer = null;
          this.pump();
        }, due - now + 1);
        this.pumpSide();
        return;
      }
      const ok = this.write(`id: ${seq}\nevent: event\ndata: ${this.feed.data(seq, this.access.viewer)}\n\n`);
      if (this.closed) return;
      this.lastSent = seq;
      if (!ok) return; // wait for 'drain'
    }
    if (!this.pumpSide()) return;
    if (this.feed.ended && this.lastSent === this.feed.lastSeq) {
      this.write(`event: end\ndata: ${JSON.stringify({ lastSeq: this.lastSent })}\n\n`);
      this.res.end();
      this.close();
    }
  }

  /**
   * Side events the stream filters now admit for this client (annotations time-locked to its feed, disputes to
   * judges and players). Sent without an SSE id: Last-Event-ID stays the match seq; a reconnecting client gets
   * its side streams again from the start and keeps the latest of each (stream, seq). False: wait for 'drain'.
   */
  private pumpSide(): boolean {
    const side = this.gw.side;
    if (!side) return true;
    for (const stream of SIDE_STREAMS) {
      const list = this.feed.side[stream];
      const waiting = this.sideWaiting[stream];
      while (this.sideLooked[stream] < list.length) waiting.push(this.sideLooked[stream]++);
      if (waiting.length === 0) continue;
      const filter = side.filter(stream);
      const viewer = { access: this.access, record: this.feed.record, game: this.feed.game, seenSeq: this.lastSent, events: this.feed.events };
      const still: number[] = [];
      for (let i = 0; i < waiting.length; i++) {
        const idx = waiting[i]!;
        const verdict = filter(list[idx]!, viewer);
        if (verdict === 'wait') still.push(idx);
        else if (verdict !== 'never') {
          const ok = this.write(`event: ${SIDE_FRAME[stream]}\ndata: ${JSON.stringify(verdict.send)}\n\n`);
          if (this.closed) return false;
          if (!ok) {
            this.sideWaiting[stream] = [...still, ...waiting.slice(i + 1)];
            return false;
          }
        }
      }
      this.sideWaiting[stream] = still;
    }
    return true;
  }

  /** Writes; false when the socket asks to wait for 'drain' (or the client was dropped). */
  write(chunk: string): boolean {
    if (this.closed) return false;
    const ok = this.res.write(chunk);
    if (this.res.writableLength > this.gw.maxBufferBytes) {
      this.drop();
      return false;
    }
    if (!ok && !this.waitingDrain) {
      this.waitingDrain = true;
      this.stall = setTimeout(() => this.drop(), this.gw.stallMs);
      this.res.once('drain', () => {
        this.waitingDrain = false;
        if (this.stall) clearTimeout(this.stall);
        this.stall = null;
        this.pump();
      });
    }
    return ok;
  }

  private drop(): void {
    if (this.closed) return;
    this.gw.dropped += 1;
    this.res.destroy();
    this.close();
  }

  /** Server shutdown: ends the response (the client reconnects elsewhere with Last-Event-ID). */
  end(): void {
    if (!this.closed) this.res.end();
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.timer) clearTimeout(this.timer);
    if (this.stall) clearTimeout(this.stall);
    this.gw.detach(this.feed, this);
  }
}

export class LiveGateway {
  private feeds = new Map<string, Feed>();
  private loading = new Map<string, Promise<Feed>>();
  private sub: Subscription | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private poll: NodeJS.Timeout | null = null;
  readonly heartbeatMs: number;
  readonly maxBufferBytes: number;
  readonly stallMs: number;
  readonly now: () => number;
  /** Clients dropped for reading too slowly. */
  dropped = 0;
  private onAppended = (matchId: string, events: EventEnvelope[]): void => {
    this.feeds.get(matchId)?.offer(events);
  };
  private onSideAppended = (a: SideAppended): void => {
    this.feeds.get(a.matchId)?.offerSide(a.stream, a.events);
  };
  private sideSubs: Subscription[] = [];
  readonly side: SideStreams | null;

  constructor(
    private readonly store: EventStore,
    private readonly host: EngineHost,
    private readonly bus: Bus | null,
    private readonly opts: GatewayOptions = {},
  ) {
    this.heartbeatMs = opts.heartbeatMs ?? 15_000;
    this.maxBufferBytes = opts.maxBufferBytes ?? 1 << 20;
    this.stallMs = opts.stallMs ?? 30_000;
    this.now = opts.now ?? Date.now;
    this.side = opts.side ?? null;
  }

  async start(): Promise<void> {
    this.host.on('appended', this.onAppended);
    if (this.side) {
      this.side.on('appended', this.onSideAppended);
      // Side events other instances appended.
      if (this.bus) {
        for (const stream of SIDE_STREAMS) {
          this.sideSubs.push(
            await this.bus.subscribe(subjects[stream]('*'), (m) => {
              const e = m.data as SideEvent;
              if (e && typeof e.matchId === 'string' && e.stream === stream) this.feeds.get(e.matchId)?.offerSide(stream, [e]);
            }),
          );
        }
      }
    }
    if (this.bus) {
      this.sub = await this.bus.subscribe(subjects.events('*'), (m) => {
        const e = m.data as EventEnvelope;
        if (e && typeof e.matchId === 'string') this.feeds.get(e.matchId)?.offer([e]);
      });
    }
    // Commits by other instances: the store's append notifications (Postgres LISTEN/NOTIFY), when it has them.
    const notifying = this.store as EventStore & { onAppended?: (l: (matchId: string) => void) => Promise<() => Promise<void>> };
    if (typeof notifying.onAppended === 'function') {
      this.unlisten = await notifying.onAppended((matchId) => {
        const f = this.feeds.get(matchId);
        if (f && f.clients.size > 0) void f.refresh().catch(() => undefined);
      });
    }
    this.poll = setInterval(() => {
      for (const f of this.feeds.values()) if (f.clients.size > 0 && !f.ended) void f.refresh().catch(() => undefined);
    }, this.opts.pollMs ?? 1000);
  }

  async stop(): Promise<void> {
    this.host.off('appended', this.onAppended);
    this.side?.off('appended', this.onSideAppended);
    for (const s of this.sideSubs.splice(0)) await s.stop();
    if (this.poll) clearInterval(this.poll);
    await this.sub?.stop();
    await this.unlisten?.();
    for (const f of this.feeds.values()) {
      if (f.evictTimer) clearTimeout(f.evictTimer);
      for (const c of [...f.clients]) c.end();
    }
    this.feeds.clear();
  }

  /** Spectators (public + coverage) watching a match through this instance. */
  watching(matchId: string): number {
    const f = this.feeds.get(matchId);
    if (!f) return 0;
    let n = 0;
    for (const c of f.clients) if (c.access.role === 'public' || c.access.role === 'coverage') n++;
    return n;
  }

  get connections(): number {
    let n = 0;
    for (const f of this.feeds.values()) n += f.clients.size;
    return n;
  }

  private async feed(record: MatchRecord): Promise<Feed> {
    const existing = this.feeds.get(record.matchId);
    if (existing) return existing;
    let p = this.loading.get(record.matchId);
    if (!p) {
      p = (async () => {
        const f = new Feed(record.matchId, this.host.game(record.game), record, this.store);
        await f.refresh();
        if (this.side) await Promise.all(SIDE_STREAMS.map((s) => f.refreshSide(s)));
        this.feeds.set(record.matchId, f);
        return f;
      })().finally(() => this.loading.delete(record.matchId));
      this.loading.set(record.matchId, p);
    }
    return p;
  }

  /** Serves one SSE connection (the response is already hijacked from Fastify). */
  async serve(res: ServerResponse, record: MatchRecord, access: Access, lastEventId: number): Promise<void> {
    const f = await this.feed(record);
    // A client resuming past what this instance has seen (another instance appended): catch up first.
    if (lastEventId > f.lastSeq) await f.refresh();
    if (f.evictTimer) {
      clearTimeout(f.evictTimer);
      f.evictTimer = null;
    }
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 2000\n: ${record.matchId} as ${access.role}, delay ${access.delaySeconds}s\n\n`);
    const c = new Client(f, access, Math.max(0, lastEventId), res, this);
    f.clients.add(c);
    c.pump();
  }

  detach(f: Feed, c: Client): void {
    f.clients.delete(c);
    if (f.clients.size === 0 && !f.evictTimer) {
      f.evictTimer = setTimeout(() => {
        if (f.clients.size === 0) this.feeds.delete(f.matchId);
      }, 30_000);
      f.evictTimer.unref();
    }
  }
}
