// Response headers every answer carries, and the check that refuses text Postgres cannot store before any
// handler sees it (a NUL in an id, a name or a command would otherwise surface as a 500 from the database).
import { hasQueryToken } from './redact';

/** Largest value of a Postgres `integer` column (seq, delays): query numbers past it are refused with a 400. */
export const MAX_INT = 2_147_483_647;

/**
 * Headers for every API response. The API serves JSON, JSONL and SSE only: nothing may frame it, run scripts
 * from it or sniff it into HTML, and a `?token=` URL must never leave in a Referer.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/**
 * Cache policy by request: anything sent with a token (seat, judge, coverage views, commands) or creating a
 * match (the answer holds seat tokens) is `no-store`; anonymous reads may be kept but must be revalidated (a
 * delayed feed moves on), and vary by Authorization so a shared cache never hands them to a token holder.
 */
export function cacheHeaders(req: {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  url: string;
}): Record<string, string> {
  const tokenBearing =
    req.headers.authorization !== undefined || hasQueryToken(req.url) || req.method !== 'GET';
  return tokenBearing
    ? { 'cache-control': 'no-store', pragma: 'no-cache' }
    : { 'cache-control': 'no-cache', vary: 'Authorization' };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with one string, or null. */
function badText(s: string): string | null {
  if (s.includes('\u0000')) return 'contains a NUL character (U+0000)';
  if (LONE_SURROGATE.test(s)) return 'contains an unpaired UTF-16 surrogate (not valid Unicode)';
  return null;
}

/** How deeply a request's JSON may nest: commands and decks need a handful of levels; deeper is an attack. */
export const MAX_DEPTH = 32;

/**
 * The first problem in a parsed request part, as "<where> <what>", or null: a string (key or value) that cannot
 * be stored as text, or nesting past MAX_DEPTH (which would also exhaust recursive code further on). Iterative,
 * so a hostile body cannot overflow the stack here either.
 */
export function findBadText(value: unknown, where: string): string | null {
  const todo: [unknown, string, number][] = [[value, where, 0]];
  while (todo.length > 0) {
    const [v, at, depth] = todo.pop()!;
    if (typeof v === 'string') {
      const bad = badText(v);
      if (bad) return `${at} ${bad}`;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH) return `${at} nests deeper than ${MAX_DEPTH} levels`;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) todo.push([v[i], `${at}[${i}]`, depth + 1]);
      continue;
    }
    const entries = Object.entries(v);
    for (const [k] of entries) {
      const badKey = badText(k);
      if (badKey) return `a key in ${at} ${badKey}`;
    }
    for (let i = entries.length - 1; i >= 0; i--)
      todo.push([entries[i]![1], `${at}.${entries[i]![0]}`, depth + 1]);
  }
  return null;
}
