// Fault: the outbox relay, in its own process, is SIGKILLed from outside at random moments while 1,000 events are
// committed to five matches (Postgres) → once a relay finally runs to the end, a consumer that dedupes by Msg-Id
// sees every committed event exactly once, each match in seq order, and the stream itself holds no duplicate.
// Kill moments come from a seeded generator (the seed is printed on failure), so a failing run can be repeated.
import type { ChildProcess } from 'node:child_process';
import { subjects, type NatsBus } from '@matchtape/bus';
import { openTestBus, type TestBus } from '@matchtape/bus/testing';
import { Rng } from '@matchtape/engine';
import {
  openTestStore,
  sampleEvents,
  sampleMatch,
  uniqueName,
  type TestStore,
} from '@matchtape/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay } from '../../apps/server/src/relay';
import { readAllMessages } from '../integration/helpers/collect';
import { spawnRelayChild } from '../integration/helpers/relay-child';

const TOTAL = 1000;
const MATCHES = 5;
const SEED = process.env.MATCHTAPE_FAULT_SEED ?? `relay-kill-${Date.now()}`;

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

function spawnRelay(): { child: ChildProcess; started: Promise<void>; exited: Promise<void> } {
  const child = spawnRelayChild(t, b, 'never'); // this test kills it from outside
  const started = new Promise<void>((resolve) =>
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('relay started') && resolve()),
  );
  child.stderr!.resume();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, started, exited };
}

describe(`relay killed at random points over ${TOTAL} events (seed ${SEED})`, () => {
  it('delivers every committed event exactly once to a deduping consumer', async () => {
    const rng = new Rng(SEED);
    const matches = Array.from({ length: MATCHES }, (_, i) => uniqueName(`k${i}`));
    for (const id of matches) await t.store.createMatch(sampleMatch(id));

    // Writer: commits TOTAL events in small appends while relays come and go.
    let committed = 0;
    const writer = (async () => {
      const next = new Array<number>(MATCHES).fill(0);
      while (committed < TOTAL) {
        const m = committed % MATCHES;
        const n = Math.min(1 + (committed % 3), TOTAL - committed);
        await t.store.appendToStream(matches[m]!, next[m]!, sampleEvents(n, next[m]! + 1));
        next[m]! += n;
        committed += n;
        await new Promise((r) => setTimeout(r, 40)); // commits spread over the kills (about half a minute)
      }
    })();

    const bus = b.bus as NatsBus;
    let kills = 0;
    const deadline = Date.now() + 150_000;
    // Kill relays at random moments until everything is committed (and at least five times).
    while ((committed < TOTAL || kills < 5) && Date.now() < deadline) {
      const r = spawnRelay();
      await Promise.race([r.started, r.exited]);
      await new Promise((res) => setTimeout(res, 20 + rng.int(400)));
      r.child.kill('SIGKILL');
      await r.exited;
      kills++;
    }
    await writer;
    const onStreamBeforeFinal = (await bus.streamInfo()).messages;
    expect(kills).toBeGreaterThanOrEqual(5);

    // A last relay runs to the end.
    const relay = startRelay({
      store: t.store,
      bus,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    await relay.caughtUp();
    await relay.stop();

    const stored = [];
    for (const id of matches) stored.push(...(await t.store.readStream(id)));
    expect(stored).toHaveLength(TOTAL);
    // Some were on the stream before the last relay, some were not: the kills landed mid-stream.
    expect(onStreamBeforeFinal).toBeGreaterThan(0);
    // The stream holds no duplicate…
    expect((await bus.streamInfo()).messages).toBe(TOTAL);
    // …and a deduping consumer sees each committed event once, each match in seq order, equal to the store.
    const { all, unique } = await readAllMessages(bus, 'matchtape.match.*.events', TOTAL);
    expect(unique.size).toBe(TOTAL);
    for (const id of matches) {
      const seen = new Set<string>();
      const onBus = all
        .filter((m) => m.subject === subjects.events(id) && !seen.has(m.msgId!) && seen.add(m.msgId!))
        .map((m) => m.data);
      expect(onBus).toEqual(await t.store.readStream(id));
    }
  }, 240_000);
});
