// Odds and ends of the contract: turn limit, concession during setup, schemas, board/describe/keyMoment.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Rng } from '@matchtape/engine';
import { checkInvariants, playMatch } from '@matchtape/engine/testing';
import { alphaClash } from './index';
import { TURN_LIMIT } from './flow';
import { events } from './schemas';
import type { AlphaClashState } from './types';

const played = playMatch<AlphaClashState>(alphaClash, {
  seed: 'extra-1',
  bots: { p1: 'greedy', p2: 'random' },
});

describe('alpha-clash contract extras', () => {
  it('Haven, Biding Time matches (start-of-game Relic search, 103.6) keep every invariant', () => {
    const red = alphaClash.presetDecks['torque-red-rush']!;
    const haven = {
      name: 'Haven test',
      extra: { contender: ['AC2-074'] },
      main: [...red.main.slice(2), 'SAMPLE-RELIC-TORQUE', 'AC1-016'],
    };
    expect(alphaClash.validateDeck(haven)).toEqual([]);
    for (const [k, bots] of [
      ['random', 'random'],
      ['greedy', 'random'],
      ['greedy', 'greedy'],
    ].entries()) {
      const m = playMatch<AlphaClashState>(alphaClash, {
        seed: `haven-${k}`,
        decks: { p1: haven, p2: haven },
        bots: { p1: bots[0] as 'random', p2: bots[1] as 'random' },
      });
      expect(m.endedByRules).toBe(true);
      expect(m.events.filter((e) => e.type === 'DeckSearched')).toHaveLength(2);
      if (k === 0) expect(checkInvariants(alphaClash, m)).toEqual([]);
    }
  });

  it(`a match reaching turn ${TURN_LIMIT} ends in a recorded draw (104.6)`, () => {
    const s = played.states.find(
      (x) => x.step === 'turn.primary.main' && x.standby.length === 0 && x.turn > 2,
    )!;
    const late: AlphaClashState = { ...s, turn: TURN_LIMIT };
    const d = alphaClash.decide(
      late,
      { type: 'EndTurn', player: late.activePlayer! },
      { rng: new Rng('extra-1', late.rng) },
    );
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    const end = d.events[d.events.length - 1]!;
    expect(end).toMatchObject({ type: 'MatchEnded', rule: '104.6', auto: true, payload: { winner: null } });
  });

  it('a player may concede during setup (104.3a) and the machine ends the game from setup', () => {
    const first = played.states.find((x) => x.status === 'setup' && x.setup.cuts.length > 0)!;
    const d = alphaClash.decide(
      first,
      { type: 'Concede', player: 'p2' },
      { rng: new Rng('extra-1', first.rng) },
    );
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(d.events.map((e) => e.type)).toEqual(['PlayerConceded', 'MatchEnded']);
    let s = first;
    for (const e of d.events) s = alphaClash.evolve(s, e);
    expect(alphaClash.status(s)).toEqual({ status: 'ended', winner: 'p1', result: 'p2 conceded (104.3a)' });
    expect(s.step).toBe('gameOver');
  });

  it('command and event schemas export as JSON Schema and accept what the engine produces', () => {
    expect(JSON.stringify(z.toJSONSchema(alphaClash.commandSchema, { io: 'input' }))).toContain(
      'DeclareObstructors',
    );
    // Typed per event: the JSON Schema names every event type and its payload fields.
    const eventsJson = JSON.stringify(
      z.toJSONSchema(alphaClash.eventSchema, { io: 'input', unrepresentable: 'any' }),
    );
    for (const t of events.types) expect(eventsJson, t).toContain(`"${t}"`);
    expect(eventsJson).toContain('"division"');
    expect(alphaClash.eventSchema.safeParse({ type: 'DamageDealt', payload: { target: 'x' } }).success).toBe(
      false,
    );
    for (const e of played.events) {
      expect(alphaClash.eventSchema.safeParse(e).success, e.type).toBe(true);
      // Redacted events (hidden cards as { id, hidden: true }, random records without positions) fit the same schemas.
      expect(alphaClash.eventSchema.safeParse(alphaClash.viewEvent(e, 'p2')).success, `${e.type} as p2`).toBe(
        true,
      );
    }
    for (const s of played.states.filter((_, i) => i % 50 === 0))
      for (const p of alphaClash.actors(s))
        for (const c of alphaClash.legalCommands(s, p)) {
          const { player: _p, ...body } = c;
          expect(alphaClash.commandSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
        }
  });

  it('board, describe and keyMoment work from any view without showing hidden cards', () => {
    const mid = played.states[Math.floor(played.states.length / 2)]!;
    const pub = alphaClash.board(alphaClash.view(mid, 'public'));
    expect(pub.players).toHaveLength(2);
    for (const pb of pub.players)
      expect(pb.zones.find((z2) => z2.key === 'hand')!.cards.every((c) => c.hidden === true)).toBe(true);
    const mine = alphaClash.board(alphaClash.view(mid, 'p1'));
    expect(
      mine.players[0]!.zones.find((z2) => z2.key === 'hand')!.cards.every((c) => c.hidden !== true),
    ).toBe(true);
    const types = new Set(played.events.map((e) => e.type));
    for (const e of played.events)
      expect(alphaClash.describe(alphaClash.viewEvent(e, 'public')).length).toBeGreaterThan(3);
    expect(played.events.some((e) => alphaClash.keyMoment(e)?.kind === 'attack')).toBe(
      types.has('AttackDeclared'),
    );
    expect(alphaClash.keyMoment(played.events[played.events.length - 1]!)?.kind).toBe('end');
  });
});
