// The server's native hash must give the digests the browser's pure-JS one checks, byte for byte.
import { describe, expect, it } from 'vitest';
import { chainEvents, sha256Hex, verifyChain, GENESIS_HASH } from '@matchtape/engine';
import { nodeSha256 } from './hash';
import { sampleEvents } from './fixtures';

describe('nodeSha256', () => {
  it('equals the engine pure-JS SHA-256 on ASCII, non-ASCII and empty text', () => {
    for (const text of ['', 'abc', 'Ünïcödé ✓ 🂡', 'x'.repeat(100_000)]) expect(nodeSha256(text)).toBe(sha256Hex(text));
    expect(nodeSha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('chains events that the default (browser) verifier accepts', () => {
    const chained = chainEvents('m', 0, GENESIS_HASH, sampleEvents(5), nodeSha256);
    expect(chained).toEqual(chainEvents('m', 0, GENESIS_HASH, sampleEvents(5)));
    expect(verifyChain(chained)).toEqual({ ok: true });
  });
});
