// Publisher (projector role): puts each match's public view on `matchtape.match.<id>.public` once the
// match's spectator delay has passed each event's `at`, in seq order. Progress is a per-match checkpoint in
// the store; a crash between publish and checkpoint republishes with the same msgId, which the bus dedupes.
// Work is driven by appends (local, and other instances' through the store's notifications), by timers for
// events still held by the delay, and by a slow scan of live matches (startup, missed notifications).
import { subjects, type Bus } from '@matchtape/bus';
import type { EventStore, MatchRecord } from '@matchtape/store';
import type { GameRegistry } from '../games';
import type { EngineHost } from '../host/engine-host';
import { ForkSecrecy } from '../judges/fork-secrecy';
import { publicFeed, releaseTime } from '../viewers';

export interface PublisherOptions {
  /** Safety-net scan of live matches. */
  scanMs?: number;
  now?: () => number;
  onError?: (err: unknown) => void;
}

export const publicMsgId = (matchId: string, seq: number): string => `${matchId}:${seq}:public`;

interface Track {
  record: MatchRecord;
  /** Last seq published (from the checkpoint, then in memory). */
  published: number;
  timer: NodeJS.Timeout | null;
}

export class PublicPublisher {
  private tracks = new Map<string, Track>();
  private dirty = new Set<string>();
  private working: Promise<void> | null = null;
  private scanTimer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;
  private readonly now: () => number;
  private onAppended = (matchId: string): void => this.mark(matchId);
  private readonly forks: ForkSecrecy;

  constructor(
    private readonly store: EventStore,
    private readonly bus: Bus,
    private readonly games: GameRegistry,
    private readonly host: EngineHost | null,
    private readonly opts: PublisherOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.forks = new ForkSecrecy(store, this.now);
  }

  async start(): Promise<void> {
    this.host?.on('appended', this.onAppended);
    this.host?.on('created', this.onAppended);
    const notifying = this.store as EventStore & {
      onAppended?: (l: (matchId: string) => void) => Promise<() => Promise<void>>;
    };
    if (typeof notifying.onAppended === 'function')
      this.unlisten = await notifying.onAppended(this.onAppended);
    const scan = async (): Promise<void> => {
      try {
        for (const status of ['setup', 'playing'] as const)
          for (const m of await this.store.listMatches({ status, limit: 1000 })) this.mark(m.matchId);
        // Ended matches whose delayed tail is not all out yet (their held events' timers died with a restart).
        for (const m of await this.store.listMatches({ status: 'ended', limit: 1000 })) {
          const t = this.tracks.get(m.matchId);
          if (!t || t.published < m.lastSeq) this.mark(m.matchId);
        }
      } catch (err) {
        this.opts.onError?.(err);
      }
      if (!this.stopped) this.scanTimer = setTimeout(() => void scan(), this.opts.scanMs ?? 5000);
    };
    await scan();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.host?.off('appended', this.onAppended);
    this.host?.off('created', this.onAppended);
    if (this.scanTimer) clearTimeout(this.scanTimer);
    for (const t of this.tracks.values()) if (t.timer) clearTimeout(t.timer);
    await this.unlisten?.();
    await this.working;
  }

  /** Resolves when every match marked so far has published all it may publish now (tests). */
  async idle(): Promise<void> {
    while (this.working) await this.working;
  }

  private mark(matchId: string): void {
    if (this.stopped) return;
    this.dirty.add(matchId);
    if (!this.working) {
      this.working = this.drain().finally(() => {
        this.working = null;
        if (this.dirty.size > 0 && !this.stopped) this.mark([...this.dirty][0]!);
      });
    }
  }

  private async drain(): Promise<void> {
    while (this.dirty.size > 0 && !this.stopped) {
      const batch = [...this.dirty];
      this.dirty.clear();
      // Matches in parallel: one slow match (or a slow ack from a replicated stream) does not hold up the others.
      await Promise.all(
        batch.map(async (id) => {
          try {
            await this.publishMatch(id);
          } catch (err) {
            this.opts.onError?.(err);
            this.schedule(id, 1000); // bus or store trouble: try again shortly
          }
        }),
      );
    }
  }

  private schedule(matchId: string, inMs: number): void {
    const t = this.tracks.get(matchId);
    if (!t || this.stopped) return;
    if (t.timer) clearTimeout(t.timer);
    t.timer = setTimeout(
      () => {
        t.timer = null;
        this.mark(matchId);
      },
      Math.max(1, inMs),
    );
    t.timer.unref();
  }

  /** False when the match may be published now; else when it may (null: not known yet). */
  private async sealedUntil(record: MatchRecord): Promise<number | null | false> {
    if (!(await this.forks.sealed(record))) return false;
    return this.forks.releasedAt(record);
  }

  private async publishMatch(matchId: string): Promise<void> {
    let t = this.tracks.get(matchId);
    if (!t) {
      const record = await this.store.getMatch(matchId);
      if (!record) return;
      t = {
        record,
        published: await this.store.getCheckpoint('projection', `public:${matchId}`),
        timer: null,
      };
      this.tracks.set(matchId, t);
    }
    // A sealed fork (judges/fork-secrecy.ts) publishes nothing until its parent's secrets are public: look again when
    // they will be, or at the next scan while the parent still plays.
    const sealedUntil = await this.sealedUntil(t.record);
    if (sealedUntil !== false) {
      this.schedule(matchId, sealedUntil === null ? (this.opts.scanMs ?? 5000) : sealedUntil - this.now());
      return;
    }
    const game = this.games.get(t.record.game);
    const events = await this.store.readStream(matchId, { from: t.published + 1 });
    const now = this.now();
    const before = t.published;
    const feed = publicFeed(t.record);
    const due: typeof events = [];
    for (const e of events) {
      const at = releaseTime(e, feed);
      if (at > now) {
        this.schedule(matchId, at - now);
        break;
      }
      due.push(e);
    }
    // Pipelined: one connection delivers publishes in the order sent, so the subject keeps seq order without
    // waiting for each ack; the checkpoint moves to the end of the acknowledged prefix (a retry republishes the
    // rest with the same msgIds, which the stream dedupes).
    const acks = await Promise.allSettled(
      due.map((e) =>
        this.bus.publish(subjects.public(matchId), game.viewEvent(e, feed.viewer), {
          msgId: publicMsgId(matchId, e.seq),
        }),
      ),
    );
    let failure: unknown = null;
    for (let i = 0; i < acks.length; i++) {
      const a = acks[i]!;
      if (a.status === 'rejected') {
        failure = a.reason;
        break;
      }
      t.published = due[i]!.seq;
    }
    if (t.published > before) await this.store.setCheckpoint('projection', `public:${matchId}`, t.published);
    if (failure) throw failure;
  }
}
