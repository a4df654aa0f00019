// The featured table over SSE (GET /api/events/:id/featured/live): what GET /api/events/:id/featured answers,
// pushed when it changes instead of asked for every second. The answer is the same function of (stream, now):
// featuredView folds the stream up to now − the event's delay, so a switch (or the featured table's next game)
// goes out when the clock passes its event's time plus the delay, never sooner. One watch per event, shared by
// its clients: a timer at the next event's release, a wake on this process's appends, and a slow check of the
// stream's head for appends by other instances (those can only come late, never early).
import type { ServerResponse } from 'node:http';
import type { TournamentEvent } from '@matchtape/events';
import { CatchUp } from '../live/catch-up';
import { openEventStream } from '../live/event-stream';
import type { FeaturedView } from './contract';
import type { EventService } from './service';

export interface FeaturedLiveOptions {
  now: () => Date;
  /** How often a watched event's head is read for appends made by another instance. */
  headPollMs?: number;
  heartbeatMs?: number;
  /** The view as of a moment (routes.ts featuredView), passed in so both answers are one function. */
  view: (
    eventId: string,
    state: Awaited<ReturnType<EventService['load']>>['state'],
    events: readonly TournamentEvent[],
    now: Date,
  ) => FeaturedView;
  onError?: (eventId: string, e: unknown) => void;
}

/** What a client is shown: a change of any of these is a new frame (asOf alone is not). */
const keyOf = (v: FeaturedView): string => JSON.stringify([v.delaySeconds, v.featured]);

class Watch {
  /** Each client and whether it has been sent the view it holds. */
  clients = new Map<ServerResponse, boolean>();
  last: FeaturedView | null = null;
  private timer: NodeJS.Timeout | null = null;
  private poll: NodeJS.Timeout;
  private heartbeat: NodeJS.Timeout;
  private readonly catchUp = new CatchUp(() => this.recompute());

  constructor(
    readonly eventId: string,
    private readonly svc: EventService,
    private readonly opts: FeaturedLiveOptions,
  ) {
    this.poll = setInterval(() => void this.tick(), opts.headPollMs ?? 2000);
    this.heartbeat = setInterval(() => this.send(': heartbeat\n\n'), opts.heartbeatMs ?? 15_000);
  }

  private send(chunk: string, to: Iterable<ServerResponse> = this.clients.keys()): void {
    for (const res of to) if (!res.destroyed) res.write(chunk);
  }

  /** Sends the current view to the clients that have not had it yet (new ones). */
  greet(): void {
    if (!this.last) return;
    for (const [res, greeted] of this.clients)
      if (!greeted) {
        this.clients.set(res, true);
        this.send(frame(this.last), [res]);
      }
  }

  /** Recomputes the view now; sends it when it changed; arms the timer for the next event's release. */
  tick(): Promise<void> {
    return this.catchUp.run().catch((e: unknown) => this.opts.onError?.(this.eventId, e));
  }

  private async recompute(): Promise<void> {
    const { state, events } = await this.svc.load(this.eventId);
    const now = this.opts.now();
    const v = this.opts.view(this.eventId, state, events, now);
    if (this.last && keyOf(v) !== keyOf(this.last)) {
      this.last = v;
      this.send(
        frame(v),
        [...this.clients].filter(([, greeted]) => greeted).map(([res]) => res),
      );
    } else if (!this.last) this.last = v;
    this.greet();
    this.arm(events, v.delaySeconds, now.getTime());
  }

  /** A timer at the first event the delayed fold does not hold yet: the moment it may change. */
  private arm(events: readonly TournamentEvent[], delaySeconds: number, now: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const cut = now - delaySeconds * 1000;
    const next = events.find((e) => Date.parse(e.at) > cut);
    if (!next) return;
    // +1 ms: featuredView holds an event once its time is at or before now − delay.
    const due = Date.parse(next.at) + delaySeconds * 1000 - now + 1;
    this.timer = setTimeout(() => void this.tick(), Math.max(1, due));
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    clearInterval(this.poll);
    clearInterval(this.heartbeat);
  }
}

const frame = (v: FeaturedView): string => `event: featured\ndata: ${JSON.stringify(v)}\n\n`;

export class FeaturedLive {
  private readonly watches = new Map<string, Watch>();

  constructor(
    private readonly svc: EventService,
    private readonly opts: FeaturedLiveOptions,
  ) {
    // This process's appends (a switch, a table's next game) re-arm at once.
    svc.onCommitted((eventId) => void this.watches.get(eventId)?.tick());
  }

  /** Serves one SSE client (the response is hijacked); the event must exist (the caller loaded it). */
  async serve(res: ServerResponse, eventId: string): Promise<void> {
    let w = this.watches.get(eventId);
    if (!w) this.watches.set(eventId, (w = new Watch(eventId, this.svc, this.opts)));
    const watch = w;
    openEventStream(res, `featured table of ${eventId}`);
    watch.clients.set(res, false);
    res.on('close', () => {
      watch.clients.delete(res);
      if (watch.clients.size === 0 && this.watches.get(eventId) === watch) {
        this.watches.delete(eventId);
        watch.close();
      }
    });
    if (watch.last) watch.greet();
    else await watch.tick();
  }

  /** Server shutdown: ends every stream (clients reconnect elsewhere). */
  stop(): void {
    for (const w of this.watches.values()) {
      for (const res of w.clients.keys()) res.end();
      w.close();
    }
    this.watches.clear();
  }

  /** Clients connected (metrics, tests). */
  get clients(): number {
    let n = 0;
    for (const w of this.watches.values()) n += w.clients.size;
    return n;
  }
}
