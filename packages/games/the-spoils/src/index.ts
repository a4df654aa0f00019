// The Spoils GameModule (ARCHITECTURE.md §3).
import type { GameModule } from '@matchtape/engine';
import { greedyBot, randomBot } from './bots';
import { PRESET_DECKS, validateDeck } from './cards/decks';
import { CARD_DEFS } from './cards/pool';
import { COVERAGE } from './coverage';
import { actors, decide, legalCommands, RULES_VERSION, setup } from './decide';
import { evolve, initialState } from './evolve';
import { spoilsMachine } from './machine';
import { scenarioHooks } from './start';
import { SpoilsCommandSchema, SpoilsEventSchema } from './schemas';
import type { SpoilsState } from './types';
import { board, describe, faceOf, keyMoment, secrets, view, viewEvent } from './view';

export const theSpoils: GameModule<SpoilsState> = {
  id: 'the-spoils',
  title: 'The Spoils',
  rulesVersion: RULES_VERSION,
  machine: spoilsMachine,
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
  board: (s) => ({ ...board(s), acting: actors(s) }),
  describe,
  keyMoment,
  cards: CARD_DEFS.map((d) => ({ id: d.id, name: d.name, sample: d.sample, face: faceOf(d.id) })),
  presetDecks: PRESET_DECKS,
  validateDeck: (deck) => validateDeck(deck),
  commandSchema: SpoilsCommandSchema,
  eventSchema: SpoilsEventSchema,
  bots: { random: randomBot, greedy: greedyBot },
  coverage: COVERAGE,
  scenario: scenarioHooks,
};

export default theSpoils;
export type { SpoilsState } from './types';
export { spoilsMachine, machinePath } from './machine';
export { CARD_DEFS } from './cards/pool';
export { KEYWORDS } from './cards/keywords';
export { PRESET_DECKS } from './cards/decks';
