// One deterministic, cryptographically secure generator per match, addressed by a cursor = number of 32-bit
// draws taken so far. The seed never enters the game state: the host draws it from a cryptographic source,
// keeps it secret, commits to sha256(seed ‖ matchId) in MatchStarted and reveals it in MatchEnded. Every
// random outcome is written into its event (`payload.random`), which `verifyRandom` re-derives from the seed.
//
// Construction (docs/development.md, Randomness):
// - Two independent 256-bit keys come from the seed by HKDF-SHA-256 (salt "matchtape-rng", one info label
//   each): K_stream and K_id.
// - Draw number c (the cursor) is the little-endian 32-bit word c of the ChaCha20 keystream (RFC 8439, key
//   K_stream, all-zero nonce: the key is unique per seed). Seeking to any cursor is O(1): it sets the block
//   counter to ⌊c/16⌋. Integers come from these words by rejection sampling, shuffles by Fisher–Yates.
// - An opaque id is never generator output: it takes one cursor position c as its counter (that keystream word
//   is skipped, never used) and is "h" + the first 64 bits of HMAC-SHA-256(K_id, c as 8 bytes big-endian).
//   HMAC is a PRF under a key nothing else uses, so ids say nothing about draws, about each other, or about the
//   cards they stand for; after the reveal anyone re-derives them from the seed and the cursor.
// The libraries are @noble/ciphers and @noble/hashes (audited, pure JS, so the site can verify in a browser).
import { chacha20 } from '@noble/ciphers/chacha';
import { hkdf } from '@noble/hashes/hkdf';
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { sha256Hex } from './canonical';
import { isRedactedRandom } from './random-redaction';

export type RandomDraw =
  | { kind: 'int'; n: number; result: number }
  | { kind: 'shuffle'; n: number; result: number[] }
  | { kind: 'id'; result: string };

/** What an event that used randomness carries in `payload.random` (judges; see random-redaction.ts for others). */
export interface RandomRecord {
  from: number;
  to: number;
  draws: RandomDraw[] | null;
}

export function seedCommitment(seed: string, matchId: string): string {
  return sha256Hex(`${seed}${matchId}`);
}

const WORDS_PER_BLOCK = 16;
/** Keystream blocks computed per refill (1 KiB): a whole shuffle usually fits in one. */
const BUFFER_BLOCKS = 16;
/** ChaCha20's block counter is 32 bits; the last buffer must still fit below it. */
const MAX_CURSOR = (2 ** 32 - BUFFER_BLOCKS) * WORDS_PER_BLOCK;
const NONCE = new Uint8Array(12);
const ZEROS = new Uint8Array(BUFFER_BLOCKS * WORDS_PER_BLOCK * 4);

interface Keys {
  stream: Uint8Array;
  /** HMAC keyed with K_id, inner and outer pads already absorbed; cloned per id. */
  id: ReturnType<typeof hmac.create>;
}

// Deriving keys costs a few HMACs; loops that build many generators for one seed (legality probes) reuse them.
let cachedSeed: string | null = null;
let cachedKeys: Keys | null = null;

function keysFor(seed: string): Keys {
  if (cachedSeed === seed && cachedKeys) return cachedKeys;
  const ikm = utf8ToBytes(seed);
  const salt = utf8ToBytes('matchtape-rng');
  const keys: Keys = {
    stream: hkdf(sha256, ikm, salt, 'matchtape rng v2: chacha20 draw stream', 32),
    id: hmac.create(sha256, hkdf(sha256, ikm, salt, 'matchtape rng v2: opaque ids', 32)),
  };
  cachedSeed = seed;
  cachedKeys = keys;
  return keys;
}

export class Rng {
  private readonly keys: Keys;
  private _cursor = 0;
  private log: RandomDraw[] = [];
  private logFrom = 0;
  /** Keystream words [bufferStart, bufferStart + buffer.length), computed lazily. */
  private buffer: Uint32Array | null = null;
  private bufferStart = 0;

  constructor(seed: string, cursor = 0) {
    this.keys = keysFor(seed);
    this.advanceTo(cursor);
  }

  get cursor(): number {
    return this._cursor;
  }

  /** Moves forward to `cursor` (draws discarded) in O(1): the ChaCha20 block counter is set, nothing replayed. */
  advanceTo(cursor: number): void {
    if (cursor < this._cursor) throw new RangeError(`Rng cannot go back from ${this._cursor} to ${cursor}`);
    if (!Number.isSafeInteger(cursor) || cursor > MAX_CURSOR)
      throw new RangeError(`Rng cursor must be an integer in [0, ${MAX_CURSOR}], got ${cursor}`);
    this._cursor = cursor;
    this.log = [];
    this.logFrom = cursor;
  }

  private next(): number {
    const c = this._cursor;
    if (c >= MAX_CURSOR) throw new RangeError(`Rng is exhausted at cursor ${c}`);
    if (!this.buffer || c < this.bufferStart || c >= this.bufferStart + this.buffer.length) {
      const block = Math.floor(c / WORDS_PER_BLOCK);
      const bytes = chacha20(this.keys.stream, NONCE, ZEROS, new Uint8Array(ZEROS.length), block);
      // Words are little-endian (RFC 8439); read them explicitly so big-endian hosts agree.
      const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      this.buffer = Uint32Array.from({ length: bytes.length / 4 }, (_, i) => v.getUint32(i * 4, true));
      this.bufferStart = block * WORDS_PER_BLOCK;
    }
    this._cursor = c + 1;
    return this.buffer[c - this.bufferStart]!;
  }

