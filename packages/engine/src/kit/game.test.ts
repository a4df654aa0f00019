import { describe, expect, it } from 'vitest';
import { coinRace } from '../testing/fixture-game';
import {
  boardModel,
  cardDefinitions,
  defineGame,
  describeEvents,
  fromFiles,
  keyMoments,
  type GameDefinition,
} from './game';
import { coverageEntry } from './machine';
import type { GameEvent } from '../game';

describe('defineGame', () => {
  it('reads position and status from the common state fields unless the game supplies them', () => {
    const { position: _p, status: _s, ...rest } = coinRace;
    type Common = {
      turn: number;
      phase: string;
      step: string | null;
      activePlayer: string | null;
      status: 'playing';
      winner: null;
      result: null;
      extra: number;
    };
    const game = defineGame<Common>({
      ...(rest as object as GameDefinition<Common>),
      validateDeck: (deck) => (deck.main.length ? [] : ['empty']),
    });
    const s = {
      turn: 3,
      phase: 'main',
      step: 'draw',
      activePlayer: 'p2',
      status: 'playing' as const,
      winner: null,
      result: null,
      extra: 1,
    };
    expect(game.position(s)).toEqual({ turn: 3, phase: 'main', step: 'draw', activePlayer: 'p2' });
    expect(game.status(s)).toEqual({ status: 'playing', winner: null, result: null });
    expect(game.validateDeck({ main: [] })).toEqual(['empty']);
    // The fixture keeps its own position (its state names the active seat `active`).
    expect(coinRace.position(coinRace.initial())).toMatchObject({ turn: 0 });
  });

  it('builds card definitions with the printed code only where the pool has one', () => {
    const defs = cardDefinitions(
      [
        { id: 'a', name: 'A', sample: true },
        { id: 'b', name: 'B', printed: 'X-1', sample: false },
      ],
      (d) => ({ name: d.name, types: ['Unit'] }),
    );
    expect(defs).toEqual([
      { id: 'a', name: 'A', sample: true, face: { name: 'A', types: ['Unit'] } },
      { id: 'b', name: 'B', printed: 'X-1', sample: false, face: { name: 'B', types: ['Unit'] } },
    ]);
    expect('printed' in defs[0]!).toBe(false);
  });

  it("frames a board from the state, the position as the game names it, and the game's parts", () => {
    const s = {
      turn: 2,
      activePlayer: 'p1' as const,
      status: 'ended' as const,
      winner: 'p1' as const,
      result: 'p2 conceded',
    };
    expect(
      boardModel('g', s, { phase: 'main', step: null }, { acting: [], players: [], shared: [], banner: 'x' }),
    ).toEqual({
      game: 'g',
      status: 'ended',
      turn: 2,
      phase: 'main',
      step: null,
      activePlayer: 'p1',
      acting: [],
      players: [],
      shared: [],
      banner: 'x',
      winner: 'p1',
      result: 'p2 conceded',
    });
  });
});

