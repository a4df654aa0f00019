// The event envelope (docs/architecture.md §3) and its hash chain.
import { z } from 'zod';
import { canonicalJson, sha256Hex } from './canonical';
import { PlayerIdSchema } from './ids';
import type { Viewer } from './ids';
import {
  checkRedactedSeal,
  openSeal,
  sealSalt,
  SaltSchema,
  SealSchema,
  type Seal,
  type ViewEventFn,
} from './seal';

export const CauseSchema = z.union([
  z.object({ commandId: z.string(), player: PlayerIdSchema }).strict(),
  // `host`: an action Matchtape itself records that is no rule of the game (rule stays null), in words — e.g. a
  // fork's reshuffle of hidden zones (FORK_RESHUFFLE_CAUSE). Games' own automatic actions leave it out.
  z.object({ system: z.literal(true), host: z.string().min(1).max(200).optional() }).strict(),
]);
export type Cause = z.infer<typeof CauseSchema>;

/** An event before it has a place in a stream: what a host hands to `appendToStream`. */
export const NewEventSchema = z.object({
  type: z.string().min(1),
  at: z.string(),
  turn: z.number().int().nonnegative(),
  phase: z.string(),
  step: z.string().nullable(),
  cause: CauseSchema,
  rule: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
});
export type NewEvent = z.infer<typeof NewEventSchema>;

export const EventEnvelopeSchema = NewEventSchema.extend({
  matchId: z.string().min(1),
  seq: z.number().int().positive(),
  prevHash: z.string(),
  hash: z.string(),
  /** Sealed (v2) events: the commitments the hash covers instead of the payload (seal.ts). */
  seal: SealSchema.optional(),
  /** In a copy redacted for one viewer: the salt that opens `seal.views[viewer]` with this payload. */
  salt: SaltSchema.optional(),
});
/**
 * An envelope as a viewer receives it over HTTP or SSE (the server's responses and the site's reading of them):
 * its place and position checked, the payload the game's to fold, and fields a newer server adds passed through.
 */
export const ViewEnvelopeSchema = NewEventSchema.extend({
  seq: z.number().int().positive(),
  cause: z.object({}).loose(),
}).loose();

export type EventEnvelope<P = Record<string, unknown>> = Omit<
  z.infer<typeof EventEnvelopeSchema>,
  'payload'
> & {
  payload: P;
};

/** The envelope's fields in the order of ARCHITECTURE.md §4 (whatever order the source had, nothing else). */
export function envelopeFields(e: EventEnvelope): EventEnvelope {
  const { matchId, seq, type, at, turn, phase, step, cause, rule, payload, prevHash, hash, seal, salt } = e;
  return {
    matchId,
    seq,
    type,
    at,
    turn,
    phase,
    step,
    cause,
    rule,
    payload,
    prevHash,
    hash,
    ...(seal ? { seal } : {}),
    ...(salt ? { salt } : {}),
  };
}

/**
 * An event without its place in a chain (match, seq, hashes, seal, salt): what appending it to another chain
 * writes again (an import, a fork's prefix, a bench's drafts).
 */
export function toNewEvent(e: NewEvent): NewEvent {
  const { type, at, turn, phase, step, cause, rule, payload } = e;
  return { type, at, turn, phase, step, cause, rule, payload };
}

/** Keys of `raw` that are not envelope fields: a verifier refuses them (bytes no hash covers). */
export function unknownEnvelopeKeys(raw: Record<string, unknown>): string[] {
  return Object.keys(raw).filter((k) => !(k in EventEnvelopeSchema.shape));
}

/** prevHash of seq 1. */
export const GENESIS_HASH = '0'.repeat(64);

/** Hex SHA-256 of a UTF-8 string. The core's is pure JS (runs in the browser); a server injects Node's native one. */
export type Sha256Hex = (text: string) => string;

/**
 * v1 (no seal): sha256 over the canonical JSON of every envelope field but `hash` itself. v2 (sealed): the same
 * with `seal` in place of `payload`, which the seal's commitments bind (seal.ts); a copy's `salt` is not hashed.
 */
export function hashEnvelope(e: Omit<EventEnvelope, 'hash'>, sha256: Sha256Hex = sha256Hex): string {
  const { matchId, seq, type, at, turn, phase, step, cause, rule, payload, prevHash, seal } = e;
  if (seal !== undefined)
    return sha256(canonicalJson({ matchId, seq, type, at, turn, phase, step, cause, rule, seal, prevHash }));
  return sha256(canonicalJson({ matchId, seq, type, at, turn, phase, step, cause, rule, payload, prevHash }));
}

/** Seals an event about to be chained (its seq known): see seal.ts. */
export type Sealer = (e: {
  matchId: string;
  seq: number;
  type: string;
  payload: Record<string, unknown>;
}) => Seal;

/**
 * Gives new events their seq and hash, continuing a chain whose last event is (lastSeq, lastHash). With a
 * `sealer` the events are sealed (v2); without, v1 (any seal an input carries from elsewhere is dropped).
 */
