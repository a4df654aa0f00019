// POST /live: the server's live streams for several matches, multiplexed into one SSE response (src/lib/mux.ts).
// Each subscription is an ordinary reconnecting reader of /api/matches/:id/live with the viewer's token, run here
// in the site's process, where there is no six-connection limit; the browser holds one connection for all.
import type { NextRequest } from 'next/server';
import { MuxRequestSchema, muxFrameText } from '../../src/lib/mux';
import { openLive } from '../../src/lib/sse';
import { upstreamBase } from '../../src/server/upstream';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function POST(req: NextRequest): Promise<Response> {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return Response.json(
      { error: 'malformed_json', message: 'send {"subs": [{ key, matchId, as, lastSeq, token? }]} as JSON' },
      { status: 400 },
    );
  }
  const parsed = MuxRequestSchema.safeParse(body);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    return Response.json(
      { error: 'bad_request', message: `${i.path.join('.') || 'request'}: ${i.message}` },
      { status: 400 },
    );
  }
  const enc = new TextEncoder();
  const closers: (() => void)[] = [];
  let closed = false;
  const closeAll = () => {
    if (closed) return;
    closed = true;
    for (const c of closers) c();
  };
  req.signal.addEventListener('abort', closeAll);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(enc.encode(text));
        } catch {
          closeAll();
        }
      };
      send(': matchtape live multiplex\n\n');
      // Keeps proxies and the browser from timing out an idle connection (a match waiting for a player).
      const ping = setInterval(() => send(': ping\n\n'), 15_000);
      closers.push(() => clearInterval(ping));
      for (const sub of parsed.data.subs) {
        let last = sub.lastSeq;
        let ended = false;
        const url = `${upstreamBase()}/api/matches/${encodeURIComponent(sub.matchId)}/live?as=${encodeURIComponent(sub.as)}${sub.follow ? '&follow=side' : ''}`;
        closers.push(
          openLive({
            url,
            headers: sub.token ? { authorization: `Bearer ${sub.token}` } : {},
            lastSeq: () => last,
            // A following stream reconnects after the end too: it is there for what casters add later.
            finished: () => ended && !sub.follow,
            onMessages: (batch) => {
              for (const m of batch) {
                if (m.event === 'end') ended = true;
                else if (m.id !== null && /^\d+$/.test(m.id)) last = Math.max(last, Number(m.id));
              }
              send(muxFrameText({ kind: 'messages', key: sub.key, batch }));
            },
            onStatus: (status) => send(muxFrameText({ kind: 'status', key: sub.key, status })),
          }),
        );
      }
    },
    cancel() {
      closeAll();
    },
  });
  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}
