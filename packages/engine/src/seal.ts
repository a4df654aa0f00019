// Provable redaction (ARCHITECTURE.md §4, invariant 6). A sealed (v2) event's hash does not cover its payload
// directly but salted commitments to it: one to the full payload and one to each viewer's redacted payload
// (`viewEvent(event, v).payload` for `public` and every seat). A copy for viewer v carries its payload, v's salt and
// the seal, so every byte it holds is checked (its payload against `seal.views[v]`, the rest against the hash)
// and nothing is guessed. A full copy opens every commitment with the salts, which come from the match key.
//
// Why per-view commitments and not per-leaf ones: viewEvent does not only blank leaves, it replaces cards by
// `{ hidden: true }` objects and real instance ids by opaque ones, so a copy's redacted bytes are not the
// committed leaves; committing to each view covers those bytes too, with one digest per viewer.
//
// Salts: HMAC-SHA-256(K_commit, canonical([matchId, seq, label])) with K_commit = HKDF-SHA-256(seed,
// "matchtape-commit", …), a key nothing else uses. A salt is unique per (match, event, view), so equal payloads
// never show as equal digests. Salts stay secret while a match is live (the seed is), except a viewer's own, which
// its copy carries: it opens only that viewer's view, which it holds anyway. Without the salt a short payload
// (a drawn card out of forty) could be found by trying every value. After MatchEnded reveals the seed anyone
// derives K_commit, re-derives every salt and opens every commitment. A full (judge) copy of a live match may carry
// K_commit itself: it opens only commitments to what that copy already holds, and says nothing of the seed (HKDF).
import { z } from 'zod';
import { hkdf } from '@noble/hashes/hkdf';
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';
import { canonicalJson, sha256Hex } from './canonical';
import type { GameEvent } from './game';
import { isPlayer, type PlayerId, type Viewer } from './ids';

export const SEAL_VERSION = 2;
const Hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 hex digest');

/** What a sealed event's hash commits to instead of its payload. */
export const SealSchema = z
  .object({
    v: z.literal(SEAL_VERSION),
    /** sha256(salt(judge) ‖ canonical(payload)) */
    payload: Hex64,
    /** viewer → sha256(salt(viewer) ‖ canonical(viewEvent(event, viewer).payload)), for `public` and every seat. */
    views: z.record(z.string(), Hex64),
  })
  .strict();
export type Seal = z.infer<typeof SealSchema>;
export const SaltSchema = Hex64;

/**
 * The hashes sealing runs per event (a salt and a commitment per view): pure JS by default, so the engine stays
 * browser-safe; a server injects native ones (store `nodeSealHashes`), which must give the same hex, byte for byte.
 */
export interface SealHashes {
  /** Hex SHA-256 of a UTF-8 string. */
  sha256Hex(text: string): string;
  /** Hex HMAC-SHA-256 of a UTF-8 message under `key`. */
  hmacSha256Hex(key: Uint8Array, message: string): string;
}

export const pureSealHashes: SealHashes = {
  sha256Hex,
  hmacSha256Hex: (key, message) => bytesToHex(hmac(sha256, key, utf8ToBytes(message))),
};

/** The commitment key of a match: from its secret seed, revealed with it in MatchEnded. */
export function commitKey(seed: string): Uint8Array {
  return hkdf(
    sha256,
    utf8ToBytes(seed),
    utf8ToBytes('matchtape-commit'),
    'matchtape commit v2: payload salts',
    32,
  );
}

/** The key as a full copy's header carries it (hex), and back. */
export function commitKeyHex(seed: string): string {
  return bytesToHex(commitKey(seed));
}
export function commitKeyFromHex(hex: string): Uint8Array {
  return hexToBytes(hex);
}

/** The salt of one commitment: `label` is `judge` for the full payload, else the viewer whose view it is. */
export function sealSalt(
  key: Uint8Array,
  matchId: string,
  seq: number,
  label: Viewer,
  hashes: SealHashes = pureSealHashes,
): string {
  return hashes.hmacSha256Hex(key, canonicalJson([matchId, seq, label]));
}

