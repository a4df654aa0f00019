// Live gateway internals that HTTP tests cannot reach deterministically: a reader that never drains is
// dropped once its queue passes the bound, and idle streams get heartbeats.
import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { EventStore } from '@matchtape/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineHost } from '../src/host/engine-host';
import { LiveGateway } from '../src/live/gateway';
import { accessFor } from '../src/viewers';
import { coinRaceTable, recordingResponse } from '../src/testing/response';

const stuckResponse = (reads = false, highWaterMark = 1 << 30) => recordingResponse(reads, highWaterMark);

/**
 * A response that keeps the chunks of each write the socket would make: one write per `_write`, or one per
 * `_writev` when corked writes leave together. Writes complete at once, so an uncorked write is never batched.
 */
function batchingResponse(): { res: ServerResponse; writes: (Buffer | string)[][] } {
  const writes: (Buffer | string)[][] = [];
  const w = new Writable({
    decodeStrings: false,
    write(chunk: Buffer | string, _enc, cb) {
      writes.push([chunk]);
      cb();
    },
    writev(chunks, cb) {
      writes.push(chunks.map((c) => c.chunk as Buffer | string));
      cb();
    },
  });
  Object.assign(w, { writeHead: () => w });
  return { res: w as unknown as ServerResponse, writes };
}

let store: EventStore;
let host: EngineHost;
let match: (spectatorDelaySeconds?: number) => Promise<string>;
beforeAll(async () => {
  ({ store, host, match } = await coinRaceTable());
});
afterAll(() => store.close());

