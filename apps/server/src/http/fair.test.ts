// Per-client read turns (issue 21): one client's reads beyond its turns wait behind each other, never in front of
// another client's; a full queue is a 429 at once.
import { describe, expect, it } from 'vitest';
import { ReadGate } from './fair';

/** Lets every settled promise run its continuation. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ReadGate', () => {
  it("serves a lone client inFlight reads at once; another client's read starts at once and holds back the greedy backlog while served", async () => {
    let now = 0;
    const gate = new ReadGate({ inFlight: 2, queued: 8 }, () => now);
    const started: string[] = [];
    const enter = (who: string, tag: string) => gate.enter(who).then(() => void started.push(tag));
    void ['a1', 'a2', 'a3', 'a4'].map((t) => enter('greedy', t));
    await settle();
    expect(started).toEqual(['a1', 'a2']);
    // Another client is served at once, not after the greedy client's queue.
    await enter('other', 'b1');
    expect(started).toEqual(['a1', 'a2', 'b1']);
    // While the other client is being served, the greedy client's backlog starts nothing: its finished reads hand on none.
    gate.leave('greedy');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    gate.leave('greedy');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    // The other client's read is done: one turn while it may come back with its next read (a sequential client)…
    gate.leave('other');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    // …and after that, the greedy one has its turns back.
    now += 1000;
    gate.leave('greedy');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
    gate.leave('greedy');
    expect(gate.size).toBe(0);
  });

  it('two clients with backlogs take turns, one read each, the one just served last', async () => {
    const gate = new ReadGate({ inFlight: 2, queued: 8 });
    const started: string[] = [];
    const enter = (who: string, tag: string) => gate.enter(who).then(() => void started.push(tag));
    void ['a1', 'a2', 'a3'].map((t) => enter('a', t));
    await settle();
    void ['b1', 'b2'].map((t) => enter('b', t));
    await settle();
    // b1 starts at once (b had nothing); b2 waits while a is served, a3 while b is.
    expect(started).toEqual(['a1', 'a2', 'b1']);
    gate.leave('a');
    gate.leave('a');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    gate.leave('b');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    gate.leave('a');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'b2']);
    gate.leave('b');
    expect(gate.size).toBe(0);
  });

  it('refuses a read over the queue with 429 too_many_in_flight, and takes reads again as turns free up', async () => {
    const gate = new ReadGate({ inFlight: 1, queued: 1 });
    await gate.enter('c');
    const waiting = gate.enter('c');
    await expect(gate.enter('c')).rejects.toMatchObject({
      statusCode: 429,
      code: 'too_many_in_flight',
      message: expect.stringMatching(/wait for their answers/),
    });
    gate.leave('c');
    await waiting;
    gate.leave('c');
    await gate.enter('c');
    gate.leave('c');
    expect(gate.size).toBe(0);
  });
});
