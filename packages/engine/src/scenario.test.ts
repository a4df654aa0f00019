import { describe, expect, it } from 'vitest';
import {
  parseScenario,
  partialMatch,
  readPath,
  runScenario,
  scenarioConfig,
  ScenarioSchema,
  ScenarioScript,
  ScenarioWriter,
  type ScenarioInput,
} from './scenario';
import { coinRace, type CoinRaceState } from './testing/fixture-game';
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
    expect(r.failures[0]).toMatch(
      /^step 0: Flip by p2 was rejected by rule 2\.1 .*expected rule 9\.9 \[rule 2\.3\]/,
    );
    expect(r.failures[1]).toMatch(/^step 1: expected event CardPlayed after seq 0; saw 1:MatchStarted/);
    expect(r.failures[2]).toMatch(/^step 2: state players\.1\.score as judge is 0, expected 4/);
    expect(r.failures[3]).toMatch(
      /^step 3: state path "players\.5\.score" does not exist .*missing at "players\.5"/,
    );
  });

  it('stops at a command that was expected accepted but was rejected, and says how many steps were skipped', () => {
    const r = runScenario(
      coinRace,
      scenario([
        { command: { type: 'PlayCard', player: 'p1', index: 7 } },
        { expectEvent: { type: 'CardPlayed' } },
      ]),
    );
    expect(r.failures).toEqual([
      expect.stringMatching(
        /^step 0: PlayCard by p1 was rejected \(2\.3: there is no card at hand index 7.*\), expected accepted/,
      ),
      'step 0: stopped; 1 later step(s) not run',
    ]);
  });

  it('fails when a command expected to be rejected is accepted', () => {
    const r = runScenario(
      coinRace,
      scenario([{ command: { type: 'Flip', player: 'p1' }, expect: { rejected: { rule: '2.1' } } }]),
    );
    expect(r.failures).toEqual([
      expect.stringMatching(/^step 0: Flip by p1 was accepted, expected rejected by rule 2\.1/),
    ]);
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
    const r = runScenario(
      coinRace,
      scenario([
        { command: { type: 'PlayCard', player: 'p1', index: 0 } },
        { expectEvent: { type: 'CardPlayed', payload: { points: 1 } } },
      ]),
    );
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
    const r = runScenario(coinRace, {
      game: 'coin-race',
      seed: 1,
      players: { p1: { deck: [] }, x: { deck: ['one'] } },
      steps: [{ command: { type: 'Flip' } }, { nope: 1 }],
    });
    expect(r.ok).toBe(false);
    expect(r.events).toEqual([]);
    expect(r.failures.join('\n')).toMatch(/scenario\.players\.p1\.deck: a deck needs at least one card/);
    expect(r.failures.join('\n')).toMatch(/scenario\.steps\[0\]/);
    expect(r.failures.join('\n')).toMatch(/scenario\.players/);
  });

  it('reports a scenario for another game, a setup rejection and a bad stack', () => {
    expect(runScenario(coinRace, { ...base, game: 'alpha-clash' }).failures).toEqual([
      'scenario is for game "alpha-clash" but was run with "coin-race"',
    ]);
    expect(
      runScenario(coinRace, {
        ...base,
        players: { p1: { deck: ['one', 'bogus', 'one'] }, p2: { deck: ['one', 'one', 'one'] } },
      }).failures[0],
    ).toMatch(/setup rejected .*\(1\.1\).*unknown card "bogus"/);
    expect(
      runScenario(coinRace, { ...base, stack: { p1: { hand: ['three', 'three'] } } }).failures[0],
    ).toMatch(/stack names three/);
  });
});

