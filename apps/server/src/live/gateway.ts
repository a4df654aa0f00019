// Live gateway: per-viewer redaction + delay over SSE. One feed per watched match; each feed has up to two lines,
// each holding events in seq order, gap-free (history from the store once, then the bus; a gap re-reads the store):
//   truth  – the match's full events, redacted here per viewer (judges, seats, coverage, reveal-all spectators);
//   public – the public view the projector publishes on `matchtape.match.<id>.public` after the spectator delay
//            (public spectators, with NATS: a public gateway needs nothing but that subject).
// Where the events come from, by configuration (one source each, never several at once):
//   NATS      – ordered JetStream consumers on the match's subject(s), from the point the store read ends;
//   in-process bus (embedded) – the engine host's appends in this process (the public line is not used);
//   no bus    – the host's appends plus the store's notifications and a slow poll (store-only deployments).
// Each client has a cursor into its line, so a resume after Last-Event-ID has no gap and no duplicate. Events are
// released per role after its delay (measured from the event's `at`), in seq order. A frame is serialised and
// encoded once per (viewer, seq) to a Buffer shared by every client of that viewer (a string would be encoded again
// for each socket); a client's socket is corked while one pump writes its batch, so the batch leaves in one write.
// Release timers are per (line, viewer, delay), not per client.
// Side streams (annotations, disputes) come the same way (per-match consumers with NATS, this instance's appends
// otherwise) and go out as `event: annotation` / `event: dispute` frames as their stream's filter allows.
import type { ServerResponse } from 'node:http';
import { MATCH_ENDED, type AnyGameModule, type EventEnvelope } from '@matchtape/engine';
import { subjects, type Bus, type Subscription } from '@matchtape/bus';
import {
  SIDE_STREAMS,
  type EventStore,
  type MatchRecord,
  type SideEvent,
  type SideStream,
} from '@matchtape/store';
import type { EngineHost } from '../host/engine-host';
import type { SideAppended, SideStreams } from '../side/side-streams';
import { CatchUp } from './catch-up';
import { openEventStream } from './event-stream';
import { SeatPresence, type PresenceTimers } from './presence';
import { publicFeed, releaseTime, type Access } from '../viewers';

export interface GatewayOptions {
  heartbeatMs?: number;
  /** Bytes queued for one client past which it is dropped (writes already wait for 'drain'). */
  maxBufferBytes?: number;
  /** How long a client may leave its socket full before it is dropped as too slow. */
  stallMs?: number;
  /** No bus only: safety-net poll of the store for watched matches. */
  pollMs?: number;
  /** How long a feed nobody watches is kept (and its consumers open) before it is closed. */
  idleFeedMs?: number;
  now?: () => number;
  /** Seconds from an event's release (its time plus the viewer's delay) to its write, for events released while the client was connected (metrics). */
  onDelivered?: (seconds: number) => void;
  /** Annotations and disputes: sent as `event: annotation` / `event: dispute` frames as their filters allow. */
  side?: SideStreams | null;
  /** A background read or unsubscribe of a match's feed failed (logged with the match id). */
  onError?: (err: unknown, matchId: string, what: string) => void;
  /** Open streams one client address may hold (default 256: a venue behind one NAT address shares it). */
  maxStreamsPerAddress?: number;
  /** Open streams one token may hold (default 16: a few tabs and an OBS source). */
  maxStreamsPerToken?: number;
  /** How long a seat's last connection stays closed before the other seats are told it left (presence.ts). */
  presenceGraceMs?: number;
  /** The presence grace period's timers (tests drive them). */
  presenceTimers?: PresenceTimers;
}

/** A live stream admitted under the per-client caps; `release` when its socket closes (idempotent). */
export type StreamSlot =
  { ok: true; release: () => void } | { ok: false; message: string; retryAfterSeconds: number };

const SIDE_FRAME: Record<SideStream, string> = {
  annotations: 'annotation',
  disputes: 'dispute',
  drawings: 'drawing',
};

type LineKind = 'truth' | 'public';

