import { describe, expect, it } from 'vitest';
import { parseScenario, partialMatch, readPath, runScenario, scenarioConfig, ScenarioSchema, type ScenarioInput } from './scenario';
import { coinRace } from './testing/fixture-game';
import { verifyChain } from './envelope';

const base: ScenarioInput = {
  game: 'coin-race',
  seed: 7,
  rule: '2.3',
  description: 'playing a card scores its value and draws',
  players: { p1: { deck: ['one', 'two', 'three', 'one'] }, p2: { deck: ['one', 'one', 'one'] } },
  stack: { p1: { hand: ['three', 'one'], deck: ['two'] } },
  steps: [],
};

function scenario(steps: ScenarioInput['steps'], over: Partial<ScenarioInput> = {}): ScenarioInput {
  return { ...base, ...over, steps };
}

describe('runScenario', () => {
  it('passes when every expectation holds (stacked hand, events in order, judge and player views)', () => {
    const r = runScenario(
      coinRace,
      scenario([
        { expectState: { as: 'judge', path: 'players[0].hand', equals: ['p1#2:three', 'p1#0:one'] } },
        { expectState: { as: 'p2', path: 'players.0.hand', equals: [null, null] } },
        { command: { type: 'PlayCard', player: 'p1', index: 0 }, expect: 'accepted' },
        { expectEvent: { type: 'CardPlayed', payload: { card: 'p1#2:three', points: 3 } } },
        { expectEvent: { type: 'CardDrawn', payload: { player: 'p1', card: 'p1#1:two' } } },
        { expectState: { as: 'public', path: 'players.0.score', equals: 3 } },
        { command: { type: 'PlayCard', player: 'p1', index: 0 }, expect: { rejected: { rule: '2.2' } } },
        { command: { type: 'Flip', player: 'p2' }, expect: { rejected: { rule: '2.1' } } },
        { command: { type: 'Flip', player: 'p1' } },
        { expectEvent: { type: 'CoinFlipped', payload: { player: 'p1' } } },
        { expectEvent: { type: 'TurnStarted', payload: { player: 'p2', turn: 2 } } },
      ]),
    );
    expect(r.failures).toEqual([]);
    expect(r.ok).toBe(true);
    expect(verifyChain(r.events)).toEqual({ ok: true });
  });

  it('names the step of a wrong rejection rule, a missing event and a wrong state value', () => {
    const r = runScenario(
      coinRace,
      scenario([
        { command: { type: 'Flip', player: 'p2' }, expect: { rejected: { rule: '9.9' } } },
        { expectEvent: { type: 'CardPlayed' } },
        { expectState: { as: 'judge', path: 'players.1.score', equals: 4 } },
        { expectState: { as: 'judge', path: 'players.5.score', equals: 0 } },
      ]),
    );
    expect(r.ok).toBe(false);
    expect(r.failures).toHaveLength(4);
    expect(r.failures[0]).toMatch(/^step 0: Flip by p2 was rejected by rule 2\.1 .*expected rule 9\.9 \[rule 2\.3\]/);
    expect(r.failures[1]).toMatch(/^step 1: expected event CardPlayed after seq 0; saw 1:MatchStarted/);
    expect(r.failures[2]).toMatch(/^step 2: state players\.1\.score as judge is 0, expected 4/);
    expect(r.failures[3]).toMatch(/^step 3: state path "players\.5\.score" does not exist .*missing at "players\.5"/);
  });

  it('stops at a command that was expected accepted but was rejected, and says how many steps were skipped', () => {
    const r = runScenario(coinRace, scenario([{ command: { type: 'PlayCard', player: 'p1', index: 7 } }, { expectEvent: { type: 'CardPlayed' } }]));
    expect(r.failures).toEqual([
      expect.stringMatching(/^step 0: PlayCard by p1 was rejected \(2\.3: there is no card at hand index 7.*\), expected accepted/),
      'step 0: stopped; 1 later step(s) not run',
    ]);
  });

  it('fails when a command expected to be rejected is accepted', () => {
    const r = runScenario(coinRace, scenario([{ command: { type: 'Flip', player: 'p1' }, expect: { rejected: { rule: '2.1' } } }]));
    expect(r.failures).toEqual([expect.stringMatching(/^step 0: Flip by p1 was accepted, expected rejected by rule 2\.1/)]);
  });

  it('expectEvent only looks at events since the previous command, and consecutive expectations keep order', () => {
    const r = runScenario(
      coinRace,
      scenario([
        { command: { type: 'PlayCard', player: 'p1', index: 0 } },
        { expectEvent: { type: 'CardDrawn', payload: { player: 'p1' } } },
        { expectEvent: { type: 'CardPlayed' } },
        { expectEvent: { type: 'MatchStarted' } },
      ]),
    );
    expect(r.failures).toHaveLength(2);
    expect(r.failures[0]).toMatch(/^step 2: expected event CardPlayed/);
    expect(r.failures[1]).toMatch(/^step 3: expected event MatchStarted/);
  });

  it('reports payload mismatches with the payloads it saw', () => {
    const r = runScenario(coinRace, scenario([{ command: { type: 'PlayCard', player: 'p1', index: 0 } }, { expectEvent: { type: 'CardPlayed', payload: { points: 1 } } }]));
    expect(r.failures[0]).toMatch(/CardPlayed events there have payloads .*"points":3/);
  });

  it('is deterministic: the same seed without a stack gives the same shuffled match', () => {
    const s = scenario([{ command: { type: 'Flip', player: 'p1' } }], { stack: undefined, seed: 'same' });
    const a = runScenario(coinRace, s);
    const b = runScenario(coinRace, s);
    expect(a.ok).toBe(true);
    expect(a.events).toEqual(b.events);
    expect(a.events.some((e) => e.type === 'DeckShuffled' && e.payload.random)).toBe(true);
  });

  it('reports a malformed scenario by path without running anything', () => {
    const r = runScenario(coinRace, { game: 'coin-race', seed: 1, players: { p1: { deck: [] }, x: { deck: ['one'] } }, steps: [{ command: { type: 'Flip' } }, { nope: 1 }] });
    expect(r.ok).toBe(false);
    expect(r.events).toEqual([]);
    expect(r.failures.join('\n')).toMatch(/scenario\.players\.p1\.deck: a deck needs at least one card/);
    expect(r.failures.join('\n')).toMatch(/scenario\.steps\[0\]/);
    expect(r.failures.join('\n')).toMatch(/scenario\.players/);
  });

  it('reports a scenario for another game, a setup rejection and a bad stack', () => {
    expect(runScenario(coinRace, { ...base, game: 'alpha-clash' }).failures).toEqual(['scenario is for game "alpha-clash" but was run with "coin-race"']);
    expect(runScenario(coinRace, { ...base, players: { p1: { deck: ['one', 'bogus', 'one'] }, p2: { deck: ['one', 'one', 'one'] } } }).failures[0]).toMatch(/setup rejected .*\(1\.1\).*unknown card "bogus"/);
    expect(runScenario(coinRace, { ...base, stack: { p1: { hand: ['three', 'three'] } } }).failures[0]).toMatch(/stack names three/);
  });
});

