// The fork reshuffle of Elemental Clash spellbooks (GameModule.reshuffleHidden, issue 21) through the engine's suite.
import { describeHiddenReshuffle } from '@matchtape/engine/testing';
import { full } from './flow';
import { elementalClash } from './index';
import type { ECState } from './types';

describeHiddenReshuffle<ECState>(elementalClash, {
  zones: (s) => Object.fromEntries(s.order.map((p) => [`${p} spellbook`, s.players[p]!.spellbook.map(full)])),
});
