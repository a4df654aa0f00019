// The Spoils GameModule (ARCHITECTURE.md §3): its standard files, the machine and the card list.
import { cardDefinitions, defineGame, fromFiles } from '@matchtape/engine';
import * as bots from './bots';
import * as decks from './cards/decks';
import { CARDS } from './cards/pool';
import * as coverage from './coverage';
import * as decide from './decide';
import * as evolve from './evolve';
import { spoilsMachine } from './machine';
import * as present from './present';
import * as reshuffle from './reshuffle';
import * as schemas from './schemas';
import * as start from './start';
import type { SpoilsState } from './types';
import * as view from './view';

export const theSpoils = defineGame<SpoilsState>({
  id: 'the-spoils',
  title: 'The Spoils',
  machine: spoilsMachine,
  ...fromFiles({ decide, evolve, view, reshuffle, present, schemas, decks, bots, coverage, start }),
  cards: cardDefinitions(CARDS, (d) => present.faceOf(d.id)),
  // A match ended on time names its losers as every Spoils MatchEnded does (a draw: every seat).
  endOnTimeFields: (_winner, losers) => ({ losers }),
});

export default theSpoils;
export type { SpoilsState } from './types';
export { spoilsMachine, machinePath } from './machine';
export { CARDS } from './cards/pool';
export { KEYWORDS } from './cards/keywords';
export { PRESET_DECKS } from './cards/decks';
