// Live gateway internals that HTTP tests cannot reach deterministically: a reader that never drains is
// dropped once its queue passes the bound, and idle streams get heartbeats.
import { Writable } from 'node:stream';
import type { ServerResponse } from 'node:http';
import { coinRace } from '@matchtape/engine/testing/fixture-game';
import { openStore, type EventStore } from '@matchtape/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineHost } from '../src/host/engine-host';
import { registryOf } from '../src/games';
import { LiveGateway } from '../src/live/gateway';
import { accessFor } from '../src/viewers';

/**
 * A response whose client never reads (writes queue up forever), or one that reads everything; `highWaterMark`
 * is the socket's buffer before write() asks to wait for 'drain'; a reader reads asynchronously.
 */
function stuckResponse(reads = false, highWaterMark = 1 << 30): ServerResponse & { text: () => string } {
  const chunks: string[] = [];
  const w = new Writable({
    highWaterMark,
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk.toString());
      if (reads) setImmediate(cb); // else never calls back: the queue only grows
    },
  }) as unknown as ServerResponse & { text: () => string };
  Object.assign(w, { writeHead: () => w, text: () => chunks.join('') });
  return w;
}

let store: EventStore;
let host: EngineHost;
beforeAll(async () => {
  store = await openStore({ dataDir: 'memory://' });
  host = new EngineHost(store, registryOf({ [coinRace.id]: coinRace }));
});
afterAll(() => store.close());

async function match(): Promise<string> {
  const { matchId } = await host.createMatch({
    game: 'coin-race',
    players: [
      { name: 'a', deck: coinRace.presetDecks.low! },
      { name: 'b', deck: coinRace.presetDecks.high! },
    ],
    spectatorDelaySeconds: 0,
    coverageDelaySeconds: 0,
    revealPolicy: 'hidden',
  });
  return matchId;
}

describe('live gateway', () => {
  it('drops a client whose unread queue passes the bound, and keeps serving others', async () => {
    const gw = new LiveGateway(store, host, null, { maxBufferBytes: 600, heartbeatMs: 60_000 });
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
    for (let i = 0; i < 200 && (fine.text().match(/^id: /gm)?.length ?? 0) < rec.lastSeq; i++) await new Promise((r) => setTimeout(r, 10));
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
    for (let i = 0; i < 200 && (gw.dropped === 0 || (reader.text().match(/^id: /gm)?.length ?? 0) < rec.lastSeq); i++) await new Promise((r) => setTimeout(r, 10));
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
});
