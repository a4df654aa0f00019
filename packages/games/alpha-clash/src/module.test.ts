// Contract basics: preset decks are legal, setup follows 103, and whole bot matches keep invariants 1, 2, 3, 6.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkInvariants, describeGameModule, playMatch } from '@matchtape/engine/testing';
import { Rng, seedCommitment } from './test-helpers';
import { alphaClash } from './index';
import type { AlphaClashState } from './types';

describe('alpha-clash module', () => {
  it('ships two legal 50-card preset decks with Contenders (100.2a, 306.4, 704.15)', () => {
    const decks = Object.values(alphaClash.presetDecks);
    expect(decks.length).toBeGreaterThanOrEqual(2);
    for (const d of decks) {
      expect(d.main).toHaveLength(50);
      expect(alphaClash.validateDeck(d)).toEqual([]);
    }
  });

  it('rejects illegal decks with the rule they break', () => {
    const d = alphaClash.presetDecks['torque-red-rush']!;
    expect(alphaClash.validateDeck({ ...d, main: d.main.slice(1) }).join()).toMatch(/100\.2a/);
    expect(
      alphaClash
        .validateDeck({
          ...d,
          main: [...d.main.slice(5), 'AC1-099', 'AC1-099', 'AC1-099', 'AC1-099', 'AC1-099'],
        })
        .join(),
    ).toMatch(/at most 4 copies/);
    expect(
      alphaClash.validateDeck({ ...d, main: [...d.main.slice(2), 'AC1-037', 'AC1-122'] }).join(),
    ).toMatch(/704\.15b\.1/);
    expect(
      alphaClash.validateDeck({ ...d, main: [...d.main.slice(3), 'AC1-021', 'AC1-021', 'AC1-021'] }).join(),
    ).toMatch(/306\.4/);
    expect(alphaClash.validateDeck({ main: d.main }).join()).toMatch(/Contender/);
  });

  it('setup reveals Contenders, picks the first player at random and commits to the seed (103.1)', () => {
    const rng = new Rng('seed-1');
    const config = {
      matchId: 'm1',
      players: [
        { id: 'p1' as const, name: 'A', deck: alphaClash.presetDecks['torque-red-rush']! },
        { id: 'p2' as const, name: 'B', deck: alphaClash.presetDecks['clarity-green-wall']! },
      ],
    };
    const d = alphaClash.setup(config, { rng, seedCommitment: seedCommitment('seed-1', 'm1') });
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(d.events[0]!.type).toBe('MatchStarted');
    expect(d.events[0]!.payload.seedCommitment).toBe(seedCommitment('seed-1', 'm1'));
    expect(d.events.filter((e) => e.type === 'ContenderRevealed')).toHaveLength(2);
    const first = d.events.find((e) => e.type === 'StartingPlayerDetermined')!;
    expect(first.auto).toBe(true);
    expect(first.rule).toBe('103.1');
    expect((first.payload.random as { draws: { kind: string }[] }).draws[0]!.kind).toBe('int');
    for (const e of d.events) {
      expect(e.auto).toBe(true);
      expect(e.rule).toBeTruthy();
      expect(alphaClash.eventSchema.safeParse(e).success).toBe(true);
    }
    let s = alphaClash.initial();
    for (const e of d.events) s = alphaClash.evolve(s, e);
    expect(s.players.p1!.deckCount).toBe(50);
    const other = s.order.find((x) => x !== s.startingPlayer);
    expect(s.setup.cuts).toEqual([
      { deck: s.startingPlayer, by: other },
      { deck: other, by: s.startingPlayer },
    ]);
    // Decks are hidden from everybody, opaque ids included.
    const pub = alphaClash.view(s, 'public');
    expect(pub.players.p1!.deck.every((c) => 'hidden' in c)).toBe(true);
    expect(JSON.stringify(pub)).not.toContain('p1-01"');
  });

  it('plays whole bot matches that end by the rules and keep every invariant at every seq', () => {
    for (const [seed, bots] of [
      ['full-1', { p1: 'random', p2: 'greedy' }],
      ['full-2', { p1: 'greedy', p2: 'random' }],
    ] as const) {
      const m = playMatch<AlphaClashState>(alphaClash, { seed, bots });
      expect(m.endedByRules).toBe(true);
      expect(checkInvariants(alphaClash, m)).toEqual([]);
      const last = m.events[m.events.length - 1]!;
      expect(last.type).toBe('MatchEnded');
      expect(last.payload.seed).toBe(seed);
      expect(last.rule).toBeTruthy();
    }
  });
});

// The kit's conformance suite (every game runs it), with a start-position scenario whose test card starts hidden.
describeGameModule(alphaClash, {
  // Four matches: the every-seq checks are heavy, and invariants.test.ts / property-*.test.ts cover many more.
  matches: 4,
  redactedSchemas: true,
  startScenario: JSON.parse(
    readFileSync(join(__dirname, '../scenarios/112-cr-704-2c-awe-factor.json'), 'utf8'),
  ),
});
