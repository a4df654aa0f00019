// The event envelope (docs/architecture.md §3) and its hash chain.
import { z } from 'zod';
import { canonicalJson, sha256Hex } from './canonical';
import { PlayerIdSchema } from './ids';

export const CauseSchema = z.union([
  z.object({ commandId: z.string(), player: PlayerIdSchema }).strict(),
  z.object({ system: z.literal(true) }).strict(),
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
});
export type EventEnvelope<P = Record<string, unknown>> = Omit<z.infer<typeof EventEnvelopeSchema>, 'payload'> & {
  payload: P;
};

/** prevHash of seq 1. */
export const GENESIS_HASH = '0'.repeat(64);

/** Hex SHA-256 of a UTF-8 string. The core's is pure JS (runs in the browser); a server injects Node's native one. */
export type Sha256Hex = (text: string) => string;

/** sha256 over the canonical JSON of every envelope field but `hash` itself. */
export function hashEnvelope(e: Omit<EventEnvelope, 'hash'>, sha256: Sha256Hex = sha256Hex): string {
  const { matchId, seq, type, at, turn, phase, step, cause, rule, payload, prevHash } = e;
  return sha256(canonicalJson({ matchId, seq, type, at, turn, phase, step, cause, rule, payload, prevHash }));
}

/** Gives new events their seq and hash, continuing a chain whose last event is (lastSeq, lastHash). */
export function chainEvents(
  matchId: string,
  lastSeq: number,
  lastHash: string,
  events: readonly NewEvent[],
  sha256: Sha256Hex = sha256Hex,
): EventEnvelope[] {
  const out: EventEnvelope[] = [];
  let prevHash = lastHash;
  let seq = lastSeq;
  for (const e of events) {
    seq += 1;
    const base = { ...e, matchId, seq, prevHash };
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
    if (e.prevHash !== prevHash) return { ok: false, seq: e.seq, reason: 'prevHash does not match the previous event' };
    const { hash, ...rest } = e;
    if (hashEnvelope(rest, sha256) !== hash) return { ok: false, seq: e.seq, reason: 'hash does not match the event content' };
    prevHash = hash;
  }
  return { ok: true };
}
