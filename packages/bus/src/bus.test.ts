// One suite, two buses: the in-process bus must behave as the real nats-server does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from './memory';
import { subjectMatches } from './subject';
import { openTestBus, type TestBus } from './testing';
import { subjects, WrongLastSequenceError, type Bus, type BusMessage, type SubscribeOptions } from './types';

let counter = 0;
const newMatchId = () => `m${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Collects deliveries; `until(n)` waits (bounded) for n of them. */
async function collect(bus: Bus, subject: string, opts?: SubscribeOptions) {
  const got: BusMessage[] = [];
  const sub = await bus.subscribe(subject, (m) => void got.push(m), opts);
  return {
    got,
    sub,
    async until(n: number) {
      for (let i = 0; i < 400 && got.length < n; i++) await new Promise((r) => setTimeout(r, 25));
      if (got.length < n) throw new Error(`received ${got.length} of ${n} messages on ${subject}`);
      return got;
    },
  };
}

/** Publish a marker and wait for it, so "nothing else arrived" is checked after delivery caught up. */
async function settle(bus: Bus, c: Awaited<ReturnType<typeof collect>>, subject: string) {
  const before = c.got.length;
  await bus.publish(subject, { marker: true }, { msgId: `marker-${newMatchId()}` });
  await c.until(before + 1);
  return c.got.slice(before, -1);
}

/** Opens a bus of `kind` before the describe block's tests and cleans it up after them. */
function openBeforeAll(kind: 'memory' | 'nats', use: (bus: Bus) => void): void {
  let t: TestBus | undefined;
  beforeAll(async () => {
    t = await openTestBus(kind);
    use(t.bus);
  });
  afterAll(async () => {
    await t?.cleanup();
  });
}

describe.each(['memory', 'nats'] as const)('%s bus', (kind) => {
  let bus!: Bus;
  openBeforeAll(kind, (b) => (bus = b));

  it('reports its kind', () => {
    expect(bus.kind).toBe(kind);
  });

  it('acknowledges a repeated msgId as a duplicate of the first and delivers it once', async () => {
    const id = newMatchId();
    const subj = subjects.events(id);
    const c = await collect(bus, subj);
    const a = await bus.publish(subj, { seq: 1 }, { msgId: `${id}:1` });
    const b = await bus.publish(subj, { seq: 2 }, { msgId: `${id}:2` });
    const again = await bus.publish(subj, { seq: 1, resent: true }, { msgId: `${id}:1` });
    expect(a.duplicate).toBe(false);
    expect(b.streamSeq).toBeGreaterThan(a.streamSeq);
    expect(again).toEqual({ streamSeq: a.streamSeq, duplicate: true });
    await c.until(2);
    const rest = await settle(bus, c, subj);
    expect(rest).toEqual([]);
    expect(c.got.slice(0, 2)).toEqual([
      { subject: subj, streamSeq: a.streamSeq, msgId: `${id}:1`, data: { seq: 1 } },
      { subject: subj, streamSeq: b.streamSeq, msgId: `${id}:2`, data: { seq: 2 } },
    ]);
    await c.sub.stop();
  });

  it('enforces the expected last subject sequence per subject', async () => {
    const id = newMatchId();
    const subj = subjects.events(id);
    const first = await bus.publish(subj, { seq: 1 }, { msgId: `${id}:1`, expectedLastSubjectSeq: 0 });
    // Another subject moving on does not disturb this one's expectation.
    await bus.publish(subjects.public(id), { seq: 1 }, { msgId: `${id}:p1` });
    const second = await bus.publish(
      subj,
      { seq: 2 },
      { msgId: `${id}:2`, expectedLastSubjectSeq: first.streamSeq },
    );
    const err = await bus
      .publish(subj, { seq: 3 }, { msgId: `${id}:3`, expectedLastSubjectSeq: first.streamSeq })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WrongLastSequenceError);
    // A duplicate is acknowledged as such even with a stale expectation (the relay relies on it after a crash).
    const dup = await bus.publish(
      subj,
      { seq: 2 },
      { msgId: `${id}:2`, expectedLastSubjectSeq: first.streamSeq },
    );
    expect(dup).toEqual({ streamSeq: second.streamSeq, duplicate: true });
    expect(await bus.lastMessage(subj)).toEqual({
      subject: subj,
      streamSeq: second.streamSeq,
      msgId: `${id}:2`,
      data: { seq: 2 },
    });
    expect(await bus.lastMessage(subjects.events(newMatchId()))).toBeNull();
  });

  it('replays from a stream sequence in order, then continues live', async () => {
    const id = newMatchId();
    const subj = subjects.events(id);
    const acks = [];
    for (let i = 1; i <= 5; i++) acks.push(await bus.publish(subj, { seq: i }, { msgId: `${id}:${i}` }));
    const c = await collect(bus, subj, { fromStreamSeq: acks[2]!.streamSeq });
    await c.until(3);
    await bus.publish(subj, { seq: 6 }, { msgId: `${id}:6` });
    await c.until(4);
    expect(c.got.map((m) => (m.data as { seq: number }).seq)).toEqual([3, 4, 5, 6]);
    await c.sub.stop();
  });

  it('replays from a start time', async () => {
    const id = newMatchId();
    const subj = subjects.events(id);
    await bus.publish(subj, { seq: 1 }, { msgId: `${id}:1` });
    await new Promise((r) => setTimeout(r, 20));
    const from = new Date();
    await new Promise((r) => setTimeout(r, 20));
    await bus.publish(subj, { seq: 2 }, { msgId: `${id}:2` });
    const c = await collect(bus, subj, { fromTime: from });
    await c.until(1);
    expect((await settle(bus, c, subj)).length).toBe(0);
    expect(c.got[0]!.data).toEqual({ seq: 2 });
    await c.sub.stop();
  });

  it('delivers only new messages by default, and matches wildcards', async () => {
    const id = newMatchId();
    await bus.publish(subjects.events(id), { old: true }, { msgId: `${id}:old` });
    const events = await collect(bus, 'matchtape.match.*.events');
    const all = await collect(bus, 'matchtape.>');
    await bus.publish(subjects.public(id), { seq: 1 }, { msgId: `${id}:p1` });
    await bus.publish(subjects.events(id), { seq: 1 }, { msgId: `${id}:1` });
    await all.until(2);
    await events.until(1);
    expect(events.got.map((m) => m.subject)).toEqual([subjects.events(id)]);
    expect(all.got.map((m) => m.subject)).toEqual([subjects.public(id), subjects.events(id)]);
    await events.sub.stop();
    await all.sub.stop();
  });

  it('keeps delivering after a handler throws, and stops after stop()', async () => {
    const id = newMatchId();
    const subj = subjects.events(id);
    const got: number[] = [];
    const errors: unknown[] = [];
    const sub = await bus.subscribe(
      subj,
      (m) => {
        const seq = (m.data as { seq: number }).seq;
        got.push(seq);
        if (seq === 1) throw new Error('boom');
      },
      { onError: (e) => errors.push(e) },
    );
    await bus.publish(subj, { seq: 1 }, { msgId: `${id}:1` });
    await bus.publish(subj, { seq: 2 }, { msgId: `${id}:2` });
    for (let i = 0; i < 400 && got.length < 2; i++) await new Promise((r) => setTimeout(r, 25));
    expect(got).toEqual([1, 2]);
    expect(errors).toHaveLength(1);
    await sub.stop();
    await bus.publish(subj, { seq: 3 }, { msgId: `${id}:3` });
    const witness = await collect(bus, subj, { fromStreamSeq: 1 });
    await witness.until(3);
    expect(got).toEqual([1, 2]);
    await witness.sub.stop();
  });

  it('refuses malformed subjects and missing msgIds with a clear error', async () => {
    await expect(bus.publish('matchtape.match.*.events', {}, { msgId: 'x' })).rejects.toThrow(
      /cannot publish/,
    );
    await expect(bus.publish('matchtape..events', {}, { msgId: 'x' })).rejects.toThrow(/cannot publish/);
    await expect(bus.publish(subjects.events('m'), {}, { msgId: '' })).rejects.toThrow(/needs a msgId/);
    await expect(bus.subscribe('matchtape.>.x', () => undefined)).rejects.toThrow(/cannot subscribe/);
  });
});

describe.each(['memory', 'nats'] as const)('%s bus, encoded bodies', (kind) => {
  let bus!: Bus;
  openBeforeAll(kind, (b) => (bus = b));

  it('publishes an encoded body as is, with the same dedupe, expectation and delivery as publish', async () => {
    const id = newMatchId();
    const subj = subjects.events(id);
    const c = await collect(bus, subj);
    const a = await bus.publishEncoded(subj, '{"seq":1,"payload":{"b":[1,"é"]}}', {
      msgId: `${id}:1`,
      expectedLastSubjectSeq: 0,
    });
    const again = await bus.publishEncoded(subj, '{"seq":1}', { msgId: `${id}:1` });
    expect(again).toEqual({ streamSeq: a.streamSeq, duplicate: true });
    await expect(
      bus.publishEncoded(subj, '{"seq":2}', { msgId: `${id}:2`, expectedLastSubjectSeq: 0 }),
    ).rejects.toBeInstanceOf(WrongLastSequenceError);
    await c.until(1);
    expect(c.got[0]).toEqual({
      subject: subj,
      streamSeq: a.streamSeq,
      msgId: `${id}:1`,
      data: { seq: 1, payload: { b: [1, 'é'] } },
    });
    expect((await bus.lastMessage(subj))?.data).toEqual({ seq: 1, payload: { b: [1, 'é'] } });
    await c.sub.stop();
  });
});

describe('nats bus isolation', () => {
  it('keeps two streams with different subject prefixes apart', async () => {
    const a = await openTestBus('nats');
    const b = await openTestBus('nats');
    try {
      const id = newMatchId();
      const cb = await collect(b.bus, 'matchtape.>');
      await a.bus.publish(subjects.events(id), { from: 'a' }, { msgId: `${id}:1` });
      const ack = await b.bus.publish(subjects.events(id), { from: 'b' }, { msgId: `${id}:1` });
      expect(ack.duplicate).toBe(false); // a's msgId lives in a's stream only
      await cb.until(1);
      expect(cb.got.map((m) => m.data)).toEqual([{ from: 'b' }]);
      await cb.sub.stop();
    } finally {
      await a.cleanup();
      await b.cleanup();
    }
  });
});

describe('memory bus specifics', () => {
  it('forgets msgIds after the duplicate window', async () => {
    let now = 1_000_000;
    const bus = new MemoryBus({ duplicateWindowMs: 1000, now: () => now });
    const first = await bus.publish('matchtape.match.a.events', {}, { msgId: 'a:1' });
    now += 999;
    expect((await bus.publish('matchtape.match.a.events', {}, { msgId: 'a:1' })).duplicate).toBe(true);
    now += 2;
    const later = await bus.publish('matchtape.match.a.events', {}, { msgId: 'a:1' });
    expect(later).toEqual({ streamSeq: first.streamSeq + 1, duplicate: false });
    await bus.close();
  });

  it('drops the oldest messages past maxMessages and replays what remains', async () => {
    const bus = new MemoryBus({ maxMessages: 3 });
    for (let i = 1; i <= 5; i++) await bus.publish('matchtape.match.a.events', { i }, { msgId: `a:${i}` });
    const c = await collect(bus, 'matchtape.>', { fromStreamSeq: 1 });
    await c.until(3);
    expect(c.got.map((m) => m.streamSeq)).toEqual([3, 4, 5]);
    await bus.close();
  });

  it('keeps at most maxBytes of bodies (always the newest message), over many cuts of the dropped prefix', async () => {
    let now = 0;
    const bus = new MemoryBus({ maxMessages: 1_000_000, maxBytes: 10 * 1024, now: () => now });
    const body = { pad: 'x'.repeat(1000) }; // with `i`, 1,020 bytes of JSON: ten fit in 10 KiB
    for (let i = 1; i <= 20_000; i++) {
      now = i;
      await bus.publish(`matchtape.match.m${i % 7}.events`, { ...body, i }, { msgId: `m:${i}` });
    }
    const c = await collect(bus, 'matchtape.>', { fromStreamSeq: 1 });
    await c.until(10);
    await new Promise((r) => setTimeout(r, 20));
    expect(c.got.map((m) => m.streamSeq)).toEqual(Array.from({ length: 10 }, (_, k) => 19_991 + k));
    expect((c.got[0]!.data as { i: number }).i).toBe(19_991);
    // Replay by time and the per-subject last message see only what is kept.
    const byTime = await collect(bus, 'matchtape.>', { fromTime: new Date(5) });
    await byTime.until(10);
    expect(byTime.got[0]!.streamSeq).toBe(19_991);
    expect(await bus.lastMessage('matchtape.match.m3.events')).toMatchObject({ streamSeq: 19_995 });
    // A subject whose last message was dropped has none.
    await bus.publish('matchtape.match.big.events', { pad: 'y'.repeat(50_000) }, { msgId: 'big:1' });
    expect(await bus.lastMessage('matchtape.match.m3.events')).toBeNull();
    expect(await bus.lastMessage('matchtape.match.big.events')).toMatchObject({
      data: { pad: 'y'.repeat(50_000) },
    });
    await bus.close();
  });
});

describe('subject matching', () => {
  it.each([
    ['matchtape.>', 'matchtape.match.a.events', true],
    ['matchtape.>', 'matchtape', false],
    ['matchtape.match.*.events', 'matchtape.match.a.events', true],
    ['matchtape.match.*.events', 'matchtape.match.a.public', false],
    ['matchtape.match.*.events', 'matchtape.match.a.b.events', false],
    ['matchtape.match.a.events', 'matchtape.match.a.events', true],
    ['*.>', 'x.y', true],
  ])('%s ~ %s → %s', (p, s, want) => {
    expect(subjectMatches(p, s)).toBe(want);
  });
});
