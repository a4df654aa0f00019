// Publisher (projector role): puts each match's public view on `matchtape.match.<id>.public` once the
// match's spectator delay has passed each event's `at`, in seq order. Progress is a per-match checkpoint in
// the store; a crash between publish and checkpoint republishes with the same msgId, which the bus dedupes.
import { subjects, type Bus } from '@matchtape/bus';
import type { GameRegistry } from '../games';
import type { EventStore, MatchRecord } from '@matchtape/store';
import { releasedAt } from '../viewers';

export interface PublisherOptions {
  intervalMs?: number;
  now?: () => number;
  onError?: (err: unknown) => void;
}

export const publicMsgId = (matchId: string, seq: number): string => `${matchId}:${seq}:public`;

export class PublicPublisher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Matches whose every event is published and that have ended: never looked at again. */
  private done = new Set<string>();
  private stopped = false;

  constructor(
    private readonly store: EventStore,
    private readonly bus: Bus,
    private readonly games: GameRegistry,
    private readonly opts: PublisherOptions = {},
  ) {}

  start(): void {
    const loop = (): void => {
      if (this.stopped) return;
      this.running = this.tick()
        .catch((err) => this.opts.onError?.(err))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, this.opts.intervalMs ?? 250);
        });
    };
    loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  async tick(): Promise<void> {
    const now = (this.opts.now ?? Date.now)();
    const matches = await this.store.listMatches({ limit: 1000 });
    for (const m of matches) {
      if (this.done.has(m.matchId)) continue;
      await this.publishMatch(m, now);
    }
  }

  private async publishMatch(m: MatchRecord, now: number): Promise<void> {
    const name = `public:${m.matchId}`;
    const published = await this.store.getCheckpoint('projection', name);
    if (published >= m.lastSeq) {
      if (m.status === 'ended') this.done.add(m.matchId);
      return;
    }
    const game = this.games.get(m.game);
    const events = await this.store.readStream(m.matchId, { from: published + 1 });
    let last = published;
    for (const e of events) {
      if (releasedAt(e.at, m.spectatorDelaySeconds) > now) break;
      await this.bus.publish(subjects.public(m.matchId), game.viewEvent(e, 'public'), { msgId: publicMsgId(m.matchId, e.seq) });
      last = e.seq;
    }
    if (last > published) await this.store.setCheckpoint('projection', name, last);
  }
}
