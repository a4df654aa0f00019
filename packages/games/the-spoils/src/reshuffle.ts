// The fork reshuffle (GameModule.reshuffleHidden, issue 21): Matchtape's action, not a rule of the game. A fork of
// a live match copies each deck in the parent's secret order; these events shuffle every deck again from the fork's
// own seed so the fork's draws are not the parent's. The deck is the one hidden zone in random order (403.1a:
// nobody looks at it; 313.1); hands are not ordered and face-down cards in play are in the open in-play area.
// The cards get fresh public ids (types.ts: an id carries no identity). No rule is cited: the rules never shuffle here.
import { isHiddenCard } from '@matchtape/engine';
import type { DraftEvent, Rng } from '@matchtape/engine';
import { draft, freshIds } from './flow';
import type { SpoilsState } from './types';

export function reshuffleHidden(s: SpoilsState, rng: Rng): DraftEvent[] {
  const d = draft(s, rng);
  for (const p of s.order) {
    const deck = s.players[p]!.deck.map((x) => (isHiddenCard(x) ? '' : x.cardId)); // the judge state: all known
    if (deck.length === 0) continue;
    const order = d.rng.shuffle(deck);
    const { ids, serial } = freshIds(d, order.length);
    const cards = order.map((cardId, i) => ({ id: ids[i]!, cardId }));
    d.emit('DeckShuffled', { player: p, deck: cards, stacked: false, reason: 'fork', serial });
  }
  return [...d.events];
}
