// The fork reshuffle (GameModule.reshuffleHidden, issue 21): Matchtape's action, not a rule of the game. A fork of
// a live match copies each main deck in the parent's secret order; these events shuffle every main deck again from
// the fork's own seed so the fork's draws are not the parent's. The main deck is the one hidden zone kept in random
// order (2.1.b.5–6): its owner may look at the material deck at any time (2.1.c.2) and the order of memory does not
// matter (2.1.e.5), so neither is reshuffled. No rule is cited: the rules never shuffle here (2.1.b.8).
import { Draft, type DraftEvent, type Rng } from '@matchtape/engine';
import { evolve } from './evolve';
import type { Card, GAState } from './types';

export function reshuffleHidden(s: GAState, rng: Rng): DraftEvent[] {
  const d = new Draft<GAState>(s, evolve, rng);
  for (const p of s.order) {
    const deck = s.players[p]!.mainDeck as Card[]; // the judge state: every card known
    if (deck.length === 0) continue;
    const main = d.rng.shuffle(deck).map((c) => ({ id: c.id, cardId: c.cardId, oid: d.oid() }));
    d.emit('DeckShuffled', { player: p, main, mainOids: main.map((c) => c.oid), reason: 'fork' });
  }
  return [...d.events];
}
