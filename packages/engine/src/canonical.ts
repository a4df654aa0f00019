// Canonical JSON (sorted keys, no whitespace) and SHA-256, shared by the store, the CLI and the browser.
// Pure JS hashing (@noble/hashes) so the site can verify replays without Node's crypto.
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Serialises a JSON value with object keys sorted, so equal values always hash equally. */
export function canonicalJson(value: unknown): string {
  return write(value, '$');
}

function write(value: unknown, path: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value))
        throw new TypeError(`canonicalJson: ${path} is ${value}; only finite numbers are JSON`);
      return JSON.stringify(value);
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      // Dates and other values with toJSON hash as JSON.stringify would store them.
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
        return write((value as { toJSON: () => unknown }).toJSON(), path);
      // Array.from, not map: holes in a sparse array are written as null, as JSON.stringify does.
      if (Array.isArray(value))
        return `[${Array.from(value, (v, i) => write(v === undefined ? null : v, `${path}[${i}]`)).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${write(v, `${path}.${k}`)}`).join(',')}}`;
    }
    default:
      throw new TypeError(`canonicalJson: ${path} is a ${typeof value}; only JSON values can be hashed`);
  }
}

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

export function sha256Bytes(text: string): Uint8Array {
  return sha256(utf8ToBytes(text));
}

/** Deep structural equality over JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
