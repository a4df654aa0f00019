// In-process bus with JetStream's semantics: one stream, global sequence, per-subject last sequence,
// msgId dedupe within a window, ordered replay from a sequence or a time. For the embedded default.
import { checkPattern, checkPublishSubject, encodeBody, subjectMatches } from './subject';
import {
  WrongLastSequenceError,
  type Bus,
  type BusMessage,
  type PublishAck,
  type PublishOptions,
  type SubscribeOptions,
  type Subscription,
} from './types';

export interface MemoryBusOptions {
  /** Duplicate window for msgIds (default 2 minutes, as the NATS stream). */
  duplicateWindowMs?: number;
  /**
   * Retention, as a JetStream stream's limits: the oldest messages are dropped past this count (default 100,000)
   * or past this many bytes of JSON bodies (default 64 MiB). The embedded server runs for days on this bus, and a
   * subscriber only ever resumes from a recent sequence (older history is read from the event store).
   */
  maxMessages?: number;
  maxBytes?: number;
  /** Clock, for tests of the duplicate window. */
  now?: () => number;
}

/** Kept as the JSON text: a parsed body costs the heap several times its text. */
interface Stored extends Omit<BusMessage, 'data'> {
  body: string;
  time: number;
}

class MemorySubscription implements Subscription {
  next: number;
  stopped = false;
  private pumping: Promise<void> | null = null;

  constructor(
    private readonly bus: MemoryBus,
    readonly pattern: string,
    private readonly handler: (m: BusMessage) => void | Promise<void>,
    startSeq: number,
    private readonly onError: (err: unknown, m: BusMessage) => void,
  ) {
    this.next = startSeq;
  }

  /** Delivers everything from `next` on, one message at a time, in stream order. */
  pump(): void {
    if (this.pumping || this.stopped) return;
    this.pumping = (async () => {
      await null; // deliver after publish() returns, as a network bus would
      try {
        for (
          let m = this.bus.messageAtOrAfter(this.next);
          m && !this.stopped;
          m = this.bus.messageAtOrAfter(this.next)
        ) {
          this.next = m.streamSeq + 1;
          if (!subjectMatches(this.pattern, m.subject)) continue;
          const msg = copy(m);
          try {
            await this.handler(msg);
          } catch (err) {
            this.onError(err, msg);
          }
        }
      } finally {
        this.pumping = null;
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.pumping;
    this.bus.unsubscribe(this);
  }
}

// Bodies travel as JSON, as they do over NATS: a handler never shares objects with the publisher.
const copy = (m: Stored): BusMessage => ({
  subject: m.subject,
  streamSeq: m.streamSeq,
  msgId: m.msgId,
  data: JSON.parse(m.body),
});

export class MemoryBus implements Bus {
  readonly kind = 'memory' as const;
  /** Retained messages are log[head..]; the dropped prefix is cut off in chunks, not one shift() a publish. */
  private log: Stored[] = [];
  private head = 0;
  /** Stream sequence of log[head]. */
  private firstSeq = 1;
  private bytes = 0;
  private lastSeq = 0;
  private readonly lastBySubject = new Map<string, number>();
  private readonly dedupe = new Map<string, { streamSeq: number; time: number }>();
  private readonly subs = new Set<MemorySubscription>();
  private closed = false;
  private readonly window: number;
  private readonly maxMessages: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(opts: MemoryBusOptions = {}) {
    this.window = opts.duplicateWindowMs ?? 120_000;
    this.maxMessages = opts.maxMessages ?? 100_000;
    this.maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    this.now = opts.now ?? Date.now;
  }

  async publish(subject: string, data: unknown, opts: PublishOptions): Promise<PublishAck> {
    return this.publishEncoded(subject, encodeBody(subject, data), opts);
  }

  async publishEncoded(subject: string, body: string, opts: PublishOptions): Promise<PublishAck> {
    if (this.closed) throw new Error('the bus is closed');
    checkPublishSubject(subject);
    if (!opts.msgId) throw new TypeError(`publish to ${subject} needs a msgId (<matchId>:<seq> for events)`);
    const now = this.now();
    for (const [id, d] of this.dedupe) {
      if (now - d.time < this.window) break; // insertion order is time order
      this.dedupe.delete(id);
    }
    // As in nats-server, a duplicate is acknowledged before any expectation is checked.
    const dup = this.dedupe.get(opts.msgId);
    if (dup) return { streamSeq: dup.streamSeq, duplicate: true };
    const last = this.lastBySubject.get(subject) ?? 0;
    if (opts.expectedLastSubjectSeq !== undefined && opts.expectedLastSubjectSeq !== last) {
      throw new WrongLastSequenceError(subject, opts.expectedLastSubjectSeq, `it is ${last}`);
    }
    const streamSeq = ++this.lastSeq;
    this.log.push({ subject, streamSeq, msgId: opts.msgId, body, time: now });
    this.bytes += body.length;
    this.lastBySubject.set(subject, streamSeq);
    this.dedupe.set(opts.msgId, { streamSeq, time: now });
    // Keep the newest message whatever its size, as JetStream does.
    while (
      this.log.length - this.head > 1 &&
      (this.log.length - this.head > this.maxMessages || this.bytes > this.maxBytes)
    ) {
      const dropped = this.log[this.head]!;
      this.log[this.head++] = undefined as unknown as Stored; // let it be collected before the cut
      this.bytes -= dropped.body.length;
      this.firstSeq = dropped.streamSeq + 1;
      if (this.lastBySubject.get(dropped.subject) === dropped.streamSeq)
        this.lastBySubject.delete(dropped.subject);
    }
    if (this.head > 4096 && this.head * 2 > this.log.length) {
      this.log = this.log.slice(this.head);
      this.head = 0;
    }
    for (const s of this.subs) s.pump();
    return { streamSeq, duplicate: false };
  }

  async subscribe(
    subject: string,
    handler: (m: BusMessage) => void | Promise<void>,
    opts: SubscribeOptions = {},
  ): Promise<Subscription> {
    if (this.closed) throw new Error('the bus is closed');
    checkPattern(subject);
    let start = this.lastSeq + 1;
    if (opts.fromStreamSeq !== undefined) start = Math.max(1, opts.fromStreamSeq);
    else if (opts.fromTime !== undefined) {
      const t = opts.fromTime.getTime();
      start = this.log.find((m, i) => i >= this.head && m.time >= t)?.streamSeq ?? this.lastSeq + 1;
    }
    const onError =
      opts.onError ??
      ((err: unknown, m: BusMessage) =>
        console.error(`bus handler failed on ${m.subject} #${m.streamSeq}:`, err));
    const sub = new MemorySubscription(this, subject, handler, start, onError);
    this.subs.add(sub);
    sub.pump();
    return sub;
  }

  async lastMessage(subject: string): Promise<BusMessage | null> {
    const seq = this.lastBySubject.get(subject);
    const m = seq === undefined ? undefined : this.messageAtOrAfter(seq);
    return m ? copy(m) : null;
  }

  /** @internal */
  messageAtOrAfter(seq: number): Stored | undefined {
    return this.log[this.head + Math.max(0, seq - this.firstSeq)];
  }

  /** @internal */
  unsubscribe(sub: MemorySubscription): void {
    this.subs.delete(sub);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subs].map((s) => s.stop()));
  }
}
