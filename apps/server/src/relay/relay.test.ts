// The relay on the embedded pair (PGlite + in-process bus). Real-server crashes and outages: test/integration/relay-*.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MemoryBus,
  subjects,
  type Bus,
  type BusMessage,
  type PublishAck,
  type PublishOptions,
} from '@matchtape/bus';
import { openTestStore, sampleEvents, sampleMatch, type TestStore } from '@matchtape/store/testing';
import type { EventEnvelope } from '@matchtape/engine';
import { startRelay, type RelayLogger } from './relay';

const quiet: RelayLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestStore;
let bus: MemoryBus;
beforeEach(async () => {
  t = await openTestStore('pglite');
  bus = new MemoryBus();
});
afterEach(async () => {
  await bus.close();
  await t.cleanup();
});

/** Everything on the bus's event subjects, from the start. */
async function published(b: Bus): Promise<BusMessage[]> {
  const got: BusMessage[] = [];
  const sub = await b.subscribe('matchtape.match.*.events', (m) => void got.push(m), { fromStreamSeq: 1 });
  await new Promise((r) => setTimeout(r, 20));
  await sub.stop();
  return got;
}

async function seed(matches: string[], perMatch: number): Promise<EventEnvelope[]> {
  const all: EventEnvelope[] = [];
  for (const id of matches) await t.store.createMatch(sampleMatch(id));
  for (let i = 0; i < perMatch; i++) {
    for (const id of matches) all.push(...(await t.store.appendToStream(id, i, sampleEvents(1, i + 1))));
  }
  return all;
}

