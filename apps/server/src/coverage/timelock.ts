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
//
// Seats are players, not spectators: coverage commentary never reaches a seat (p1, p2…) of a match that is still
// playing — whatever it highlights, its text may say what the seat cannot see ("p2's hand has …") or coach it.
// Annotations wait for a seat until its feed has reached MatchEnded; from then on the seat is under the same rule as
// everyone (its own feed's time lock, the hidden-card check in its own view).
//
// One function decides for REST and SSE alike: `annotationFilter` is the annotations stream's side-stream
// filter (apps/server/src/side/README.md). Each side event is judged on its own; edits carry the whole
// annotation and removals its seq range, so nothing depends on which earlier events a viewer was admitted.
// The casters' drawings (drawings.ts) are under the same rule: `timeLocked(partOf)` makes the filter of any side
// stream whose events name a seq and the cards and zones they point at.
import {
  isPlayer,
  MATCH_ENDED,
  type AnyGameModule,
  type BoardModel,
  type EventEnvelope,
  type Tile,
} from '@matchtape/engine';
import type { SideEvent } from '@matchtape/store';
import type { SideFilter, SideViewer } from '../side/side-streams';
import type { Access } from '../viewers';
import { lockedPart } from './book';

export type Lock = { kind: 'visible' } | { kind: 'wait' } | { kind: 'withheld'; reason: string };

/** Whether a viewer may see an annotation on `seq` with these highlights now. */
export function lock(part: LockedPart, v: SideViewer): Lock {
  if (v.seenSeq < part.seq.to || (isPlayer(v.access.role) && !endedFor(v))) return { kind: 'wait' };
  if (v.access.viewer === 'judge') return { kind: 'visible' };
  const cards = part.highlights.flatMap((h) => (h.kind === 'card' && h.cardId ? [h.cardId] : []));
  if (cards.length === 0) return { kind: 'visible' };
  const seen = visibleCardsAt(v, part.seq.to);
  const hidden = cards.filter((c) => !seen.has(c));
  return hidden.length === 0
    ? { kind: 'visible' }
    : {
        kind: 'withheld',
        reason: `highlights ${hidden.length} card(s) hidden from ${v.access.viewer} at seq ${part.seq.to}`,
      };
}

/** What the time lock reads of one side event: its seq range and what it points at (null: malformed, never sent). */
export type PartOf = (e: Pick<SideEvent, 'type' | 'payload'>) => LockedPart | null;
export interface LockedPart {
  seq: { to: number };
  highlights: readonly { kind: string; cardId?: string }[];
}

/** The seqs a non-judge viewer's hidden-card checks will look at: those of card highlights its feed has reached. */
export function cardCheckSeqs(
  side: readonly SideEvent[],
  seenSeq: number,
  partOf: PartOf = lockedPart,
): number[] {
  return side.flatMap((e) => {
    const part = partOf(e);
    return part && part.seq.to <= seenSeq && part.highlights.some((h) => h.kind === 'card')
      ? [part.seq.to]
      : [];
  });
}

/**
 * Whether the viewer's feed has reached the end of the match: the stored status for REST readers (a seat's feed is
 * live), or MatchEnded as the last event sent on an SSE line (the gateway's record may be older than the end).
 */
export function endedFor(v: Pick<SideViewer, 'record' | 'events' | 'seenSeq'>): boolean {
  return v.record.status === 'ended' || v.events[v.seenSeq - 1]?.type === MATCH_ENDED;
}

/** A side stream's filter: time lock on the viewer's feed, then the check of the cards each event points at. */
export function timeLocked(partOf: PartOf): SideFilter {
  return (e, v) => {
    const part = partOf(e);
    if (!part) return 'never';
    const l = lock(part, v);
    return l.kind === 'visible' ? { send: e } : l.kind === 'wait' ? 'wait' : 'never';
  };
}

/** The annotations stream's filter: time lock on the viewer's feed, then the highlight check. */
export const annotationFilter: SideFilter = timeLocked(lockedPart);

// Per (match, seq, viewer): the card ids that viewer sees at that seq. Events never change once stored, so an entry
// is never stale; REST readers fill it from snapshots ahead of the filter (coverage/cards.ts), the gateway from the
// events it holds.
const CACHE_MAX = 20_000;
const cardsCache = new Map<string, ReadonlySet<string>>();
const cardsKey = (matchId: string, seq: number, viewer: Access['viewer']): string =>
  `${matchId}\u0000${seq}\u0000${viewer}`;

/** The cached card ids a viewer sees at a seq, if known. */
export function cachedCards(
  matchId: string,
  seq: number,
  viewer: Access['viewer'],
): ReadonlySet<string> | undefined {
  return cardsCache.get(cardsKey(matchId, seq, viewer));
}

export function cacheCards(
  matchId: string,
  seq: number,
  viewer: Access['viewer'],
  set: ReadonlySet<string>,
): ReadonlySet<string> {
  cardsCache.set(cardsKey(matchId, seq, viewer), set);
  if (cardsCache.size > CACHE_MAX) cardsCache.delete(cardsCache.keys().next().value!);
  return set;
}

/**
 * Card ids whose face the viewer sees after event `seq`: what the reader prepared (`cards`), the cache, or a fold of
 * the full events the viewer carries, then the viewer's view.
 */
export function visibleCardsAt(
  v: Pick<SideViewer, 'record' | 'game' | 'events' | 'access' | 'cards'>,
  seq: number,
): ReadonlySet<string> {
  const ready = v.cards?.get(seq) ?? cachedCards(v.record.matchId, seq, v.access.viewer);
  if (ready) return ready;
  return cacheCards(
    v.record.matchId,
    seq,
    v.access.viewer,
    visibleCardIds(boardAs(v.game, foldTo(v.game, v.events, seq), v.access.viewer)),
  );
}

function foldTo(game: AnyGameModule, events: readonly EventEnvelope[], seq: number): unknown {
  let state = game.initial();
  for (const e of events) {
    if (e.seq > seq) break;
    state = game.evolve(state, e);
  }
  return state;
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
