// The Elemental Clash GameModule (ARCHITECTURE.md §3).
import type { GameModule } from '@matchtape/engine';
import { greedy, random } from './bots';
import { CARD_BY_ID, PRESET_DECKS, validateDeck } from './cards/decks';
import { CARDS } from './cards/pool';
import { COVERAGE } from './coverage';
import { actors, decide, legalCommands, RULES_VERSION, setup } from './decide';
import { evolve, initialState } from './evolve';
import { elementalClashMachine } from './machine';
import { board, describe, faceOf, keyMoment } from './present';
import { scenarioHooks } from './scenario';
import { ECCommandSchema, ECEventSchema } from './schemas';
import type { ECState } from './types';
import { secrets, view, viewEvent } from './view';

export const elementalClash: GameModule<ECState> = {
  id: 'elemental-clash',
  title: 'Elemental Clash',
  rulesVersion: RULES_VERSION,
  machine: elementalClashMachine,
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
  cards: CARDS.map((d) => ({ id: d.id, name: d.name, sample: d.sample, face: faceOf(d.id) })),
  presetDecks: PRESET_DECKS,
  validateDeck: (deck) => validateDeck(deck),
  commandSchema: ECCommandSchema,
  eventSchema: ECEventSchema,
  bots: { random, greedy },
  coverage: COVERAGE,
  scenario: scenarioHooks,
};

export default elementalClash;
export type { ECState } from './types';
export { elementalClashMachine, machinePath } from './machine';
export { CARDS } from './cards/pool';
export { CARD_BY_ID };
export { KEYWORDS } from './cards/keywords';
export { PRESET_DECKS } from './cards/decks';
