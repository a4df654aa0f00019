// The fork reshuffle of The Spoils decks (GameModule.reshuffleHidden, issue 21) through the engine's shared suite.
import { describeHiddenReshuffle } from '@matchtape/engine/testing';
import { theSpoils } from './index';
import type { Card, SpoilsState } from './types';

describeHiddenReshuffle<SpoilsState>(theSpoils, {
  zones: (s) => Object.fromEntries(s.order.map((p) => [`${p} deck`, s.players[p]!.deck as Card[]])),
});
