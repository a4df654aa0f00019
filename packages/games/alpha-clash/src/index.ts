// The Alpha Clash game module (Comprehensive Rulebook v2.2): its standard files, the machine and the card list.
import { cardDefinitions, defineGame, fromFiles } from '@matchtape/engine';
import * as bots from './bots';
import * as decks from './cards/decks';
import { CARDS } from './cards/pool';
import * as coverage from './coverage';
import * as decide from './decide';
import * as evolve from './evolve';
import { alphaClashMachine } from './machine';
import * as present from './present';
import * as reshuffle from './reshuffle';
import * as schemas from './schemas';
import * as start from './start';
import { phaseOf } from './state';
import type { AlphaClashState } from './types';
import * as view from './view';

export const alphaClash = defineGame<AlphaClashState>({
  id: 'alpha-clash',
  title: 'Alpha Clash',
  machine: alphaClashMachine,
  ...fromFiles({ decide, evolve, view, reshuffle, present, schemas, decks, bots, coverage, start }),
  // The state keeps one step id (machine.ts names its phase).
  position(s) {
    const { phase, step } = phaseOf(s.step);
    return { turn: s.turn, phase, step, activePlayer: s.activePlayer };
  },
  cards: cardDefinitions(CARDS, present.faceOf),
});

export default alphaClash;
export type { AlphaClashState } from './types';
export { alphaClashMachine } from './machine';
export { CARDS } from './cards/pool';
export { KEYWORDS } from './cards/keywords';
export { PRESET_DECKS } from './cards/decks';
