// openLive against a real HTTP server: the stream is cut, the reader reconnects by itself with Last-Event-ID
// set to the last seq it holds, and a 403 stops it for good.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openLive, type LiveStatus, type SseMessage } from './sse';

let server: Server | null = null;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

async function serve(
  handler: (req: IncomingMessage, res: ServerResponse, n: number) => void,
): Promise<string> {
  let n = 0;
  server = createServer((req, res) => handler(req, res, ++n));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/live`;
}

const until = async (cond: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('openLive', () => {
  it('resumes after a dropped connection from the last seq held (Last-Event-ID)', async () => {
    const lastIds: (string | undefined)[] = [];
    const url = await serve((req, res, n) => {
      lastIds.push(req.headers['last-event-id'] as string | undefined);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const from = Number(req.headers['last-event-id'] ?? 0);
      for (let s = from + 1; s <= from + 2; s++) res.write(`id: ${s}\nevent: event\ndata: {"seq":${s}}\n\n`);
      if (n === 1)
        setTimeout(() => res.destroy(), 200); // the connection drops once the client has read
      else res.end(`event: end\ndata: {"lastSeq":${from + 2}}\n\n`);
    });
    const held: number[] = [];
    const statuses: LiveStatus['kind'][] = [];
    let ended = false;
    const close = openLive({
      url,
      headers: { authorization: 'Bearer t' },
      lastSeq: () => held[held.length - 1] ?? 0,
      onMessages: (ms: SseMessage[]) => {
        for (const m of ms) {
          if (m.event === 'end') ended = true;
          else held.push((JSON.parse(m.data) as { seq: number }).seq);
        }
      },
      onStatus: (s) => statuses.push(s.kind),
      finished: () => ended,
    });
    await until(() => statuses.includes('closed'));
    close();
    expect(held).toEqual([1, 2, 3, 4]);
    expect(lastIds).toEqual([undefined, '2']);
    expect(statuses).toContain('reconnecting');
  });

  it('stops on a refusal it cannot fix and says why', async () => {
    let calls = 0;
    const url = await serve((_req, res) => {
      calls += 1;
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'forbidden_view', message: 'the judge view needs a judge token' }));
    });
    const statuses: LiveStatus[] = [];
    const close = openLive({
      url,
      headers: {},
      lastSeq: () => 0,
      onMessages: () => {},
      onStatus: (s) => statuses.push(s),
    });
    await until(() => statuses.some((s) => s.kind === 'failed'));
    await new Promise((r) => setTimeout(r, 700));
    close();
    expect(calls).toBe(1);
    expect(statuses.find((s) => s.kind === 'failed')).toEqual({
      kind: 'failed',
      status: 403,
      reason: 'the judge view needs a judge token',
    });
  });
});
