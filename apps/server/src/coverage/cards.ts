// Which cards a viewer sees at a seq, for the hidden-card checks of REST readers (annotations with a card highlight,
// the producer's focus), without reading the match's events per request: an answer depends only on (match, seq,
// viewer) and stored events never change, so it is computed once — from the nearest snapshot and the ≤ 50 events after
// it (MatchSight.stateAt, as the state route does) — and kept in timelock.ts's cache. Repeated reads (every open
// match page polls the annotations; an overlay polls the focus) are then a map lookup.
import type { AnyGameModule } from '@matchtape/engine';
import type { MatchRecord } from '@matchtape/store';
import type { MatchSight } from '../visibility';
import { accessFor, type Access } from '../viewers';
import { boardAs, cachedCards, cacheCards, visibleCardIds } from './timelock';

export class CardSight {
  constructor(
    private readonly sight: MatchSight,
    private readonly game: (id: string) => AnyGameModule,
  ) {}

  /** The card ids `viewer` sees after each of `seqs` (each at most the match's last seq). */
  async at(
    rec: MatchRecord,
    viewer: Access['viewer'],
    seqs: Iterable<number>,
  ): Promise<Map<number, ReadonlySet<string>>> {
    const out = new Map<number, ReadonlySet<string>>();
    // The judge state at exactly `seq`, whatever the clocks: an event stamped ahead of this server's clock (another
    // instance's) must not make the fold stop short and a wrong answer be kept for good.
    const truth: Access = { ...accessFor(rec, 'judge', null), delaySeconds: Number.NEGATIVE_INFINITY };
    for (const seq of new Set(seqs)) {
      let set = cachedCards(rec.matchId, seq, viewer);
      if (!set) {
        const game = this.game(rec.game);
        const { state } = await this.sight.stateAt(rec, truth, seq);
        set = cacheCards(rec.matchId, seq, viewer, visibleCardIds(boardAs(game, state, viewer)));
      }
      out.set(seq, set);
    }
    return out;
  }
}
