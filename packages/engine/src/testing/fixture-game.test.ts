// The fixture must itself keep the contract, or the kernel tests that lean on it prove nothing.
import { describe, expect, it } from 'vitest';
import { checkInvariants, checkLegalEquivalence, describeGameModule, playMatch } from './index';
import { coinRace, type CoinRaceState } from './fixture-game';
import { cursorAfter } from '../rng';
import { visitMachine } from '../machine';
import { machineCoverage } from './graph';

describe('Coin Race fixture', () => {
  it('keeps invariants 1, 2, 3 and 6 and ends by its rules, over many seeds and both bots', () => {
    for (let i = 0; i < 30; i++) {
      const m = playMatch<CoinRaceState>(coinRace, {
        seed: `fx-${i}`,
        bots: { p1: i % 2 ? 'random' : 'greedy', p2: 'random' },
      });
      expect(m.endedByRules).toBe(true);
      expect(checkInvariants(coinRace, m)).toEqual([]);
    }
  });

  it('accepted ⇔ listed at every state of a match (invariant 4)', () => {
    const m = playMatch<CoinRaceState>(coinRace, { seed: 'fx-legal', bots: { p1: 'random', p2: 'random' } });
    const probes = [
      { type: 'Flip' },
      { type: 'PlayCard', index: 0 },
      { type: 'PlayCard', index: 5 },
      { type: 'Dance' },
    ] as never[];
    for (let i = 0; i < m.events.length; i++)
      expect(
        checkLegalEquivalence(coinRace, m.states[i], m.seed, cursorAfter(m.events.slice(0, i + 1)), probes),
      ).toEqual([]);
  });

  it('its machine is fully covered by played matches', () => {
    const states = new Set<string>();
    const transitions: { source: string; event: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const m = playMatch<CoinRaceState>(coinRace, {
        seed: `cov-${i}`,
        bots: { p1: 'greedy', p2: 'random' },
      });
      const v = visitMachine(coinRace.machine, m.events);
      v.states.forEach((s) => states.add(s));
      transitions.push(...v.transitions);
    }
    const c = machineCoverage(coinRace.machine, { states, transitions });
    expect(c.states.uncovered).toEqual([]);
    expect(c.transitions.uncovered).toEqual([]);
  });
});

// The fixture is the conformance suite's first user: a game that passes it keeps the contract.
describeGameModule(coinRace, {
  matches: 8,
  legalEvery: 1,
  redactedSchemas: true,
  probes: [
    { type: 'PlayCard', index: 0 },
    { type: 'PlayCard', index: 9 },
  ],
  startScenario: {
    game: 'coin-race',
    seed: 'conf-start',
    players: { p1: {}, p2: {} },
    cards: [{ id: 'clover', name: 'Clover', type: 'Coin', stats: { points: 2 }, keywords: ['Lucky'] }],
    start: {
      turn: 3,
      turnPlayer: 'p2',
      phase: 'main',
      players: {
        p1: { zones: { hand: ['one'], deck: ['two', 'three'] }, counters: { score: 2 } },
        p2: { zones: { hand: [{ card: 'clover', id: 'c1:clover' }], deck: ['one'] } },
      },
    },
    steps: [
      { command: { type: 'PlayCard', player: 'p2', index: 0 } },
      { expectEvent: { type: 'CardPlayed', payload: { card: 'c1:clover', points: 3 }, rule: '4.1' } },
    ],
  },
});
