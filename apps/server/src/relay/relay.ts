// Outbox relay: Postgres events table → JetStream `matchtape.match.<id>.events`, resuming from the `relay`
// checkpoint. A batch read in commit order is published with up to `window` publishes in flight while the next
// batch is read: matches in parallel, each match's events in seq order — the first with the match's expected last
// subject sequence, the rest pipelined behind its ack (see publishChain). Publishing is idempotent twice
// over: Nats-Msg-Id `<matchId>:<seq>` inside the stream's duplicate window, and beyond it the relay reads each
// match's last published event from the stream and skips what is already there. The checkpoint moves once per
// batch, to the end of the longest prefix (in commit order) that is all on the stream.
import {
  BusUnavailableError,
  subjects,
  WrongLastSequenceError,
  type Bus,
  type BusMessage,
} from '@matchtape/bus';
import type { EventStore, StoredEvent } from '@matchtape/store';

/** pino-compatible (fastify's logger fits). */
export interface RelayLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RelayFaults {
  /** After the event was read from the committed log, before it is published. */
  beforePublish?: (e: StoredEvent) => void | Promise<void>;
  /** After JetStream acknowledged the event, before the checkpoint moves past it. */
  afterPublishBeforeCheckpoint?: (e: StoredEvent) => void | Promise<void>;
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

export function startRelay(opts: RelayOptions): Relay {
  const { store, bus } = opts;
  const name = opts.name ?? 'main';
  const batchSize = opts.batchSize ?? 1000;
  const window = opts.window ?? 256;
  const pollMs = opts.pollIntervalMs ?? 1000;
  const initialBackoff = opts.backoff?.initialMs ?? 100;
  const maxBackoff = opts.backoff?.maxMs ?? 5000;
  const log = opts.log ?? consoleLogger;
  const faults = opts.faults ?? {};

  const stats: RelayStats = {
    published: 0,
    duplicates: 0,
    skipped: 0,
    failures: 0,
    checkpoint: 0,
    lastError: null,
  };
  const heads = new HeadCache(HEAD_CACHE);
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  let pendingWake = false;
  /** caughtUp() callers wait for a cycle that began after they called. */
  let cycle = 0;
  let waiters: { afterCycle: number; resolve: () => void; reject: (e: Error) => void }[] = [];

  const wake = () => {
    pendingWake = true;
    wakeUp?.();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (pendingWake || stopped) {
        pendingWake = false;
        return resolve();
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        pendingWake = false;
        resolve();
      }
      wakeUp = done;
    });

  async function headOf(matchId: string): Promise<Head> {
    let h = heads.get(matchId);
    if (!h) {
      const last = await bus.lastMessage(subjects.events(matchId));
      h = last ? { seq: seqOf(last), streamSeq: last.streamSeq } : { seq: 0, streamSeq: 0 };
      heads.set(matchId, h);
    }
    return h;
  }

  /** A publish that failed (or whose ack was lost) left later events of its match possibly on the stream: the
   * seqs from the first unacknowledged one to the last one sent, checked before the match publishes again. */
  const suspects = new Map<string, { from: number; to: number }>();

  const envelopeOf = ({ position: _position, ...envelope }: StoredEvent) => envelope;

  /** Records an ack: the cached head moves on, and the counters. */
  function acked(e: StoredEvent, ack: { streamSeq: number; duplicate: boolean }): void {
    if (ack.duplicate) stats.duplicates += 1;
    else stats.published += 1;
    const h = heads.get(e.matchId);
    if (!h || e.seq > h.seq) heads.set(e.matchId, { seq: e.seq, streamSeq: ack.streamSeq, own: true });
  }

