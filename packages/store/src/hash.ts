// The server side's SHA-256: Node's native one (several times faster than the engine's pure-JS hash, which stays
// for the browser). Injected into the engine's chainEvents/verifyChain; both produce the same hex digests.
import { createHash, createHmac } from 'node:crypto';
import type { SealHashes, Sha256Hex } from '@matchtape/engine';

export const nodeSha256: Sha256Hex = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Sealing's hashes (engine seal.ts) on Node's native crypto: a MatchSession's `sealHashes` on the server. */
export const nodeSealHashes: SealHashes = {
  sha256Hex: nodeSha256,
  hmacSha256Hex: (key, message) => createHmac('sha256', key).update(message, 'utf8').digest('hex'),
};