describe('live gateway', () => {
  it('drops a client whose unread queue passes the bound, and keeps serving others', async () => {
    // The bound is above one frame (a sealed event carries its commitments) and below the match's backlog.
    const gw = new LiveGateway(store, host, null, { maxBufferBytes: 4096, heartbeatMs: 60_000 });
    await gw.start();
    const id = await match();
    const rec = (await store.getMatch(id))!;
    const fine = stuckResponse(true, 128);
    await gw.serve(fine, rec, accessFor(rec, 'public', null), 0);
    const slow = stuckResponse();
    await gw.serve(slow, rec, accessFor(rec, 'public', null), 0);
    expect(gw.dropped).toBe(1);
    expect(slow.destroyed).toBe(true);
    expect(gw.connections).toBe(1);
    expect(fine.destroyed).toBe(false);
    for (let i = 0; i < 200 && (fine.text().match(/^id: /gm)?.length ?? 0) < rec.lastSeq; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(fine.text().match(/^id: /gm)?.length).toBe(rec.lastSeq);
    await gw.stop();
  });

  it('follows backpressure: a reader slower than the backlog gets everything; one that never drains is dropped after the stall limit', async () => {
    const gw = new LiveGateway(store, host, null, { maxBufferBytes: 1024, heartbeatMs: 60_000, stallMs: 50 });
    await gw.start();
    const id = await match();
    const rec = (await store.getMatch(id))!;
    const reader = stuckResponse(true, 256);
    await gw.serve(reader, rec, accessFor(rec, 'judge', null), 0);
    const stuck = stuckResponse(false, 256);
    await gw.serve(stuck, rec, accessFor(rec, 'judge', null), 0);
    for (
      let i = 0;
      i < 200 && (gw.dropped === 0 || (reader.text().match(/^id: /gm)?.length ?? 0) < rec.lastSeq);
      i++
    )
      await new Promise((r) => setTimeout(r, 10));
    expect(reader.text().match(/^id: /gm)?.length).toBe(rec.lastSeq);
    expect(reader.text().length).toBeGreaterThan(1024); // more than the bound, delivered as the reader drained
    expect(stuck.destroyed).toBe(true);
    expect(gw.dropped).toBe(1);
    await gw.stop();
  });

  it('sends heartbeats on an idle stream', async () => {
    const gw = new LiveGateway(store, host, null, { maxBufferBytes: 1 << 20, heartbeatMs: 20 });
    await gw.start();
    const id = await match();
    const rec = (await store.getMatch(id))!;
    const res = stuckResponse(true);
    await gw.serve(res, rec, accessFor(rec, 'judge', null), rec.lastSeq);
    await new Promise((r) => setTimeout(r, 120));
    expect(res.text()).toMatch(/: heartbeat\n\n/);
    expect(gw.dropped).toBe(0);
    // Shutdown ends open streams, so the server can close and clients reconnect elsewhere.
    await gw.stop();
    expect(res.writableEnded).toBe(true);
  });

  it('reports a failed background read of a feed with the match id instead of swallowing it', async () => {
    // The real store, with reads that can be made to fail (Postgres gone while a feed catches up).
    let failing = false;
    const flaky = new Proxy(store, {
      get(target, key, receiver) {
        if (key === 'readStream' && failing) return () => Promise.reject(new Error('store gone'));
        const v: unknown = Reflect.get(target, key, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const reported: { matchId: string; what: string; message: string }[] = [];
    const gw = new LiveGateway(flaky, host, null, {
      heartbeatMs: 60_000,
      onError: (err, matchId, what) => reported.push({ matchId, what, message: (err as Error).message }),
    });
    await gw.start();
    const id = await match();
    const rec = (await store.getMatch(id))!;
    await gw.serve(stuckResponse(true), rec, accessFor(rec, 'judge', null), 0);
    failing = true;
    // An append this instance hears of past a gap: the feed re-reads the store, which fails.
    host.emit('appended', id, [{ ...(await store.readStream(id)).at(-1)!, seq: rec.lastSeq + 5 }]);
    for (let i = 0; i < 200 && reported.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(reported[0]).toEqual({
      matchId: id,
      what: 're-reading the store after a gap',
      message: 'store gone',
    });
    failing = false;
    await gw.stop();
  });
});

describe('live gateway writes', () => {
  it('writes a backlog to a socket in one corked write, each frame one Buffer shared by the clients of a viewer', async () => {
    const gw = new LiveGateway(store, host, null, { heartbeatMs: 60_000 });
    await gw.start();
    const id = await match();
    const rec = (await store.getMatch(id))!;
    const a = batchingResponse();
    const b = batchingResponse();
    await gw.serve(a.res, rec, accessFor(rec, 'public', null), 0);
    await gw.serve(b.res, rec, accessFor(rec, 'public', null), 0);
    for (const r of [a, b]) {
      // The stream's opening, then the whole backlog together.
      expect(r.writes.length).toBeGreaterThanOrEqual(2);
      expect(r.writes[1]).toHaveLength(rec.lastSeq);
    }
    for (let seq = 1; seq <= rec.lastSeq; seq++) {
      const frame = a.writes[1]![seq - 1]!;
      expect(Buffer.isBuffer(frame)).toBe(true);
      expect(frame.toString()).toMatch(new RegExp(`^id: ${seq}\nevent: event\n`));
      expect(b.writes[1]![seq - 1]).toBe(frame); // encoded once, not once per socket
    }
    // A judge sees another view of the same events: its own frames.
    const judge = batchingResponse();
    await gw.serve(judge.res, rec, accessFor(rec, 'judge', null), 0);
    expect(judge.writes[1]![0]).not.toBe(a.writes[1]![0]);
    await gw.stop();
  });

  it.each([
    ['one append brings', false],
    // The bus hands a command's events over one message at a time: still one pass and one write per socket.
    ['that arrive one by one in one turn of the event loop', true],
  ])('writes the events %s to an open stream in one write per socket', async (_what, oneByOne) => {
    const id = await match();
    const rec = (await store.getMatch(id))!;
    const events = await store.readStream(id);
    const upTo = rec.lastSeq - 3;
    // The store as it was three events before the end; the host then announces those three together (one append).
    let partial = true;
    const earlier = new Proxy(store, {
      get(target, key, receiver) {
        if (key === 'readStream' && partial)
          return async (m: string, o?: { from?: number }) =>
            (await target.readStream(m, o)).filter((e) => e.seq <= upTo);
        const v: unknown = Reflect.get(target, key, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const gw = new LiveGateway(earlier, host, null, { heartbeatMs: 60_000 });
    await gw.start();
    const r = batchingResponse();
    await gw.serve(r.res, rec, accessFor(rec, 'public', null), upTo);
    expect(r.writes).toHaveLength(1); // the stream's opening; nothing new yet
    partial = false;
    if (oneByOne) for (const e of events.slice(upTo)) host.emit('appended', id, [e]);
    else host.emit('appended', id, events.slice(upTo));
    for (let i = 0; i < 200 && r.writes.length < 2; i++) await new Promise((res) => setTimeout(res, 10));
    const ids = (w: (Buffer | string)[]) => w.map(String).flatMap((f) => /^id: (\d+)/.exec(f)?.[1] ?? []);
    expect(ids(r.writes[1]!)).toEqual([String(upTo + 1), String(upTo + 2), String(upTo + 3)]);
    await gw.stop();
  });
});
