// The Spoils GameModule (ARCHITECTURE.md §3).
import { cardDefinitions, defineGame, phrasesToDescribe } from '@matchtape/engine';
import { greedyBot, randomBot } from './bots';
import { PRESET_DECKS, validateDeck } from './cards/decks';
import { CARD_DEFS } from './cards/pool';
import { COVERAGE } from './coverage';
import { actors, decide, legalCommands, RULES_VERSION, setup } from './decide';
import { evolve, initialState } from './evolve';
import { spoilsMachine } from './machine';
import { reshuffleHidden } from './reshuffle';
import { scenarioHooks } from './start';
import { SpoilsCommandSchema, SpoilsEventSchema } from './schemas';
import type { SpoilsState } from './types';
import {
  board,
  describe,
  faceOf,
  keyMoment,
  positionWords,
  commandPhrases,
  prompt,
  statePhrases,
} from './present';
import { secrets, view, viewEvent } from './view';

export const theSpoils = defineGame<SpoilsState>({
  id: 'the-spoils',
  title: 'The Spoils',
  rulesVersion: RULES_VERSION,
  machine: spoilsMachine,
  initial: initialState,
  setup,
  decide,
  evolve,
  legalCommands,
  reshuffleHidden,
  actors,
  view,
  viewEvent,
  secrets,
  board: (s) => ({ ...board(s), acting: actors(s) }),
  describe,
  positionWords,
  describeCommand: phrasesToDescribe<SpoilsState>(commandPhrases, statePhrases),
  prompt,
  // A match ended on time names its losers as every Spoils MatchEnded does (a draw: every seat).
  endOnTimeFields: (_winner, losers) => ({ losers }),
  keyMoment,
  cards: cardDefinitions(CARD_DEFS, (d) => faceOf(d.id)),
  presetDecks: PRESET_DECKS,
  validateDeck,
  commandSchema: SpoilsCommandSchema,
  eventSchema: SpoilsEventSchema,
  bots: { random: randomBot, greedy: greedyBot },
  coverage: COVERAGE,
  scenario: scenarioHooks,
});

export default theSpoils;
export type { SpoilsState } from './types';
export { spoilsMachine, machinePath } from './machine';
export { CARD_DEFS } from './cards/pool';
export { KEYWORDS } from './cards/keywords';
export { PRESET_DECKS } from './cards/decks';
