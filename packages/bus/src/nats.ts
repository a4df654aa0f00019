// NATS JetStream bus (@nats-io v3): stream MATCHTAPE on `matchtape.>`, file storage, msgId dedupe window,
// ordered consumers for replay. A subject prefix and stream name isolate test runs on a shared server.
import {
  connect,
  credsAuthenticator,
  nanos,
  nkeyAuthenticator,
  type ConnectionOptions,
  type NatsConnection,
} from '@nats-io/transport-node';
import {
  DeliverPolicy,
  DiscardPolicy,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JetStreamPublishOptions,
  type OrderedConsumerOptions,
} from '@nats-io/jetstream';
import { checkPattern, checkPublishSubject, encodeBody } from './subject';
import {
  BusUnavailableError,
  STREAM_NAME,
  WrongLastSequenceError,
  type Bus,
  type BusMessage,
  type PublishAck,
  type PublishOptions,
  type SubscribeOptions,
  type Subscription,
} from './types';

/** Credentials for a nats-server that requires them (its `authorization` block or accounts). */
export type NatsAuth =
  | { user: string; pass: string }
  | { token: string }
  /** An nkey user seed (SU…); the server lists the user's public key (U…). */
  | { nkeySeed: Uint8Array }
  /** The contents of a .creds file (user JWT + seed), for operator/account (JWT) setups. */
  | { creds: Uint8Array };

function authOptions(auth: NatsAuth | undefined): Partial<ConnectionOptions> {
  if (!auth) return {};
  if ('user' in auth) return { user: auth.user, pass: auth.pass };
  if ('token' in auth) return { token: auth.token };
  if ('nkeySeed' in auth) return { authenticator: nkeyAuthenticator(auth.nkeySeed) };
  return { authenticator: credsAuthenticator(auth.creds) };
}

/** The URL(s) without user:password, for messages and logs. */
const withoutUserInfo = (url: string): string => url.replace(/\/\/[^@/,]*@/g, '//');

export interface NatsBusOptions {
  /** nats://host:port, or several separated by commas (a cluster). */
  url: string;
  /** Stream name (default MATCHTAPE). */
  stream?: string;
  /** Prepended to every subject on the wire and stripped on delivery (test isolation). */
  subjectPrefix?: string;
  /** Dedupe window for Nats-Msg-Id (default 2 minutes). */
  duplicateWindowMs?: number;
  /** Stream replicas: 1 for one server, 3 for the infra/nats cluster. */
  replicas?: number;
  /** Connection name shown by the server. */
  name?: string;
  /** How long a publish waits for its ack (default 5 s). */
  publishTimeoutMs?: number;
  /** Credentials, when nats-server requires them. */
  auth?: NatsAuth;
}

/** JetStream's "wrong last sequence" API error code. */
const WRONG_LAST_SEQUENCE = 10071;
const ROOT = 'matchtape';

