// Per-client read turns (issue 21): one client's reads beyond its turns wait behind each other, never in front of
// another client's; a full queue is a 429 at once.
import { describe, expect, it } from 'vitest';
import { ReadGate } from './fair';

/** Lets every settled promise run its continuation. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ReadGate', () => {
  it('serves a lone client inFlight reads at once; with another client each gets one turn, the rest in arrival order', async () => {
    const gate = new ReadGate({ inFlight: 2, queued: 8 });
    const started: string[] = [];
    const enter = (who: string, tag: string) => gate.enter(who).then(() => void started.push(tag));
    void ['a1', 'a2', 'a3', 'a4'].map((t) => enter('greedy', t));
    await settle();
    expect(started).toEqual(['a1', 'a2']);
    // Another client is served at once, not after the greedy client's queue.
    await enter('other', 'b1');
    expect(started).toEqual(['a1', 'a2', 'b1']);
    // While it has a read, the greedy client is down to one turn: a finished read hands on nothing.
    gate.leave('greedy');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    gate.leave('greedy');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    // The other client is done: the greedy one has its turns back.
    gate.leave('other');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
    gate.leave('greedy');
    gate.leave('greedy');
    expect(gate.size).toBe(0);
  });

  it('refuses a read over the queue with 429 too_many_in_flight, and takes reads again as turns free up', async () => {
    const gate = new ReadGate({ inFlight: 1, queued: 1 });
    await gate.enter('c');
    const waiting = gate.enter('c');
    await expect(gate.enter('c')).rejects.toMatchObject({ statusCode: 429, code: 'too_many_in_flight', message: expect.stringMatching(/wait for their answers/) });
    gate.leave('c');
    await waiting;
    gate.leave('c');
    await gate.enter('c');
    gate.leave('c');
    expect(gate.size).toBe(0);
  });
});
