// Two relays on one database (two servers both given the relay role) while writers append: every event still
// lands on JetStream once, each match in seq order (msgId dedupe + expected last subject sequence).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NatsBus, subjects } from '@matchtape/bus';
import { openTestBus, type TestBus } from '@matchtape/bus/testing';
import {
  openTestStore,
  sampleEvents,
  sampleMatch,
  uniqueName,
  type TestStore,
} from '@matchtape/store/testing';
import { startRelay } from '../../apps/server/src/relay';
import { readAllMessages } from './helpers/collect';

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

describe('two relays at once', () => {
  it('publish each event exactly once and in order per match', async () => {
    const second = await NatsBus.open({
      url: b.nats!.url,
      stream: b.nats!.stream,
      subjectPrefix: b.nats!.subjectPrefix,
    });
    const matches = [uniqueName('a'), uniqueName('b'), uniqueName('c')];
    for (const id of matches) await t.store.createMatch(sampleMatch(id));
    const r1 = startRelay({
      store: t.store,
      bus: b.bus,
      log: quiet,
      batchSize: 4,
      backoff: { initialMs: 5, maxMs: 50 },
    });
    const r2 = startRelay({
      store: t.store,
      bus: second,
      log: quiet,
      batchSize: 7,
      backoff: { initialMs: 5, maxMs: 50 },
    });
    try {
      await Promise.all(
        matches.map(async (id) => {
          for (let i = 0; i < 15; i++) await t.store.appendToStream(id, i * 2, sampleEvents(2, i * 2 + 1));
        }),
      );
      await Promise.all([r1.caughtUp(), r2.caughtUp()]);
    } finally {
      await r1.stop();
      await r2.stop();
      await second.close();
    }
    const total = matches.length * 30;
    expect((await (b.bus as NatsBus).streamInfo()).messages).toBe(total);
    const { all, unique } = await readAllMessages(b.bus, 'matchtape.match.*.events', total);
    expect(unique.size).toBe(total);
    for (const id of matches) {
      expect(all.filter((m) => m.subject === subjects.events(id)).map((m) => m.data)).toEqual(
        await t.store.readStream(id),
      );
    }
    // Both really worked: together they sent every event once, and the rest were recognised as already sent.
    const sent = r1.stats().published + r2.stats().published;
    expect(sent).toBe(total);
  });
});
