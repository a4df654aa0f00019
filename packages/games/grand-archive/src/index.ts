// The Grand Archive GameModule (ARCHITECTURE.md §3): its standard files, the machine and the card list.
import { cardDefinitions, defineGame, fromFiles } from '@matchtape/engine';
import * as bots from './bots';
import { CARDS } from './cards/pool';
import * as decks from './cards/decks';
import * as coverage from './coverage';
import * as decide from './decide';
import * as evolve from './evolve';
import { grandArchiveMachine } from './machine';
import * as present from './present';
import * as reshuffle from './reshuffle';
import * as schemas from './schemas';
import * as start from './start';
import type { GAState } from './types';
import * as view from './view';

export const grandArchive = defineGame<GAState>({
  id: 'grand-archive',
  title: 'Grand Archive',
  machine: grandArchiveMachine,
  ...fromFiles({ decide, evolve, view, reshuffle, present, schemas, decks, bots, coverage, start }),
  cards: cardDefinitions(CARDS, (d) => present.faceOf({ cards: {} }, d.id)),
});

export default grandArchive;
export type { GAState } from './types';
export { grandArchiveMachine, machinePath } from './machine';
export { CARDS } from './cards/pool';
export { KEYWORDS } from './cards/keywords';
export { PRESET_DECKS } from './cards/decks';
