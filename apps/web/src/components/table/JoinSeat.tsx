'use client';
// An invite link (/join/CODE): the code leaves the address bar at once (history.replaceState), the seat is
// claimed (idempotent: the same link on a second device resumes the same seat), its credential is kept in this
// browser's storage, and the player goes to the table.
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { joinSeat, saveSeat } from '../../lib/table';

export function JoinSeat({ code }: { code: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    window.history.replaceState(null, '', '/join');
    joinSeat(code)
      .then((claim) => {
        saveSeat(localStorage, claim);
        router.replace(`/matches/${encodeURIComponent(claim.matchId)}/play`);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [code, router]);
  return error ? (
    <div className="state-panel" role="alert">
      <h1>This invite cannot be used</h1>
      <p className="error-text">{error}</p>
      <p>Ask the organiser for a new link.</p>
    </div>
  ) : (
    <div className="state-panel" role="status">
      <div className="spinner" aria-hidden="true" />
      Taking your seat…
    </div>
  );
}
