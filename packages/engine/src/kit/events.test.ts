import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvents, matchEndedFields, matchStartedFields } from './events';

const events = defineEvents({
  MatchStarted: z.object({ ...matchStartedFields, players: z.array(z.string()) }),
  CardDrawn: z.object({ player: z.string(), card: z.union([z.string(), z.null()]) }),
  MatchEnded: z.object(matchEndedFields),
});

describe('defineEvents', () => {
  it('validates each event by its type, allowing the Draft’s payload.random', () => {
    expect(
      events.eventSchema.safeParse({
        type: 'CardDrawn',
        payload: {
          player: 'p1',
          card: 'x',
          random: { from: 0, to: 2, draws: [{ kind: 'id', result: 'h1' }] },
        },
      }).success,
    ).toBe(true);
    expect(
      events.eventSchema.safeParse({
        type: 'CardDrawn',
        payload: { player: 'p1', card: 'x', random: { from: null, to: null, draws: null } },
      }).success,
    ).toBe(true);
    expect(
      events.eventSchema.safeParse({
        type: 'CardDrawn',
        payload: { player: 'p1', card: 'x', random: { from: 0, to: 2, draws: null } },
      }).success,
    ).toBe(false);
    expect(events.eventSchema.safeParse({ type: 'CardDrawn', payload: { player: 'p1' } }).success).toBe(
      false,
    );
    expect(events.eventSchema.safeParse({ type: 'Nope', payload: {} }).success).toBe(false);
    expect(
      events.eventSchema.safeParse({ type: 'MatchEnded', payload: { seed: 's', winner: 'p3', result: 'r' } })
        .success,
    ).toBe(true);
  });

  it('lists the types and emits a JSON Schema that names every event and its fields', () => {
    expect(events.types).toEqual(['MatchStarted', 'CardDrawn', 'MatchEnded']);
    const json = JSON.stringify(events.jsonSchema());
    for (const t of ['MatchStarted', 'CardDrawn', 'MatchEnded', 'seedCommitment', 'winner'])
      expect(json).toContain(`"${t}"`);
    expect(events.payload('CardDrawn').safeParse({ player: 'p1', card: null }).success).toBe(true);
    expect(() => events.payload('Zzz' as 'CardDrawn')).toThrow(/no event type "Zzz"/);
  });
});
