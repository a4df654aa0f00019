// The Grand Archive GameModule (ARCHITECTURE.md §3).
import { cardDefinitions, defineGame, phrasesToDescribe } from '@matchtape/engine';
import { greedyBot, randomBot } from './bots';
import { PRESET_DECKS, validateDeck } from './cards/decks';
import { CARDS } from './cards/pool';
import { COVERAGE } from './coverage';
import { actors, decide, legalCommands, RULES_VERSION, setup } from './decide';
import { evolve, initialState } from './evolve';
import { grandArchiveMachine } from './machine';
import { GACommandSchema, GAEventSchema } from './schemas';
import { reshuffleHidden } from './reshuffle';
import { scenarioHooks } from './start';
import type { GAState } from './types';
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

export const grandArchive = defineGame<GAState>({
  id: 'grand-archive',
  title: 'Grand Archive',
  rulesVersion: RULES_VERSION,
  machine: grandArchiveMachine,
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
  board,
  describe,
  positionWords,
  describeCommand: phrasesToDescribe(commandPhrases, statePhrases),
  prompt,
  keyMoment,
  cards: cardDefinitions(CARDS, (d) => faceOf({ cards: {} }, d.id)),
  presetDecks: PRESET_DECKS,
  validateDeck,
  commandSchema: GACommandSchema,
  eventSchema: GAEventSchema,
  bots: { random: randomBot, greedy: greedyBot },
  coverage: COVERAGE,
  scenario: scenarioHooks,
});

export default grandArchive;
export type { GAState } from './types';
export { grandArchiveMachine, machinePath } from './machine';
export { CARDS } from './cards/pool';
export { KEYWORDS } from './cards/keywords';
export { PRESET_DECKS } from './cards/decks';
