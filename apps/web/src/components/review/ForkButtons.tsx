// Forks from the review: the nearest forkable events either side of the dispute, and one event's fork button
// (the fork's page is then opened with this judge token).
import Link from 'next/link';
import { useState } from 'react';
import { saveToken } from '../../lib/viewer';
import { call, type CaseFile } from './case-file';
import { nearestForkable } from './fork-seqs';

/**
 * Forks start after an event where someone may act: the nearest ones either side of the disputed event (which
 * may be one the server would refuse); every such row of the events table has its own fork button.
 */
export function ForkPicker({
  matchId,
  atSeq,
  events,
  token,
}: {
  matchId: string;
  atSeq: number;
  events: CaseFile['events'];
  token: string;
}) {
  const near = nearestForkable(events, atSeq);
  const seqs = [...new Set([near.before, near.after].filter((x): x is number => x !== null))];
  if (seqs.length === 0)
    return (
      <span className="muted">
        Nobody may act within the window, so no fork starts here: widen the window.
      </span>
    );
  return (
    <>
      {seqs.map((s) => (
        <ForkButton
          key={s}
          matchId={matchId}
          at={s}
          token={token}
          label={
            s === atSeq
              ? `Fork at event ${s}`
              : `Fork at event ${s} (${s < atSeq ? 'before' : 'after'} the dispute)`
          }
        />
      ))}
    </>
  );
}

export function ForkButton({
  matchId,
  at,
  token,
  label,
  short,
}: {
  matchId: string;
  at: number;
  token: string;
  label: string;
  short?: boolean;
}) {
  const [out, setOut] = useState<{ id?: string; error?: string } | null>(null);
  return (
    <span className="fork">
      <button
        className="btn"
        aria-label={label}
        onClick={() =>
          // Always a fresh seed after the fork point: the server refuses to keep a live parent's seed, and draws
          // players saw in the parent after `at` must not come back in the rewind either.
          call<{ matchId: string }>(token, `/api/matches/${encodeURIComponent(matchId)}/fork`, {
            at,
            reseed: true,
          }).then(
            (r) => {
              // The fork is sealed while this match's secrets are live (judges and its seats only): its page needs
              // this judge token, kept for it in this tab as the review page keeps it for this match.
              saveToken(sessionStorage, r.matchId, token);
              setOut({ id: r.matchId });
            },
            (e: Error) => setOut({ error: e.message }),
          )
        }
      >
        {short ? 'Fork here' : label}
      </button>
      {out?.id && (
        <Link href={`/matches/${encodeURIComponent(out.id)}?as=judge`} data-fork={out.id}>
          {' '}
          play continues in the fork (open it)
        </Link>
      )}
      {out?.error && <span role="alert"> {out.error}</span>}
    </span>
  );
}
