// One bus interface, two implementations: NATS JetStream and an in-process bus with the same semantics.
import type { EventEnvelope } from '@matchtape/engine';

export const STREAM_NAME = 'MATCHTAPE';
export const subjects = {
  events: (matchId: string) => `matchtape.match.${matchId}.events`,
  public: (matchId: string) => `matchtape.match.${matchId}.public`,
  annotations: (matchId: string) => `matchtape.match.${matchId}.annotations`,
  disputes: (matchId: string) => `matchtape.match.${matchId}.disputes`,
  /** The casters' drawings on the board (a side stream like annotations). */
  drawings: (matchId: string) => `matchtape.match.${matchId}.drawings`,
  /** A coverage producer's card focus (a pointer of the moment, shared by every server instance). */
  focus: (matchId: string) => `matchtape.match.${matchId}.focus`,
  allFocus: 'matchtape.match.*.focus',
};

export interface BusMessage<T = unknown> {
  subject: string;
  /** Stream sequence (global within the bus). */
  streamSeq: number;
  msgId: string | null;
  data: T;
}

export interface PublishOptions {
  /** Nats-Msg-Id: `<matchId>:<seq>` for events; duplicates within the dedupe window are dropped. */
  msgId: string;
  /** Per-subject expected last sequence (optimistic concurrency on the subject), when known. */
  expectedLastSubjectSeq?: number;
}

export interface PublishAck {
  streamSeq: number;
  duplicate: boolean;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  /** Deliver from this stream sequence (inclusive); or from a start time; default: new messages only. */
  fromStreamSeq?: number;
  fromTime?: Date;
  /** A handler that throws does not stop delivery; its error goes here (default: console.error). */
  onError?: (err: unknown, m: BusMessage) => void;
}

/** The subject's last stream sequence was not the one the publisher expected; nothing was stored. */
export class WrongLastSequenceError extends Error {
  override readonly name = 'WrongLastSequenceError';
  constructor(
    readonly subject: string,
    readonly expected: number,
    detail?: string,
  ) {
    super(
      `publish to ${subject} expected last subject sequence ${expected}${detail ? ` (${detail})` : ''}; re-read the subject's last message and retry`,
    );
  }
}

/** The bus cannot reach its server (yet): callers retry with backoff. */
export class BusUnavailableError extends Error {
  override readonly name = 'BusUnavailableError';
}

export interface Bus {
  readonly kind: 'nats' | 'memory';
  publish(subject: string, data: unknown, opts: PublishOptions): Promise<PublishAck>;
  /**
   * publish() of a body already serialised: `json` is sent as is (the outbox relay's events come out of the store
   * as JSON text; parsing them only to stringify them again was a third of its work). It must be one JSON value.
   */
  publishEncoded(subject: string, json: string, opts: PublishOptions): Promise<PublishAck>;
  /** Ordered delivery of messages on a subject (wildcards allowed: `matchtape.match.*.events`). */
  subscribe(
    subject: string,
    handler: (m: BusMessage) => void | Promise<void>,
    opts?: SubscribeOptions,
  ): Promise<Subscription>;
  /** The newest message stored on an exact subject, or null: how a publisher resumes after a restart. */
  lastMessage(subject: string): Promise<BusMessage | null>;
  close(): Promise<void>;
}

export type EventMessage = BusMessage<EventEnvelope>;
