// The Elemental Clash GameModule (ARCHITECTURE.md §3): its standard files, the machine and the card list.
import { cardDefinitions, defineGame, fromFiles } from '@matchtape/engine';
import * as bots from './bots';
import * as decks from './cards/decks';
import { CARDS } from './cards/pool';
import * as coverage from './coverage';
import * as decide from './decide';
import * as evolve from './evolve';
import { elementalClashMachine } from './machine';
import * as present from './present';
import * as reshuffle from './reshuffle';
import * as schemas from './schemas';
import * as start from './start';
import type { ECState } from './types';
import * as view from './view';

export const elementalClash = defineGame<ECState>({
  id: 'elemental-clash',
  title: 'Elemental Clash',
  machine: elementalClashMachine,
  ...fromFiles({ decide, evolve, view, reshuffle, present, schemas, decks, bots, coverage, start }),
  cards: cardDefinitions(CARDS, (d) => present.faceOf(d.id)),
});

export default elementalClash;
export type { ECState } from './types';
export { elementalClashMachine, machinePath } from './machine';
export { CARDS } from './cards/pool';
export { CARD_BY_ID } from './cards/decks';
export { KEYWORDS } from './cards/keywords';
export { PRESET_DECKS } from './cards/decks';