export function chainEvents(
  matchId: string,
  lastSeq: number,
  lastHash: string,
  events: readonly NewEvent[],
  sha256: Sha256Hex = sha256Hex,
  sealer?: Sealer,
): EventEnvelope[] {
  const out: EventEnvelope[] = [];
  let prevHash = lastHash;
  let seq = lastSeq;
  for (const e of events) {
    seq += 1;
    const base: Omit<EventEnvelope, 'hash'> = { ...toNewEvent(e), matchId, seq, prevHash };
    if (sealer) base.seal = sealer(base);
    const hash = hashEnvelope(base, sha256);
    out.push({ ...base, hash });
    prevHash = hash;
  }
  return out;
}

export type ChainCheck = { ok: true } | { ok: false; seq: number; reason: string };

/** Checks seq order, prevHash links and every hash. Names the first bad seq. */
export function verifyChain(events: readonly EventEnvelope[], sha256: Sha256Hex = sha256Hex): ChainCheck {
  let prevHash = GENESIS_HASH;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.seq !== i + 1) return { ok: false, seq: e.seq, reason: `expected seq ${i + 1}, found ${e.seq}` };
    if (e.prevHash !== prevHash)
      return { ok: false, seq: e.seq, reason: 'prevHash does not match the previous event' };
    // One scheme per match: a seal dropped from (or added to) one event is a change, not an older event.
    if ((e.seal === undefined) !== (events[0]!.seal === undefined))
      return {
        ok: false,
        seq: e.seq,
        reason: `the event is ${e.seal ? 'sealed (v2)' : 'unsealed (v1)'} but seq 1 is not: one match has one hash scheme`,
      };
    const { hash, ...rest } = e;
    if (hashEnvelope(rest, sha256) !== hash)
      return { ok: false, seq: e.seq, reason: 'hash does not match the event content' };
    prevHash = hash;
  }
  return { ok: true };
}

/** What a copy is: the full (judge) truth, or redacted for one viewer (its header says which). */
export type CopyKind =
  /** `commitKey` (hex): the match's commitment key, which a full copy of a live match may carry so it verifies whole. */
  | { copy: 'full'; commitKey?: string; seed?: string }
  /**
   * `seed`: the seed of an ended match whose MatchEnded withholds it (a fork: runner.ts HostContext.withholdSeed),
   * given once its parent's secrets are public; checked against MatchStarted.seedCommitment like a revealed one.
   */
  | { copy: 'redacted'; viewer: Exclude<Viewer, 'judge'>; seed?: string };

/**
 * Checks every byte of a copy: the chain (verifyChain), then each sealed event's payload against its seal. A full
 * copy opens every commitment with the match key (from the revealed or given seed; without it a sealed full copy
 * cannot be checked and fails); a redacted copy opens its viewer's commitment with the salt each event carries
 * (and checks that salt against the key when there is one). An unsealed (v1) event verifies only in a full copy.
 */
export function verifyCopy(
  events: readonly EventEnvelope[],
  kind: CopyKind,
  viewEvent: ViewEventFn,
  key: Uint8Array | null,
  sha256: Sha256Hex = sha256Hex,
): ChainCheck {
  const chain = verifyChain(events, sha256);
  if (!chain.ok) return chain;
  for (const e of events) {
    const bad = (reason: string): ChainCheck => ({ ok: false, seq: e.seq, reason });
    if (kind.copy === 'full') {
      if (e.salt !== undefined)
        return bad(
          'a full copy carries no salts; this event has one (is the copy redacted? its header must say so)',
        );
      if (!e.seal) continue;
      if (!key)
        return bad(
          'the payload commitments cannot be opened without the match key: the match has not ended (MatchEnded reveals the seed); a judge passes the seed',
        );
      const why = openSeal(viewEvent, key, { ...e, seal: e.seal });
      if (why) return bad(why);
    } else {
      if (!e.seal)
        return bad(
          `an unsealed (v1) event cannot be checked in a copy redacted for ${kind.viewer}: its hash covers the full payload; verify the full (judge) copy`,
        );
      const why = checkRedactedSeal(kind.viewer, { ...e, seal: e.seal }, key);
      if (why) return bad(why);
    }
  }
  return { ok: true };
}

/** The copy of `events` (full, sealed) a viewer gets: each payload as viewEvent redacts it, with that view's salt. */
export function redactCopy(
  events: readonly EventEnvelope[],
  viewer: Exclude<Viewer, 'judge'>,
  viewEvent: ViewEventFn,
  key: Uint8Array,
): EventEnvelope[] {
  return events.map((e) => {
    if (!e.seal)
      throw new TypeError(
        `seq ${e.seq} is unsealed (v1): a redacted copy of it could not be verified; export the full copy to judges instead`,
      );
    const { salt: _salt, ...rest } = e;
    return { ...rest, payload: viewEvent(e, viewer).payload, salt: sealSalt(key, e.matchId, e.seq, viewer) };
  });
}
