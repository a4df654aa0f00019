// Every match tab of a browser shares one live connection. One tab is the leader (a Web Lock held for its
// lifetime): it keeps a single POST /live open with every tab's subscriptions and relays what arrives over a
// BroadcastChannel. When the leader closes, the lock passes to another tab, which asks every tab to subscribe
// again (each resumes from the last seq its tape holds, so nothing is lost or repeated). Where Web Locks or
// BroadcastChannel are missing, a tab reads its own stream (openLive) as before.
import { MUX_PATH, MuxFrameSchema, type MuxFrame, type MuxSubscription } from './mux';
import { openLive, SseParser, type LiveOptions, type LiveStatus } from './sse';

const CHANNEL = 'matchtape-live';
const LOCK = 'matchtape-live-leader';

type Wire =
  | { t: 'sub'; sub: MuxSubscription }
  | { t: 'unsub'; key: string }
  | { t: 'frame'; frame: MuxFrame }
  /** A new leader asks every tab for its subscriptions. */
  | { t: 'hello' };

export interface SharedLiveOptions extends LiveOptions {
  matchId: string;
  as: string;
  token: string | null;
  /** Keep the stream after the match's end for its side frames (see MuxSubscription.follow). */
  follow?: boolean;
}

interface Local {
  opts: SharedLiveOptions;
  sub: () => MuxSubscription;
}

/** One per tab. */
class LiveHub {
  private readonly channel = new BroadcastChannel(CHANNEL);
  private readonly local = new Map<string, Local>();
  private readonly tabId = Math.random().toString(36).slice(2, 10);
  private n = 0;
  // Leader only: every tab's subscriptions and the one multiplexed connection.
  private leader = false;
  private readonly subs = new Map<string, MuxSubscription>();
  private conn: AbortController | null = null;
  private reopenTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;

  constructor(locks: LockManager) {
    this.channel.onmessage = (ev: MessageEvent<Wire>) => this.onWire(ev.data);
    // A closing tab gives its streams back (a tab closed without React unmounting would otherwise keep them).
    addEventListener('pagehide', () => {
      if (!this.leader) for (const key of this.local.keys()) this.post({ t: 'unsub', key });
    });
    void locks.request(LOCK, () => {
      this.leader = true;
      for (const l of this.local.values()) this.subs.set(l.sub().key, l.sub());
      this.post({ t: 'hello' });
      this.schedule(0);
      // Held until the tab goes away.
      return new Promise<never>(() => {});
    });
  }

  open(opts: SharedLiveOptions): () => void {
    const key = `${this.tabId}:${++this.n}`;
    const sub = (): MuxSubscription => ({
      key,
      matchId: opts.matchId,
      as: opts.as,
      lastSeq: opts.lastSeq(),
      token: opts.token,
      ...(opts.follow ? { follow: true } : {}),
    });
    this.local.set(key, { opts, sub });
    opts.onStatus({ kind: 'connecting' });
    this.subscribe(sub());
    return () => {
      this.local.delete(key);
      if (this.leader) this.unsubscribe(key);
      else this.post({ t: 'unsub', key });
    };
  }

  private post(w: Wire): void {
    this.channel.postMessage(w);
  }

  private subscribe(sub: MuxSubscription): void {
    if (this.leader) {
      this.subs.set(sub.key, sub);
      this.schedule(30);
    } else this.post({ t: 'sub', sub });
  }

  private unsubscribe(key: string): void {
    if (this.subs.delete(key)) this.schedule(30);
  }

  private onWire(w: Wire): void {
    if (w.t === 'frame') this.deliver(w.frame);
    else if (w.t === 'hello') for (const l of this.local.values()) this.post({ t: 'sub', sub: l.sub() });
    else if (!this.leader) return;
    else if (w.t === 'sub') {
      this.subs.set(w.sub.key, w.sub);
      this.schedule(30);
    } else if (w.t === 'unsub') this.unsubscribe(w.key);
  }

  /** Hands a frame to the tab that owns its key (the leader's own keys never cross the channel). */
  private deliver(f: MuxFrame): void {
    const l = this.local.get(f.key);
    if (!l) return;
    if (f.kind === 'messages') l.opts.onMessages(f.batch);
    else l.opts.onStatus(f.status);
  }

  private fanOut(f: MuxFrame): void {
    // Resume points move with what has been relayed, so a reconnect asks only for what is missing.
    if (f.kind === 'messages') {
      const sub = this.subs.get(f.key);
      if (sub)
        for (const m of f.batch)
          if (m.id !== null && /^\d+$/.test(m.id)) sub.lastSeq = Math.max(sub.lastSeq, Number(m.id));
    }
    if (this.local.has(f.key)) this.deliver(f);
    else this.post({ t: 'frame', frame: f });
  }

  /** Reopens the multiplexed connection with the current subscriptions (batched: tabs subscribe in bursts). */
  private schedule(ms: number): void {
    if (this.reopenTimer) clearTimeout(this.reopenTimer);
    this.reopenTimer = setTimeout(() => {
      this.reopenTimer = null;
      void this.connect();
    }, ms);
  }

  private statusAll(status: LiveStatus): void {
    for (const key of this.subs.keys()) this.fanOut({ kind: 'status', key, status });
  }

  private async connect(): Promise<void> {
    this.conn?.abort();
    this.conn = null;
    if (this.subs.size === 0) return;
    const ctl = new AbortController();
    this.conn = ctl;
    const retry = (reason: string) => {
      if (ctl.signal.aborted || this.conn !== ctl) return;
      this.attempt += 1;
      const inMs = Math.min(10_000, 500 * 2 ** Math.min(this.attempt - 1, 5));
      this.statusAll({ kind: 'reconnecting', attempt: this.attempt, inMs, reason });
      this.schedule(inMs);
    };
    let res: Response;
    try {
      res = await fetch(MUX_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ subs: [...this.subs.values()] }),
        signal: ctl.signal,
        cache: 'no-store',
      });
    } catch {
      retry('the site cannot be reached');
      return;
    }
    if (!res.ok || !res.body) {
      retry(`the site answered ${res.status}`);
      return;
    }
    this.attempt = 0;
    const parser = new SseParser();
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const m of parser.feed(value)) {
          if (m.event !== 'mux') continue;
          let raw: unknown;
          try {
            raw = JSON.parse(m.data);
          } catch {
            continue;
          }
          const f = MuxFrameSchema.safeParse(raw);
          if (f.success) this.fanOut(f.data as MuxFrame);
        }
      }
      retry('the stream closed');
    } catch {
      retry('the connection dropped');
    }
  }
}

let hub: LiveHub | null = null;

/** Whether this browser can share one live connection between tabs. */
export function canShareLive(): boolean {
  return typeof BroadcastChannel !== 'undefined' && typeof navigator !== 'undefined' && !!navigator.locks;
}

/** Opens a match's live stream through the tab's hub (or directly where sharing is impossible). */
export function openSharedLive(opts: SharedLiveOptions): () => void {
  if (!canShareLive()) return openLive(opts);
  hub ??= new LiveHub(navigator.locks);
  return hub.open(opts);
}
