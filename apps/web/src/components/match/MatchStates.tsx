'use client';
// The match page before there is a board: why it could not load (no such seat, no such match, a perspective
// that needs a token, anything else with a retry) and the loading progress.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import { NoSuchSeat } from '../../lib/useMatchTape';

export function MatchLoadError(props: {
  error: Error | null;
  onPublic: () => void;
  onPasteToken: () => void;
  onRetry: () => void;
  /** The token dialog, rendered inside the panel. */
  children?: ReactNode;
}) {
  const err = props.error;
  if (err instanceof NoSuchSeat) {
    return (
      <div className="state-panel" role="alert">
        <h1>No seat {err.seat} in this match</h1>
        <p>
          This match has {err.seats.length} players: {err.seats.map((p) => `${p.name} (${p.id})`).join(', ')}.
          Choose one of them, or watch as the public.
        </p>
        <div className="row">
          <button className="btn primary" onClick={props.onPublic}>
            Watch as public
          </button>
          <Link className="btn ghost" href="/">
            All matches
          </Link>
        </div>
      </div>
    );
  }
  const status = err instanceof ApiError ? err.status : -1;
  const needsToken = status === 401 || status === 403;
  return (
    <div className="state-panel" role="alert">
      <h1>
        {status === 404
          ? 'Match not found'
          : needsToken
            ? 'This perspective needs a token'
            : 'Could not load the match'}
      </h1>
      <p>
        {status === 404
          ? 'There is no match at this address. It may have been mistyped, or the link may come from another Matchtape server.'
          : err?.message}
      </p>
      <div className="row">
        {needsToken && (
          <>
            <button className="btn primary" onClick={props.onPasteToken}>
              Paste a token
            </button>
            <button className="btn" onClick={props.onPublic}>
              Watch as public
            </button>
          </>
        )}
        {status !== 404 && !needsToken && (
          <button className="btn primary" onClick={props.onRetry}>
            Retry
          </button>
        )}
        <Link className="btn ghost" href="/">
          All matches
        </Link>
      </div>
      {props.children}
    </div>
  );
}

/** "Loading match · 1,200 of 5,000 events…" with a progress bar once the match's length is known. */
export function MatchLoading({ lastSeq, loaded }: { lastSeq: number | null; loaded: number }) {
  const known = lastSeq !== null && lastSeq > 0;
  return (
    <div className="state-panel" aria-busy="true">
      <div className="spinner" aria-hidden="true" />
      <p>
        Loading match
        {known ? ` · ${loaded.toLocaleString('en')} of ${lastSeq.toLocaleString('en')} events` : ''}…
      </p>
      {known && (
        <progress className="load-progress" max={lastSeq} value={loaded}>
          {loaded}
        </progress>
      )}
    </div>
  );
}
