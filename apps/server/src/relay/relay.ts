// Outbox relay: Postgres events table → JetStream `matchtape.match.<id>.events`, resuming from the `relay`
// checkpoint. A batch read in commit order (each envelope as the JSON text Postgres wrote, published as is, never
// parsed) is published with up to `window` publishes in flight while the next batch is read: matches in parallel,
// each match's events in seq order — the first with the match's expected last subject sequence, the rest pipelined
// behind its ack (see publishChain). Publishing is idempotent twice over: Nats-Msg-Id `<matchId>:<seq>` inside the
// stream's duplicate window, and beyond it the relay reads each match's last published event from the stream and
// skips what is already there. The checkpoint moves once per batch, to the end of the longest prefix (in commit
// order) that is all on the stream.
import {
  BusUnavailableError,
  subjects,
  WrongLastSequenceError,
  type Bus,
  type BusMessage,
} from '@matchtape/bus';
import type { EncodedEvent, EventStore } from '@matchtape/store';

/** pino-compatible (fastify's logger fits). */
export interface RelayLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RelayFaults {
  /** After the event was read from the committed log, before it is published. */
  beforePublish?: (e: EncodedEvent) => void | Promise<void>;
  /** After JetStream acknowledged the event, before the checkpoint moves past it. */
  afterPublishBeforeCheckpoint?: (e: EncodedEvent) => void | Promise<void>;
}

export interface RelayOptions {
  store: EventStore;
  bus: Bus;
  /** Checkpoint name (one per relay deployment). Default `main`. */
  name?: string;
  /** Events read per batch; the checkpoint moves after each batch (and after the last success of a failed one). Default 1000. */
  batchSize?: number;
  /** Publishes in flight at once (each to a different match). Default 256. */
  window?: number;
  /** Poll interval when idle; appends also wake the relay through LISTEN/NOTIFY. Default 1000 ms. */
  pollIntervalMs?: number;
  /** Retry backoff while NATS (or the database) is unavailable. Default 100 ms doubling to 5 s. */
  backoff?: { initialMs?: number; maxMs?: number };
  /** Wake on store appends (LISTEN/NOTIFY). Default true. */
  listen?: boolean;
  log?: RelayLogger;
  faults?: RelayFaults;
}

export interface RelayStats {
  published: number;
  /** Acked by JetStream as duplicates of a message already stored. */
  duplicates: number;
  /** Found already on the stream after a restart and not sent again. */
  skipped: number;
  failures: number;
  checkpoint: number;
  /** The last error while retrying, cleared by the next success. */
  lastError: string | null;
}

export interface Relay {
  /** Resolves once everything committed before the call is on the bus. Rejects if the relay stops first. */
  caughtUp(): Promise<void>;
  stats(): RelayStats;
  /** Finishes the publishes in flight, then stops. Idempotent. */
  stop(): Promise<void>;
}

const consoleLogger: RelayLogger = {
  info: () => undefined,
  warn: (obj, msg) => console.warn(`relay: ${msg}`, obj),
  error: (obj, msg) => console.error(`relay: ${msg}`, obj),
};

/** Per-match publishing head: the last event seq on the stream and its stream sequence. */
export interface Head {
  seq: number;
  streamSeq: number;
  /** Set from this relay's own ack (not read from the stream): the match's next events may go out at once. */
  own?: boolean;
}

const HEAD_CACHE = 10_000;
const PENDING_RETRY_MS = 50;

/**
 * The heads of the matches published most recently, at most `capacity`, least recently used first (a Map keeps
 * insertion order, so a hit or a write moves its entry to the end). A miss costs one read of the stream.
 */
export class HeadCache {
  private readonly heads = new Map<string, Head>();
  constructor(private readonly capacity: number) {}

  get(matchId: string): Head | undefined {
    const h = this.heads.get(matchId);
    if (h) {
      this.heads.delete(matchId);
      this.heads.set(matchId, h);
    }
    return h;
  }

  set(matchId: string, h: Head): void {
    this.heads.delete(matchId);
    if (this.heads.size >= this.capacity) this.heads.delete(this.heads.keys().next().value!);
    this.heads.set(matchId, h);
  }

  clear(): void {
    this.heads.clear();
  }
}

