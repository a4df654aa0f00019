// Fuzzing (invariant 4): random and malformed commands at states of real matches are either rejected with a
// section or decision — changing nothing — or, when accepted, are among legalCommands.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng, type Command } from '@matchtape/engine';
import { expectEndedRejects, fuzzCommands, playMatch } from '@matchtape/engine/testing';
import { elementalClash } from './index';
import { COMMAND_TYPES } from './schemas';
import { RULE } from './property-helpers';
import type { ECState } from './types';

const TYPES = [...COMMAND_TYPES, 'Bogus', ''];
const matches = [0, 1, 2].map((i) =>
  playMatch<ECState>(elementalClash, { seed: `fuzz-${i}`, bots: { p1: 'random', p2: 'greedy' } }),
);

/** Ids that exist somewhere in a state, so fuzzed commands hit real cards, stacks and triggers often. */
function idsOf(s: ECState): string[] {
  const out = new Set<string>([
    'p1',
    'p2',
    'p1-s1',
    'p2-s2',
    't1',
    'nope',
    'mars-stone',
    'legacy-of-legends',
  ]);
  for (const pl of Object.values(s.players)) {
    for (const z of [pl.hand, pl.spellbook, pl.archive, pl.purgatory]) for (const c of z) out.add(c.id);
    for (const st of pl.stacks) {
      out.add(st.id);
      if (st.top) out.add(st.top.id);
    }
    for (const x of [...pl.atk, ...pl.def, ...pl.attached]) out.add(x.id);
  }
  for (const p of s.pending) out.add(p.pid);
  return [...out];
}

describe('elemental-clash fuzzing', () => {
  it(
    'random commands: rejected with a rule and no change, or accepted and listed',
    { timeout: 300_000 },
    () => {
      fuzzCommands(elementalClash, matches, {
        types: TYPES,
        picks: 6,
        ids: idsOf,
        extra: fc.boolean(),
        fill(cmd, pick, picks, extra) {
          if (picks[0]! % 3 !== 0) cmd.card = pick(0);
          if (picks[1]! % 3 === 0) cmd.target = pick(1);
          if (picks[2]! % 3 === 0) cmd.stack = picks[2]! % 2 ? pick(2) : null;
          if (picks[3]! % 4 === 0) cmd.attacker = pick(3);
          if (picks[3]! % 5 === 0) cmd.creature = pick(3);
          if (picks[4]! % 4 === 0) cmd.zone = ['atk', 'def', 'stack'][picks[4]! % 3];
          if (picks[4]! % 5 === 0) cmd.pid = pick(4);
          if (picks[5]! % 5 === 0) cmd.order = [pick(5), pick(4)];
          if (picks[5]! % 7 === 0) cmd.tribute = [pick(5)];
          if (picks[5]! % 11 === 0) cmd.cardId = picks[5]! % 2 ? null : pick(5);
          if (extra) cmd.unexpected = true;
        },
        rule: new RegExp(`^command$|${RULE.source}`),
        seed: 20261123,
      });
    },
  );

  it('malformed commands are rejected as "command" with a reason and change nothing', () => {
    const s = matches[0]!.states[60]!;
    for (const bad of [
      {},
      { type: 'PlayCard' },
      { type: 'PlayCard', card: 5, stack: 'x' },
      { type: 'EndMain', extra: 1 },
      { type: 'DeployCreature', card: 'x', zone: 'left' },
      { type: 'Reinforce', card: 'x', reveal: [] },
      { type: 42 },
    ]) {
      const r = elementalClash.decide(s, { player: 'p1', ...bad } as unknown as Command, {
        rng: new Rng('x'),
      });
      expect(r).toMatchObject({ ok: false, rule: 'command' });
    }
  });

  it('a finished match rejects everything with 1.0 and lists nothing', () => {
    expectEndedRejects(elementalClash, matches[0]!, { type: 'EndMain', player: 'p1' }, '1.0');
  });
});
