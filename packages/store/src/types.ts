// The event store's public interface. Two dialects (PGlite embedded, Postgres) implement it with one code path.
import type { EventEnvelope, NewEvent, Sealer } from '@matchtape/engine';

export interface MatchRecord {
  matchId: string;
  game: string;
  status: 'setup' | 'playing' | 'ended';
  /** Match configuration as created (players, decks, options): judges and hosts only. */
  config: Record<string, unknown>;
  /** Secret until the match ends; never served to non-judges while it is live. */
  seed: string;
  spectatorDelaySeconds: number;
  coverageDelaySeconds: number;
  createdAt: string;
  lastSeq: number;
  /** Small denormalised summary for lists: turn, phase, players, winner… */
  summary: Record<string, unknown>;
}

export interface StoredEvent extends EventEnvelope {
  /**
   * Identifies the event in the global log (bigint in the table, safe integer here). readAll's order is commit
   * order, (transaction, position): positions are unique but not always increasing along it, so a reader resumes
   * from the position of the last event it handled (`readAll({ after })`) and never compares positions.
   */
  position: number;
}

/**
 * An event of the global log with its envelope already as JSON text (readAllEncoded): what a publisher sends as
 * is, without parsing the payload only to serialise it again. `JSON.parse(body)` deep-equals the StoredEvent's
 * envelope (the event without `position`).
 */
export interface EncodedEvent {
  position: number;
  matchId: string;
  seq: number;
  body: string;
}

export interface RejectedCommand {
  matchId: string;
  commandId: string | null;
  player: string;
  command: Record<string, unknown>;
  rule: string;
  reason: string;
  at: string;
}

export interface Snapshot {
  matchId: string;
  seq: number;
  state: unknown;
  hash: string;
  /** The match generator's cursor after `seq`: with it a host resumes from the snapshot plus the tail alone. */
  cursor?: number;
}

/** The events an accepted command appended (its own and the automatic ones after them). */
export interface AcceptedCommand {
  fromSeq: number;
  toSeq: number;
  events: { seq: number; type: string }[];
}

/** Raised when `expectedSeq` is not the stream's last seq; nothing was written. */
export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError';
  constructor(
    readonly matchId: string,
    readonly expectedSeq: number,
    readonly actualSeq: number,
  ) {
    super(
      `match ${matchId}: expected last seq ${expectedSeq} but it is ${actualSeq}; reload the match and retry`,
    );
  }
}

/** Raised when appending to or reading a match the store does not know. */
export class MatchNotFoundError extends Error {
  override readonly name = 'MatchNotFoundError';
  constructor(readonly matchId: string) {
    super(`match ${matchId} does not exist; create it with createMatch first`);
  }
}

/** Raised when deleting a match that a tournament refers to (a game of an event's round): delete the event's game first. */
/** A match that forks were made from: each fork's link (its parent, seq and hash) would point at nothing. */
export class MatchHasForksError extends Error {
  override readonly name = 'MatchHasForksError';
  constructor(
    readonly matchId: string,
    readonly forkId: string,
  ) {
    super(`match ${matchId} has forks (e.g. ${forkId}) that link to it, so it cannot be deleted`);
  }
}

export class MatchInEventError extends Error {
  override readonly name = 'MatchInEventError';
  constructor(
    readonly matchId: string,
    readonly eventId: string,
  ) {
    super(
      `match ${matchId} is a game of event ${eventId}; its stream records the result, so the match cannot be deleted`,
    );
  }
}

/** Raised when an event is larger than the store's limit (`maxEventBytes`); nothing was written. */
export class EventTooLargeError extends Error {
  override readonly name = 'EventTooLargeError';
  constructor(
    readonly matchId: string,
    readonly eventType: string,
    readonly bytes: number,
    readonly maxBytes: number,
  ) {
    super(
      `match ${matchId}: event ${eventType} is ${bytes} bytes of JSON, over the store's limit of ${maxBytes}; nothing was written and the match is unchanged (raise MATCHTAPE_MAX_EVENT_BYTES only if such events are expected)`,
    );
  }
}

export interface AppendOptions {
  /** The hash of the event at `expectedSeq` (GENESIS_HASH for 0). A wrong one is refused, nothing written. */
  expectedHash?: string;
  /**
   * The accepted command's body, recorded in the same transaction as its events (the first body recorded under
   * (match, player, commandId) stays): a crash can never leave the events without it.
   */
  command?: { player: string; commandId: string; body: string };
  /**
   * Seals the events (v2, engine seal.ts): the host's, from the game and the match key (MatchSession.sealer). The
   * store computes each seal at the seq it assigns and never trusts one handed in. Without it events are v1.
   */
  sealer?: Sealer;
  /**
   * The events come from a MatchSession (stamped by the engine, typed end to end, never read from a request or a
   * file): the store skips their schema check. NUL characters and the size limit are checked all the same.
   */
  fromEngine?: boolean;
}

export type CheckpointKind = 'relay' | 'projection';

/**
 * A match's side streams: commentary on the match that is not part of its play (nor of its hash chain). `drawings`:
 * the casters' arrows and circles on the board (migration 0014).
 */
export const SIDE_STREAMS = ['annotations', 'disputes', 'drawings'] as const;
export type SideStream = (typeof SIDE_STREAMS)[number];

/** Who wrote a side event: the token's subject and the role it acted in. */
export interface SideAuthor {
  id: string;
  role: string;
}

/** An event to append to a side stream; `at` defaults to the store's clock. */
export interface NewSideEvent {
  type: string;
  at?: string;
  author: SideAuthor;
  payload: Record<string, unknown>;
}