describe('relay (embedded)', () => {
  it('publishes every committed event once, in commit order, with msgId <matchId>:<seq>', async () => {
    const events = await seed(['a', 'b'], 3);
    const relay = startRelay({ store: t.store, bus, log: quiet, batchSize: 2 });
    await relay.caughtUp();
    await relay.stop();
    const got = await published(bus);
    expect(got.map((m) => m.msgId)).toEqual(events.map((e) => `${e.matchId}:${e.seq}`));
    expect(got.map((m) => m.subject)).toEqual(events.map((e) => subjects.events(e.matchId)));
    // The body is the envelope exactly as stored (no store-internal position).
    expect(got.map((m) => m.data)).toEqual(events);
    expect(relay.stats()).toMatchObject({ published: 6, duplicates: 0, skipped: 0 });
  });

  it('is woken by appends and resumes from its checkpoint after a restart', async () => {
    await seed(['a'], 2);
    const r1 = startRelay({ store: t.store, bus, log: quiet, pollIntervalMs: 60_000 });
    await r1.caughtUp();
    await t.store.appendToStream('a', 2, sampleEvents(1, 3));
    await r1.caughtUp(); // would wait a minute without the NOTIFY wake-up
    await r1.stop();
    await t.store.appendToStream('a', 3, sampleEvents(2, 4));
    const r2 = startRelay({ store: t.store, bus, log: quiet });
    await r2.caughtUp();
    await r2.stop();
    expect((await published(bus)).map((m) => m.msgId)).toEqual(['a:1', 'a:2', 'a:3', 'a:4', 'a:5']);
    expect(r2.stats()).toMatchObject({ published: 2, skipped: 0 });
  });

  it('does not publish twice when it fails after publishing and before the checkpoint', async () => {
    await seed(['a', 'b'], 2);
    let failures = 0;
    const relay = startRelay({
      store: t.store,
      bus,
      log: quiet,
      backoff: { initialMs: 1 },
      faults: {
        afterPublishBeforeCheckpoint: (e) => {
          if (e.matchId === 'b' && e.seq === 1 && failures++ === 0)
            throw new Error('injected: crash before checkpoint');
        },
      },
    });
    await relay.caughtUp();
    await relay.stop();
    expect(failures).toBe(2);
    const got = await published(bus);
    expect(got.map((m) => m.msgId)).toEqual(['a:1', 'b:1', 'a:2', 'b:2']);
    expect(relay.stats()).toMatchObject({ published: 4, skipped: 1, failures: 1 });
  });

  it('keeps retrying while the bus refuses, then catches up; appends go on meanwhile', async () => {
    let down = true;
    const flaky: Bus = {
      kind: 'memory',
      publish: (s: string, d: unknown, o: PublishOptions): Promise<PublishAck> =>
        down ? Promise.reject(new Error('injected: bus down')) : bus.publish(s, d, o),
      publishEncoded: (s: string, json: string, o: PublishOptions): Promise<PublishAck> =>
        down ? Promise.reject(new Error('injected: bus down')) : bus.publishEncoded(s, json, o),
      subscribe: (...a) => bus.subscribe(...a),
      lastMessage: (s) => bus.lastMessage(s),
      close: async () => undefined,
    };
    await seed(['a'], 1);
    const relay = startRelay({
      store: t.store,
      bus: flaky,
      log: quiet,
      backoff: { initialMs: 1, maxMs: 20 },
    });
    const caught = relay.caughtUp();
    for (let i = 0; i < 200 && relay.stats().failures < 3; i++) await new Promise((r) => setTimeout(r, 10));
    expect(relay.stats().failures).toBeGreaterThanOrEqual(3);
    expect(relay.stats().lastError).toMatch(/bus down/);
    await t.store.appendToStream('a', 1, sampleEvents(2, 2));
    down = false;
    await caught;
    await relay.caughtUp();
    await relay.stop();
    expect((await published(bus)).map((m) => m.msgId)).toEqual(['a:1', 'a:2', 'a:3']);
    expect(relay.stats().lastError).toBeNull();
  });

  /** The memory bus, with one publish of `msgId` failing once: after storing it (a lost ack) or instead of it. */
  function failingOnce(msgId: string, store: boolean): Bus {
    let failed = false;
    const publishEncoded = async (s: string, json: string, o: PublishOptions): Promise<PublishAck> => {
      if (o.msgId !== msgId || failed) return bus.publishEncoded(s, json, o);
      failed = true;
      if (store) await bus.publishEncoded(s, json, o);
      throw new Error(`injected: ${store ? 'ack lost' : 'publish lost'} for ${msgId}`);
    };
    return {
      kind: 'memory',
      publish: (s: string, d: unknown, o: PublishOptions) => publishEncoded(s, JSON.stringify(d), o),
      publishEncoded,
      subscribe: (...a) => bus.subscribe(...a),
      lastMessage: (s) => bus.lastMessage(s),
      close: async () => undefined,
    };
  }

  it('pipelines a match: a publish whose ack was lost mid-pipeline is not stored twice', async () => {
    await seed(['a', 'b'], 6);
    const relay = startRelay({
      store: t.store,
      bus: failingOnce('a:3', true),
      log: quiet,
      backoff: { initialMs: 1 },
    });
    await relay.caughtUp();
    await relay.stop();
    const got = (await published(bus)).map((m) => m.msgId);
    for (const id of ['a', 'b'])
      expect(got.filter((m) => m!.startsWith(`${id}:`))).toEqual([1, 2, 3, 4, 5, 6].map((n) => `${id}:${n}`));
    expect(relay.stats()).toMatchObject({ failures: 1, lastError: null });
  });

  it('refuses to publish out of order when a later event got on the stream and an earlier one did not', async () => {
    await seed(['a'], 6);
    const relay = startRelay({
      store: t.store,
      bus: failingOnce('a:3', false),
      log: quiet,
      backoff: { initialMs: 1, maxMs: 5 },
    });
    for (let i = 0; i < 300 && relay.stats().failures < 3; i++) await new Promise((r) => setTimeout(r, 10));
    await relay.stop();
    expect(relay.stats().lastError).toMatch(/match a: event 3 is not on the stream but event 6 is/);
    // a:3 was never appended behind a:4…a:6.
    expect((await published(bus)).map((m) => m.msgId)).toEqual(['a:1', 'a:2', 'a:4', 'a:5', 'a:6']);
  });

  it('rejects caughtUp once stopped', async () => {
    const relay = startRelay({ store: t.store, bus, log: quiet });
    await relay.stop();
    await relay.stop();
    await expect(relay.caughtUp()).rejects.toThrow(/stopped/);
  });
});
