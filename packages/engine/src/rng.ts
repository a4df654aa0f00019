// One seeded PRNG per match (xoshiro128**), addressed by a cursor = number of 32-bit draws taken so far.
// The seed never enters the game state: the host keeps it secret, commits to sha256(seed ‖ matchId) in
// MatchStarted and reveals it in MatchEnded. The state only holds the cursor, so fold stays pure, and every
// random outcome is written into its event (`payload.random`), which `verifyRandom` re-derives from the seed.
import { sha256Bytes, sha256Hex } from './canonical';

export type RandomDraw =
  | { kind: 'int'; n: number; result: number }
  | { kind: 'shuffle'; n: number; result: number[] }
  | { kind: 'id'; result: string };

/** What an event that used randomness carries in `payload.random`. */
export interface RandomRecord {
  from: number;
  to: number;
  /** Redacted to null for viewers who may not see the outcome yet. */
  draws: RandomDraw[] | null;
}

export function seedCommitment(seed: string, matchId: string): string {
  return sha256Hex(`${seed}${matchId}`);
}

export class Rng {
  private s: Uint32Array;
  private _cursor = 0;
  private log: RandomDraw[] = [];
  private logFrom = 0;

  constructor(seed: string, cursor = 0) {
    const b = sha256Bytes(`matchtape-rng:${seed}`);
    const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
    this.s = new Uint32Array([v.getUint32(0), v.getUint32(4), v.getUint32(8), v.getUint32(12)]);
    if (this.s.every((x) => x === 0)) this.s[0] = 1;
    this.advanceTo(cursor);
  }

  get cursor(): number {
    return this._cursor;
  }

  /** Moves forward to `cursor` (draws discarded). */
  advanceTo(cursor: number): void {
    if (cursor < this._cursor) throw new RangeError(`Rng cannot go back from ${this._cursor} to ${cursor}`);
    while (this._cursor < cursor) this.next();
    this.log = [];
    this.logFrom = this._cursor;
  }

  private next(): number {
    const s = this.s;
    const result = Math.imul(rotl(Math.imul(s[1]!, 5), 7), 9) >>> 0;
    const t = s[1]! << 9;
    s[2]! ^= s[0]!;
    s[3]! ^= s[1]!;
    s[1]! ^= s[2]!;
    s[0]! ^= s[3]!;
    s[2]! ^= t;
    s[3] = rotl(s[3]!, 11);
    this._cursor += 1;
    return result;
  }

  /** Uniform integer in [0, n) by rejection sampling (no modulo bias). */
  private uniform(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`Rng.int needs 1 ≤ n ≤ 2^32, got ${n}`);
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

  /** A fresh opaque card id for a viewer who cannot see the card: unpredictable without the seed. */
  opaqueId(): string {
    const a = this.next().toString(16).padStart(8, '0');
    const b = this.next().toString(16).padStart(8, '0');
    const result = `h${a}${b}`;
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

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}

/** Keeps one generator per match and reuses it while the cursor only moves forward. */
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

/** Re-derives every random outcome of a match from its revealed seed. */
export function verifyRandom(
  events: readonly { seq: number; payload: Record<string, unknown> }[],
  seed: string,
): RandomCheck {
  let cursor = 0;
  const rng = new Rng(seed);
  for (const e of events) {
    const rec = e.payload.random;
    if (rec === undefined) continue;
    if (!isRandomRecord(rec)) return { ok: false, seq: e.seq, reason: 'payload.random is not a random record' };
    if (rec.from !== cursor) return { ok: false, seq: e.seq, reason: `random draws start at ${rec.from}, expected ${cursor}` };
    if (rec.draws === null) return { ok: false, seq: e.seq, reason: 'random outcome is redacted; verify the full (judge) export' };
    if (!Array.isArray(rec.draws)) return { ok: false, seq: e.seq, reason: 'payload.random.draws is not a list of draws' };
    rng.advanceTo(cursor);
    for (const d of rec.draws as unknown[]) {
      // A forged file may hold anything here: re-derive only well-formed draws, report the rest.
      const draw = d as Partial<RandomDraw> | null;
      let again: unknown;
      try {
        if (draw?.kind === 'int') again = rng.int(draw.n as number);
        else if (draw?.kind === 'shuffle') again = rng.permutation(draw.n as number);
        else if (draw?.kind === 'id') again = rng.opaqueId();
        else return { ok: false, seq: e.seq, reason: `unknown random draw ${JSON.stringify(d)?.slice(0, 80)}` };
      } catch (err) {
        return { ok: false, seq: e.seq, reason: `malformed ${draw?.kind} draw: ${(err as Error).message}` };
      }
      if (JSON.stringify(again) !== JSON.stringify(draw.result))
        return { ok: false, seq: e.seq, reason: `${draw.kind} outcome ${JSON.stringify(draw.result)} does not follow from the seed` };
    }
    if (rng.cursor !== rec.to) return { ok: false, seq: e.seq, reason: `random draws end at ${rec.to}, seed gives ${rng.cursor}` };
    cursor = rec.to;
  }
  return { ok: true, draws: cursor };
}
