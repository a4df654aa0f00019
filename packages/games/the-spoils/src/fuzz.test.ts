// Fuzzing (invariant 4): random and malformed commands at states of real matches are either rejected with a
// rule — changing nothing — or, when accepted, are among legalCommands.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng, type Command } from '@matchtape/engine';
import { expectEndedRejects, fuzzCommands, playMatch } from '@matchtape/engine/testing';
import { theSpoils } from './index';
import type { SpoilsState } from './types';

const TYPES = [
  'ChooseFirstPlayer',
  'MulliganCard',
  'EndMulligan',
  'ResolveTrigger',
  'Develop',
  'PlayCard',
  'UseAbility',
  'AttachResource',
  'Pass',
  'EndTurn',
  'Attack',
  'AddAttacker',
  'ConfirmAttackers',
  'AddBlocker',
  'ConfirmBlockers',
  'AssignDamage',
  'Bid',
  'PassBid',
  'FindCard',
  'KeepUnique',
  'Bogus',
  '',
];

const matches = [0, 1, 2].map((i) =>
  playMatch<SpoilsState>(theSpoils, { seed: `fuzz-${i}`, bots: { p1: 'random', p2: 'greedy' } }),
);

/** Ids that exist somewhere in a state (so fuzzed commands hit real cards often). */
function idsOf(s: SpoilsState): string[] {
  const out = new Set<string>(['nope', 'c1']);
  for (const pl of Object.values(s.players))
    for (const z of [pl.hand, pl.deck, pl.discard]) for (const c of z) out.add(c.id);
  for (const x of s.perms) out.add(x.id);
  for (const t of s.triggers) out.add(t.tid);
  return [...out];
}

/** A command whose fields are whatever the test says (the host only guarantees `player`). */
function malformed(fields: Record<string, unknown>): Command {
  return { type: '', ...fields, player: 'p1' } as Command;
}

describe('the-spoils fuzzing', () => {
  it(
    'random commands: rejected with a rule and no change, or accepted and listed',
    { timeout: 120_000 },
    () => {
      fuzzCommands(theSpoils, matches, {
        types: TYPES,
        picks: 5,
        ids: idsOf,
        extra: fc.tuple(fc.integer({ min: -1, max: 6 }), fc.boolean()),
        fill(cmd, pick, picks, [n, flag]) {
          const type = cmd.type;
          if (picks[0]! % 3 !== 0) cmd.card = pick(0);
          if (picks[1]! % 3 === 0) cmd.pick = pick(1);
          if (picks[2]! % 3 === 0) cmd.target = pick(2);
          if (picks[3]! % 3 === 0) cmd.source = pick(3);
          if (picks[4]! % 4 === 0) cmd.resource = pick(4);
          if (picks[4]! % 5 === 0) cmd.trigger = pick(4);
          if (type === 'UseAbility') cmd.ability = Math.max(0, n);
          if (type === 'AssignDamage' || type === 'Bid') cmd.amount = n;
          if (type === 'Develop') {
            cmd.mode = flag ? 'draw' : 'resource';
            if (!flag) cmd.faceDown = picks[1]! % 2 === 0;
          }
          if (type === 'ChooseFirstPlayer') cmd.first = flag ? 'p1' : 'p2';
        },
        rule: /^(command|\d{3}(\.\d+[a-z]?)?)$/,
        seed: 20261123,
      });
    },
  );

  it('malformed commands are rejected as "command" with a reason', () => {
    const s = matches[0]!.states[40]!;
    const rng = new Rng('x');
    for (const bad of [
      {},
      { type: 'PlayCard' },
      { type: 'PlayCard', card: 5 },
      { type: 'UseAbility', source: 'c1', ability: 'one' },
      { type: 'Pass', extra: 1 },
      { type: 'Attack', target: 5 },
      { type: 'Develop', mode: 'steal' },
      { type: 42 },
    ]) {
      const r = theSpoils.decide(s, malformed(bad), { rng });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.rule).toBe('command');
    }
  });

  it('a finished match rejects everything with 102.1', () => {
    expectEndedRejects(theSpoils, matches[0]!, { type: 'Pass', player: 'p1' }, '102.1');
  });
});
