// One bus interface, two implementations: NATS JetStream and an in-process bus with the same semantics.
import type { EventEnvelope } from '@matchtape/engine';

export const STREAM_NAME = 'MATCHTAPE';
export const subjects = {
  events: (matchId: string) => `matchtape.match.${matchId}.events`,
  public: (matchId: string) => `matchtape.match.${matchId}.public`,
  annotations: (matchId: string) => `matchtape.match.${matchId}.annotations`,
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
}

export interface Bus {
  readonly kind: 'nats' | 'memory';
  publish(subject: string, data: unknown, opts: PublishOptions): Promise<PublishAck>;
  /** Ordered delivery of messages on a subject (wildcards allowed: `matchtape.match.*.events`). */
  subscribe(subject: string, handler: (m: BusMessage) => void | Promise<void>, opts?: SubscribeOptions): Promise<Subscription>;
  close(): Promise<void>;
}

export type EventMessage = BusMessage<EventEnvelope>;
