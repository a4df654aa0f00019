// Side streams through the live gateway: frames reach exactly the viewers a stream's filter admits, when it
// admits them (a time lock waits on the viewer's delayed feed), in order, without an SSE id (Last-Event-ID stays
// the match seq), and a client that joins later gets the stream from the start.
import { coinRace } from '@matchtape/engine/testing/fixture-game';
import type { EventStore } from '@matchtape/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineHost } from '../src/host/engine-host';
import { LiveGateway } from '../src/live/gateway';
import { SideStreams } from '../src/side/side-streams';
import { accessFor } from '../src/viewers';
import { coinRaceTable, recordingResponse } from '../src/testing/response';

const reader = () => recordingResponse();
const frames = (r: { text: () => string }, event: string) =>
  r
    .text()
    .split('\n\n')
    .filter((b) => b.includes(`event: ${event}\n`));
async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!cond()) throw new Error(`timed out waiting for ${what}`);
}

let store: EventStore;
let host: EngineHost;
let match: (spectatorDelaySeconds?: number) => Promise<string>;
beforeAll(async () => {
  ({ store, host, match } = await coinRaceTable());
});
afterAll(() => store.close());

describe('side streams over the live gateway', () => {
  it('by default sends a side stream to judges only, live and to late joiners alike', async () => {
    const side = new SideStreams(store, null);
    const gw = new LiveGateway(store, host, null, { side, heartbeatMs: 60_000 });
    await gw.start();
    const id = await match();
    const rec = (await store.getMatch(id))!;
    const judge = reader();
    const pub = reader();
    await gw.serve(judge, rec, accessFor(rec, 'judge', null), 0);
    await gw.serve(pub, rec, accessFor(rec, 'public', null), 0);
    await side.append(id, 'disputes', [
      {
        type: 'DisputeOpened',
        author: { id: 'j1', role: 'judge' },
        payload: { seq: 1, claim: 'wrong draw' },
      },
    ]);
    await until(() => frames(judge, 'dispute').length === 1, 'the judge frame');
    const sent = JSON.parse(frames(judge, 'dispute')[0]!.split('data: ')[1]!) as {
      seq: number;
      stream: string;
      payload: { claim: string };
    };
    expect(sent).toMatchObject({ seq: 1, stream: 'disputes', payload: { claim: 'wrong draw' } });
    expect(frames(judge, 'dispute')[0]).not.toMatch(/^id: /m);
    const late = reader();
    await gw.serve(late, rec, accessFor(rec, 'judge', null), rec.lastSeq);
    await until(() => frames(late, 'dispute').length === 1, 'the late joiner frame');
    await until(() => (pub.text().match(/^id: /gm)?.length ?? 0) === rec.lastSeq, 'the public events');
    expect(frames(pub, 'dispute')).toEqual([]);
    await gw.stop();
  });

  it('holds a time-locked side event until the viewer’s delayed feed has passed its seq, then sends it after that event', async () => {
    const side = new SideStreams(store, null);
    side.setFilter('annotations', (e, v) => (v.seenSeq >= (e.payload.seq as number) ? { send: e } : 'wait'));
    const gw = new LiveGateway(store, host, null, { side, heartbeatMs: 60_000 });
    await gw.start();
    const id = await match(2);
    const rec = (await store.getMatch(id))!;
    expect(rec.lastSeq).toBeGreaterThanOrEqual(3);
    // The public feed releases each event two seconds after its `at`.
    const first = (await store.readStream(id, { from: 1, to: 1 }))[0]!;
    const firstReleased = Date.parse(first.at) + 2000;
    const pub = reader();
    const judge = reader();
    await gw.serve(pub, rec, accessFor(rec, 'public', null), 0);
    await gw.serve(judge, rec, accessFor(rec, 'judge', null), 0);
    await side.append(id, 'annotations', [
      {
        type: 'AnnotationAdded',
        author: { id: 'ana', role: 'coverage' },
        payload: { seq: 3, text: 'here it comes' },
      },
    ]);
    await until(() => frames(judge, 'annotation').length === 1, 'the judge annotation');
    // Before the public feed releases its first event it has no event and no annotation (a slow machine may
    // already be past that point; the order of frames below holds either way).
    if (Date.now() < firstReleased) {
      expect(pub.text()).not.toMatch(/^id: /m);
      expect(frames(pub, 'annotation')).toEqual([]);
    }
    await until(() => frames(pub, 'annotation').length === 1, 'the public annotation');
    const blocks = pub.text().split('\n\n');
    const at = blocks.findIndex((b) => b.includes('event: annotation'));
    const third = blocks.findIndex((b) => b.startsWith('id: 3\n'));
    expect(third).toBeGreaterThanOrEqual(0);
    expect(at).toBeGreaterThan(third);
    await gw.stop();
  });

  it('a filter that says never keeps the event from that viewer for good, and narrowed copies are what is sent', async () => {
    const side = new SideStreams(store, null);
    side.setFilter('annotations', (e, v) =>
      v.access.role === 'public' ? 'never' : { send: { ...e, payload: { ...e.payload, secret: undefined } } },
    );
    const gw = new LiveGateway(store, host, null, { side, heartbeatMs: 60_000 });
    await gw.start();
    const id = await match();
    const rec = (await store.getMatch(id))!;
    const pub = reader();
    const judge = reader();
    await gw.serve(pub, rec, accessFor(rec, 'public', null), 0);
    await gw.serve(judge, rec, accessFor(rec, 'judge', null), 0);
    await side.append(id, 'annotations', [
      {
        type: 'AnnotationAdded',
        author: { id: 'ana', role: 'coverage' },
        payload: { seq: 1, text: 'a', secret: 'x' },
      },
      { type: 'AnnotationAdded', author: { id: 'bo', role: 'coverage' }, payload: { seq: 2, text: 'b' } },
    ]);
    await until(() => frames(judge, 'annotation').length === 2, 'both judge annotations');
    expect(
      frames(judge, 'annotation').map((f) => (JSON.parse(f.split('data: ')[1]!) as { seq: number }).seq),
    ).toEqual([1, 2]);
    expect(frames(judge, 'annotation')[0]).not.toContain('secret');
    await until(() => (pub.text().match(/^id: /gm)?.length ?? 0) === rec.lastSeq, 'the public events');
    expect(frames(pub, 'annotation')).toEqual([]);
    expect(
      await side.readFor(id, 'annotations', {
        access: accessFor(rec, 'public', null),
        record: rec,
        game: coinRace,
        seenSeq: rec.lastSeq,
        events: [],
      }),
    ).toEqual([]);
    expect(
      (
        await side.readFor(id, 'annotations', {
          access: accessFor(rec, 'judge', null),
          record: rec,
          game: coinRace,
          seenSeq: rec.lastSeq,
          events: [],
        })
      ).length,
    ).toBe(2);
    await gw.stop();
  });
});
