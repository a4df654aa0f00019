import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cursorAfter, isRandomRecord, Rng, RngSource, seedCommitment, verifyRandom } from './rng';
import { sha256Hex } from './canonical';
import { createCipheriv, createHmac, hkdfSync } from 'node:crypto';

/** The documented construction, rebuilt from Node's OpenSSL primitives (independent of @noble). */
function reference(seed: string) {
  const key = (info: string) => Buffer.from(hkdfSync('sha256', seed, 'matchtape-rng', info, 32));
  const stream = key('matchtape rng v2: chacha20 draw stream');
  const idKey = key('matchtape rng v2: opaque ids');
  return {
    /** Keystream word `c` (OpenSSL's chacha20 IV = 32-bit little-endian block counter ‖ 96-bit nonce). */
    word(c: number): number {
      const iv = Buffer.alloc(16);
      iv.writeUInt32LE(Math.floor(c / 16), 0);
      const block = createCipheriv('chacha20', stream, iv).update(Buffer.alloc(64));
      return block.readUInt32LE((c % 16) * 4);
    },
    id(c: number): string {
      const counter = Buffer.alloc(8);
      counter.writeBigUInt64BE(BigInt(c));
      return `h${createHmac('sha256', idKey).update(counter).digest('hex').slice(0, 16)}`;
    },
  };
}

describe('Rng', () => {
  it('is ChaCha20 keyed by HKDF-SHA-256 of the seed, and ids are HMAC-SHA-256 of the cursor (known answers from OpenSSL)', () => {
    for (const seed of ['seed-1', 'a'.repeat(64), '']) {
      const ref = reference(seed);
      for (const start of [0, 15, 16, 255, 256, 100_003]) {
        const r = new Rng(seed, start);
        const words = Array.from({ length: 20 }, () => r.int(2 ** 32));
        expect(words).toEqual(Array.from({ length: 20 }, (_, i) => ref.word(start + i)));
        expect(r.opaqueId()).toBe(ref.id(start + 20));
        expect(r.int(2 ** 32)).toBe(ref.word(start + 21));
      }
    }
  });

  it('is deterministic per seed and differs between seeds', () => {
    const a = new Rng('seed-1');
    const b = new Rng('seed-1');
    const c = new Rng('seed-2');
    const xs = Array.from({ length: 20 }, () => a.int(1000));
    expect(Array.from({ length: 20 }, () => b.int(1000))).toEqual(xs);
    expect(Array.from({ length: 20 }, () => c.int(1000))).not.toEqual(xs);
  });

  it('int stays in range and hits every value of a small range', () => {
    const r = new Rng('range');
    const seen = new Set<number>();
    for (let i = 0; i < 600; i++) {
      const x = r.int(6);
      expect(Number.isInteger(x) && x >= 0 && x < 6).toBe(true);
      seen.add(x);
    }
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(new Rng('one').int(1)).toBe(0);
  });

  it('refuses impossible ranges', () => {
    expect(() => new Rng('x').int(0)).toThrow(RangeError);
    expect(() => new Rng('x').int(2.5)).toThrow(RangeError);
  });

  it('permutation is always a permutation of 0…n-1, and shuffle keeps the multiset', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 60 }), (seed, n) => {
        const p = new Rng(seed).permutation(n);
        expect([...p].sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i));
        const items = Array.from({ length: n }, (_, i) => `c${i % 5}`);
        expect(new Rng(seed).shuffle(items).sort()).toEqual([...items].sort());
      }),
    );
  });

  it('every one of the 6 orders of 3 cards comes up (no stuck shuffles)', () => {
    const r = new Rng('orders');
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) seen.add(r.permutation(3).join(''));
    expect(seen.size).toBe(6);
  });

  it('advances the cursor by one per 32-bit draw and can be rebuilt at any cursor', () => {
    const r = new Rng('cursor');
    expect(r.cursor).toBe(0);
    r.opaqueId();
    expect(r.cursor).toBe(1);
    r.int(2);
    const c = r.cursor;
    expect(c).toBeGreaterThanOrEqual(2);
    const next = r.int(1_000_000);
    expect(new Rng('cursor', c).int(1_000_000)).toBe(next);
    expect(() => r.advanceTo(0)).toThrow(/cannot go back/);
  });

  it('take() records what was drawn since the last take, then pending is false', () => {
    const r = new Rng('take');
    expect(r.pending).toBe(false);
    const x = r.int(10);
    const id = r.opaqueId();
    expect(r.pending).toBe(true);
    const rec = r.take();
    expect(rec).toEqual({
      from: 0,
      to: r.cursor,
      draws: [
        { kind: 'int', n: 10, result: x },
        { kind: 'id', result: id },
      ],
    });
    expect(r.pending).toBe(false);
    expect(r.take()).toEqual({ from: r.cursor, to: r.cursor, draws: [] });
    expect(isRandomRecord(rec)).toBe(true);
    expect(isRandomRecord({ from: 1 })).toBe(false);
  });

  it('opaque ids look opaque and do not repeat', () => {
    const r = new Rng('ids');
    const ids = Array.from({ length: 200 }, () => r.opaqueId());
    for (const id of ids) expect(id).toMatch(/^h[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(200);
  });

  it('seeks in O(1): a cursor far into the stream gives the same draw as walking there', () => {
    const walked = new Rng('far');
    for (let i = 0; i < 5000; i++) walked.int(2 ** 32);
    expect(new Rng('far', 5000).int(2 ** 32)).toBe(walked.int(2 ** 32));
    // 2^30 draws would take minutes to replay; a seek is one keystream block.
    expect(new Rng('far', 2 ** 30).int(2 ** 32)).toBe(new Rng('far', 2 ** 30).int(2 ** 32));
    expect(() => new Rng('far', 2 ** 40)).toThrow(/cursor must be an integer/);
    expect(() => new Rng('far', 1.5)).toThrow(/cursor must be an integer/);
  });

  it('RngSource reuses forward and rebuilds backward, always matching a fresh generator', () => {
    const src = new RngSource('src');
    for (const cursor of [0, 5, 5, 12, 3, 40, 0])
      expect(src.at(cursor).int(1000)).toBe(new Rng('src', cursor).int(1000));
  });

  it('commits to sha256(seed ‖ matchId)', () => {
    expect(seedCommitment('abc', 'm1')).toBe(sha256Hex('abcm1'));
  });
});

