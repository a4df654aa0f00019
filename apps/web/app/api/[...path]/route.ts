// Proxies /api/* to the Matchtape server at request time (MATCHTAPE_API_URL, else
// http://127.0.0.1:${MATCHTAPE_PORT:-4000}). Streams both ways, so the SSE live route passes through unbuffered,
// and a closed browser connection closes the upstream one.
import type { NextRequest } from 'next/server';
import { upstreamBase } from '../../../src/server/upstream';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'accept-encoding',
]);

async function proxy(req: NextRequest): Promise<Response> {
  const url = new URL(req.url);
  const target = `${upstreamBase()}${url.pathname}${url.search}`;
  const headers = new Headers();
  req.headers.forEach((v, k) => {
    if (!HOP_BY_HOP.has(k)) headers.set(k, v);
  });
  // The server builds site links (oEmbed's iframe) on the origin the browser used; a proxy in front may have said.
  if (!headers.has('x-forwarded-host')) headers.set('x-forwarded-host', req.headers.get('host') ?? url.host);
  if (!headers.has('x-forwarded-proto')) headers.set('x-forwarded-proto', url.protocol.replace(':', ''));
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  let res: Response;
  try {
    res = await fetch(target, {
      method: req.method,
      headers,
      body: hasBody ? await req.arrayBuffer() : undefined,
      signal: req.signal,
      redirect: 'manual',
      cache: 'no-store',
    });
  } catch (_e) {
    return Response.json(
      {
        error: 'upstream_unreachable',
        message: `The Matchtape server at ${upstreamBase()} cannot be reached; start it (npx tsx apps/server/src/main.ts) or set MATCHTAPE_PORT.`,
      },
      { status: 502 },
    );
  }
  const out = new Headers();
  res.headers.forEach((v, k) => {
    if (!HOP_BY_HOP.has(k) && k !== 'content-encoding') out.set(k, v);
  });
  if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    // no-transform keeps Next's compression from buffering the stream.
    out.set('cache-control', 'no-cache, no-transform');
    out.set('x-accel-buffering', 'no');
  }
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers: out });
}

export const GET = proxy;
export const POST = proxy;
export const PUT = proxy;
export const PATCH = proxy;
export const DELETE = proxy;
