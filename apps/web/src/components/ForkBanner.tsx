'use client';
import Link from 'next/link';

/** A fork says it is one (issue 26): the match it was forked from, at which event, linked to that moment. */
export function ForkBanner({ forkOf }: { forkOf: { matchId: string; seq: number } }) {
  return (
    <div className="notice notice-fork" role="note" data-fork-of={forkOf.matchId} data-fork-seq={forkOf.seq}>
      <span className="badge badge-fork">fork</span> This match was forked by a judge from{' '}
      <Link href={`/matches/${encodeURIComponent(forkOf.matchId)}?seq=${forkOf.seq}`}>
        its parent match, at event {forkOf.seq}
      </Link>
      . What happens here does not change the parent.
    </div>
  );
}
