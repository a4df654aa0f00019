// The Alpha Clash game module (Comprehensive Rulebook v2.2): the GameModule contract of packages/engine.
import { cardDefinitions, defineGame, phrasesToDescribe, type CardFace } from '@matchtape/engine';
import { bots } from './bots';
import { PRESET_DECKS, validateDeck } from './cards/decks';
import { CARDS } from './cards/pool';
import { coverage } from './coverage';
import { actors, decide, legalCommands, setupMatch } from './decide';
import { evolve } from './evolve';
import { alphaClashMachine } from './machine';
import { board, describe, keyMoment, positionWords, commandPhrases, prompt } from './present';
import { CommandBodySchema, events } from './schemas';
import { initialState, phaseOf } from './state';
import type { AlphaClashState } from './types';
import { secrets, view, viewEvent } from './view';
import { scenarioHooks } from './start';
import { reshuffleHidden } from './reshuffle';

/** The printed face: Contenders have no cost (301), X costs print as X. */
function faceOf(d: (typeof CARDS)[number]): CardFace {
  return {
    name: d.name,
    cost: d.type === 'Contender' ? null : `${d.xCost ? 'X' : d.cost}`,
    types: [d.type, ...(d.tag ? [d.tag] : [])],
    colors: d.colors,
    stats: {
      ...(d.atk !== undefined ? { atk: d.atk } : {}),
      ...(d.def !== undefined ? { def: d.def } : {}),
      ...(d.health !== undefined ? { health: d.health } : {}),
    },
    keywords: d.keywords.map((k) => (k.x !== undefined ? `${k.k} ${k.x}` : k.k)),
    text: d.text,
  };
}

export const alphaClash = defineGame<AlphaClashState>({
  id: 'alpha-clash',
  title: 'Alpha Clash',
  rulesVersion: 'Comprehensive Rulebook v2.2 (15 Mar 2024)',
  machine: alphaClashMachine,
  initial: initialState,
  setup: setupMatch,
  decide,
  evolve,
  legalCommands,
  reshuffleHidden,
  actors,
  position(s) {
    const { phase, step } = phaseOf(s.step);
    return { turn: s.turn, phase, step, activePlayer: s.activePlayer };
  },
  view,
  viewEvent,
  secrets,
  board(s) {
    return { ...board(s), acting: actors(s) };
  },
  describe,
  positionWords,
  describeCommand: phrasesToDescribe(commandPhrases),
  prompt,
  keyMoment,
  cards: cardDefinitions(CARDS, faceOf),
  presetDecks: PRESET_DECKS,
  validateDeck,
  commandSchema: CommandBodySchema,
  eventSchema: events.eventSchema,
  bots,
  coverage,
  scenario: scenarioHooks,
});

export default alphaClash;
export type { AlphaClashState } from './types';
export { alphaClashMachine } from './machine';
export { CARDS } from './cards/pool';
export { KEYWORDS } from './cards/keywords';
