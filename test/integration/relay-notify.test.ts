// On Postgres the relay sleeps on LISTEN/NOTIFY, not on its poll: with a one-hour poll interval an append still
// reaches JetStream subscribers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjects, type BusMessage } from '@matchtape/bus';
import { openTestBus, type TestBus } from '@matchtape/bus/testing';
import {
  openTestStore,
  sampleEvents,
  sampleMatch,
  uniqueName,
  type TestStore,
} from '@matchtape/store/testing';
import { startRelay } from '../../apps/server/src/relay';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestStore;
let b: TestBus;
beforeAll(async () => {
  t = await openTestStore('postgres');
  b = await openTestBus('nats');
});
afterAll(async () => {
  await b?.cleanup();
  await t?.cleanup();
});

describe('relay wake-up on Postgres', () => {
  it('publishes an append without waiting for the next poll', async () => {
    const id = uniqueName('m');
    await t.store.createMatch(sampleMatch(id));
    const relay = startRelay({ store: t.store, bus: b.bus, log: quiet, pollIntervalMs: 3_600_000 });
    const got: BusMessage[] = [];
    const sub = await b.bus.subscribe(subjects.events(id), (m) => void got.push(m));
    try {
      await relay.caughtUp(); // idle, asleep on its hour-long poll
      await t.store.appendToStream(id, 0, sampleEvents(2));
      for (let i = 0; i < 600 && got.length < 2; i++) await new Promise((r) => setTimeout(r, 25));
      expect(got.map((m) => m.msgId)).toEqual([`${id}:1`, `${id}:2`]);
    } finally {
      await sub.stop();
      await relay.stop();
    }
  });
});
