// The attacker of issue 9, shared by the engine's attack test and the server-level one in test/integration:
// the old match generator (xoshiro128**, verbatim, as the reference victim) and the GF(2) linear solve that
// recovers its 128-bit state from a few 32-bit outputs. xoshiro128**'s state update is linear over GF(2) and
// its ** scrambler is invertible, so each output gives 32 linear equations on the initial state.
import { sha256Bytes } from '../canonical';

/** The pre-issue-9 generator, verbatim (seeding, stepping, rejection sampling, two outputs per opaque id). */
export class Xoshiro128ss {
  readonly s: Uint32Array;
  cursor = 0;
  constructor(seed: string | Uint32Array) {
    if (typeof seed !== 'string') this.s = Uint32Array.from(seed);
    else {
      const b = sha256Bytes(`matchtape-rng:${seed}`);
      const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
      this.s = new Uint32Array([v.getUint32(0), v.getUint32(4), v.getUint32(8), v.getUint32(12)]);
    }
  }
  next(): number {
    const s = this.s;
    const result = Math.imul(rotl(Math.imul(s[1]!, 5), 7), 9) >>> 0;
    const t = s[1]! << 9;
    s[2]! ^= s[0]!;
    s[3]! ^= s[1]!;
    s[1]! ^= s[2]!;
    s[0]! ^= s[3]!;
    s[2]! ^= t;
    s[3] = rotl(s[3]!, 11);
    this.cursor += 1;
    return result;
  }
  uniform(n: number): number {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = this.next();
      if (x < limit) return x % n;
    }
  }
  permutation(n: number): number[] {
    const p = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = this.uniform(i + 1);
      [p[i], p[j]] = [p[j]!, p[i]!];
    }
    return p;
  }
  opaqueId(): string {
    return `h${this.next().toString(16).padStart(8, '0')}${this.next().toString(16).padStart(8, '0')}`;
  }
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}

// ---- The attack: symbolic GF(2) execution of the state update + Gaussian elimination -------------------

/** One 32-bit word as 32 bit-masks over the 128 unknown state bits (bit 128 of a row is the right-hand side). */
type SymWord = bigint[];
const xorW = (a: SymWord, b: SymWord): SymWord => a.map((m, i) => m ^ b[i]!);
const shlW = (a: SymWord, k: number): SymWord => a.map((_, i) => (i >= k ? a[i - k]! : 0n));
const rotlW = (a: SymWord, k: number): SymWord => a.map((_, i) => a[(i - k + 32) % 32]!);

/** s[1] of the state before each of the first `steps` outputs, as linear functions of the initial state. */
function symbolicS1(steps: number): SymWord[] {
  let s: SymWord[] = [0, 1, 2, 3].map((w) => Array.from({ length: 32 }, (_, b) => 1n << BigInt(w * 32 + b)));
  const out: SymWord[] = [];
  for (let t = 0; t < steps; t++) {
    out.push(s[1]!);
    let [s0, s1, s2, s3] = s as [SymWord, SymWord, SymWord, SymWord];
    const tt = shlW(s1, 9);
    s2 = xorW(s2, s0);
    s3 = xorW(s3, s1);
    s1 = xorW(s1, s2);
    s0 = xorW(s0, s3);
    s2 = xorW(s2, tt);
    s3 = rotlW(s3, 11);
    s = [s0, s1, s2, s3];
  }
  return out;
}

/** Inverts the ** scrambler: output = rotl(s1·5, 7)·9 (mod 2^32), so s1 = rotr(output·9⁻¹, 7)·5⁻¹. */
function unscramble(output: number): number {
  const x = Math.imul(output, 0x38e38e39) >>> 0; // 9⁻¹ mod 2^32
  const r = ((x >>> 7) | (x << 25)) >>> 0;
  return Math.imul(r, 0xcccccccd) >>> 0; // 5⁻¹ mod 2^32
}

const RHS = 1n << 128n;
const lowBit = (x: bigint): number => (x & -x).toString(2).length - 1;

/**
 * Solves for the initial 128-bit state from 32-bit outputs at known cursor positions. Returns null when the
 * equations contradict each other (the outputs are not from xoshiro128** at those positions).
 */
export function recoverState(observed: readonly { at: number; output: number }[]): Uint32Array | null {
  const sym = symbolicS1(Math.max(...observed.map((o) => o.at)) + 1);
  const pivots = new Map<number, bigint>();
  for (const { at, output } of observed) {
    const s1 = unscramble(output);
    for (let b = 0; b < 32; b++) {
      let row = sym[at]![b]! | (((s1 >>> b) & 1) === 1 ? RHS : 0n);
      for (;;) {
        const vars = row & (RHS - 1n);
        if (vars === 0n) {
          if (row !== 0n) return null; // 0 = 1: inconsistent
          break;
        }
        const c = lowBit(vars);
        const p = pivots.get(c);
        if (p === undefined) {
          pivots.set(c, row);
          break;
        }
        row ^= p;
      }
    }
  }
  const x = new Array<number>(128).fill(0); // free variables stay 0
  for (let c = 127; c >= 0; c--) {
    const p = pivots.get(c);
    if (p === undefined) continue;
    let v = (p & RHS) !== 0n ? 1 : 0;
    for (let j = c + 1; j < 128; j++) if ((p >> BigInt(j)) & 1n) v ^= x[j]!;
    x[c] = v;
  }
  const state = new Uint32Array(4);
  for (let i = 0; i < 128; i++) state[i >> 5]! |= x[i]! << (i & 31);
  return state;
}

/** A generator at the recovered state, moved to `cursor`. */
export function cloneAt(state: Uint32Array, cursor: number): Xoshiro128ss {
  const g = new Xoshiro128ss(state);
  while (g.cursor < cursor) g.next();
  return g;
}

/** The two 32-bit outputs an old-style opaque id ("h" + 16 hex digits) was made of. */
export function idOutputs(id: string): [number, number] {
  return [parseInt(id.slice(1, 9), 16), parseInt(id.slice(9, 17), 16)];
}

/**
 * The id attack as a viewer runs it without positions: ids handed out together (one event) were consecutive
 * outputs, two per id. Solves from the first three ids and predicts the rest. `hits` counts correct predictions.
 */
export function predictIdRun(ids: readonly string[]): { solved: boolean; predicted: number; hits: number } {
  if (ids.length < 4) return { solved: false, predicted: 0, hits: 0 };
  const state = recoverState(
    ids.slice(0, 3).flatMap((id, i) => idOutputs(id).map((output, k) => ({ at: 2 * i + k, output }))),
  );
  if (!state) return { solved: false, predicted: ids.length - 3, hits: 0 };
  const g = cloneAt(state, 6);
  const rest = ids.slice(3);
  return { solved: true, predicted: rest.length, hits: rest.filter((id) => g.opaqueId() === id).length };
}
