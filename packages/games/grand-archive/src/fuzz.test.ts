// Fuzzing (invariant 4): random and malformed commands at states of real matches are either rejected with a
// rule — changing nothing — or, when accepted, are among legalCommands.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng, type Command } from '@matchtape/engine';
import { expectEndedRejects, fuzzCommands, playMatch } from '@matchtape/engine/testing';
import { grandArchive } from './index';
import { CARD_IDS } from './decide';
import type { GAState } from './types';

const TYPES = [
  'PlaceStartingChampion',
  'Materialize',
  'DeclineMaterialize',
  'ActivateCard',
  'SelectReserve',
  'CancelActivation',
  'ActivateAbility',
  'DeclareAttack',
  'ChooseAttackTarget',
  'DeclareRetaliation',
  'DeclineRetaliation',
  'PassOpportunity',
  'Bogus',
  '',
];

const matches = [0, 1, 2].map((i) =>
  playMatch<GAState>(grandArchive, { seed: `fuzz-${i}`, bots: { p1: 'random', p2: 'greedy' } }),
);

/** Ids that exist somewhere in a state (so fuzzed commands hit real cards and objects often). */
function idsOf(s: GAState): string[] {
  const out = new Set<string>(['p1-m1', 'p2-m1', 'nope', '']);
  for (const pl of Object.values(s.players))
    for (const z of [pl.hand, pl.materialDeck, pl.memory, pl.graveyard, pl.mainDeck])
      for (const c of z) out.add(c.id);
  for (const o of s.field) out.add(o.id);
  return [...out];
}

describe('grand-archive fuzzing', () => {
  it(
    'random commands: rejected with a rule and no change, or accepted and listed',
    { timeout: 120_000 },
    () => {
      fuzzCommands(grandArchive, matches, {
        types: TYPES,
        picks: 4,
        ids: idsOf,
        extra: fc.tuple(fc.integer({ min: -2, max: 25 }), fc.boolean()),
        fill(cmd, pick, picks, [ability, extra]) {
          if (picks[0]! % 3 !== 0) cmd.card = pick(0);
          if (picks[1]! % 3 === 0) cmd.target = pick(1);
          if (picks[2]! % 4 === 0) cmd.attacker = pick(2);
          if (picks[3]! % 4 === 0) cmd.weapon = pick(3);
          if (picks[3]! % 5 === 0) cmd.unit = pick(3);
          if (picks[2]! % 5 === 0) cmd.source = pick(2);
          if (cmd.type === 'ActivateAbility') cmd.ability = ability;
          if (extra) cmd.unexpected = CARD_IDS[picks[0]! % CARD_IDS.length];
        },
        rule: /^(command|\d+(\.\w+)*|X\.[AB]\.\d+(\.\w+)*)$/,
        seed: 20261122,
      });
    },
  );

  it('malformed commands are rejected as illegal player actions (2.12.i.1) with a reason', () => {
    const s = matches[0]!.states[40]!;
    const rng = new Rng('x');
    const malformed: Record<string, unknown>[] = [
      {},
      { type: 'ActivateCard' },
      { type: 'ActivateCard', card: 5 },
      { type: 'ActivateAbility', source: 'p1-m1', ability: 'one' },
      { type: 'PassOpportunity', extra: 1 },
      { type: 'DeclareAttack', attacker: 'x', target: 5 },
      { type: 'DeclareAttack', attacker: 'x', opponent: 'me' },
      { type: 42 },
    ];
    for (const bad of malformed) {
      // Deliberately not a well-formed Command: decide must reject it without trusting its shape.
      const raw: Record<string, unknown> = { player: 'p1', ...bad };
      const r = grandArchive.decide(s, raw as Command, { rng });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.rule).toBe('2.12.i.1');
    }
  });

  it('a finished match rejects everything with 1.4.1', () => {
    expectEndedRejects(grandArchive, matches[0]!, { type: 'PassOpportunity', player: 'p1' }, '1.4.1');
  });
});
