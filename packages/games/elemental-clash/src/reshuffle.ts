// The fork reshuffle (GameModule.reshuffleHidden, issue 21): Matchtape's action, not a rule of the game. A fork of
// a live match copies each spellbook in the parent's secret order; these events shuffle every spellbook again from
// the fork's own seed so the fork's draws are not the parent's. The spellbook is the one hidden zone kept in order
// (§1.0, §4.0: drawn from the top, shuffled by mulligans, Construct, Recover, Reinforce); all of it is reshuffled,
// also cards its owner put under it or back on top (§4.0 draw-phase, Future Sight): where they lie is the parent
// player's knowledge. Hands are not ordered. No rule is cited: the rules never shuffle here.
import type { DraftEvent, Rng } from '@matchtape/engine';
import { ECDraft } from './draft';
import { full } from './flow';
import type { ECState } from './types';

export function reshuffleHidden(s: ECState, rng: Rng): DraftEvent[] {
  const d = new ECDraft(s, rng);
  for (const p of s.order) {
    const book = s.players[p]!.spellbook.map(full);
    if (book.length === 0) continue;
    const cards = d.rng.shuffle(book).map((c) => ({ id: c.id, cardId: c.cardId, oid: d.oid() }));
    d.emit('SpellbookShuffled', { player: p, cards, reason: 'fork' });
  }
  return [...d.events];
}
