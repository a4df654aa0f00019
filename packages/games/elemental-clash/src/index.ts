// The Elemental Clash GameModule (ARCHITECTURE.md §3).
import { cardDefinitions, defineGame } from '@matchtape/engine';
import { greedy, random } from './bots';
import { CARD_BY_ID, PRESET_DECKS, validateDeck } from './cards/decks';
import { CARDS } from './cards/pool';
import { COVERAGE } from './coverage';
import { actors, decide, legalCommands, RULES_VERSION, setup } from './decide';
import { evolve, initialState } from './evolve';
import { elementalClashMachine } from './machine';
import { board, describe, faceOf, keyMoment, positionWords, describeCommand, prompt } from './present';
import { reshuffleHidden } from './reshuffle';
import { scenarioHooks } from './start';
import { ECCommandSchema, ECEventSchema } from './schemas';
import type { ECState } from './types';
import { secrets, view, viewEvent } from './view';

export const elementalClash = defineGame<ECState>({
  id: 'elemental-clash',
  title: 'Elemental Clash',
  rulesVersion: RULES_VERSION,
  machine: elementalClashMachine,
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
  describeCommand,
  prompt,
  keyMoment,
  cards: cardDefinitions(CARDS, (d) => faceOf(d.id)),
  presetDecks: PRESET_DECKS,
  validateDeck,
  commandSchema: ECCommandSchema,
  eventSchema: ECEventSchema,
  bots: { random, greedy },
  coverage: COVERAGE,
  scenario: scenarioHooks,
});

export default elementalClash;
export type { ECState } from './types';
export { elementalClashMachine, machinePath } from './machine';
export { CARDS } from './cards/pool';
export { CARD_BY_ID };
export { KEYWORDS } from './cards/keywords';
export { PRESET_DECKS } from './cards/decks';
