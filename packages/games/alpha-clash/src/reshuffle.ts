// The fork reshuffle (GameModule.reshuffleHidden, issue 21): Matchtape's action, not a rule of the game. A fork of
// a live match copies each deck in the parent's secret order; these events shuffle every deck again from the fork's
// own seed so the fork's draws are not the parent's. The deck is the one hidden zone in random order (401.2–401.3:
// hidden from all, order unknown); a hand is not ordered, set Traps sit in the Accessory zone unordered (304.10).
// No cut is offered (103.3a is a player's right after a game's shuffle; this is none), and no rule is cited.
import { Draft, type DraftEvent, type Rng } from '@matchtape/engine';
import { evolve } from './evolve';
import type { AlphaClashPayloads } from './schemas';
import type { AlphaClashState, CardRef } from './types';

export function reshuffleHidden(s: AlphaClashState, rng: Rng): DraftEvent[] {
  const d = new Draft<AlphaClashState, AlphaClashPayloads>(s, evolve, rng);
  for (const p of s.order) {
    const deck = s.players[p]!.deck as CardRef[]; // the judge state: every card known
    if (deck.length === 0) continue;
    // Fresh opaque ids, and what anyone had seen of a deck card (revealed, knownTo) no longer says where it is.
    const cards = d.rng.shuffle(deck).map((r) => ({ id: r.id, cardId: r.cardId, oid: d.oid() }));
    d.emit('DeckShuffled', { player: p, cards, count: cards.length, reason: 'fork' });
  }
  return [...d.events];
}
