// POST /live (app/live/route.ts) against a real HTTP server standing in for the Matchtape server: several
// matches' live streams come back as one SSE response, each frame keyed by its subscription, each upstream
// request carrying that subscription's token and resume point.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it } from 'vitest';
import { POST } from '../../app/live/route';
import { MuxFrameSchema, type MuxFrame } from './mux';
import { SseParser } from './sse';

let server: Server | null = null;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe('POST /live (one connection for many matches)', () => {
  it('multiplexes each subscription with its own token and Last-Event-ID, and ends each on its own', async () => {
    const seen: { url: string; auth: string | undefined; last: string | undefined }[] = [];
    process.env.MATCHTAPE_API_URL = await serve((req, res) => {
      seen.push({
        url: req.url!,
        auth: req.headers.authorization,
        last: req.headers['last-event-id'] as string | undefined,
      });
      const from = Number(req.headers['last-event-id'] ?? 0);
      const id = /matches\/([^/]+)\//.exec(req.url!)![1];
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        `id: ${from + 1}\nevent: event\ndata: {"matchId":"${id}","seq":${from + 1}}\n\nevent: end\ndata: {}\n\n`,
      );
    });
    const body = {
      subs: [
        { key: 'a', matchId: 'm-1', as: 'public', lastSeq: 0, token: null },
        { key: 'b', matchId: 'm-2', as: 'p1', lastSeq: 41, token: 'mt1.seat.token' },
      ],
    };
    const res = await POST(
      new NextRequest('http://site.test/live', {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const frames: MuxFrame[] = [];
    const parser = new SseParser();
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const closed = () =>
      ['a', 'b'].every((k) =>
        frames.some((f) => f.key === k && f.kind === 'status' && f.status.kind === 'closed'),
      );
    while (!closed()) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const m of parser.feed(value)) frames.push(MuxFrameSchema.parse(JSON.parse(m.data)) as MuxFrame);
    }
    await reader.cancel();
    const data = (k: string) =>
      frames.flatMap((f) =>
        f.key === k && f.kind === 'messages'
          ? f.batch.filter((m) => m.event === 'event').map((m) => JSON.parse(m.data) as unknown)
          : [],
      );
    expect(data('a')).toEqual([{ matchId: 'm-1', seq: 1 }]);
    expect(data('b')).toEqual([{ matchId: 'm-2', seq: 42 }]);
    expect(seen.find((s) => s.url.includes('m-2'))).toEqual({
      url: '/api/matches/m-2/live?as=p1',
      auth: 'Bearer mt1.seat.token',
      last: '41',
    });
    expect(seen.find((s) => s.url.includes('m-1'))).toEqual({
      url: '/api/matches/m-1/live?as=public',
      auth: undefined,
      last: undefined,
    });
  });

  it('refuses a malformed request with a message and opens nothing', async () => {
    let calls = 0;
    process.env.MATCHTAPE_API_URL = await serve((_req, res) => {
      calls += 1;
      res.end();
    });
    const res = await POST(
      new NextRequest('http://site.test/live', {
        method: 'POST',
        body: JSON.stringify({ subs: [{ key: 'a' }] }),
      }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^subs\.0\.matchId/);
    expect(calls).toBe(0);
  });
});