  /**
   * After a failure inside a pipelined chain, a later event of the match may be on the stream while an earlier one
   * is not (a publish lost with a dropped connection while the next went out after the reconnect). Each suspect seq
   * up to the stream's head is re-sent with an expectation that cannot hold (0): JetStream acknowledges a stored
   * Msg-Id as a duplicate whatever the expectation, and stores nothing otherwise — a probe that never reorders.
   */
  async function checkSuspect(
    matchId: string,
    batch: readonly StoredEvent[],
    indices: readonly number[],
  ): Promise<void> {
    const s = suspects.get(matchId);
    if (!s) return;
    const head = await headOf(matchId);
    for (const i of indices) {
      const e = batch[i]!;
      if (e.seq < s.from || e.seq > Math.min(s.to, head.seq)) continue;
      try {
        await bus.publish(subjects.events(matchId), envelopeOf(e), {
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
    suspects.delete(matchId);
  }

  /**
   * One match's events of a batch, in seq order. Events already on the stream (after a restart) are skipped. The
   * first new one goes alone, with the match's expected last subject sequence (a stale head or another publisher
   * is caught here, before anything is stored); once it is acked the rest are pipelined without an expectation —
   * one connection delivers them in order, and each carries its Msg-Id. An ack out of stream order is an error.
   */
  async function publishChain(
    batch: readonly StoredEvent[],
    indices: readonly number[],
    slots: { acquire(): Promise<void>; release(): void },
    failure: { failed: boolean; error?: unknown },
    done: Uint8Array,
  ): Promise<void> {
    const matchId = batch[indices[0]!]!.matchId;
    const subject = subjects.events(matchId);
    const msgId = (e: StoredEvent) => `${matchId}:${e.seq}`;
    let sent = 0;
    try {
      await checkSuspect(matchId, batch, indices);
      const head = await headOf(matchId);
      let k = 0;
      for (; k < indices.length && batch[indices[k]!]!.seq <= head.seq; k++) {
        stats.skipped += 1;
        await faults.afterPublishBeforeCheckpoint?.(batch[indices[k]!]!);
        done[indices[k]!] = 1;
      }
      if (k === indices.length || failure.failed || stopped) return;
      if (!head.own) {
        // A head read from the stream: the first event goes alone, so that a wrong expectation stores nothing.
        const first = batch[indices[k]!]!;
        await slots.acquire();
        try {
          await faults.beforePublish?.(first);
          sent = first.seq;
          acked(
            first,
            await bus.publish(subject, envelopeOf(first), {
              msgId: msgId(first),
              expectedLastSubjectSeq: head.streamSeq,
            }),
          );
        } finally {
          slots.release();
        }
        await faults.afterPublishBeforeCheckpoint?.(first);
        done[indices[k]!] = 1;
        k++;
      }
      // A head this relay acked itself: everything goes out at once, the first still with its expectation (every
      // other writer of the subject is a relay sending the same events in the same order, deduplicated by Msg-Id).
      const expectFirst = head.own ? head.streamSeq : undefined;
      let lastStreamSeq = heads.get(matchId)!.streamSeq;
      const inFlight: Promise<void>[] = [];
      for (; k < indices.length; k++) {
        if (failure.failed || stopped) break;
        const i = indices[k]!;
        const e = batch[i]!;
        await slots.acquire();
        try {
          await faults.beforePublish?.(e);
        } catch (err) {
          slots.release();
          throw err;
        }
        sent = e.seq;
        inFlight.push(
          bus
            .publish(subject, envelopeOf(e), {
              msgId: msgId(e),
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
              acked(e, ack);
              await faults.afterPublishBeforeCheckpoint?.(e);
              done[i] = 1;
            }),
        );
      }
      // Acks come back in send order on one connection; allSettled so every one is recorded before a failure counts.
      const settled = await Promise.allSettled(inFlight);
      const rejected = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (rejected) throw rejected.reason;
    } catch (error) {
      if (!failure.failed) Object.assign(failure, { failed: true, error });
      const firstMissing = indices.map((i) => batch[i]!).find((e, n) => !done[indices[n]!] && e.seq <= sent);
      if (firstMissing) suspects.set(matchId, { from: firstMissing.seq, to: sent });
    }
  }

  /**
   * Publishes a batch: one chain per match, up to `window` publishes in flight over all chains. A failure stops
   * every chain from starting another publish; what is in flight finishes. Returns the position up to which every
   * event is on the stream (null: none), and the first error.
   */
  async function publishBatch(
    batch: readonly StoredEvent[],
  ): Promise<{ upTo: number | null; failure: { failed: boolean; error?: unknown } }> {
    const chains = new Map<string, number[]>();
    batch.forEach((e, i) => {
      const c = chains.get(e.matchId);
      if (c) c.push(i);
      else chains.set(e.matchId, [i]);
    });
    const done = new Uint8Array(batch.length);
    // A holder, not a let: TypeScript does not see the chains' callbacks assign it.
    const failure: { failed: boolean; error?: unknown } = { failed: false };
    let free = window;
    const queued: (() => void)[] = [];
    const slots = {
      acquire: () => (free > 0 ? (free--, Promise.resolve()) : new Promise<void>((r) => queued.push(r))),
      release: () => {
        const next = queued.shift();
        if (next) next();
        else free++;
      },
    };
    await Promise.all(
      [...chains.values()].map((indices) => publishChain(batch, indices, slots, failure, done)),
    );
    let n = 0;
    while (n < batch.length && done[n]) n++;
    return { upTo: n > 0 ? batch[n - 1]!.position : null, failure };
  }

  async function run(): Promise<void> {
    let checkpoint: number | null = null;
    let backoff = initialBackoff;
    let prefetched: { after: number; read: Promise<StoredEvent[]> } | null = null;
    let writing: Promise<void> = Promise.resolve();
    while (!stopped) {
      const thisCycle = ++cycle;
      try {
        if (checkpoint === null) {
          checkpoint = await store.getCheckpoint('relay', name);
          stats.checkpoint = checkpoint;
        }
        const batch: StoredEvent[] =
          prefetched && prefetched.after === checkpoint
            ? await prefetched.read
            : await store.readAll({ after: checkpoint, limit: batchSize });
        prefetched = null;
        // A full batch: read the next one while this one publishes (it starts where this one ends, which is where
        // the checkpoint will be if every event of this one gets on the stream; otherwise it is dropped).
        if (batch.length === batchSize) {
          const after: number = batch[batch.length - 1]!.position;
          const read = store.readAll({ after, limit: batchSize });
          read.catch(() => undefined);
          prefetched = { after, read };
        }
        // The checkpoint moves once per batch (a commit per event would cap the relay at the disk's fsync rate);
        // events published past it are recognised after a restart and not sent again (see headOf).
        const { upTo, failure } = await publishBatch(batch);
        if (upTo !== null) {
          // Written while the next batch publishes (one write at a time, in order): the stored checkpoint may lag
          // what is on the stream, never lead it.
          const at = upTo;
          writing = writing
            .then(() => store.setCheckpoint('relay', name, at))
            .then(() => void (stats.checkpoint = at));
          writing.catch(() => undefined);
          checkpoint = upTo;
        }
        if (failure.failed) throw failure.error;
        if (stats.lastError) log.info({ checkpoint }, 'relay recovered');
        stats.lastError = null;
        backoff = initialBackoff;
        if (batch.length === batchSize) continue;
        await writing;
        // Events committed but not readable yet (a transaction older than them is still open somewhere in the
        // cluster, so commit order is not settled) are looked for again soon, not after the poll interval: their
        // NOTIFY has already been spent.
        const pending = batch.length === 0 && (await store.hasEventsAfter(checkpoint));
        if (batch.length === 0 && !pending) {
          const ready = waiters.filter((w) => w.afterCycle < thisCycle);
          waiters = waiters.filter((w) => w.afterCycle >= thisCycle);
          for (const w of ready) w.resolve();
        }
        if (batch.length === 0) await sleep(pending ? Math.min(pollMs, PENDING_RETRY_MS) : pollMs);
      } catch (err) {
        prefetched = null;
        await writing.catch(() => undefined);
        writing = Promise.resolve();
        if (stopped) break;
        stats.failures += 1;
        stats.lastError = err instanceof Error ? err.message : String(err);
        // Another publisher moved a head (WrongLastSequenceError), or a publish whose ack was lost may have:
        // re-read heads from the stream, one request per match, rather than trust the cache.
        heads.clear();
        const level = err instanceof BusUnavailableError ? 'warn' : 'error';
        log[level](
          { err: stats.lastError, retryInMs: backoff, checkpoint },
          'relay cannot publish yet; retrying',
        );
        await sleep(backoff);
        backoff = Math.min(backoff * 2, maxBackoff);
      }
    }
  }

  const listening: { off: (() => Promise<void>) | null } = { off: null };
  // caughtUp() waits for LISTEN to be in place: an append made right after it must wake the relay, not wait for the
  // next poll (a loaded machine once set up the listener after the first cycle had already reported caught up).
  let listenReady: Promise<void> = Promise.resolve();
  if (opts.listen !== false) {
    listenReady = store
      .onAppended(() => wake())
      .then((off) => {
        if (stopped) void off();
        else listening.off = off;
      })
      .catch((err: unknown) =>
        log.warn({ err: String(err) }, 'relay cannot LISTEN for appends; polling only'),
      );
  }

  const running = run()
    .catch((err: unknown) => {
      log.error({ err: String(err) }, 'relay stopped by an unexpected error');
      stopped = true;
    })
    .finally(() => {
      for (const w of waiters) w.reject(new Error('the relay stopped before it caught up'));
      waiters = [];
    });

  return {
    caughtUp() {
      if (stopped) return Promise.reject(new Error('the relay is stopped'));
      return listenReady.then(
        () =>
          new Promise<void>((resolve, reject) => {
            if (stopped) return reject(new Error('the relay is stopped'));
            waiters.push({ afterCycle: cycle, resolve, reject });
            wake();
          }),
      );
    },
    stats: () => ({ ...stats }),
    async stop() {
      stopped = true;
      wake();
      await running;
      await listening.off?.();
      listening.off = null;
    },
  };
}