describe('fromFiles', () => {
  // The fixture's parts, handed over as the files a game package exports them from.
  const g = coinRace;
  const files = {
    decide: {
      setup: g.setup,
      decide: g.decide,
      legalCommands: g.legalCommands,
      actors: g.actors,
      RULES_VERSION: 'v9',
    },
    evolve: { evolve: g.evolve, initialState: g.initial },
    view: { view: g.view, viewEvent: g.viewEvent, secrets: g.secrets },
    reshuffle: { reshuffleHidden: g.reshuffleHidden },
    present: {
      board: g.board,
      describe: g.describe,
      keyMoment: g.keyMoment,
      positionWords: (phase: string) => ({ phase: phase.toUpperCase(), step: null }),
      describeCommand: () => 'say it',
      prompt: () => null,
    },
    schemas: { commandSchema: g.commandSchema, eventSchema: g.eventSchema },
    decks: {
      PRESET_DECKS: g.presetDecks,
      validateDeck: (deck: { main: string[] }) => [`${deck.main.length} cards`],
    },
    bots: { bots: g.bots },
    coverage: { COVERAGE: g.coverage },
    start: { scenarioHooks: g.scenario! },
  };

  it('takes each part of the GameModule from the file that exports it under its standard name', () => {
    const parts = fromFiles(files);
    expect(parts.rulesVersion).toBe('v9');
    expect(parts.initial).toBe(g.initial);
    expect(parts.setup).toBe(g.setup);
    expect(parts.evolve).toBe(g.evolve);
    expect(parts.secrets).toBe(g.secrets);
    expect(parts.reshuffleHidden).toBe(g.reshuffleHidden);
    expect(parts.positionWords?.('main', null)).toEqual({ phase: 'MAIN', step: null });
    expect(parts.describeCommand?.(g.initial(), { type: 'Pass', player: 'p1' }, 'p1', String)).toBe('say it');
    expect(parts.presetDecks).toBe(g.presetDecks);
    expect(parts.validateDeck({ main: ['a', 'b'] })).toEqual(['2 cards']);
    expect(parts.bots).toBe(g.bots);
    expect(parts.coverage).toBe(g.coverage);
    expect(parts.scenario).toBe(g.scenario);
  });

  it('makes a whole GameModule with the id, title, machine and cards the index adds', () => {
    const game = defineGame({
      id: 'coin-files',
      title: 'Coin files',
      machine: g.machine,
      cards: g.cards,
      position: g.position,
      status: g.status,
      ...fromFiles(files),
    });
    expect(game.id).toBe('coin-files');
    expect(game.decide).toBe(g.decide);
    expect(game.validateDeck({ main: [] })).toEqual(['0 cards']);
  });
});

describe('describeEvents', () => {
  const describeEvent = describeEvents((e) =>
    e.type === 'CardDrawn' ? `${String(e.payload.player)} drew` : null,
  );

  it("reads the game's line, MatchEnded as its result, and a type without a line as its name", () => {
    expect(describeEvent({ type: 'CardDrawn', payload: { player: 'p1' } })).toBe('p1 drew');
    expect(
      describeEvent({ type: 'MatchEnded', payload: { result: 'p2 wins: p1 conceded', seed: 's' } }),
    ).toBe('p2 wins: p1 conceded');
    expect(describeEvent({ type: 'TurnStarted', payload: {} })).toBe('TurnStarted');
  });
});

describe('keyMoments', () => {
  const ev = (type: string, payload: Record<string, unknown> = {}): GameEvent => ({ type, payload });
  const keyMoment = keyMoments(
    { AttackDeclared: 'attack', CardLeftPlay: (e) => (e.payload.reason === 'destroyed' ? 'death' : null) },
    (e) => `said: ${e.type}`,
  );

  it('marks the listed types with their kind and the game’s label', () => {
    expect(keyMoment(ev('AttackDeclared'))).toEqual({ kind: 'attack', label: 'said: AttackDeclared' });
    expect(keyMoment(ev('CardLeftPlay', { reason: 'destroyed' }))).toEqual({
      kind: 'death',
      label: 'said: CardLeftPlay',
    });
  });

  it('leaves out unlisted types, a kind that answers null, and names inherited from Object', () => {
    expect(keyMoment(ev('CardDrawn'))).toBeNull();
    expect(keyMoment(ev('CardLeftPlay', { reason: 'bounced' }))).toBeNull();
    expect(keyMoment(ev('toString'))).toBeNull();
  });
});

describe('coverageEntry', () => {
  it('is implemented by default and carries a reason only when given one', () => {
    expect(coverageEntry('1.1', 'Objective', ['a.test.ts'])).toEqual({
      rule: '1.1',
      title: 'Objective',
      status: 'implemented',
      tests: ['a.test.ts'],
    });
    expect(coverageEntry('2.1', 'Dice', [], 'not-implemented', 'no card rolls')).toEqual({
      rule: '2.1',
      title: 'Dice',
      status: 'not-implemented',
      tests: [],
      reason: 'no card rolls',
    });
  });
});
