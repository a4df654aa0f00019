// Next 16's proxy (formerly middleware): a fresh CSP nonce for every page request (issue 21). Next reads the
// nonce from the request's Content-Security-Policy header while rendering and puts it on its own bootstrap and
// chunk scripts; 'strict-dynamic' lets those scripts load the rest. So no 'unsafe-inline' and no 'unsafe-eval'
// for scripts (zod runs jitless: instrumentation-client.ts). Pages render per request (app/layout.tsx), since a
// prerendered page would carry no nonce.
import { NextResponse, type NextRequest } from 'next/server';

/** Whether a page may be framed by other sites: only the embeddable replay player, /embed/ID (issue 24). */
export function isEmbedPath(pathname: string): boolean {
  return pathname === '/embed' || pathname.startsWith('/embed/');
}

/**
 * Who may frame /embed: MATCHTAPE_EMBED_FRAME_ANCESTORS (CSP source list, e.g. "https://news.example 'self'"), else
 * anyone. Characters that would end the directive or the header are refused: the default stands then.
 */
export function embedFrameAncestors(configured = process.env.MATCHTAPE_EMBED_FRAME_ANCESTORS): string {
  const v = configured?.trim();
  return v && /^[^;,\r\n]+$/.test(v) ? v : '*';
}

/** The site's CSP for one response; `nonce` is base64. Exported for the e2e test's expectations. */
export function contentSecurityPolicy(
  nonce: string,
  dev = process.env.NODE_ENV === 'development',
  frameAncestors = "'none'",
): string {
  return [
    "default-src 'self'",
    // Development: React's dev build evaluates code for its stacks, and HMR talks over a websocket.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    // React style props and the overlays' inline <style> (transparent OBS pages) are inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // The API is proxied same-origin and SSE is read with fetch (/api/…/live, POST /live).
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

export function proxy(request: NextRequest): NextResponse {
  const nonce = btoa(crypto.randomUUID());
  // Every page refuses frames (with X-Frame-Options: DENY from next.config.ts) but the embed player.
  const csp = contentSecurityPolicy(
    nonce,
    undefined,
    isEmbedPath(request.nextUrl.pathname) ? embedFrameAncestors() : "'none'",
  );
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only: /api and /live are route handlers (JSON and SSE, their CSP is in next.config.ts and they
      // stream request bodies the proxy would otherwise buffer); static files need no nonce. Router prefetches
      // are not documents.
      source: '/((?!api/|live$|_next/static|_next/image|icon.svg|favicon.ico).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
