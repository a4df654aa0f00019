// Canonical JSON (sorted keys, no whitespace) and SHA-256, shared by the store, the CLI and the browser.
// Pure JS hashing (@noble/hashes) so the site can verify replays without Node's crypto.
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Serialises a JSON value with object keys sorted, so equal values always hash equally. */
export function canonicalJson(value: unknown): string {
  return write(value, []);
}

/**
 * `path` is where `value` sits, as a stack of keys and indexes: every event of every append is written here, so the
 * path is only turned into text ("$.a[1]") when a value is refused. Keys sort by UTF-16 code units (Array#sort's
 * default, the same order as comparing with <), and a finite number's JSON is its String().
 */
function write(value: unknown, path: (string | number)[]): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value))
        throw new TypeError(`canonicalJson: ${where(path)} is ${value}; only finite numbers are JSON`);
      return String(value);
    case 'string':
      return quote(value);
    case 'object': {
      // Dates and other values with toJSON hash as JSON.stringify would store them.
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
        return write((value as { toJSON: () => unknown }).toJSON(), path);
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          // A hole in a sparse array, like an undefined item, is written as null, as JSON.stringify does.
          const item: unknown = value[i];
          path.push(i);
          out += (i === 0 ? '' : ',') + (item === undefined ? 'null' : write(item, path));
          path.pop();
        }
        return out + ']';
      }
      const record = value as Record<string, unknown>;
      let out = '{';
      for (const key of Object.keys(record).sort()) {
        const member = record[key];
        if (member === undefined) continue;
        path.push(key);
        out += (out.length === 1 ? '' : ',') + quote(key) + ':' + write(member, path);
        path.pop();
      }
      return out + '}';
    }
    default:
      throw new TypeError(
        `canonicalJson: ${where(path)} is a ${typeof value}; only JSON values can be hashed`,
      );
  }
}

/** Characters JSON.stringify escapes: controls, quote, backslash, and surrogates (a lone one is written as \\u…). */
const ESCAPED = /[\u0000-\u001f"\\\ud800-\udfff]/;

/** JSON.stringify of a string, without its call for the common string that needs no escape. */
function quote(text: string): string {
  return ESCAPED.test(text) ? JSON.stringify(text) : `"${text}"`;
}

function where(path: readonly (string | number)[]): string {
  let text = '$';
  for (const p of path) text += typeof p === 'number' ? `[${p}]` : `.${p}`;
  return text;
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
