// Live gateway internals that HTTP tests cannot reach deterministically: a reader that never drains is
// dropped once its queue passes the bound, and idle streams get heartbeats.
import type { EventStore } from '@matchtape/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineHost } from '../src/host/engine-host';
import { LiveGateway } from '../src/live/gateway';
import { accessFor } from '../src/viewers';
import { coinRaceTable, recordingResponse } from '../src/testing/response';

const stuckResponse = (reads = false, highWaterMark = 1 << 30) => recordingResponse(reads, highWaterMark);

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
