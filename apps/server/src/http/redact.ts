// Tokens may travel in ?token= (EventSource and OBS cannot set headers): they never reach the log. A query
// parameter is matched by what it decodes to, in any case and encoding (`?%74oken=`, `?TOKEN=`, `?token%3D…`),
// since a refused request is logged too.

/** Percent-decodes what decodes; a broken escape is left as it is (the rest of the part still decodes). */
function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s.replace(/(%[0-9A-Fa-f]{2})+/g, (m) => {
      try {
        return decodeURIComponent(m);
      } catch {
        return m;
      }
    });
  }
}

/** True when a query part (`key=value`, or a bare key) is, or may be, a token parameter. */
function isTokenPart(part: string): boolean {
  let s = part;
  // Decoded repeatedly: `%2574oken` is `%74oken` is `token` to a client that decodes twice.
  for (let i = 0; i < 3; i++) {
    const d = safeDecode(s);
    if (d === s) break;
    s = d;
  }
  return /token/i.test(s);
}

/** The URL with the value of every token-like query parameter replaced by `…`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url.slice(q + 1).split(/([&;])/);
  const out = parts.map((p, i) => {
    if (i % 2 === 1 || !isTokenPart(p)) return p;
    const eq = p.indexOf('=');
    const key = eq < 0 ? p : p.slice(0, eq);
    // A key that is itself token-like carries its value after `=`; one that hides the `=` (token%3D…) goes whole.
    return isTokenPart(key) && !/%3d/i.test(key) ? `${key}=…` : '…';
  });
  return url.slice(0, q + 1) + out.join('');
}

/** True when the URL carries a token-like query parameter (its answer must not be cached). */
export function hasQueryToken(url: string): boolean {
  return redactUrl(url) !== url;
}