/** A stored side event: `seq` is gap-free per (match, stream); `position` orders all side events by insertion. */
export interface SideEvent {
  matchId: string;
  stream: SideStream;
  seq: number;
  type: string;
  at: string;
  author: SideAuthor;
  payload: Record<string, unknown>;
  position: number;
}

export interface SideSearch {
  stream: SideStream;
  /** Only these matches (all when omitted). */
  matchIds?: readonly string[];
  /** Only these event types. */
  types?: readonly string[];
  authorId?: string;
  /** jsonb containment on the payload, e.g. `{ tags: ['lethal'] }`. */
  payloadContains?: Record<string, unknown>;
  /** Case-insensitive substring of the payload's `text` field. */
  text?: string;
  /** Side events after this position (paging); newest last. */
  after?: number;
  limit?: number;
}

export interface EventStore {
  readonly dialect: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  createMatch(m: Omit<MatchRecord, 'lastSeq' | 'createdAt'> & { createdAt?: string }): Promise<void>;
  getMatch(matchId: string): Promise<MatchRecord | null>;
  listMatches(opts?: {
    status?: MatchRecord['status'];
    game?: string;
    limit?: number;
  }): Promise<MatchRecord[]>;
  updateMatch(matchId: string, patch: Partial<Pick<MatchRecord, 'status' | 'summary'>>): Promise<void>;
  /**
   * One statement (one round trip): the events get seq expectedSeq+1…, the hash chain continues; stale
   * expectedSeq → ConcurrencyError, nothing written. `expectedHash`, the head hash the caller decided on (a host
   * knows it), saves the read of the head when this store has not seen the match's head yet.
   */
  appendToStream(
    matchId: string,
    expectedSeq: number,
    events: readonly NewEvent[],
    opts?: AppendOptions,
  ): Promise<EventEnvelope[]>;
  readStream(matchId: string, opts?: { from?: number; to?: number }): Promise<EventEnvelope[]>;
  /**
   * Events of all matches in commit order after the event at position `after` (0: from the start); never skips an
   * event a slower, earlier transaction commits later (such events wait until every older transaction has ended).
   */
  readAll(opts: { after: number; limit?: number }): Promise<StoredEvent[]>;
  /** readAll's events in the same order, each envelope as JSON text (the outbox relay's read). */
  readAllEncoded(opts: { after: number; limit?: number }): Promise<EncodedEvent[]>;
  /** True when a committed event lies beyond position `after` in commit order (readAll may still be holding it back). */
  hasEventsAfter(after: number): Promise<boolean>;
  /** Calls `listener(matchId)` after each committed append (LISTEN/NOTIFY); resolves to an unsubscribe function. */
  onAppended(listener: (matchId: string) => void): Promise<() => Promise<void>>;
  saveSnapshot(s: Snapshot): Promise<void>;
  /** The latest snapshot at or before `seq` (latest overall when omitted). */
  loadSnapshot(matchId: string, atOrBefore?: number): Promise<Snapshot | null>;
  /**
   * The events appended for (player, commandId) at or before `atOrBefore`, or null: idempotency for a host that
   * loaded a match from a snapshot and so never saw the earlier commands.
   */
  findAccepted(
    matchId: string,
    player: string,
    commandId: string,
    atOrBefore: number,
  ): Promise<AcceptedCommand | null>;
  recordRejection(r: RejectedCommand): Promise<void>;
  listRejections(matchId: string): Promise<RejectedCommand[]>;
  /** The first rejection recorded for (player, commandId), or null (an index lookup: idempotency of retries). */
  findRejection(matchId: string, player: string, commandId: string): Promise<RejectedCommand | null>;
  /** Keeps the body of an accepted command under (match, player, commandId); the first one recorded stays. */
  recordCommandBody(matchId: string, player: string, commandId: string, body: string): Promise<void>;
  /** The body recorded for (match, player, commandId), or null. */
  commandBody(matchId: string, player: string, commandId: string): Promise<string | null>;
  /**
   * Appends to a match's side stream in one transaction: seqs continue the stream; with `expectedSeq` a stale
   * stream is a ConcurrencyError (nothing written), without it concurrent writers are serialised and retried.
   */
  appendToSideStream(
    matchId: string,
    stream: SideStream,
    events: readonly NewSideEvent[],
    opts?: { expectedSeq?: number },
  ): Promise<SideEvent[]>;
  readSideStream(
    matchId: string,
    stream: SideStream,
    opts?: { from?: number; to?: number },
  ): Promise<SideEvent[]>;
  /** Side events across matches by stream, type, author, payload containment and text (for search pages). */
  searchSideEvents(q: SideSearch): Promise<SideEvent[]>;
  /** The position stored under `name`, 0 when none was stored yet. */
  /**
   * Deletes a match and every row keyed by its id (events with their seals, snapshots, rejections, command bodies,
   * side streams, read-model documents, its table lobby) in one transaction; other matches are untouched. False
   * when there is no such match. A game of a tournament is refused (MatchInEventError), as is the parent of a fork
   * (MatchHasForksError); then nothing is deleted.
   */
  deleteMatch(matchId: string): Promise<boolean>;
  /** Makes the space of deleted rows reusable (VACUUM of the match tables; on PGlite, which has no autovacuum nor checkpointer, also a CHECKPOINT so its WAL recycles). */
  reclaimSpace(): Promise<void>;
  getCheckpoint(kind: CheckpointKind, name: string): Promise<number>;
  setCheckpoint(kind: CheckpointKind, name: string, position: number): Promise<void>;
  close(): Promise<void>;
}