/** One ordered, gap-free list of a match's events (full, or the public view), with frames cached per viewer. */
class Line {
  events: EventEnvelope[] = [];
  clients = new Set<Client>();
  /** Groups of clients released on the same schedule: one timer per group. */
  private groups = new Map<string, Set<Client>>();
  private groupTimers = new Map<string, NodeJS.Timeout>();
  private frames = new Map<string, Buffer[]>();
  private readonly catchUp = new CatchUp(
    () => this.readTail(),
    () => this.wake(),
  );
  sub: Subscription | null = null;
  /** MatchEnded is in the line and the store had nothing after it (events of one append arrive one by one). */
  ended = false;
  private sawEnd = false;

  constructor(
    readonly kind: LineKind,
    readonly feed: Feed,
  ) {}

  get lastSeq(): number {
    return this.events.length;
  }

  /** Events in order: appends the ones that continue the line, reads the store on a gap. */
  offer(events: readonly EventEnvelope[]): void {
    let gap = false;
    for (const e of events) {
      if (e.seq === this.lastSeq + 1) this.push(e);
      else if (e.seq > this.lastSeq + 1) gap = true;
    }
    // A gap, or the end (to confirm nothing follows it): read the store.
    if (gap || (this.sawEnd && !this.ended))
      void this.refresh().catch(this.feed.report('re-reading the store after a gap'));
    else this.wakeSoon();
  }

  private wakeQueued = false;

  /**
   * Wakes the clients once for everything offered in this turn of the event loop: the bus hands over a command's
   * events one message at a time, and one pass (one write per socket) for all of them costs a pass for each.
   */
  private wakeSoon(): void {
    if (this.wakeQueued || this.clients.size === 0) return;
    this.wakeQueued = true;
    setImmediate(() => {
      this.wakeQueued = false;
      this.wake();
    });
  }

  private push(e: EventEnvelope): void {
    this.events.push(e);
    if (e.type === MATCH_ENDED) this.sawEnd = true;
  }

  /** Reads the store from the line's end (one read at a time; a request during a read reads once more). */
  refresh(): Promise<void> {
    return this.catchUp.run();
  }

  /** One read of the store's tail; true when it took events after the end (one more read confirms the end). */
  private async readTail(): Promise<boolean> {
    const tail = await this.feed.store.readStream(this.feed.matchId, { from: this.lastSeq + 1 });
    let taken = 0;
    for (const e of tail) {
      if (e.seq !== this.lastSeq + 1) continue;
      if (this.kind === 'public') {
        // Only what the projector may have published by now: the released prefix, in its public view.
        if (releaseTime(e, this.feed.publicAccess) > this.feed.now()) break;
        this.push(this.feed.game.viewEvent(e, 'public'));
      } else this.push(e);
      taken++;
    }
    if (this.sawEnd && tail.length === 0) this.ended = true;
    return this.sawEnd && taken > 0;
  }

  /** The whole SSE frame of event `seq` for a viewer, serialised and encoded once per viewer and seq. */
  frame(seq: number, viewer: Access['viewer']): Buffer {
    const key = this.kind === 'public' ? 'public' : viewer;
    let list = this.frames.get(key);
    if (!list) this.frames.set(key, (list = []));
    let s = list[seq - 1];
    if (s === undefined) {
      const e = this.events[seq - 1]!;
      const data = this.kind === 'public' ? e : this.feed.game.viewEvent(e, viewer);
      s = Buffer.from(`id: ${seq}\nevent: event\ndata: ${JSON.stringify(data)}\n\n`);
      list[seq - 1] = s;
    }
    return s;
  }

  attach(c: Client): void {
    this.clients.add(c);
    let g = this.groups.get(c.groupKey);
    if (!g) this.groups.set(c.groupKey, (g = new Set()));
    g.add(c);
  }

  detach(c: Client): void {
    this.clients.delete(c);
    const g = this.groups.get(c.groupKey);
    if (g) {
      g.delete(c);
      if (g.size === 0) {
        this.groups.delete(c.groupKey);
        const t = this.groupTimers.get(c.groupKey);
        if (t) clearTimeout(t);
        this.groupTimers.delete(c.groupKey);
      }
    }
  }

