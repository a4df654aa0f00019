// Structural sharing between two boards: every part of `next` that equals the same part of `prev` is replaced by
// prev's object, so components memoised on their props (a zone, a tile, a stat) skip frames where their part did
// not change. A scrub frame that moves one event changes one or two zones; without this every tile re-rendered.
// (The same idea as TanStack Query's replaceEqualDeep.)

type Plain = Record<string, unknown>;

function isPlain(v: unknown): v is Plain {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** `next` with every deep-equal part taken from `prev`; `prev` itself when the two are deep-equal. */
export function shareEqual<T>(prev: unknown, next: T): T {
  if (Object.is(prev, next)) return next;
  if (Array.isArray(prev) && Array.isArray(next)) {
    // Items with an id (tiles) are matched by id, so a card leaving the front of a zone does
    // not misalign the rest.
    const byId = new Map<string, unknown>();
    for (const item of prev as unknown[]) if (isPlain(item) && typeof item.id === 'string') byId.set(item.id, item);
    let same = prev.length === next.length;
    const out = next.map((item: unknown, i) => {
      const before = isPlain(item) && typeof item.id === 'string' && byId.has(item.id) ? byId.get(item.id) : prev[i];
      const shared = shareEqual(before, item);
      if (shared !== prev[i]) same = false;
      return shared;
    });
    return (same ? prev : out) as T;
  }
  if (isPlain(prev) && isPlain(next)) {
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(prev).length;
    const out: Plain = {};
    for (const k of keys) {
      const shared = shareEqual(prev[k], next[k]);
      if (!(k in prev) || shared !== prev[k]) same = false;
      out[k] = shared;
    }
    return (same ? prev : out) as T;
  }
  return next;
}
