// Invariant 5: a relay killed (SIGKILL, in its own process) after the commit and before the publish, or after the
// publish and before the checkpoint, loses nothing and duplicates nothing once restarted. Real Postgres + NATS.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NatsBus, subjects } from '@matchtape/bus';
import type { EventEnvelope } from '@matchtape/engine';
import {
  openTestStore,
  sampleEvents,
  sampleMatch,
  uniqueName,
  type TestStore,
} from '@matchtape/store/testing';
import { openTestBus, type TestBus } from '@matchtape/bus/testing';
import { startRelay } from '../../apps/server/src/relay';
import { readAllMessages } from './helpers/collect';
import { spawnRelayChild } from './helpers/relay-child';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestStore;
let b: TestBus;
beforeEach(async () => {
  t = await openTestStore('postgres');
  b = await openTestBus('nats');
});
afterEach(async () => {
  await b?.cleanup();
  await t?.cleanup();
});

/** Runs the relay in a child process until it kills itself at `killAt` on the `killOn`-th event. */
async function crashRelay(
  killAt: 'beforePublish' | 'afterPublishBeforeCheckpoint',
  killOn: number,
): Promise<void> {
  const child = spawnRelayChild(t, b, killAt, killOn);
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((r) =>
    child.once('exit', (c, s) => r([c, s])),
  );
  clearTimeout(timer);
  expect(output).toContain(`dying at ${killAt} #${killOn}`);
  expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' });
}

async function seed(matches: string[], perMatch: number, from = 0): Promise<void> {
  for (let i = from; i < from + perMatch; i++) {
    for (const id of matches) await t.store.appendToStream(id, i, sampleEvents(1, i + 1));
  }
}

async function expectExactlyOnce(matches: string[]): Promise<void> {
  const stored: EventEnvelope[] = [];
  for (const id of matches) stored.push(...(await t.store.readStream(id)));
  const bus = b.bus as NatsBus;
  // The stream itself holds no duplicate…
  expect((await bus.streamInfo()).messages).toBe(stored.length);
  // …and a consumer deduplicating by Msg-Id sees every committed event once, each match in seq order.
  const { all, unique } = await readAllMessages(bus, 'matchtape.match.*.events', stored.length);
  expect(all).toHaveLength(stored.length);
  expect(unique.size).toBe(stored.length);
  for (const id of matches) {
    const onBus = all.filter((m) => m.subject === subjects.events(id)).map((m) => m.data);
    expect(onBus).toEqual(await t.store.readStream(id));
  }
}

describe('relay crash recovery (Postgres + JetStream)', () => {
  it.each(['beforePublish', 'afterPublishBeforeCheckpoint'] as const)(
    'killed at %s: restart publishes each event exactly once',
    async (killAt) => {
      const matches = [uniqueName('a'), uniqueName('b'), uniqueName('c')];
      for (const id of matches) await t.store.createMatch(sampleMatch(id));
      await seed(matches, 3);
      await crashRelay(killAt, 5);
      const info = await (b.bus as NatsBus).streamInfo();
      // Publishes are in flight for the three matches at once, so how many landed before the kill varies: some, not all.
      if (killAt === 'afterPublishBeforeCheckpoint') expect(info.messages).toBeGreaterThanOrEqual(5);
      expect(info.messages).toBeLessThan(9);
      // The log keeps growing while no relay runs.
      await seed(matches, 2, 3);
      const relay = startRelay({ store: t.store, bus: b.bus, log: quiet });
      await relay.caughtUp();
      await relay.stop();
      // Exactly the missing events were sent; those already on the stream past the checkpoint were recognised.
      expect(relay.stats()).toMatchObject({ published: 15 - info.messages, duplicates: 0 });
      // Killed after an ack, before its batch's checkpoint: what it had landed past the checkpoint is recognised.
      if (killAt === 'afterPublishBeforeCheckpoint') expect(relay.stats().skipped).toBeGreaterThan(0);
      await expectExactlyOnce(matches);
    },
  );

  it('survives repeated crashes at both points in a row', async () => {
    const matches = [uniqueName('a'), uniqueName('b')];
    for (const id of matches) await t.store.createMatch(sampleMatch(id));
    await seed(matches, 5);
    await crashRelay('afterPublishBeforeCheckpoint', 2);
    await crashRelay('beforePublish', 3);
    await crashRelay('afterPublishBeforeCheckpoint', 1);
    const relay = startRelay({ store: t.store, bus: b.bus, log: quiet });
    await relay.caughtUp();
    await relay.stop();
    await expectExactlyOnce(matches);
    const lastPosition = (await t.store.readAll({ after: 0, limit: 1000 })).at(-1)!.position;
    expect(await t.store.getCheckpoint('relay', 'main')).toBe(lastPosition);
  });
});