  wake(): void {
    if (this.clients.size === 0) return;
    const t0 = performance.now();
    for (const c of this.clients) c.pump();
    this.feed.recordFanout(performance.now() - t0);
  }

  /** Wakes a group when its next held event is due (one timer for all its clients). */
  wakeGroupAt(key: string, due: number): void {
    const old = this.groupTimers.get(key);
    if (old) clearTimeout(old);
    const t = setTimeout(
      () => {
        this.groupTimers.delete(key);
        for (const c of this.groups.get(key) ?? []) c.pump();
      },
      Math.max(1, due - this.feed.now() + 1),
    );
    this.groupTimers.set(key, t);
  }

  close(): void {
    for (const t of this.groupTimers.values()) clearTimeout(t);
    this.groupTimers.clear();
    const sub = this.sub;
    this.sub = null;
    void sub?.stop().catch(this.feed.report(`stopping the ${this.kind} consumer`));
  }
}

class Feed {
  readonly lines: Record<LineKind, Line>;
  evictTimer: NodeJS.Timeout | null = null;
  readonly publicAccess: Access;
  /** Each side stream of the match in seq order, gap-free from 1. */
  side: Record<SideStream, SideEvent[]> = { annotations: [], disputes: [], drawings: [] };
  private sideLoading: Partial<Record<SideStream, Promise<void>>> = {};
  sideSubs: Subscription[] = [];
  /** Loaded once per feed: side streams (and, with NATS, their consumers). */
  sideReady: Promise<void> | null = null;

  constructor(
    readonly matchId: string,
    readonly game: AnyGameModule,
    public record: MatchRecord,
    readonly store: EventStore,
    readonly now: () => number,
    readonly recordFanout: (ms: number) => void,
    private readonly onError: GatewayOptions['onError'],
  ) {
    this.lines = { truth: new Line('truth', this), public: new Line('public', this) };
    this.publicAccess = publicFeed(record);
  }

  /** A catch handler that reports a failure of this feed (the client is not told; the next event or poll retries). */
  report(what: string): (err: unknown) => void {
    return (err) => this.onError?.(err, this.matchId, what);
  }

  get clients(): number {
    return this.lines.truth.clients.size + this.lines.public.clients.size;
  }

  wake(): void {
    this.lines.truth.wake();
    this.lines.public.wake();
  }

  /** Side events in order: appends those that continue the stream, re-reads it on a gap. */
  offerSide(stream: SideStream, events: readonly SideEvent[]): void {
    const list = this.side[stream];
    let gap = false;
    for (const e of events) {
      if (e.seq === list.length + 1) list.push(e);
      else if (e.seq > list.length + 1) gap = true;
    }
    if (gap) void this.refreshSide(stream).catch(this.report(`re-reading the ${stream} stream after a gap`));
    else this.wake();
  }

  refreshSide(stream: SideStream): Promise<void> {
    const running = this.sideLoading[stream];
    if (running) return running;
    const p = (async () => {
      const tail = await this.store.readSideStream(this.matchId, stream, {
        from: this.side[stream].length + 1,
      });
      for (const e of tail) if (e.seq === this.side[stream].length + 1) this.side[stream].push(e);
    })().finally(() => {
      delete this.sideLoading[stream];
      this.wake();
    });
    this.sideLoading[stream] = p;
    return p;
  }

  close(): void {
    if (this.evictTimer) clearTimeout(this.evictTimer);
    this.lines.truth.close();
    this.lines.public.close();
    for (const s of this.sideSubs.splice(0))
      void s.stop().catch(this.report('stopping a side-stream consumer'));
  }
}

/**
 * One SSE connection. Writes follow the socket's backpressure: once a write is refused the client waits for
 * 'drain' and nothing more is queued for it (its cursor stays in the shared line), so a client's buffer is
 * bounded by the socket's high-water mark. A client that does not drain within `stallMs`, or whose queue
 * still passes `maxBufferBytes`, is dropped; it may reconnect with Last-Event-ID.
 */
