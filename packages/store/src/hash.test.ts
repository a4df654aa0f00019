// The server's native hash must give the digests the browser's pure-JS one checks, byte for byte.
import { describe, expect, it } from 'vitest';
import {
  chainEvents,
  toNewEvent,
  commitKey,
  pureSealHashes,
  sealerFor,
  sealSalt,
  sha256Hex,
  verifyChain,
  GENESIS_HASH,
} from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing/harness';
import { coinRace } from '@matchtape/engine/testing/fixture-game';
import { nodeSealHashes, nodeSha256 } from './hash';
import { sampleEvents } from './fixtures';

describe('nodeSha256', () => {
  it('equals the engine pure-JS SHA-256 on ASCII, non-ASCII and empty text', () => {
    for (const text of ['', 'abc', 'Ünïcödé ✓ 🂡', 'x'.repeat(100_000)])
      expect(nodeSha256(text)).toBe(sha256Hex(text));
    expect(nodeSha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('chains events that the default (browser) verifier accepts', () => {
    const chained = chainEvents('m', 0, GENESIS_HASH, sampleEvents(5), nodeSha256);
    expect(chained).toEqual(chainEvents('m', 0, GENESIS_HASH, sampleEvents(5)));
    expect(verifyChain(chained)).toEqual({ ok: true });
  });
});

describe('nodeSealHashes', () => {
  it('gives the engine pure-JS HMAC-SHA-256 and SHA-256, byte for byte', () => {
    const key = commitKey('seal-hashes');
    for (const msg of ['', '["m",1,"public"]', 'Ünïcödé ✓ 🂡', 'x'.repeat(10_000)]) {
      expect(nodeSealHashes.hmacSha256Hex(key, msg)).toBe(pureSealHashes.hmacSha256Hex(key, msg));
      expect(nodeSealHashes.sha256Hex(msg)).toBe(pureSealHashes.sha256Hex(msg));
    }
    // RFC 4231 test case 2 pins both to HMAC-SHA-256 itself, not merely to each other.
    const jefe = new TextEncoder().encode('Jefe');
    const want = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';
    expect(nodeSealHashes.hmacSha256Hex(jefe, 'what do ya want for nothing?')).toBe(want);
    expect(pureSealHashes.hmacSha256Hex(jefe, 'what do ya want for nothing?')).toBe(want);
    expect(sealSalt(key, 'm', 7, 'p1', nodeSealHashes)).toBe(sealSalt(key, 'm', 7, 'p1'));
  });

  it('seals a match exactly as the pure-JS sealer does (same seals, same hashes)', () => {
    const m = playMatch(coinRace, {
      seed: 'seal-hashes',
      bots: { p1: 'random', p2: 'random' },
      recordStates: false,
    });
    const events = m.events.map(toNewEvent);
    const viewers = ['public', 'p1', 'p2'] as const;
    const pure = chainEvents(
      'm',
      0,
      GENESIS_HASH,
      events,
      undefined,
      sealerFor(coinRace, viewers, 'seal-hashes'),
    );
    const native = chainEvents(
      'm',
      0,
      GENESIS_HASH,
      events,
      nodeSha256,
      sealerFor(coinRace, viewers, 'seal-hashes', nodeSealHashes),
    );
    expect(pure.length).toBeGreaterThan(3);
    expect(native).toEqual(pure);
    expect(verifyChain(native)).toEqual({ ok: true });
  });
});