describe('scenario helpers', () => {
  it('puts extra deck sections into DeckList.extra and seats in p1, p2 order', () => {
    const s = ScenarioSchema.parse({ game: 'g', seed: 's', players: { p2: { deck: ['b'] }, p1: { deck: ['a'], contender: ['hero'], name: 'Ann' } }, steps: [] });
    const c = scenarioConfig(s);
    expect(c.players).toEqual([
      { id: 'p1', name: 'Ann', deck: { main: ['a'], extra: { contender: ['hero'] } } },
      { id: 'p2', name: 'p2', deck: { main: ['b'] } },
    ]);
    expect(c.matchId).toBe('scenario-s');
  });

  it('defaults expect to accepted and rejects unknown step kinds', () => {
    const s = parseScenario({ game: 'g', seed: 1, players: { p1: { deck: ['a'] } }, steps: [{ command: { type: 'X', player: 'p1' } }] });
    expect(s.ok && s.scenario.steps[0]).toEqual({ command: { type: 'X', player: 'p1' }, expect: 'accepted' });
    expect(parseScenario({ game: 'g', seed: 1, players: { p1: { deck: ['a'] } }, steps: [{ expectEvent: { type: 'X' }, extra: 1 }] }).ok).toBe(false);
  });

  it('partialMatch: objects may have more keys, arrays must match in length', () => {
    expect(partialMatch({ a: 1, b: { c: 2, d: 3 } }, { b: { c: 2 } })).toBe(true);
    expect(partialMatch({ a: 1 }, { a: 2 })).toBe(false);
    expect(partialMatch({ a: [1, { x: 1, y: 2 }] }, { a: [1, { x: 1 }] })).toBe(true);
    expect(partialMatch({ a: [1, 2] }, { a: [1] })).toBe(false);
    expect(partialMatch({ a: null }, { a: null })).toBe(true);
    expect(partialMatch({}, { a: null })).toBe(true);
    expect(partialMatch({ a: 'x' }, { a: { b: 1 } })).toBe(false);
  });

  it('readPath reads dotted and bracketed paths and names where it stops', () => {
    const v = { a: [{ b: { c: 3 } }], n: null };
    expect(readPath(v, 'a[0].b.c')).toEqual({ found: true, value: 3 });
    expect(readPath(v, 'a.0.b')).toEqual({ found: true, value: { c: 3 } });
    expect(readPath(v, '')).toEqual({ found: true, value: v });
    expect(readPath(v, 'n')).toEqual({ found: true, value: null });
    expect(readPath(v, 'a.1.b')).toEqual({ found: false, at: 'a.1' });
    expect(readPath(v, 'a.x')).toEqual({ found: false, at: 'a.x' });
    expect(readPath(v, 'n.z')).toEqual({ found: false, at: 'n.z' });
  });
});
