// The fork reshuffle of Alpha Clash decks (GameModule.reshuffleHidden, issue 21) through the engine's shared suite.
import { describeHiddenReshuffle } from '@matchtape/engine/testing';
import { alphaClash } from './index';
import type { AlphaClashState, CardRef } from './types';

describeHiddenReshuffle<AlphaClashState>(alphaClash, {
  zones: (s) => Object.fromEntries(s.order.map((p) => [`${p} deck`, s.players[p]!.deck as CardRef[]])),
});