describe('verifyRandom', () => {
  function recordedEvents(seed: string) {
    const r = new Rng(seed);
    const events: { seq: number; payload: Record<string, unknown> }[] = [];
    events.push({ seq: 1, payload: { note: 'no randomness' } });
    r.shuffle(['a', 'b', 'c', 'd', 'e']);
    events.push({ seq: 2, payload: { random: r.take() } });
    r.int(6);
    r.int(2);
    events.push({ seq: 3, payload: { random: r.take() } });
    r.opaqueId();
    events.push({ seq: 4, payload: { random: r.take() } });
    return events;
  }

  it('accepts outcomes that follow from the seed, and cursorAfter finds the last cursor', () => {
    const events = recordedEvents('s');
    const check = verifyRandom(events, 's');
    expect(check).toEqual({ ok: true, draws: cursorAfter(events) });
    expect(cursorAfter(events.slice(0, 1))).toBe(0);
  });

  it('rejects the wrong seed, naming the first event with randomness', () => {
    expect(verifyRandom(recordedEvents('s'), 'other')).toMatchObject({ ok: false, seq: 2 });
  });

  it('detects a forged die roll, naming its seq', () => {
    const events = recordedEvents('s');
    const rec = events[2]!.payload.random as { draws: { kind: string; n: number; result: number }[] };
    const forged = structuredClone(events);
    (forged[2]!.payload.random as typeof rec).draws[0]!.result = (rec.draws[0]!.result + 1) % 6;
    expect(verifyRandom(forged, 's')).toMatchObject({
      ok: false,
      seq: 3,
      reason: expect.stringMatching(/does not follow from the seed/),
    });
  });

  it('detects a forged shuffle and a skipped draw', () => {
    const forged = structuredClone(recordedEvents('s'));
    const rec = forged[1]!.payload.random as { draws: { result: number[] }[] };
    rec.draws[0]!.result.reverse();
    expect(verifyRandom(forged, 's')).toMatchObject({ ok: false, seq: 2 });
    const skipped = structuredClone(recordedEvents('s'));
    (skipped[3]!.payload.random as { from: number }).from += 1;
    expect(verifyRandom(skipped, 's')).toMatchObject({
      ok: false,
      seq: 4,
      reason: expect.stringMatching(/start at/),
    });
  });

  it('refuses redacted outcomes and malformed records', () => {
    const redacted = structuredClone(recordedEvents('s'));
    (redacted[1]!.payload.random as { draws: unknown }).draws = null;
    expect(verifyRandom(redacted, 's')).toMatchObject({
      ok: false,
      seq: 2,
      reason: expect.stringMatching(/redacted/),
    });
    expect(verifyRandom([{ seq: 1, payload: { random: 'x' } }], 's')).toMatchObject({ ok: false, seq: 1 });
    expect(verifyRandom([{ seq: 1, payload: { random: { from: 0, to: 1, draws: {} } } }], 's')).toMatchObject(
      { ok: false, seq: 1, reason: expect.stringMatching(/not a list/) },
    );
    expect(
      verifyRandom([{ seq: 1, payload: { random: { from: 0, to: 1, draws: [{ kind: 'dice' }] } } }], 's'),
    ).toMatchObject({ ok: false, seq: 1, reason: expect.stringMatching(/unknown random draw/) });
    expect(
      verifyRandom(
        [{ seq: 1, payload: { random: { from: 0, to: 1, draws: [{ kind: 'int', n: -1, result: 0 }] } } }],
        's',
      ),
    ).toMatchObject({ ok: false, seq: 1, reason: expect.stringMatching(/malformed int draw/) });
    expect(
      verifyRandom([{ seq: 1, payload: { random: { from: 0, to: 1, draws: [null] } } }], 's'),
    ).toMatchObject({ ok: false, seq: 1 });
  });
});
