// The conformance suite's checks must catch broken games; the suite itself runs on the fixture in
// fixture-game.test.ts. These run its building blocks on deliberately broken variants.
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import type { GameModule } from '../game';
import { checkMachineMeta } from '../kit/machine';
import { cursorAfter } from '../rng';
import { checkListedEquivalence } from './conformance';
import { coinRace, type CoinRaceState } from './fixture-game';
import { playMatch } from './harness';

const m = playMatch<CoinRaceState>(coinRace, { seed: 'conf-unit', bots: { p1: 'random', p2: 'random' } });
const at = m.events.findIndex((e) => e.type === 'TurnStarted');
const state = m.states[at]!;
const cursor = cursorAfter(m.events.slice(0, at + 1));

describe('conformance building blocks catch', () => {
  it('nothing on the fixture', () => {
    expect(
      checkListedEquivalence(coinRace, state, m.seed, cursor, ['p1', 'p2'], [{ type: 'NoSuchCommand' }]),
    ).toEqual([]);
  });

  it('a command decide accepts that legalCommands does not list, and one listed but rejected', () => {
    const hiding: GameModule<CoinRaceState> = {
      ...coinRace,
      legalCommands: (s, p) => coinRace.legalCommands(s, p).filter((c) => c.type !== 'Flip'),
    };
    expect(
      checkListedEquivalence(hiding, state, m.seed, cursor, ['p1', 'p2'], [{ type: 'Flip' }]),
    ).toContainEqual(expect.stringMatching(/^p\d: not listed but accepted: .*"Flip"/));
    const boasting: GameModule<CoinRaceState> = {
      ...coinRace,
      legalCommands: (s, p) => [...coinRace.legalCommands(s, p), { type: 'Flip', player: p }],
    };
    expect(checkListedEquivalence(boasting, state, m.seed, cursor, ['p1', 'p2'])).toContainEqual(
      expect.stringMatching(/listed but rejected: .*"Flip".* → 2\.1/),
    );
  });

  it('a rejection citing a placeholder rule', () => {
    const vague: GameModule<CoinRaceState> = {
      ...coinRace,
      decide: (s, c, ctx) =>
        c.type === 'NoSuchCommand' ? { ok: false, rule: 'match', reason: 'no' } : coinRace.decide(s, c, ctx),
    };
    expect(
      checkListedEquivalence(vague, state, m.seed, cursor, ['p1'], [{ type: 'NoSuchCommand' }]),
    ).toContainEqual(expect.stringMatching(/cites no specific rule \("match"\)/));
  });

  it('a machine without phase/rule meta', () => {
    expect(checkMachineMeta(createMachine({ id: 'bare', initial: 'a', states: { a: {} } }))).toEqual([
      'a: no meta.phase on the node or an ancestor',
      'a: no meta.rule on the node or an ancestor',
    ]);
  });
});