describe('scenario helpers', () => {
  it('puts extra deck sections into DeckList.extra and seats in p1, p2 order', () => {
    const s = ScenarioSchema.parse({
      game: 'g',
      seed: 's',
      players: { p2: { deck: ['b'] }, p1: { deck: ['a'], contender: ['hero'], name: 'Ann' } },
      steps: [],
    });
    const c = scenarioConfig(s);
    expect(c.players).toEqual([
      { id: 'p1', name: 'Ann', deck: { main: ['a'], extra: { contender: ['hero'] } } },
      { id: 'p2', name: 'p2', deck: { main: ['b'] } },
    ]);
    expect(c.matchId).toBe('scenario-s');
  });

  it('defaults expect to accepted and rejects unknown step kinds', () => {
    const s = parseScenario({
      game: 'g',
      seed: 1,
      players: { p1: { deck: ['a'] } },
      steps: [{ command: { type: 'X', player: 'p1' } }],
    });
    expect(s.ok && s.scenario.steps[0]).toEqual({ command: { type: 'X', player: 'p1' }, expect: 'accepted' });
    expect(
      parseScenario({
        game: 'g',
        seed: 1,
        players: { p1: { deck: ['a'] } },
        steps: [{ expectEvent: { type: 'X' }, extra: 1 }],
      }).ok,
    ).toBe(false);
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

/** A coin-race start position: turn, turn player, zones, counters and test cards. */
const start = {
  game: 'coin-race',
  seed: 'start-1',
  rule: '4.1',
  options: { target: 10 },
  players: { p1: { name: 'Ann' }, p2: {} },
  cards: [
    { id: 'clover', name: 'Four-leaf Clover', type: 'Coin', stats: { points: 2 }, keywords: ['Lucky'] },
  ],
  start: {
    turn: 5,
    turnPlayer: 'p2',
    phase: 'main',
    players: {
      p1: {
        zones: { hand: ['one', 'two'], deck: ['three'], played: [{ card: 'three', id: 'p1#x:three' }] },
        counters: { score: 3 },
      },
      p2: {
        zones: { hand: [{ card: 'clover', id: 'p2#c:clover' }, 'one'], deck: ['two', 'three'] },
        counters: { score: 4 },
      },
    },
  },
};

describe('scenario start positions, test cards and the new assertions', () => {
  startPositionTests();
  startCheckTests();
});

/** A run from a start position, and what the new assertions say when they fail. */
function startPositionTests(): void {
  it('starts from the position (turn, turn player, zones, counters) with test cards, and checks every new assertion', () => {
    const r = runScenario(coinRace, {
      ...start,
      steps: [
        { expectPosition: { turn: 5, phase: 'main', step: null, activePlayer: 'p2' } },
        { expectPriority: { holder: 'p2' } },
        { expectState: { as: 'judge', path: 'players.1.hand', length: 2 } },
        { expectState: { as: 'p1', path: 'players.1.hand.0', equals: null } },
        { expectState: { as: 'judge', path: 'players.0.played', equals: ['p1#x:three'] } },
        { expectState: { as: 'public', path: 'players.0.nickname', absent: true } },
        { expectState: { as: 'judge', path: 'players.1', matches: { score: 4 } } },
        { expectStats: { card: 'p2#c:clover', stats: { points: 3 } } },
        { mark: 'before-play' },
        { command: { type: 'PlayCard', player: 'p2', index: 0 }, label: 'play' },
        {
          expectEvent: {
            type: 'CardPlayed',
            payload: { card: 'p2#c:clover', points: 3 },
            rule: '4.1',
            cause: 'p2',
          },
        },
        { expectEvent: { type: 'CardDrawn', rule: '2.3', cause: 'system' } },
        { expectNoEvent: { type: 'CoinFlipped' } },
        { expectNoEvent: { type: 'TurnStarted', from: 'before-play' } },
        { expectStats: { card: 'p2', stats: { score: 7 } } },
        { expectState: { as: 'judge', path: 'players.1.played', length: 1 } },
      ],
    });
    expect(r.failures).toEqual([]);
    expect(r.events.map((e) => e.type)).toEqual(['MatchStarted', 'PositionSet', 'CardPlayed', 'CardDrawn']);
    expect(verifyChain(r.events)).toEqual({ ok: true });
  });

  it('names what is wrong when the new assertions fail', () => {
    const r = runScenario(coinRace, {
      ...start,
      steps: [
        { command: { type: 'Flip', player: 'p2' } },
        { expectNoEvent: { type: 'CoinFlipped' } },
        { expectEvent: { type: 'CoinFlipped', rule: '9.9' } },
        { expectPriority: { holder: 'p2' } },
        { expectStats: { card: 'p2', stats: { score: 0, luck: 1 } } },
        { expectStats: { card: 'nowhere', stats: { points: 1 } } },
        { expectState: { as: 'judge', path: 'players.1.hand', length: 5 } },
        { expectState: { as: 'judge', path: 'players.1.score', length: 1 } },
        { expectState: { as: 'judge', path: 'players.1', absent: true } },
        { expectNoEvent: { type: 'CoinFlipped', from: 'nope' } },
        { expectPosition: { turn: 9 } },
      ],
    });
    expect(r.failures).toEqual([
      expect.stringMatching(/^step 1: expected no CoinFlipped between seq 3 and \d+, but seq 3 is one/),
      expect.stringMatching(
        /^step 2: expected event CoinFlipped \(rule 9\.9\) after seq 2; CoinFlipped events there cite rule 2\.4, cause p2/,
      ),
      'step 3: priority is held by p1, expected p2 [rule 4.1]',
      expect.stringMatching(/^step 4: p2 score is \d, expected 0/),
      'step 4: p2 has no stat "luck" (stats: score) [rule 4.1]',
      'step 5: card nowhere is not where stats can be read (not in play?) [rule 4.1]',
      'step 6: state players.1.hand as judge has length 2, expected 5 [rule 4.1]',
      expect.stringMatching(/^step 7: state players\.1\.score as judge is \d, not a list; expected length 1/),
      expect.stringMatching(/^step 8: state path "players\.1" exists in the judge view/),
      expect.stringMatching(/^step 9: expectNoEvent names label "nope"/),
      'step 10: position turn is 6, expected 9 [rule 4.1]',
    ]);
  });
}

/** The checks of a start before the game's hook runs, the hook's own rejection, and the schema's explanations. */
function startCheckTests(): void {
  it('checks the start against the game before its hook runs: seats, machine position, cards, keywords, ids', () => {
    const bad = runScenario(coinRace, {
      ...start,
      cards: [
        { id: 'one', name: 'Dup', type: 'Coin', stats: { points: 1 } },
        { id: 'x', name: 'X', type: 'Token', keywords: ['Flying'] },
      ],
      start: {
        turn: 1,
        turnPlayer: 'p3',
        phase: 'combat',
        priority: 'p9',
        players: {
          p1: {
            zones: {
              hand: [
                { card: 'one', id: 'a' },
                { card: 'ghost', id: 'a', attachedTo: 'zz' },
              ],
            },
          },
        },
      },
      steps: [],
    });
    expect(bad.ok).toBe(false);
    expect(bad.failures).toEqual([
      'start.turnPlayer: "p3" is not a seat of this scenario (seats: p1, p2)',
      'start.priority: "p9" is not a seat of this scenario (seats: p1, p2)',
      'start: phase "combat" is not a position of the coin-race machine (positions: setup, main, ended)',
      'cards[0]: id "one" is a pool card of coin-race; give the test card its own id',
      'cards[1] (x): type "Token" is not one of Coin',
      'cards[1] (x): keyword "Flying" is not in the coin-race keyword table',
      'start p1.hand ghost: unknown card "ghost" (neither a coin-race card nor a test card of this scenario)',
      'start p1.hand ghost: instance id "a" is used twice',
      'start p1.hand ghost: attachedTo "zz" names no card with that id',
    ]);
  });

  it('reports the game hook’s own rejection of a start, and a game without hooks', () => {
    const r = runScenario(coinRace, { ...start, start: { ...start.start, priority: 'p1' }, steps: [] });
    expect(r.failures).toEqual([
      'the start position was rejected (2.1): start.priority: only the active player acts in Coin Race (2.1)',
    ]);
    const { scenario: _hooks, ...bare } = coinRace;
    expect(runScenario(bare, { ...start, steps: [] }).failures).toEqual([
      'game "coin-race" has no scenario hooks (GameModule.scenario), so it cannot start from a position',
    ]);
  });

  it('the schema explains misuse: decks needed without a start, stack with a start, cards without a start, exactly one state check', () => {
    const r = parseScenario({
      game: 'coin-race',
      seed: 1,
      players: { p1: {} },
      cards: [{ id: 'c', name: 'C', type: 'Coin' }],
      steps: [{ expectState: { as: 'judge', path: 'x', equals: 1, length: 2 } }],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /scenario\.players\.p1\.deck: a deck is needed unless the scenario has a start position/,
        ),
        expect.stringMatching(/scenario\.cards: test cards need a start position/),
      ]),
    );
    const st = parseScenario({ ...start, stack: { p1: { hand: ['one'] } }, steps: [] });
    expect(st.ok ? [] : st.errors).toEqual([expect.stringMatching(/scenario\.stack: stack is for setup/)]);
    const one = parseScenario({
      ...start,
      steps: [{ expectState: { as: 'judge', path: 'x', equals: 1, length: 2 } }],
    });
    expect(one.ok ? [] : one.errors.join('\n')).toMatch(/exactly one of equals, length, absent, matches/);
  });
}

describe('ScenarioWriter', () => {
  it('writes a file step by step, each checked by the runner, and the file passes', () => {
    const w = new ScenarioWriter(coinRace, {
      game: 'coin-race',
      seed: 7,
      rule: '2.3',
      players: base.players,
      stack: base.stack,
    });
    w.command('p1', 'PlayCard', { index: 0 })
      .step({ expectEvent: { type: 'CardPlayed', payload: { points: 3 }, rule: '2.3' } })
      .command('p1', 'PlayCard', { index: 0 }, { rejected: { rule: '2.2' } })
      .step({ expectState: { as: 'judge', path: 'players.0.score', equals: 3 } });
    expect((w.state as CoinRaceState).players[0]!.score).toBe(3);
    const file = w.toJSON();
    expect(file.steps).toHaveLength(4);
    expect(runScenario(coinRace, JSON.parse(JSON.stringify(file)))).toMatchObject({ ok: true, failures: [] });
  });

  it('throws the runner’s failure and does not record the step', () => {
    const w = new ScenarioWriter(coinRace, {
      game: 'coin-race',
      seed: 7,
      players: base.players,
      stack: base.stack,
    });
    expect(() => w.command('p2', 'Flip')).toThrow(/step 0: Flip by p2 was rejected \(2\.1/);
    expect(() => w.step({ expectState: { as: 'judge', path: 'players.0.score', equals: 0 } })).toThrow(
      /stopped at a failed step/,
    );
    expect(w.toJSON().steps).toEqual([]);
    const v = new ScenarioWriter(coinRace, {
      game: 'coin-race',
      seed: 7,
      players: base.players,
      stack: base.stack,
    });
    expect(() => v.step({ expectState: { as: 'judge', path: 'players.0.score', equals: 9 } })).toThrow(
      /is 0, expected 9/,
    );
    expect(
      () =>
        new ScenarioWriter(coinRace, {
          game: 'coin-race',
          seed: 7,
          players: { p1: { deck: ['zz'] }, p2: { deck: ['one'] } },
        }),
    ).toThrow(/setup rejected/);
  });
});

describe('ScenarioScript', () => {
  const header = { game: 'coin-race', seed: 7, rule: '2.3', players: base.players, stack: base.stack };

  it('writes the shared steps, names the scenario in a failure, and gives the file text the runner passes', () => {
    const s = new ScenarioScript<CoinRaceState>(coinRace, 'play-three', header);
    s.do('p1', 'PlayCard', { index: 0 })
      .eventRule('CardPlayed', '2.3', { points: 3 })
      .noEvent('MatchEnded')
      .reject('p1', 'PlayCard', { index: 0 }, '2.2')
      .expectState('players.0.score', 3);
    expect(s.state.players[0]!.score).toBe(3);
    expect(s.stepCount).toBe(5);
    const text = s.text();
    expect(text.endsWith('}\n')).toBe(true);
    expect(runScenario(coinRace, JSON.parse(text))).toMatchObject({ ok: true, failures: [] });
    expect(() => s.expectState('players.0.score', 9)).toThrow(/^play-three: .*is 3, expected 9/);
  });
});

describe('scenario format: names for engine-made ids, lookups by id, events in any order, reasons, setup rejections', () => {
  it('captures an id the engine made and uses it as $name in commands and assertions', () => {
    const r = runScenario(
      coinRace,
      scenario([
        { command: { type: 'PlayCard', player: 'p1', index: 0 } },
        { capture: { as: 'drawn', event: 'CardDrawn', payload: { player: 'p1' }, path: 'card' } },
        { capture: { as: 'played', event: 'CardPlayed', path: 'card', last: true } },
        { expectState: { as: 'judge', path: 'players[id=p1].hand', contains: '$drawn' } },
        { expectEvent: { type: 'CardPlayed', payload: { card: '$played', points: 3 } } },
        { expectNoEvent: { type: 'CardPlayed', payload: { card: '$drawn' } } },
      ]),
    );
    expect(r.failures).toEqual([]);
    expect(r.ok).toBe(true);
  });

  it('a capture that finds nothing stops the run, and an unknown $name is named', () => {
    const missing = runScenario(
      coinRace,
      scenario([
        { capture: { as: 'tok', event: 'TokenCreated', path: 'id' } },
        { command: { type: 'Flip', player: 'p1' } },
      ]),
    );
    expect(missing.failures[0]).toMatch(/^step 0: capture tok: no TokenCreated after seq 0/);
    expect(missing.failures[1]).toMatch(/1 later step\(s\) not run/);
    const unknown = runScenario(
      coinRace,
      scenario([{ expectState: { as: 'judge', path: 'players[id=$who].score', equals: 0 } }]),
    );
    expect(unknown.failures).toEqual(['step 0: names $who, which no earlier capture step defined']);
  });

  it('finds list entries by id and by contains, and says what it saw when they are absent', () => {
    const r = runScenario(
      coinRace,
      scenario([
        { expectState: { as: 'judge', path: 'players[id=p2].score', equals: 0 } },
        { expectState: { as: 'judge', path: 'players[id=p9].score', equals: 0 } },
        { expectState: { as: 'judge', path: 'players', contains: { id: 'p2', score: 0 } } },
        { expectState: { as: 'judge', path: 'players', contains: { id: 'p2', score: 5 } } },
      ]),
    );
    expect(r.failures).toHaveLength(2);
    expect(r.failures[0]).toMatch(
      /^step 1: state path "players\[id=p9\]\.score" does not exist .*missing at "players\.\[id=p9\]"/,
    );
    expect(r.failures[1]).toMatch(
      /^step 3: state players as judge is .*expected a list with an entry matching \{"id":"p2","score":5\}/,
    );
  });

  it('expectEvents accepts its events in either order, each matched once', () => {
    const play = { command: { type: 'PlayCard', player: 'p1', index: 0 } } as const;
    const drawn = { type: 'CardDrawn', payload: { player: 'p1' } };
    const played = { type: 'CardPlayed', payload: { points: 3 } };
    expect(
      runScenario(coinRace, scenario([play, { expectEvents: { anyOrder: [drawn, played] } }])).failures,
    ).toEqual([]);
    expect(
      runScenario(coinRace, scenario([play, { expectEvents: { anyOrder: [played, drawn] } }])).failures,
    ).toEqual([]);
    const twice = runScenario(coinRace, scenario([play, { expectEvents: { anyOrder: [drawn, drawn] } }]));
    expect(twice.failures[0]).toMatch(
      /^step 1: expected \(in any order\) CardDrawn with payload ⊇ \{"player":"p1"\} after seq \d+; saw /,
    );
  });

  it('checks a rejection’s reason as well as its rule', () => {
    const ok = runScenario(
      coinRace,
      scenario([
        { command: { type: 'Flip', player: 'p2' }, expect: { rejected: { rule: '2.1', reason: 'TURN' } } },
      ]),
    );
    expect(ok.failures).toEqual([]);
    const wrong = runScenario(
      coinRace,
      scenario([
        {
          command: { type: 'Flip', player: 'p2' },
          expect: { rejected: { rule: '2.1', reason: 'deck is empty' } },
        },
      ]),
    );
    expect(wrong.failures[0]).toMatch(
      /was rejected by rule 2\.1 \(.*\), expected rule 2\.1 with a reason containing "deck is empty"/,
    );
  });

  it('expects a setup to be refused (an illegal deck): rule and reason, and no steps', () => {
    const bad = { p1: { deck: ['one', 'bogus', 'one'] }, p2: { deck: ['one', 'one', 'one'] } };
    const r = runScenario(coinRace, {
      ...base,
      stack: undefined,
      players: bad,
      expectSetup: { rejected: { rule: '1.1', reason: 'bogus' } },
    });
    expect(r).toMatchObject({ ok: true, failures: [], events: [] });
    expect(
      runScenario(coinRace, {
        ...base,
        stack: undefined,
        players: bad,
        expectSetup: { rejected: { rule: '9.9' } },
      }).failures[0],
    ).toMatch(/^the scenario's setup was rejected by rule 1\.1 .*expected rule 9\.9/);
    expect(runScenario(coinRace, { ...base, expectSetup: { rejected: { rule: '1.1' } } }).failures).toEqual([
      "the scenario's setup was accepted, expected rejected by rule 1.1",
    ]);
    expect(
      parseScenario({
        ...base,
        expectSetup: { rejected: { rule: '1.1' } },
        steps: [{ command: { type: 'Flip', player: 'p1' } }],
      }),
    ).toMatchObject({
      ok: false,
      errors: ['scenario.steps: a scenario whose setup is expected rejected has no steps to run'],
    });
  });
});
