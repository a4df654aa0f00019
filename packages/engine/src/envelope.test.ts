import { describe, expect, it } from 'vitest';
import {
  chainEvents,
  EventEnvelopeSchema,
  GENESIS_HASH,
  hashEnvelope,
  toNewEvent,
  verifyChain,
  type EventEnvelope,
  type NewEvent,
} from './envelope';

function drafts(n: number): NewEvent[] {
  return Array.from({ length: n }, (_, i) => ({
    type: i === 0 ? 'MatchStarted' : 'CardDrawn',
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    turn: 1,
    phase: 'main',
    step: null,
    cause: i % 2 ? { commandId: `c${i}`, player: 'p1' } : { system: true as const },
    rule: i % 3 ? null : '1.1',
    payload: { i, card: `c-${i}` },
  }));
}

describe('hash chain', () => {
  const events = chainEvents('m1', 0, GENESIS_HASH, drafts(6));

  it('numbers from 1 without gaps and links each event to the previous hash', () => {
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(events[0]!.prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < events.length; i++) expect(events[i]!.prevHash).toBe(events[i - 1]!.hash);
    for (const e of events) expect(EventEnvelopeSchema.parse(e)).toEqual(e);
    expect(verifyChain(events)).toEqual({ ok: true });
  });

  it('takes an event out of its chain: chained again at the same place it is the same event', () => {
    const unchained = events.map(toNewEvent);
    expect(unchained).toEqual(drafts(6));
    expect(Object.keys(unchained[0]!).sort()).toEqual([
      'at',
      'cause',
      'payload',
      'phase',
      'rule',
      'step',
      'turn',
      'type',
    ]);
    expect(chainEvents('m1', 0, GENESIS_HASH, unchained)).toEqual(events);
  });

  it('continues a chain exactly as one long append would', () => {
    const all = drafts(6);
    const first = chainEvents('m1', 0, GENESIS_HASH, all.slice(0, 2));
    const rest = chainEvents('m1', 2, first[1]!.hash, all.slice(2));
    expect([...first, ...rest]).toEqual(events);
  });

  it('hashes the canonical form: key order of the payload does not matter', () => {
    const { hash, ...rest } = events[2]!;
    const reordered = { ...rest, payload: Object.fromEntries(Object.entries(rest.payload).reverse()) };
    expect(hashEnvelope(reordered)).toBe(hash);
  });

  it('names the tampered seq when a payload changes', () => {
    const tampered: EventEnvelope[] = events.map((e) =>
      e.seq === 4 ? { ...e, payload: { ...e.payload, card: 'forged' } } : e,
    );
    expect(verifyChain(tampered)).toEqual({
      ok: false,
      seq: 4,
      reason: 'hash does not match the event content',
    });
  });

  it('names the seq when an event is recomputed but the next link breaks', () => {
    const forged = { ...events[2]!, payload: { i: 2, card: 'x' } };
    const { hash: _h, ...rest } = forged;
    const rehashed = { ...rest, hash: hashEnvelope(rest) };
    const list = events.map((e) => (e.seq === 3 ? rehashed : e));
    expect(verifyChain(list)).toMatchObject({ ok: false, seq: 4, reason: expect.stringMatching(/prevHash/) });
  });

  it('names a gap, a duplicate and a reordering', () => {
    expect(verifyChain([events[0]!, events[2]!])).toMatchObject({
      ok: false,
      seq: 3,
      reason: 'expected seq 2, found 3',
    });
    expect(verifyChain([events[0]!, events[0]!])).toMatchObject({ ok: false, seq: 1 });
    expect(verifyChain([events[1]!, events[0]!])).toMatchObject({ ok: false, seq: 2 });
  });

  it('detects a change to any envelope field (type, time, cause, rule, matchId)', () => {
    const edits: ((e: EventEnvelope) => EventEnvelope)[] = [
      (e) => ({ ...e, type: 'Other' }),
      (e) => ({ ...e, at: '2030-01-01T00:00:00.000Z' }),
      (e) => ({ ...e, cause: { system: true } }),
      (e) => ({ ...e, rule: '9.9' }),
      (e) => ({ ...e, matchId: 'm2' }),
      (e) => ({ ...e, turn: 7 }),
    ];
    for (const edit of edits)
      expect(verifyChain(events.map((e) => (e.seq === 2 ? edit(e) : e)))).toMatchObject({
        ok: false,
        seq: 2,
      });
  });
});