  /** Uniform integer in [0, n) by rejection sampling (no modulo bias). */
  private uniform(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32)
      throw new RangeError(`Rng.int needs 1 ≤ n ≤ 2^32, got ${n}`);
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = this.next();
      if (x < limit) return x % n;
    }
  }

  int(n: number): number {
    const result = this.uniform(n);
    this.log.push({ kind: 'int', n, result });
    return result;
  }

  /** A permutation of 0…n-1 (Fisher–Yates): result[i] is the old index of the card now at position i. */
  permutation(n: number): number[] {
    const p = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = this.uniform(i + 1);
      [p[i], p[j]] = [p[j]!, p[i]!];
    }
    this.log.push({ kind: 'shuffle', n, result: p });
    return p;
  }

  shuffle<T>(items: readonly T[]): T[] {
    return this.permutation(items.length).map((i) => items[i]!);
  }

  /**
   * A fresh opaque card id for a viewer who cannot see the card: HMAC-SHA-256(K_id, cursor) cut to 64 bits.
   * It takes one cursor position as its counter so ids never repeat and replays re-derive them.
   */
  opaqueId(): string {
    const c = this._cursor;
    if (c >= MAX_CURSOR) throw new RangeError(`Rng is exhausted at cursor ${c}`);
    this._cursor = c + 1;
    const counter = new Uint8Array(8);
    new DataView(counter.buffer).setBigUint64(0, BigInt(c));
    const result = `h${bytesToHex(this.keys.id.clone().update(counter).digest().subarray(0, 8))}`;
    this.log.push({ kind: 'id', result });
    return result;
  }

  /** Hands over what was drawn since the last take, for the event that records the outcome. */
  take(): RandomRecord {
    const rec: RandomRecord = { from: this.logFrom, to: this._cursor, draws: this.log };
    this.log = [];
    this.logFrom = this._cursor;
    return rec;
  }

  /** True when draws were made that no event has recorded yet. */
  get pending(): boolean {
    return this._cursor !== this.logFrom;
  }
}

/** Keeps one generator per match: seeking forward or back is O(1), so one instance serves every cursor. */
export class RngSource {
  private rng: Rng;
  constructor(private readonly seed: string) {
    this.rng = new Rng(seed);
  }
  at(cursor: number): Rng {
    if (cursor < this.rng.cursor) this.rng = new Rng(this.seed, cursor);
    else this.rng.advanceTo(cursor);
    return this.rng;
  }
}

/** The generator cursor after a list of events: where the last event that drew randomness left it (0 if none). */
export function cursorAfter(events: readonly { payload: Record<string, unknown> }[]): number {
  for (let i = events.length - 1; i >= 0; i--) {
    const r = events[i]!.payload.random;
    if (isRandomRecord(r)) return r.to;
  }
  return 0;
}

export function isRandomRecord(x: unknown): x is RandomRecord {
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof (x as RandomRecord).from === 'number' &&
    typeof (x as RandomRecord).to === 'number'
  );
}

export type RandomCheck = { ok: true; draws: number } | { ok: false; seq: number; reason: string };

const REDACTED = 'random outcome is redacted; verify the full (judge) export';

/**
 * Re-derives every random outcome of a match from its revealed seed. `from` is the cursor the first event's
 * draws start at (0 for a whole match; a re-seeded fork's tail starts where its parent's prefix left the cursor).
 */
export function verifyRandom(
  events: readonly { seq: number; payload: Record<string, unknown> }[],
  seed: string,
  from = 0,
): RandomCheck {
  let cursor = from;
  const rng = new Rng(seed, from);
  for (const e of events) {
    const rec = e.payload.random;
    if (rec === undefined) continue;
    if (isRedactedRandom(rec)) return { ok: false, seq: e.seq, reason: REDACTED };
    if (!isRandomRecord(rec))
      return { ok: false, seq: e.seq, reason: 'payload.random is not a random record' };
    if (rec.from !== cursor)
      return { ok: false, seq: e.seq, reason: `random draws start at ${rec.from}, expected ${cursor}` };
    if (rec.draws === null) return { ok: false, seq: e.seq, reason: REDACTED };
    if (!Array.isArray(rec.draws))
      return { ok: false, seq: e.seq, reason: 'payload.random.draws is not a list of draws' };
    rng.advanceTo(cursor);
    for (const d of rec.draws as unknown[]) {
      // A forged file may hold anything here: re-derive only well-formed draws, report the rest.
      const draw = d as Partial<RandomDraw> | null;
      let again: unknown;
      try {
        if (draw?.kind === 'int') again = rng.int(draw.n as number);
        else if (draw?.kind === 'shuffle') again = rng.permutation(draw.n as number);
        else if (draw?.kind === 'id') again = rng.opaqueId();
        else
          return { ok: false, seq: e.seq, reason: `unknown random draw ${JSON.stringify(d)?.slice(0, 80)}` };
      } catch (err) {
        return { ok: false, seq: e.seq, reason: `malformed ${draw?.kind} draw: ${(err as Error).message}` };
      }
      if (JSON.stringify(again) !== JSON.stringify(draw.result))
        return {
          ok: false,
          seq: e.seq,
          reason: `${draw.kind} outcome ${JSON.stringify(draw.result)} does not follow from the seed`,
        };
    }
    if (rng.cursor !== rec.to)
      return { ok: false, seq: e.seq, reason: `random draws end at ${rec.to}, seed gives ${rng.cursor}` };
    cursor = rec.to;
  }
  return { ok: true, draws: cursor - from };
}
