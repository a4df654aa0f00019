import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalJson, jsonEqual, sha256Hex } from './canonical';

describe('canonicalJson', () => {
  it('sorts object keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('gives the same text for the same value whatever the key insertion order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (obj) => {
        const reversed = Object.fromEntries(Object.entries(obj).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(obj));
        expect(JSON.parse(canonicalJson(obj))).toEqual(JSON.parse(JSON.stringify(obj)));
      }),
    );
  });

  it('rejects NaN and infinities, naming where they are', () => {
    expect(() => canonicalJson({ a: [1, NaN] })).toThrow(/\$\.a\[1\] is NaN/);
    expect(() => canonicalJson({ x: Infinity })).toThrow(/\$\.x is Infinity/);
  });

  it('rejects non-JSON values (functions, bigint, symbols)', () => {
    expect(() => canonicalJson({ f: () => 1 })).toThrow(/\$\.f is a function/);
    expect(() => canonicalJson({ n: 1n })).toThrow(/bigint/);
  });

  it('skips undefined object members and writes undefined array items as null, as JSON.stringify does', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(canonicalJson([undefined, 1])).toBe('[null,1]');
    expect(jsonEqual({ a: undefined, b: 1 }, { b: 1 })).toBe(true);
  });

  it('writes what JSON.stringify would store for dates and sparse arrays, so hashes survive a round trip', () => {
    const at = new Date(Date.UTC(2026, 0, 1));
    expect(canonicalJson({ at })).toBe('{"at":"2026-01-01T00:00:00.000Z"}');
    const sparse = [1, , 3];
    expect(canonicalJson(sparse)).toBe('[1,null,3]');
    expect(JSON.parse(canonicalJson({ a: sparse, at }))).toEqual(
      JSON.parse(JSON.stringify({ a: sparse, at })),
    );
  });

  it('writes every string, key and number exactly as JSON.stringify does (controls, quotes, lone surrogates)', () => {
    const anyUtf16 = fc
      .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 })
      .map((units) => String.fromCharCode(...units));
    fc.assert(
      fc.property(anyUtf16, fc.double({ noNaN: true, noDefaultInfinity: true }), (text, n) => {
        expect(canonicalJson(text)).toBe(JSON.stringify(text));
        expect(canonicalJson({ [text]: n })).toBe(`{${JSON.stringify(text)}:${JSON.stringify(n)}}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('is the plain recursive definition: keys sorted by code unit, members joined with commas', () => {
    const reference = (v: unknown): string =>
      v === null || typeof v !== 'object'
        ? JSON.stringify(v)
        : Array.isArray(v)
          ? `[${v.map(reference).join(',')}]`
          : `{${Object.keys(v)
              .sort()
              .map((k) => `${JSON.stringify(k)}:${reference((v as Record<string, unknown>)[k])}`)
              .join(',')}}`;
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(canonicalJson(v)).toBe(reference(v));
      }),
      { numRuns: 1000 },
    );
  });

  it('escapes strings like JSON', () => {
    expect(canonicalJson({ 'k"ey': 'line\nbreak' })).toBe('{"k\\"ey":"line\\nbreak"}');
  });
});

describe('sha256Hex', () => {
  it('matches the standard test vector', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