export function commitment(salt: string, value: unknown, hashes: SealHashes = pureSealHashes): string {
  return hashes.sha256Hex(`${salt}${canonicalJson(value)}`);
}

/** The viewers a match seals for: the public and every seat. */
export function sealViewers(players: readonly PlayerId[]): Viewer[] {
  return ['public', ...players];
}

interface Sealable {
  matchId: string;
  seq: number;
  type: string;
  payload: Record<string, unknown>;
}

export type ViewEventFn = <E extends GameEvent>(event: E, viewer: Viewer) => E;

/** What the hash of `e` commits to, given the game's redaction, the match's viewers and key. */
export function sealEvent(
  viewEvent: ViewEventFn,
  viewers: readonly Viewer[],
  key: Uint8Array,
  e: Sealable,
  hashes: SealHashes = pureSealHashes,
): Seal {
  const views: Record<string, string> = {};
  for (const v of viewers)
    views[v] = commitment(sealSalt(key, e.matchId, e.seq, v, hashes), viewEvent(e, v).payload, hashes);
  return {
    v: SEAL_VERSION,
    payload: commitment(sealSalt(key, e.matchId, e.seq, 'judge', hashes), e.payload, hashes),
    views,
  };
}

/** Seals events for a store or chainEvents (their Sealer) with the match key the seed gives. */
export function sealerFor(
  game: { viewEvent: ViewEventFn },
  viewers: readonly Viewer[],
  seed: string,
  hashes: SealHashes = pureSealHashes,
): (e: Sealable) => Seal {
  const key = commitKey(seed);
  const viewEvent: ViewEventFn = (e, v) => game.viewEvent(e, v);
  return (e) => sealEvent(viewEvent, viewers, key, e, hashes);
}

/** The viewers a sealed event was sealed for: `public` first, then the seats in order. */
export function viewersOfSeal(seal: Seal): Viewer[] {
  const seats = Object.keys(seal.views)
    .filter(isPlayer)
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  return ['public', ...seats];
}

/**
 * Opens a sealed event of a full copy: every commitment must be the one its salt gives for this payload and for
 * what `viewEvent` makes of it. Null when all open, else what did not.
 */
export function openSeal(
  viewEvent: ViewEventFn,
  key: Uint8Array,
  e: Sealable & { seal: Seal },
): string | null {
  // The payload first: it needs no game code, so a changed payload is named even when the game cannot redact it.
  if (commitment(sealSalt(key, e.matchId, e.seq, 'judge'), e.payload) !== e.seal.payload)
    return 'the payload does not open its commitment (seal.payload): it was changed';
  let expected: Seal;
  try {
    expected = sealEvent(viewEvent, viewersOfSeal(e.seal), key, e);
  } catch (err) {
    return `the game could not redact the payload to open the views' commitments: ${(err as Error).message}`;
  }
  const sealed = Object.keys(e.seal.views).sort().join(',');
  const want = Object.keys(expected.views).sort().join(',');
  if (sealed !== want) return `the seal commits to the views ${sealed}, expected ${want}`;
  for (const v of Object.keys(expected.views)) {
    if (expected.views[v] !== e.seal.views[v])
      return `the ${v} view of the payload does not open its commitment (seal.views.${v})`;
  }
  return null;
}

/**
 * Checks a sealed event of a copy redacted for `viewer`: its payload with the salt it carries opens
 * `seal.views[viewer]`; with the match key (after the end), the salt is also the one the key gives.
 */
export function checkRedactedSeal(
  viewer: Viewer,
  e: Sealable & { seal: Seal; salt?: string },
  key: Uint8Array | null,
): string | null {
  const sealed = e.seal.views[viewer];
  if (sealed === undefined) return `the seal has no commitment for the ${viewer} view`;
  if (e.salt === undefined) return `a redacted event carries the salt of its view (salt); this one has none`;
  if (key && sealSalt(key, e.matchId, e.seq, viewer) !== e.salt)
    return `the salt is not the one the revealed key gives for the ${viewer} view`;
  if (commitment(e.salt, e.payload) !== sealed)
    return `the payload does not open the ${viewer} view's commitment (seal.views.${viewer}): it was changed`;
  return null;
}
