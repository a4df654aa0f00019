// Where the site reaches the Matchtape server from its own process (the /api proxy, the match page's existence
// check): MATCHTAPE_API_URL if set, else http://127.0.0.1:${MATCHTAPE_PORT:-4000}. Read at request time, so one
// build serves any server.
export function upstreamBase(): string {
  const explicit = process.env.MATCHTAPE_API_URL;
  if (explicit) return explicit.replace(/\/+$/, '');
  return `http://127.0.0.1:${process.env.MATCHTAPE_PORT ?? '4000'}`;
}

/**
 * Whether the server knows the match: false only on its 404; null when the server cannot say (unreachable,
 * another error), so the page still renders and offers a retry.
 */
export async function matchExists(matchId: string): Promise<boolean | null> {
  try {
    const res = await fetch(`${upstreamBase()}/api/matches/${encodeURIComponent(matchId)}`, {
      cache: 'no-store',
      // Long enough for a busy server (a loaded 2-core CI machine took over 5 s); past it the page renders and
      // says itself that the server cannot be reached.
      signal: AbortSignal.timeout(15_000),
    });
    if (res.status === 404) return false;
    return res.ok ? true : null;
  } catch {
    return null;
  }
}