export class NatsBus implements Bus {
  readonly kind = 'nats' as const;
  private readonly subs = new Set<Subscription>();

  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly js: JetStreamClient,
    readonly stream: string,
    private readonly prefix: string,
    private readonly publishTimeoutMs: number,
  ) {}

  static async open(opts: NatsBusOptions): Promise<NatsBus> {
    const stream = opts.stream ?? STREAM_NAME;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(stream))
      throw new TypeError(`stream name "${stream}" is invalid: use letters, digits, _ or -`);
    const prefix = opts.subjectPrefix ?? '';
    if (prefix) checkPublishSubject(prefix);
    let nc: NatsConnection;
    try {
      nc = await connect({
        servers: opts.url.split(',').map((s) => s.trim()),
        name: opts.name ?? 'matchtape',
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
        timeout: 5000,
        ...authOptions(opts.auth),
      });
    } catch (e) {
      const message = (e as Error).message;
      if (
        /authori[sz]ation|authentication/i.test(message) ||
        (e as { name?: string }).name === 'AuthorizationError'
      ) {
        throw new BusUnavailableError(
          `NATS at ${withoutUserInfo(opts.url)} refused the credentials (${message}): check MATCHTAPE_NATS_USER/MATCHTAPE_NATS_PASSWORD, MATCHTAPE_NATS_TOKEN, MATCHTAPE_NATS_NKEY_SEED_FILE or MATCHTAPE_NATS_CREDS_FILE against the server's authorization block`,
          { cause: e },
        );
      }
      throw new BusUnavailableError(
        `cannot reach NATS at ${withoutUserInfo(opts.url)}: ${message}. Is nats-server running with JetStream (-js)?`,
        {
          cause: e,
        },
      );
    }
    try {
      const jsm = await jetstreamManager(nc);
      const subjects = [prefix ? `${prefix}.${ROOT}.>` : `${ROOT}.>`];
      const existing = await jsm.streams.info(stream).catch((e: unknown) => {
        if (e instanceof JetStreamApiError && e.code === 10059) return null; // stream not found
        throw e;
      });
      if (!existing) {
        await jsm.streams.add({
          name: stream,
          subjects,
          storage: StorageType.File,
          retention: RetentionPolicy.Limits,
          discard: DiscardPolicy.Old,
          duplicate_window: nanos(opts.duplicateWindowMs ?? 120_000),
          num_replicas: opts.replicas ?? 1,
        });
      } else if (!subjects.every((s) => existing.config.subjects?.includes(s))) {
        throw new Error(
          `stream ${stream} exists with subjects ${JSON.stringify(existing.config.subjects)}, not ${JSON.stringify(subjects)}; use another stream name`,
        );
      }
      return new NatsBus(nc, jsm, jetstream(nc), stream, prefix, opts.publishTimeoutMs ?? 5000);
    } catch (e) {
      await nc.close().catch(() => undefined);
      if (e instanceof Error && /jetstream (is )?not enabled/i.test(e.message)) {
        throw new BusUnavailableError(
          `NATS at ${withoutUserInfo(opts.url)} has JetStream disabled: start nats-server with -js`,
          { cause: e },
        );
      }
      throw e;
    }
  }

  private wire(subject: string): string {
    return this.prefix ? `${this.prefix}.${subject}` : subject;
  }

  private local(subject: string): string {
    return this.prefix && subject.startsWith(this.prefix + '.')
      ? subject.slice(this.prefix.length + 1)
      : subject;
  }

  async publish(subject: string, data: unknown, opts: PublishOptions): Promise<PublishAck> {
    return this.publishEncoded(subject, encodeBody(subject, data), opts);
  }

  async publishEncoded(subject: string, body: string, opts: PublishOptions): Promise<PublishAck> {
    checkPublishSubject(subject);
    if (!subject.startsWith(`${ROOT}.`))
      throw new TypeError(`cannot publish to "${subject}": the stream only captures ${ROOT}.>`);
    if (!opts.msgId) throw new TypeError(`publish to ${subject} needs a msgId (<matchId>:<seq> for events)`);
    const po: Partial<JetStreamPublishOptions> = { msgID: opts.msgId, timeout: this.publishTimeoutMs };
    if (opts.expectedLastSubjectSeq !== undefined)
      po.expect = { lastSubjectSequence: opts.expectedLastSubjectSeq };
    try {
      const ack = await this.js.publish(this.wire(subject), body, po);
      return { streamSeq: ack.seq, duplicate: ack.duplicate };
    } catch (e) {
      if (e instanceof JetStreamApiError && e.code === WRONG_LAST_SEQUENCE) {
        throw new WrongLastSequenceError(subject, opts.expectedLastSubjectSeq ?? 0, e.message);
      }
      if (e instanceof JetStreamApiError) throw e;
      throw new BusUnavailableError(`publish to ${subject} got no ack from NATS: ${(e as Error).message}`, {
        cause: e,
      });
    }
  }

  async subscribe(
    subject: string,
    handler: (m: BusMessage) => void | Promise<void>,
    opts: SubscribeOptions = {},
  ): Promise<Subscription> {
    checkPattern(subject);
    const co: Partial<OrderedConsumerOptions> = { filter_subjects: this.wire(subject) };
    if (opts.fromStreamSeq !== undefined) {
      co.deliver_policy = DeliverPolicy.StartSequence;
      co.opt_start_seq = Math.max(1, opts.fromStreamSeq);
    } else if (opts.fromTime !== undefined) {
      co.deliver_policy = DeliverPolicy.StartTime;
      co.opt_start_time = opts.fromTime.toISOString();
    } else {
      // "New messages" pinned to a sequence now, so nothing published after subscribe() resolves is missed.
      const info = await this.jsm.streams.info(this.stream);
      co.deliver_policy = DeliverPolicy.StartSequence;
      co.opt_start_seq = info.state.last_seq + 1;
    }
    const onError =
      opts.onError ??
      ((err: unknown, m: BusMessage) =>
        console.error(`bus handler failed on ${m.subject} #${m.streamSeq}:`, err));
    // Pulls expire after 10 s, so the idle heartbeat is 5 s and an ordered consumer that lost its stream leader (a
    // node of the cluster gone) notices after two missed beats, ~10 s; the default 30 s pulls take ~30 s.
    const open = async (c: Partial<OrderedConsumerOptions>): Promise<ConsumerMessages> => {
      const m = await (await this.js.consumers.get(this.stream, c)).consume({ expires: 10_000 });
      // A consumer whose heartbeats stay missing (its node gone: the client's own reset can hang while the stream
      // elects a new leader) is stopped here, so the loop below reopens it after the last message handled.
      void (async () => {
        for await (const n of m.status()) if (n.type === 'heartbeats_missed' && n.count >= 3) return m.stop();
      })().catch(() => undefined);
      return m;
    };
    let messages: ConsumerMessages = await open(co);
    let stopped = false;
    /** The stream sequence of the last message handled (0: none yet, so a reopen starts where `co` did). */
    let lastSeq = 0;
    // Last line of defence for an exact subject: a consumer that has handled nothing for 15 s while the stream holds
    // a newer message on its subject is stuck (seen after a node kill) and is stopped, so the loop reopens it.
    let progressAt = Date.now();
    const startedAfter = (co.opt_start_seq ?? 1) - 1;
    const watchdog = /[*>]/.test(subject)
      ? null
      : setInterval(() => {
          if (stopped || Date.now() - progressAt < 15_000) return;
          progressAt = Date.now();
          void this.jsm.streams
            .getMessage(this.stream, { last_by_subj: this.wire(subject) })
            .then((last) =>
              last && last.seq > Math.max(lastSeq, startedAfter) && !stopped ? messages.stop() : undefined,
            )
            .catch(() => undefined);
        }, 5_000);
    watchdog?.unref();
    const loop = (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          for await (const m of messages) {
            attempt = 0;
            lastSeq = m.seq;
            progressAt = Date.now();
            const bm: BusMessage = {
              subject: this.local(m.subject),
              streamSeq: m.seq,
              msgId: m.headers?.get('Nats-Msg-Id') || null,
              data: m.json<unknown>(),
            };
            try {
              await handler(bm);
            } catch (err) {
              onError(err, bm);
            }
          }
        } catch {
          // The consumer failed (its node went away, the stream changed leader): opened again below.
        }
        if (stopped) return;
        // Ended without stop(): reopen after the last message handled, so delivery goes on in order, no gap.
        await new Promise((r) => setTimeout(r, Math.min(250 * 2 ** attempt, 5000)));
        if (stopped) return;
        try {
          messages = await open(
            lastSeq > 0
              ? {
                  filter_subjects: co.filter_subjects,
                  deliver_policy: DeliverPolicy.StartSequence,
                  opt_start_seq: lastSeq + 1,
                }
              : co,
          );
        } catch {
          // Not reachable yet: the next turn of the loop waits longer and tries again (messages is the ended one).
        }
      }
    })();
    const sub: Subscription = {
      stop: async () => {
        stopped = true;
        if (watchdog) clearInterval(watchdog);
        this.subs.delete(sub);
        await messages.close().catch(() => undefined);
        await loop.catch(() => undefined);
      },
    };
    this.subs.add(sub);
    return sub;
  }

  async lastMessage(subject: string): Promise<BusMessage | null> {
    checkPublishSubject(subject);
    try {
      const m = await this.jsm.streams.getMessage(this.stream, { last_by_subj: this.wire(subject) });
      if (!m) return null;
      return {
        subject,
        streamSeq: m.seq,
        msgId: m.header?.get('Nats-Msg-Id') || null,
        data: m.json<unknown>(),
      };
    } catch (e) {
      if (e instanceof JetStreamApiError) throw e;
      throw new BusUnavailableError(
        `cannot read the last message of ${subject} from NATS: ${(e as Error).message}`,
        { cause: e },
      );
    }
  }

  /** Stream state, for tests and health checks. */
  async streamInfo(): Promise<{ messages: number; lastSeq: number }> {
    const info = await this.jsm.streams.info(this.stream);
    return { messages: info.state.messages, lastSeq: info.state.last_seq };
  }

  /** Deletes the stream (test cleanup). */
  async deleteStream(): Promise<void> {
    await this.jsm.streams.delete(this.stream);
  }

  async close(): Promise<void> {
    await Promise.all([...this.subs].map((s) => s.stop()));
    if (!this.nc.isClosed()) await this.nc.close();
  }
}
