// The time lock: which annotations a viewer may be shown, and from when.
//
// An annotation on seq S (or a range ending at S) reaches a viewer once that viewer's own feed has released
// event S (its `at` plus the viewer's delay: public → spectator delay, coverage → coverage delay, judges and
// seats live). Before then it does not exist for that viewer: not in REST reads, not over SSE, not in
// chapters or search.
//
// Highlights can say more than the feed does: a card highlighted in a hand the viewer cannot see. We withhold
// the whole annotation (not only the highlight) from a viewer for whom any highlighted card is hidden in its
// view at S: an annotation pointing at a hidden card is about that card, so its text would tell what the
// highlight hid. It reaches that viewer when its view shows the card at S — for spectators of a reveal-all
// match, once the match is over and their delay has passed its end. Zone highlights (a player's hand, a deck)
// name public zones and never hold an annotation back. The text itself is the author's: authors see the
// judge view, and the editor says so next to the text box.
import type { AnyGameModule, BoardModel, Tile } from '@matchtape/engine';
import type { Annotation } from './schema';
import { releaseTime, type Access } from '../viewers';

export type Lock = { kind: 'visible' } | { kind: 'pending'; releaseAt: number } | { kind: 'withheld'; reason: string };

/** What the lock needs to know about the match: the time of an event, and the cards a viewer sees at a seq. */
export interface MatchFacts {
  atOf(seq: number): Promise<string | undefined>;
  visibleCards(seq: number, viewer: Access['viewer']): Promise<ReadonlySet<string>>;
}

export async function lockFor(a: Annotation, access: Access, now: number, facts: MatchFacts): Promise<Lock> {
  const at = await facts.atOf(a.seq.to);
  // An annotation on an event that is not stored: never shown (writers cannot create one; this is defence).
  if (at === undefined) return { kind: 'withheld', reason: `seq ${a.seq.to} is not an event of the match` };
  const releaseAt = releaseTime({ at }, access);
  if (releaseAt > now) return { kind: 'pending', releaseAt };
  if (access.viewer === 'judge') return { kind: 'visible' };
  const cards = a.highlights.flatMap((h) => (h.kind === 'card' ? [h.cardId] : []));
  if (cards.length === 0) return { kind: 'visible' };
  const seen = await facts.visibleCards(a.seq.to, access.viewer);
  const hidden = cards.filter((c) => !seen.has(c));
  return hidden.length === 0 ? { kind: 'visible' } : { kind: 'withheld', reason: `highlights ${hidden.length} card(s) hidden from ${access.viewer} at seq ${a.seq.to}` };
}

/** Ids of every card face a board shows (hidden tiles carry only an opaque id and do not count). */
export function visibleCardIds(board: BoardModel): Set<string> {
  const out = new Set<string>();
  const walk = (t: Tile | null | undefined): void => {
    if (!t || t.hidden) return;
    out.add(t.id);
    for (const a of t.attachments ?? []) walk(a);
  };
  for (const p of board.players) {
    walk(p.hero ?? null);
    for (const z of p.zones) for (const c of z.cards) walk(c);
  }
  for (const z of board.shared) for (const c of z.cards) walk(c);
  return out;
}

/** Board of a game state as a viewer sees it. */
export function boardAs(game: AnyGameModule, judgeState: unknown, viewer: Access['viewer']): BoardModel {
  return game.board(viewer === 'judge' ? judgeState : game.view(judgeState, viewer));
}