class Client {
  private stall: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout;
  private waitingDrain = false;
  /** Out-of-sequence frames (presence) that came while the socket was full, the latest per key: sent on drain. */
  private notes = new Map<string, string>();
  closed = false;
  private readonly connectedAt: number;
  readonly groupKey: string;
  /** `event: end` went out (a client following side streams stays open after it). */
  private endSent = false;
  /** Per side stream: how far through the feed's list this client has looked, and what waits on a filter. */
  private sideLooked: Record<SideStream, number> = { annotations: 0, disputes: 0, drawings: 0 };
  private sideWaiting: Record<SideStream, number[]> = { annotations: [], disputes: [], drawings: [] };

  constructor(
    private readonly line: Line,
    readonly access: Access,
    private lastSent: number,
    private readonly res: ServerResponse,
    private readonly gw: LiveGateway,
    /** After `event: end`, stay open for the side streams (a caster may still draw on an ended match). */
    private readonly followSide = false,
  ) {
    this.groupKey = `${access.viewer}/${access.delaySeconds}`;
    this.heartbeat = setInterval(() => {
      if (!this.waitingDrain) this.write(': heartbeat\n\n');
    }, gw.heartbeatMs);
    res.on('close', () => this.close());
    this.connectedAt = gw.now();
  }

  /**
   * Writes what the client may see now. The socket is corked for the pass, so a batch (a backlog, a command's
   * several events) goes out in one write when it is uncorked; write() still reports the socket's backpressure.
   */
  pump(): void {
    if (this.closed || this.waitingDrain) return;
    const res = this.res;
    res.cork();
    try {
      this.pumpCorked();
    } finally {
      res.uncork();
    }
  }

  private pumpCorked(): void {
    const line = this.line;
    const delayMs = this.access.delaySeconds * 1000;
    const delivered = this.gw.onDelivered;
    // The clock and release times are read only when a delay or the delivery metric needs them (one read a pump).
    const timed = delayMs > 0 || delivered !== undefined;
    const now = timed ? this.gw.now() : 0;
    while (this.lastSent < line.lastSeq) {
      const seq = this.lastSent + 1;
      const due = timed ? releaseTime(line.events[seq - 1]!, this.access) : 0;
      if (delayMs > 0 && due > now) {
        // Released in seq order: wait for this one (with the group), then continue.
        line.wakeGroupAt(this.groupKey, due);
        this.pumpSide();
        return;
      }
      const ok = this.write(line.frame(seq, this.access.viewer));
      if (this.closed) return;
      if (delivered && due >= this.connectedAt) delivered((now - due) / 1000);
      this.lastSent = seq;
      if (!ok) return; // wait for 'drain'
    }
    if (!this.pumpSide()) return;
    if (line.ended && this.lastSent === line.lastSeq && !this.endSent) {
      this.endSent = true;
      this.write(`event: end\ndata: ${JSON.stringify({ lastSeq: this.lastSent })}\n\n`);
      if (this.followSide) return;
      this.res.end();
      this.close();
    }
  }

  /**
   * Side events the stream filters now admit for this client (annotations time-locked to its feed, disputes to
   * judges and players). Sent without an SSE id: Last-Event-ID stays the match seq; a reconnecting client gets
   * its side streams again from the start and keeps the latest of each (stream, seq). False: wait for 'drain'.
   * `events` is the client's line: the full truth, or for public spectators served from the public subject the
   * public view (what that viewer may know anyway).
   */
  private pumpSide(): boolean {
    const side = this.gw.side;
    if (!side) return true;
    const feed = this.line.feed;
    for (const stream of SIDE_STREAMS) {
      const list = feed.side[stream];
      const waiting = this.sideWaiting[stream];
      while (this.sideLooked[stream] < list.length) waiting.push(this.sideLooked[stream]++);
      if (waiting.length === 0) continue;
      const filter = side.filter(stream);
      const viewer = {
        access: this.access,
        record: feed.record,
        game: feed.game,
        seenSeq: this.lastSent,
        events: this.line.events,
      };
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
  write(chunk: string | Buffer): boolean {
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
        const notes = [...this.notes.values()];
        this.notes.clear();
        for (const n of notes) if (!this.waitingDrain) this.write(n);
        this.pump();
      });
    }
    return ok;
  }

  /**
   * A frame outside the event sequence (presence), the latest per `key`: while the socket is full it waits for
   * 'drain' (a skipped "came back" would leave a seat shown gone for good).
   */
  note(key: string, frame: string): void {
    if (this.closed) return;
    if (this.waitingDrain) this.notes.set(key, frame);
    else this.write(frame);
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
    if (this.stall) clearTimeout(this.stall);
    this.gw.detach(this.line, this);
  }
}

