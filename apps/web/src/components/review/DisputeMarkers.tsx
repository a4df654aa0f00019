'use client';
// Disputes as markers on the match timeline, for the viewers the server shows them to (judges, the match's own
// players): a flag at the disputed seq; a judge's flag opens the review page, a player's seeks there.
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { readClaims } from '../../lib/viewer';

interface Marker {
  disputeId: string;
  atSeq: number;
  claim: string;
  status: string;
}

export function DisputeMarkers({
  matchId,
  token,
  length,
  onSeek,
}: {
  matchId: string;
  token: string | null;
  length: number;
  onSeek: (seq: number) => void;
}) {
  const [list, setList] = useState<Marker[]>([]);
  const claims = token ? readClaims(token) : null;
  const allowed = claims?.role === 'judge' || (claims?.role === 'seat' && claims.matchId === matchId);
  useEffect(() => {
    if (!allowed || !token) return setList([]);
    const ctl = new AbortController();
    fetch(`/api/matches/${encodeURIComponent(matchId)}/disputes`, {
      headers: { authorization: `Bearer ${token}` },
      signal: ctl.signal,
      cache: 'no-store',
    })
      .then((r) => (r.ok ? (r.json() as Promise<{ disputes: Marker[] }>) : { disputes: [] }))
      .then(
        (b) => setList(b.disputes),
        () => undefined,
      );
    return () => ctl.abort();
    // Re-read when the match grows (a new dispute is usually opened at the live edge).
  }, [matchId, token, allowed, Math.floor(length / 20)]);
  if (list.length === 0 || length === 0) return null;
  return (
    <div className="tl-disputes" aria-label="Disputes">
      {list.map((d) => {
        const style = { left: `${(100 * Math.min(d.atSeq, length)) / length}%` };
        const title = `Dispute ${d.disputeId} (${d.status}) at event ${d.atSeq}: ${d.claim}`;
        return claims?.role === 'judge' ? (
          <Link
            key={d.disputeId}
            className={`tl-dispute tl-dispute-${d.status}`}
            style={style}
            title={title}
            aria-label={title}
            data-dispute={d.disputeId}
            href={`/matches/${encodeURIComponent(matchId)}/review?dispute=${d.disputeId}`}
          >
            ⚑
          </Link>
        ) : (
          <button
            key={d.disputeId}
            className={`tl-dispute tl-dispute-${d.status}`}
            style={style}
            title={title}
            aria-label={title}
            data-dispute={d.disputeId}
            onClick={() => onSeek(d.atSeq)}
          >
            ⚑
          </button>
        );
      })}
    </div>
  );
}
