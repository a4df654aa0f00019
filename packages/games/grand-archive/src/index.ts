// The Grand Archive GameModule (ARCHITECTURE.md §3).
import type { GameModule } from '@matchtape/engine';
import { greedyBot, randomBot } from './bots';
import { PRESET_DECKS, validateDeck } from './cards/decks';
import { CARDS } from './cards/pool';
import { COVERAGE } from './coverage';
import { actors, decide, legalCommands, RULES_VERSION, setup } from './decide';
import { evolve, initialState } from './evolve';
import { grandArchiveMachine } from './machine';
import { GACommandSchema, GAEventSchema } from './schemas';
import { scenarioHooks } from './start';
import type { GAState } from './types';
import { board, describe, faceOf, keyMoment } from './present';
import { secrets, view, viewEvent } from './view';

export const grandArchive: GameModule<GAState> = {
  id: 'grand-archive',
  title: 'Grand Archive',
  rulesVersion: RULES_VERSION,
  machine: grandArchiveMachine,
  initial: initialState,
  setup,
  decide,
  evolve,
  legalCommands,
  actors,
  position: (s) => ({ turn: s.turn, phase: s.phase, step: s.step, activePlayer: s.activePlayer }),
  status: (s) => ({ status: s.status, winner: s.winner, result: s.result }),
  view,
  viewEvent,
  secrets,
  board,
  describe,
  keyMoment,
  cards: CARDS.map((d) => ({ id: d.id, name: d.name, sample: d.sample, face: faceOf({ cards: {} }, d.id) })),
  presetDecks: PRESET_DECKS,
  validateDeck: (deck) => validateDeck(deck),
  commandSchema: GACommandSchema,
  eventSchema: GAEventSchema,
  bots: { random: randomBot, greedy: greedyBot },
  coverage: COVERAGE,
  scenario: scenarioHooks,
};

export default grandArchive;
export type { GAState } from './types';
export { grandArchiveMachine, machinePath } from './machine';
export { CARDS } from './cards/pool';
export { KEYWORDS } from './cards/keywords';
export { PRESET_DECKS } from './cards/decks';
