// The fork reshuffle of Grand Archive main decks (GameModule.reshuffleHidden, issue 21) through the engine's suite.
import { describeHiddenReshuffle } from '@matchtape/engine/testing';
import { grandArchive } from './index';
import type { Card, GAState } from './types';

describeHiddenReshuffle<GAState>(grandArchive, {
  zones: (s) => Object.fromEntries(s.order.map((p) => [`${p} main deck`, s.players[p]!.mainDeck as Card[]])),
});