function seqOf(m: BusMessage): number {
  const data = m.data as { seq?: unknown } | null;
  if (data && typeof data.seq === 'number') return data.seq;
  const fromId = Number(m.msgId?.split(':').pop());
  if (Number.isInteger(fromId)) return fromId;
  throw new Error(`message #${m.streamSeq} on ${m.subject} carries no event seq`);
}

/** Publish slots shared by a batch's chains: up to `window` publishes in flight. */
interface Slots {
  acquire(): Promise<void>;
  release(): void;
}

function slotsOf(window: number): Slots {
  let free = window;
  const queued: (() => void)[] = [];
  return {
    acquire: () => (free > 0 ? (free--, Promise.resolve()) : new Promise<void>((r) => queued.push(r))),
    release: () => {
      const next = queued.shift();
      if (next) next();
      else free++;
    },
  };
}

/** A batch's first failure. A holder, not a let: TypeScript does not see the chains' callbacks assign it. */
interface Failure {
  failed: boolean;
  error?: unknown;
}

/** One match's events of a batch being published (see publishChain). */
interface Chain {
  matchId: string;
  subject: string;
  batch: readonly EncodedEvent[];
  /** The match's events, as indices into the batch, in seq order. */
  indices: readonly number[];
  slots: Slots;
  failure: Failure;
  /** done[i]: batch[i] is on the stream. */
  done: Uint8Array;
  /** The seq of the last event sent. */
  sent: number;
}

class OutboxRelay {
  private readonly store: EventStore;
  private readonly bus: Bus;
  private readonly name: string;
  private readonly batchSize: number;
  private readonly window: number;
  private readonly pollMs: number;
  private readonly initialBackoff: number;
  private readonly maxBackoff: number;
  private readonly log: RelayLogger;
  private readonly faults: RelayFaults;

  private readonly counters: RelayStats = {
    published: 0,
    duplicates: 0,
    skipped: 0,
    failures: 0,
    checkpoint: 0,
    lastError: null,
  };
  private readonly heads = new HeadCache(HEAD_CACHE);
  /** A publish that failed (or whose ack was lost) left later events of its match possibly on the stream: the
   * seqs from the first unacknowledged one to the last one sent, checked before the match publishes again. */
  private readonly suspects = new Map<string, { from: number; to: number }>();
  private stopped = false;
  private wakeUp: (() => void) | null = null;
  private pendingWake = false;
  /** caughtUp() callers wait for a cycle that began after they called. */
  private cycle = 0;
  private waiters: { afterCycle: number; resolve: () => void; reject: (e: Error) => void }[] = [];

  /** Position up to which every event is on the stream (null: not read yet); the stored checkpoint may lag it. */
  private cursor: number | null = null;
  private backoff: number;
  private prefetched: { after: number; read: Promise<EncodedEvent[]> } | null = null;
  /** The checkpoint writes, one at a time, in order. */
  private writing: Promise<void> = Promise.resolve();

  private stopListening: (() => Promise<void>) | null = null;
  // caughtUp() waits for LISTEN to be in place: an append made right after it must wake the relay, not wait for the
  // next poll (a loaded machine once set up the listener after the first cycle had already reported caught up).
  private readonly listenReady: Promise<void>;
  private readonly running: Promise<void>;

  constructor(opts: RelayOptions) {
    this.store = opts.store;
    this.bus = opts.bus;
    this.name = opts.name ?? 'main';
    this.batchSize = opts.batchSize ?? 1000;
    this.window = opts.window ?? 256;
    this.pollMs = opts.pollIntervalMs ?? 1000;
    this.initialBackoff = opts.backoff?.initialMs ?? 100;
    this.maxBackoff = opts.backoff?.maxMs ?? 5000;
    this.backoff = this.initialBackoff;
    this.log = opts.log ?? consoleLogger;
    this.faults = opts.faults ?? {};
    this.listenReady = opts.listen !== false ? this.listen() : Promise.resolve();
    this.running = this.run()
      .catch((err: unknown) => {
        this.log.error({ err: String(err) }, 'relay stopped by an unexpected error');
        this.stopped = true;
      })
      .finally(() => {
        for (const w of this.waiters) w.reject(new Error('the relay stopped before it caught up'));
        this.waiters = [];
      });
  }

