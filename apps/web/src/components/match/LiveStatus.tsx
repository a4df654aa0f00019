'use client';
// The match's live status in the header: LIVE, connecting / offline, "Back to live" when the playhead left the
// live edge, or Finished; with the spectator delay while the match is live.
import type { LiveStatus as Live } from '../../lib/sse';

export interface LiveStatusProps {
  isLive: boolean;
  following: boolean;
  live: Live | null;
  /** The live stream has been open at least once. */
  liveOpened: boolean;
  delaySeconds: number | null;
  onBackToLive: () => void;
}

/** Not receiving live events: the stream is reconnecting or was refused. */
export function isDisconnected(isLive: boolean, live: Live | null): boolean {
  return isLive && live !== null && (live.kind === 'reconnecting' || live.kind === 'failed');
}

export function LiveStatus({
  isLive,
  following,
  live,
  liveOpened,
  delaySeconds,
  onBackToLive,
}: LiveStatusProps) {
  const disconnected = isDisconnected(isLive, live);
  const connecting = isLive && !liveOpened && (live === null || live.kind === 'connecting');
  const state = !isLive
    ? 'ended'
    : disconnected
      ? 'disconnected'
      : connecting
        ? 'connecting'
        : following
          ? 'live'
          : 'behind';
  return (
    <div className="match-status" data-live={state}>
      {!isLive ? (
        <span className="badge badge-ended">Finished</span>
      ) : !following ? (
        <button className="badge badge-behind" onClick={onBackToLive} title="Back to live (L)">
          ● Back to live
        </button>
      ) : disconnected || connecting ? (
        <span
          className="badge badge-off"
          role="status"
          title={disconnected ? 'Not receiving live events; reconnecting' : 'Connecting to the live stream'}
        >
          <span className="dot" aria-hidden="true" /> {disconnected ? 'Offline' : 'Connecting'}
        </span>
      ) : (
        <span className="badge badge-live" aria-label="Live">
          <span className="dot" aria-hidden="true" /> LIVE
        </span>
      )}
      {isLive && (
        <span className="delay" title="Spectators see the match this far behind">
          {delaySeconds ? `delay ${delaySeconds}s` : 'no delay'}
        </span>
      )}
    </div>
  );
}
