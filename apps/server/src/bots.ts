// Bot driver: plays the seats a match marks as bots, at a watchable pace, through the same command path as
// humans (EngineHost.submit). A bot's choice is a pure function of (match, seq): its Rng is seeded by both and
// its commandId is derived from them, so two instances driving the same match send the same command and the
// second is answered from the idempotency record instead of acting twice.
import { Rng, type Command, type PlayerId } from '@matchtape/engine';
import type { EventStore } from '@matchtape/store';
import type { EngineHost } from './host/engine-host';

export interface BotOptions {
  /** Pause before each bot action, uniformly in [minDelayMs, maxDelayMs]. 0/0 plays at full speed. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** How often to look for bot matches created by other instances. */
  scanMs?: number;
  onError?: (matchId: string, err: unknown) => void;
}

export class BotDriver {
  private running = new Map<string, Promise<void>>();
  private scanTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private waiters = new Map<string, Set<() => void>>();
  private stopWaiters = new Set<() => void>();
  private onAppended = (matchId: string): void => {
    const w = this.waiters.get(matchId);
    if (w) for (const f of [...w]) f();
  };
  private onCreated = (matchId: string): void => {
    void this.track(matchId);
  };

  constructor(
    private readonly host: EngineHost,
    private readonly store: EventStore,
    private readonly opts: BotOptions = {},
  ) {}

  start(): void {
    this.host.on('appended', this.onAppended);
    this.host.on('created', this.onCreated);
    const scan = async (): Promise<void> => {
      try {
        for (const status of ['setup', 'playing'] as const)
          for (const m of await this.store.listMatches({ status, limit: 500 })) void this.track(m.matchId);
      } catch (err) {
        this.opts.onError?.('*', err);
      }
      if (!this.stopped) this.scanTimer = setTimeout(() => void scan(), this.opts.scanMs ?? 2000);
    };
    void scan();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.scanTimer) clearTimeout(this.scanTimer);
    this.host.off('appended', this.onAppended);
    this.host.off('created', this.onCreated);
    for (const f of [...this.stopWaiters]) f();
    await Promise.allSettled([...this.running.values()]);
  }

  /** Matches being driven now. */
  get active(): string[] {
    return [...this.running.keys()];
  }

  /**
   * Drives a match's bot seats until it ends (on humans' turns it waits for them), or until its stream reaches
   * `untilSeq` (tests and demos that cut a match short).
   */
  track(matchId: string, opts: { untilSeq?: number } = {}): Promise<void> {
    const existing = this.running.get(matchId);
    if (existing) return existing;
    const p = this.drive(matchId, opts.untilSeq ?? Infinity)
      .catch((err) => this.opts.onError?.(matchId, err))
      .finally(() => this.running.delete(matchId));
    this.running.set(matchId, p);
    return p;
  }

  private async drive(matchId: string, untilSeq: number): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      // Decide on this instance's cached state; the submit is refused as stale if the match moved meanwhile.
      const { game, state, hosted, lastSeq } = await this.host.peek(matchId);
      if (Object.keys(hosted.bots).length === 0 || lastSeq >= untilSeq) return;
      if (game.status(state).status === 'ended') {
        // The cache may be behind another instance, never ahead: confirm with the store before leaving.
        if ((await this.host.current(matchId)).lastSeq === lastSeq) return;
        continue;
      }
      const seat = game.actors(state).find((p: PlayerId) => hosted.bots[p]);
      if (!seat) {
        await this.waitForChange(matchId, 1000);
        await this.host.current(matchId); // a human (maybe on another instance) may have acted
        continue;
      }
      const pause = this.pace();
      if (pause > 0) {
        await this.waitForChange(matchId, pause, false);
        if ((await this.host.current(matchId)).lastSeq !== lastSeq) continue;
      }
      const kind = hosted.bots[seat]!;
      const legal = game.legalCommands(state, seat);
      if (legal.length === 0)
        throw new Error(`bot ${seat} of ${matchId} must act at seq ${lastSeq} but has no legal command`);
      const choice: Command = game.bots[kind].choose(
        state,
        seat,
        legal,
        new Rng(`bot:${matchId}:${lastSeq}`),
      );
      const { player: _player, ...command } = choice;
      const out = await this.host.submit(
        matchId,
        seat,
        { ...command, type: choice.type, commandId: `bot-${seat}-${lastSeq}` },
        { ifLastSeq: lastSeq },
      );
      if (out.status === 'rejected')
        throw new Error(
          `bot ${kind} of ${seat} in ${matchId} chose a listed command that was rejected: ${out.rule} ${out.reason}`,
        );
    }
  }

  private pace(): number {
    const lo = this.opts.minDelayMs ?? 500;
    const hi = Math.max(lo, this.opts.maxDelayMs ?? 2000);
    return lo + Math.random() * (hi - lo);
  }

  /** Resolves on the next local append to the match (when `onAppend`), after `ms`, or on stop. */
  private waitForChange(matchId: string, ms: number, onAppend = true): Promise<void> {
    return new Promise((resolve) => {
      if (this.stopped) return resolve();
      let set = this.waiters.get(matchId);
      if (!set) this.waiters.set(matchId, (set = new Set()));
      const waiting = set;
      const done = (): void => {
        clearTimeout(t);
        waiting.delete(done);
        this.stopWaiters.delete(done);
        if (waiting.size === 0 && this.waiters.get(matchId) === waiting) this.waiters.delete(matchId);
        resolve();
      };
      const t = setTimeout(done, ms);
      if (onAppend) waiting.add(done);
      this.stopWaiters.add(done);
    });
  }
}