  caughtUp(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('the relay is stopped'));
    return this.listenReady.then(
      () =>
        new Promise<void>((resolve, reject) => {
          if (this.stopped) return reject(new Error('the relay is stopped'));
          this.waiters.push({ afterCycle: this.cycle, resolve, reject });
          this.wake();
        }),
    );
  }

  stats(): RelayStats {
    return { ...this.counters };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.running;
    await this.stopListening?.();
    this.stopListening = null;
  }

  private listen(): Promise<void> {
    return this.store
      .onAppended(() => this.wake())
      .then((off) => {
        if (this.stopped) void off();
        else this.stopListening = off;
      })
      .catch((err: unknown) =>
        this.log.warn({ err: String(err) }, 'relay cannot LISTEN for appends; polling only'),
      );
  }

  private wake(): void {
    this.pendingWake = true;
    this.wakeUp?.();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      if (this.pendingWake || this.stopped) {
        this.pendingWake = false;
        return resolve();
      }
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        this.pendingWake = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const thisCycle = ++this.cycle;
      try {
        const batch = await this.readBatch();
        // The checkpoint moves once per batch (a commit per event would cap the relay at the disk's fsync rate);
        // events published past it are recognised after a restart and not sent again (see headOf).
        const { upTo, failure } = await this.publishBatch(batch);
        if (upTo !== null) this.advanceCursor(upTo);
        if (failure.failed) throw failure.error;
        if (this.counters.lastError) this.log.info({ checkpoint: this.cursor }, 'relay recovered');
        this.counters.lastError = null;
        this.backoff = this.initialBackoff;
        if (batch.length === this.batchSize) continue;
        await this.writing;
        if (batch.length === 0) await this.idle(thisCycle, this.cursor!);
      } catch (err) {
        this.prefetched = null;
        await this.writing.catch(() => undefined);
        this.writing = Promise.resolve();
        if (this.stopped) break;
        await this.retryAfter(err);
      }
    }
  }

  /** The next batch after the cursor, in commit order (read ahead while the previous one published). */
  private async readBatch(): Promise<EncodedEvent[]> {
    if (this.cursor === null) {
      this.cursor = await this.store.getCheckpoint('relay', this.name);
      this.counters.checkpoint = this.cursor;
    }
    const cursor = this.cursor;
    // Envelopes as JSON text, published as read: the relay never parses a payload.
    const batch: EncodedEvent[] =
      this.prefetched && this.prefetched.after === cursor
        ? await this.prefetched.read
        : await this.store.readAllEncoded({ after: cursor, limit: this.batchSize });
    this.prefetched = null;
    // A full batch: read the next one while this one publishes (it starts where this one ends, which is where
    // the checkpoint will be if every event of this one gets on the stream; otherwise it is dropped).
    if (batch.length === this.batchSize) {
      const after: number = batch[batch.length - 1]!.position;
      const read = this.store.readAllEncoded({ after, limit: this.batchSize });
      read.catch(() => undefined);
      this.prefetched = { after, read };
    }
    return batch;
  }

  private advanceCursor(upTo: number): void {
    // Written while the next batch publishes (one write at a time, in order): the stored checkpoint may lag
    // what is on the stream, never lead it.
    this.writing = this.writing
      .then(() => this.store.setCheckpoint('relay', this.name, upTo))
      .then(() => void (this.counters.checkpoint = upTo));
    this.writing.catch(() => undefined);
    this.cursor = upTo;
  }

  /** Nothing left to read: the caughtUp() callers from before this cycle are answered, then the relay waits. */
  private async idle(thisCycle: number, cursor: number): Promise<void> {
    // Events committed but not readable yet (a transaction older than them is still open somewhere in the
    // cluster, so commit order is not settled) are looked for again soon, not after the poll interval: their
    // NOTIFY has already been spent.
    const pending = await this.store.hasEventsAfter(cursor);
    if (!pending) {
      const ready = this.waiters.filter((w) => w.afterCycle < thisCycle);
      this.waiters = this.waiters.filter((w) => w.afterCycle >= thisCycle);
      for (const w of ready) w.resolve();
    }
    await this.sleep(pending ? Math.min(this.pollMs, PENDING_RETRY_MS) : this.pollMs);
  }

  private async retryAfter(err: unknown): Promise<void> {
    this.counters.failures += 1;
    this.counters.lastError = err instanceof Error ? err.message : String(err);
    // Another publisher moved a head (WrongLastSequenceError), or a publish whose ack was lost may have:
    // re-read heads from the stream, one request per match, rather than trust the cache.
    this.heads.clear();
    const level = err instanceof BusUnavailableError ? 'warn' : 'error';
    this.log[level](
      { err: this.counters.lastError, retryInMs: this.backoff, checkpoint: this.cursor },
      'relay cannot publish yet; retrying',
    );
    await this.sleep(this.backoff);
    this.backoff = Math.min(this.backoff * 2, this.maxBackoff);
  }

  /**
   * Publishes a batch: one chain per match, up to `window` publishes in flight over all chains. A failure stops
   * every chain from starting another publish; what is in flight finishes. Returns the position up to which every
   * event is on the stream (null: none), and the first error.
   */
  private async publishBatch(
    batch: readonly EncodedEvent[],
  ): Promise<{ upTo: number | null; failure: Failure }> {
    const byMatch = new Map<string, number[]>();
    batch.forEach((e, i) => {
      const c = byMatch.get(e.matchId);
      if (c) c.push(i);
      else byMatch.set(e.matchId, [i]);
    });
    const done = new Uint8Array(batch.length);
    const failure: Failure = { failed: false };
    const slots = slotsOf(this.window);
    await Promise.all(
      [...byMatch.values()].map((indices) => {
        const matchId = batch[indices[0]!]!.matchId;
        const subject = subjects.events(matchId);
        return this.publishChain({ matchId, subject, batch, indices, slots, failure, done, sent: 0 });
      }),
    );
    let n = 0;
    while (n < batch.length && done[n]) n++;
    return { upTo: n > 0 ? batch[n - 1]!.position : null, failure };
  }

  /**
   * One match's events of a batch, in seq order. Events already on the stream (after a restart) are skipped. The
   * first new one goes alone, with the match's expected last subject sequence (a stale head or another publisher
   * is caught here, before anything is stored); once it is acked the rest are pipelined without an expectation —
   * one connection delivers them in order, and each carries its Msg-Id. An ack out of stream order is an error.
   */
  private async publishChain(chain: Chain): Promise<void> {
    const { matchId, batch, indices, failure, done } = chain;
    try {
      await this.checkSuspect(chain);
      const head = await this.headOf(matchId);
      let k = await this.skipPublished(chain, head);
      if (k === indices.length || failure.failed || this.stopped) return;
      if (!head.own) {
        // A head read from the stream: the first event goes alone, so that a wrong expectation stores nothing.
        await this.publishAlone(chain, indices[k]!, head.streamSeq);
        k++;
      }
      // A head this relay acked itself: everything goes out at once, the first still with its expectation (every
      // other writer of the subject is a relay sending the same events in the same order, deduplicated by Msg-Id).
      await this.pipeline(chain, k, head.own ? head.streamSeq : undefined);
    } catch (error) {
      if (!failure.failed) Object.assign(failure, { failed: true, error });
      const firstMissing = indices
        .map((i) => batch[i]!)
        .find((e, n) => !done[indices[n]!] && e.seq <= chain.sent);
      if (firstMissing) this.suspects.set(matchId, { from: firstMissing.seq, to: chain.sent });
    }
  }

  /** Marks the chain's events already on the stream as done; returns how many there are. */
  private async skipPublished(chain: Chain, head: Head): Promise<number> {
    const { batch, indices, done } = chain;
    let k = 0;
    for (; k < indices.length && batch[indices[k]!]!.seq <= head.seq; k++) {
      this.counters.skipped += 1;
      await this.faults.afterPublishBeforeCheckpoint?.(batch[indices[k]!]!);
      done[indices[k]!] = 1;
    }
    return k;
  }

  private async publishAlone(chain: Chain, i: number, expectedLastSubjectSeq: number): Promise<void> {
    const e = chain.batch[i]!;
    await chain.slots.acquire();
    try {
      await this.faults.beforePublish?.(e);
      chain.sent = e.seq;
      this.acked(
        e,
        await this.bus.publishEncoded(chain.subject, e.body, {
          msgId: `${chain.matchId}:${e.seq}`,
          expectedLastSubjectSeq,
        }),
      );
    } finally {
      chain.slots.release();
    }
    await this.faults.afterPublishBeforeCheckpoint?.(e);
    chain.done[i] = 1;
  }

  /** Sends the chain's events from the k-th on without waiting for acks; the first carries `expectFirst`. */
  private async pipeline(chain: Chain, from: number, expectFirst: number | undefined): Promise<void> {
    const { matchId, subject, batch, indices, slots, failure, done } = chain;
    let lastStreamSeq = this.heads.get(matchId)!.streamSeq;
    const inFlight: Promise<void>[] = [];
    for (let k = from; k < indices.length; k++) {
      if (failure.failed || this.stopped) break;
      const i = indices[k]!;
      const e = batch[i]!;
      await slots.acquire();
      try {
        await this.faults.beforePublish?.(e);
      } catch (err) {
        slots.release();
        throw err;
      }
      chain.sent = e.seq;
      inFlight.push(
        this.bus
          .publishEncoded(subject, e.body, {
            msgId: `${matchId}:${e.seq}`,
            ...(expectFirst !== undefined && inFlight.length === 0
              ? { expectedLastSubjectSeq: expectFirst }
              : {}),
          })
          .finally(() => slots.release())
          .then(async (ack) => {
            if (ack.streamSeq <= lastStreamSeq) {
              throw new Error(
                `match ${matchId}: event ${e.seq} was stored at stream sequence ${ack.streamSeq}, before the previous event (${lastStreamSeq})`,
              );
            }
            lastStreamSeq = ack.streamSeq;
            this.acked(e, ack);
            await this.faults.afterPublishBeforeCheckpoint?.(e);
            done[i] = 1;
          }),
      );
    }
    // Acks come back in send order on one connection; allSettled so every one is recorded before a failure counts.
    const settled = await Promise.allSettled(inFlight);
    const rejected = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (rejected) throw rejected.reason;
  }

  /** The match's head: cached, or read from the stream's last message of the match. */
  private async headOf(matchId: string): Promise<Head> {
    let h = this.heads.get(matchId);
    if (!h) {
      const last = await this.bus.lastMessage(subjects.events(matchId));
      h = last ? { seq: seqOf(last), streamSeq: last.streamSeq } : { seq: 0, streamSeq: 0 };
      this.heads.set(matchId, h);
    }
    return h;
  }

  /** Records an ack: the cached head moves on, and the counters. */
  private acked(e: EncodedEvent, ack: { streamSeq: number; duplicate: boolean }): void {
    if (ack.duplicate) this.counters.duplicates += 1;
    else this.counters.published += 1;
    const h = this.heads.get(e.matchId);
    if (!h || e.seq > h.seq) this.heads.set(e.matchId, { seq: e.seq, streamSeq: ack.streamSeq, own: true });
  }

  /**
   * After a failure inside a pipelined chain, a later event of the match may be on the stream while an earlier one
   * is not (a publish lost with a dropped connection while the next went out after the reconnect). Each suspect seq
   * up to the stream's head is re-sent with an expectation that cannot hold (0): JetStream acknowledges a stored
   * Msg-Id as a duplicate whatever the expectation, and stores nothing otherwise — a probe that never reorders.
   */
  private async checkSuspect({ matchId, subject, batch, indices }: Chain): Promise<void> {
    const s = this.suspects.get(matchId);
    if (!s) return;
    const head = await this.headOf(matchId);
    for (const i of indices) {
      const e = batch[i]!;
      if (e.seq < s.from || e.seq > Math.min(s.to, head.seq)) continue;
      try {
        await this.bus.publishEncoded(subject, e.body, {
          msgId: `${matchId}:${e.seq}`,
          expectedLastSubjectSeq: 0,
        });
      } catch (err) {
        if (!(err instanceof WrongLastSequenceError)) throw err;
        throw new Error(
          `match ${matchId}: event ${e.seq} is not on the stream but event ${head.seq} is (a publish was lost across a reconnect, ` +
            `or the stream's duplicate window has passed since): the relay will not publish out of order; ` +
            `check the stream's messages for this match and republish from ${e.seq} by hand`,
        );
      }
    }
    this.suspects.delete(matchId);
  }
}

export function startRelay(opts: RelayOptions): Relay {
  const relay = new OutboxRelay(opts);
  return {
    caughtUp: () => relay.caughtUp(),
    stats: () => relay.stats(),
    stop: () => relay.stop(),
  };
}