/** A player's own connection (its seat token), not a judge looking through a seat. */
const isSeat = (c: Client): boolean => c.access.claims?.role === 'seat';
const presenceFrame = (seat: string, connected: boolean): string =>
  `event: presence\ndata: ${JSON.stringify({ seat, connected })}\n\n`;

export type GatewaySource = 'nats' | 'in-process' | 'store';

export class LiveGateway {
  private feeds = new Map<string, Feed>();
  private loading = new Map<string, Promise<Line>>();
  private unlisten: (() => Promise<void>) | null = null;
  private poll: NodeJS.Timeout | null = null;
  readonly heartbeatMs: number;
  readonly maxBufferBytes: number;
  readonly stallMs: number;
  readonly now: () => number;
  readonly onDelivered: ((seconds: number) => void) | undefined;
  /** Where events come from (see the top of this file). */
  readonly source: GatewaySource;
  /** Clients dropped for reading too slowly. */
  dropped = 0;
  /** The last 10,000 wake-ups of a line with clients: ms spent writing to all of them (fan-out CPU per event batch). */
  readonly fanoutMs: number[] = [];
  private recordFanout = (ms: number): void => {
    if (this.fanoutMs.length >= 10_000) this.fanoutMs.shift();
    this.fanoutMs.push(ms);
  };
  private onAppended = (matchId: string, events: EventEnvelope[]): void => {
    this.feeds.get(matchId)?.lines.truth.offer(events);
  };
  private onSideAppended = (a: SideAppended): void => {
    this.feeds.get(a.matchId)?.offerSide(a.stream, a.events);
  };
  readonly side: SideStreams | null;
  private readonly seats: SeatPresence;

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
    this.onDelivered = opts.onDelivered;
    this.source = bus?.kind === 'nats' ? 'nats' : bus ? 'in-process' : 'store';
    this.side = opts.side ?? null;
    this.seats = new SeatPresence({
      ...(opts.presenceGraceMs !== undefined ? { graceMs: opts.presenceGraceMs } : {}),
      ...(opts.presenceTimers ? { timers: opts.presenceTimers } : {}),
      live: (m, seat) => this.seatLive(m, seat),
      announce: (m, seat, connected) => this.announce(m, seat, connected),
    });
  }

  async start(): Promise<void> {
    if (this.source === 'nats') return; // each feed opens its own consumers
    this.host.on('appended', this.onAppended);
    this.side?.on('appended', this.onSideAppended);
    if (this.source === 'in-process') return;
    // No bus: commits by other instances reach us through the store's notifications (Postgres LISTEN/NOTIFY) and a poll.
    const notifying = this.store as EventStore & {
      onAppended?: (l: (matchId: string) => void) => Promise<() => Promise<void>>;
    };
    if (typeof notifying.onAppended === 'function') {
      this.unlisten = await notifying.onAppended((matchId) => {
        const f = this.feeds.get(matchId);
        if (f && f.clients > 0)
          void f.lines.truth.refresh().catch(f.report('reading the store after a notification'));
      });
    }
    this.poll = setInterval(() => {
      for (const f of this.feeds.values())
        if (f.clients > 0 && !f.lines.truth.ended)
          void f.lines.truth.refresh().catch(f.report('polling the store'));
    }, this.opts.pollMs ?? 1000);
  }

  async stop(): Promise<void> {
    this.host.off('appended', this.onAppended);
    this.side?.off('appended', this.onSideAppended);
    if (this.poll) clearInterval(this.poll);
    await this.unlisten?.();
    for (const f of this.feeds.values()) {
      for (const line of Object.values(f.lines)) for (const c of [...line.clients]) c.end();
      f.close();
    }
    this.feeds.clear();
    this.seats.stop();
  }

  private open = new Map<string, number>();

  /**
   * Takes a stream slot for a client under the caps per address and per token; refused slots say which cap and
   * when to retry. One address once held 1,500 streams: every open socket costs the gateway memory and a timer.
   */
  admit(who: { address: string; token: string | null }): StreamSlot {
    const keys: [string, number, string][] = [
      [`a:${who.address}`, this.opts.maxStreamsPerAddress ?? 256, `address ${who.address}`],
    ];
    if (who.token) keys.push([`t:${who.token}`, this.opts.maxStreamsPerToken ?? 16, 'this token']);
    for (const [key, max, name] of keys) {
      if ((this.open.get(key) ?? 0) >= max)
        return {
          ok: false,
          retryAfterSeconds: 10,
          message: `${name} already holds ${max} live streams, the most allowed; close one (or reuse it) and retry`,
        };
    }
    for (const [key] of keys) this.open.set(key, (this.open.get(key) ?? 0) + 1);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        for (const [key] of keys) {
          const n = (this.open.get(key) ?? 1) - 1;
          if (n <= 0) this.open.delete(key);
          else this.open.set(key, n);
        }
      },
    };
  }

  /** Spectators (public + coverage) watching a match through this instance. */
  watching(matchId: string): number {
    const f = this.feeds.get(matchId);
    if (!f) return 0;
    let n = f.lines.public.clients.size;
    for (const c of f.lines.truth.clients)
      if (c.access.role === 'public' || c.access.role === 'coverage') n++;
    return n;
  }

  /** Whether a seat has a live connection to this instance now (the player's table is open). */
  private seatLive(matchId: string, seat: string): boolean {
    const f = this.feeds.get(matchId);
    if (!f) return false;
    for (const c of f.lines.truth.clients)
      if (isSeat(c) && c.access.viewer === seat && !c.closed) return true;
    return false;
  }

  /** Whether a seat is at the table as the other seats are told: connected, or gone less than the grace period. */
  seatConnected(matchId: string, seat: string): boolean {
    return this.seats.shown(matchId, seat);
  }

  /** Tells the other seats of a match that `seat` came or went (SSE `event: presence`). */
  private announce(matchId: string, seat: string, connected: boolean): void {
    const f = this.feeds.get(matchId);
    if (!f) return;
    for (const o of f.lines.truth.clients)
      if (isSeat(o) && o.access.viewer !== seat) o.note(seat, presenceFrame(seat, connected));
  }

  /**
   * A seat's connection opened or closed: presence.ts decides what the other seats are told, and when. A new
   * connection is first told where the other seats are now.
   */
  private presence(f: Feed, c: Client, connected: boolean): void {
    if (!isSeat(c)) return;
    const seat = String(c.access.viewer);
    if (!connected) return this.seats.left(f.matchId, seat);
    for (const o of this.seats.snapshot(f.matchId, seat)) c.note(o.seat, presenceFrame(o.seat, o.connected));
    this.seats.came(f.matchId, seat);
  }

  get connections(): number {
    let n = 0;
    for (const f of this.feeds.values()) n += f.clients;
    return n;
  }

  /** Feeds (matches) this instance holds open, and the bus consumers they hold. */
  get feedCount(): { feeds: number; consumers: number } {
    let consumers = 0;
    for (const f of this.feeds.values()) for (const l of Object.values(f.lines)) if (l.sub) consumers++;
    return { feeds: this.feeds.size, consumers };
  }

  /** The line a viewer reads: with NATS, public spectators read the public subject; everyone else the truth. */
  private kindFor(access: Access): LineKind {
    return this.source === 'nats' && access.viewer === 'public' && access.role === 'public'
      ? 'public'
      : 'truth';
  }

  private async line(record: MatchRecord, kind: LineKind): Promise<Line> {
    let f = this.feeds.get(record.matchId);
    if (!f) {
      f = new Feed(
        record.matchId,
        this.host.game(record.game),
        record,
        this.store,
        this.now,
        this.recordFanout,
        this.opts.onError,
      );
      this.feeds.set(record.matchId, f);
    }
    if (this.side && !f.sideReady) {
      const feed = f;
      feed.sideReady = this.loadSide(feed).catch((err: unknown) => {
        feed.sideReady = null; // the next client tries again
        throw err;
      });
    }
    await f.sideReady;
    const line = f.lines[kind];
    if (line.sub || (this.source !== 'nats' && (line.lastSeq > 0 || line.ended))) return line;
    const key = `${record.matchId}/${kind}`;
    let p = this.loading.get(key);
    if (!p) {
      const feed = f;
      p = (async () => {
        if (this.source === 'nats' && this.bus) {
          // Consumer first, pinned to the stream's end now; then the store up to now: nothing falls in between,
          // and what arrives twice is dropped by seq.
          const subject =
            kind === 'public' ? subjects.public(record.matchId) : subjects.events(record.matchId);
          line.sub = await this.bus.subscribe(subject, (m) => {
            const e = m.data as EventEnvelope;
            if (e && typeof e.seq === 'number') line.offer([e]);
          });
          if (!this.feeds.has(record.matchId) || this.feeds.get(record.matchId) !== feed) line.close();
        }
        await line.refresh();
        return line;
      })().finally(() => this.loading.delete(key));
      this.loading.set(key, p);
    }
    return p;
  }

  /** A feed's side streams: consumers first (with NATS; opened at once, not one after another), then the store. */
  private async loadSide(f: Feed): Promise<void> {
    if (this.source === 'nats' && this.bus) {
      const bus = this.bus;
      const subs = await Promise.allSettled(
        SIDE_STREAMS.map((stream) =>
          bus.subscribe(subjects[stream](f.matchId), (m) => {
            const e = m.data as SideEvent;
            if (e && typeof e.seq === 'number' && e.stream === stream) f.offerSide(stream, [e]);
          }),
        ),
      );
      for (const r of subs) if (r.status === 'fulfilled') f.sideSubs.push(r.value);
      const failed = subs.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    }
    await Promise.all(SIDE_STREAMS.map((s) => f.refreshSide(s)));
  }

  /**
   * Serves one SSE connection (the response is already hijacked from Fastify). `followSide`: after the match's
   * `event: end` the stream stays open and goes on sending side frames (drawings, annotations) as they come.
   */
  async serve(
    res: ServerResponse,
    record: MatchRecord,
    access: Access,
    lastEventId: number,
    followSide = false,
  ): Promise<void> {
    const line = await this.line(record, this.kindFor(access));
    const f = this.feeds.get(record.matchId)!;
    // A client resuming past what this instance has seen (another instance appended): catch up first.
    if (lastEventId > line.lastSeq) await line.refresh();
    if (f.evictTimer) {
      clearTimeout(f.evictTimer);
      f.evictTimer = null;
    }
    openEventStream(res, `${record.matchId} as ${access.role}, delay ${access.delaySeconds}s`);
    const c = new Client(line, access, Math.max(0, lastEventId), res, this, followSide);
    line.attach(c);
    c.pump();
    this.presence(f, c, true);
  }

  detach(line: Line, c: Client): void {
    line.detach(c);
    const f = line.feed;
    this.presence(f, c, false);
    if (f.clients === 0 && !f.evictTimer) {
      f.evictTimer = setTimeout(() => {
        if (f.clients === 0 && this.feeds.get(f.matchId) === f) {
          this.feeds.delete(f.matchId);
          this.seats.forget(f.matchId);
          f.close();
        }
      }, this.opts.idleFeedMs ?? 30_000);
      f.evictTimer.unref();
    }
  }
}
