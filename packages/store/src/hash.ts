// The server side's SHA-256: Node's native one (several times faster than the engine's pure-JS hash, which stays
// for the browser). Injected into the engine's chainEvents/verifyChain; both produce the same hex digests.
import { createHash } from 'node:crypto';
import type { Sha256Hex } from '@matchtape/engine';

export const nodeSha256: Sha256Hex = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
