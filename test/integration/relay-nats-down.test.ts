// NATS down: appends keep succeeding, the relay retries with backoff and catches up when the server is back.
// Uses a private nats-server on a spare port (the shared one is never stopped).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NatsBus, subjects } from '@matchtape/bus';
import {
  openTestStore,
  sampleEvents,
  sampleMatch,
  uniqueName,
  type TestStore,
} from '@matchtape/store/testing';
import { startRelay } from '../../apps/server/src/relay';
import { readAllMessages } from './helpers/collect';
import { PrivateNats } from './helpers/nats-server';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestStore;
let nats: PrivateNats;
beforeAll(async () => {
  t = await openTestStore('postgres');
  nats = await PrivateNats.start();
});
afterAll(async () => {
  await nats?.destroy();
  await t?.cleanup();
});

describe('relay while NATS is unavailable', () => {
  it('keeps appends working and publishes everything once NATS returns', async () => {
    const bus = await NatsBus.open({ url: nats.url, publishTimeoutMs: 1000 });
    const matches = [uniqueName('a'), uniqueName('b')];
    for (const id of matches) await t.store.createMatch(sampleMatch(id));
    const relay = startRelay({ store: t.store, bus, log: quiet, backoff: { initialMs: 50, maxMs: 500 } });
    try {
      for (const id of matches) await t.store.appendToStream(id, 0, sampleEvents(2));
      await relay.caughtUp();
      expect(relay.stats().published).toBe(4);

      await nats.stop();
      // Every append commits while the bus is gone.
      for (const id of matches) await t.store.appendToStream(id, 2, sampleEvents(3, 3));
      for (let i = 0; i < 400 && relay.stats().failures < 2; i++) await new Promise((r) => setTimeout(r, 25));
      expect(relay.stats().failures).toBeGreaterThanOrEqual(2);
      expect(relay.stats().lastError).not.toBeNull();
      const caught = relay.caughtUp();

      await nats.start(); // same port, same JetStream store
      await caught;
      for (const id of matches) await t.store.appendToStream(id, 5, sampleEvents(1, 6));
      await relay.caughtUp();
      expect(relay.stats().lastError).toBeNull();
    } finally {
      await relay.stop();
      await bus.close();
    }

    const reader = await NatsBus.open({ url: nats.url });
    try {
      expect((await reader.streamInfo()).messages).toBe(12);
      const { all, unique } = await readAllMessages(reader, 'matchtape.match.*.events', 12);
      expect(unique.size).toBe(12);
      expect(all).toHaveLength(12);
      for (const id of matches) {
        expect(all.filter((m) => m.subject === subjects.events(id)).map((m) => m.data)).toEqual(
          await t.store.readStream(id),
        );
      }
    } finally {
      await reader.close();
    }
  });
});
