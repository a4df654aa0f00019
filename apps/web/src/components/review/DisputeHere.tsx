'use client';
// "Dispute this moment" on the match page (issue 26): a judge (any time) or a seat of this match (while it plays)
// opens a dispute pinned to the event shown, without going to the review page first. The server decides who may;
// its refusal is shown as it says it.
import Link from 'next/link';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { requestJson } from '../../lib/api';
import type { TokenClaims } from '../../lib/viewer';

export interface DisputeHereProps {
  matchId: string;
  seq: number;
  token: string | null;
  claims: TokenClaims | null;
  /** Seat id → player name, for "against". */
  seats: readonly { id: string; name: string }[];
}

/** Whether the token may open a dispute on this match at all (a judge, or a seat token of this match). */
export function mayDispute(claims: TokenClaims | null, matchId: string): boolean {
  return !!claims && (claims.role === 'judge' || (claims.role === 'seat' && claims.matchId === matchId));
}

export function DisputeHere({ matchId, seq, token, claims, seats }: DisputeHereProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [at, setAt] = useState(seq);
  const [claim, setClaim] = useState('');
  const [against, setAgainst] = useState('');
  const [out, setOut] = useState<{ id?: string; error?: string } | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  if (!token || !mayDispute(claims, matchId)) return null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (claim.trim().length === 0)
      return setOut({ error: 'Say what went wrong (the claim) before opening the dispute.' });
    try {
      const r = (await requestJson(
        `/api/matches/${encodeURIComponent(matchId)}/disputes`,
        { token },
        { method: 'POST', body: { atSeq: at, claim: claim.trim(), ...(against ? { against } : {}) } },
      )) as { dispute?: { disputeId?: string } };
      setOut({ id: r.dispute?.disputeId ?? '' });
    } catch (err) {
      setOut({ error: (err as Error).message });
    }
  };
  return (
    <>
      <button
        className="btn ghost"
        onClick={() => {
          setAt(seq);
          setOut(null);
          setOpen(true);
        }}
        aria-label="Dispute this moment"
        title={`Open a dispute at event ${seq}`}
      >
        ⚑ <span className="label-wide">Dispute</span>
      </button>
      <dialog ref={ref} className="dialog" aria-labelledby="dispute-title" onClose={() => setOpen(false)}>
        <form onSubmit={(e) => void submit(e)}>
          <h2 id="dispute-title">Dispute event {at}</h2>
          <p className="muted">A judge reviews what happened at this moment of the match.</p>
          <label className="field">
            <span>What went wrong</span>
            <textarea
              value={claim}
              onChange={(e) => setClaim(e.target.value)}
              rows={3}
              maxLength={2000}
              required
            />
          </label>
          <label className="field">
            <span>Against (optional)</span>
            <select value={against} onChange={(e) => setAgainst(e.target.value)}>
              <option value="">Nobody in particular</option>
              {seats.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          {out?.error && (
            <p className="error-text" role="alert">
              {out.error}
            </p>
          )}
          {out?.id !== undefined && (
            <p role="status" data-dispute-opened={out.id}>
              Dispute opened at event {at}.{' '}
              {claims?.role === 'judge' && (
                <Link
                  href={`/matches/${encodeURIComponent(matchId)}/review?dispute=${encodeURIComponent(out.id)}`}
                >
                  Review it
                </Link>
              )}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="btn ghost" onClick={() => setOpen(false)}>
              Close
            </button>
            <button type="submit" className="btn primary" disabled={out?.id !== undefined}>
              Open dispute
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
