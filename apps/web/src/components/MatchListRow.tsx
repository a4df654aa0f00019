'use client';
// One match in the list: status (LIVE with its spectator delay), game (practice, fork), players linking to the
// match, turn and phase, health / life, spectators, and when it started.
import Link from 'next/link';
import { games } from '@matchtape/games';
import type { MatchListItem } from '../lib/api';
import { positionWords, seatNames } from '../lib/present';
import { MatchFigures } from './MatchFigures';
import { ago } from './matchList';

export function MatchListRow({ m, now }: { m: MatchListItem; now: number }) {
  const title = m.gameTitle ?? games[m.game]?.title ?? m.game;
  return (
    <tr data-match={m.matchId} data-status={m.status}>
      <td data-label="Status">
        <MatchStatus m={m} />
      </td>
      <td data-label="Game">
        {title}
        {m.practice && <span className="badge badge-practice">practice</span>}
        {m.forkOf && (
          <span
            className="badge badge-fork"
            title={`Forked by a judge at event ${m.forkOf.seq}`}
            data-fork-of={m.forkOf.matchId}
          >
            fork
          </span>
        )}
      </td>
      <td data-label="Players" className="cell-players">
        {/* No prefetch: match pages render per request, and the 3-second poll's re-render aborted each
            row's prefetch (wasted requests, issue 26). */}
        <Link href={`/matches/${encodeURIComponent(m.matchId)}`} className="match-link" prefetch={false}>
          {m.players.length ? m.players.map((p) => p.name).join(' vs ') : m.matchId}
        </Link>
        {m.winner && <span className="muted"> · {seatNames(m.players).get(m.winner) ?? m.winner} won</span>}
      </td>
      <td data-label="Turn · phase">
        {m.turn !== null ? `Turn ${m.turn}` : '—'}
        {m.phase ? ` · ${positionWords(m.game, m.phase, null).phase}` : ''}
      </td>
      <td data-label="Health / life" className="cell-figures">
        {games[m.game] ? <MatchFigures m={m} /> : <span className="muted">—</span>}
      </td>
      <td data-label="Spectators">{m.spectators ?? <span className="muted">—</span>}</td>
      <td data-label="Started" className="muted cell-started">
        {ago(m.createdAt ?? m.lastAt, now)}
      </td>
    </tr>
  );
}

/** Finished, Setup, or LIVE with the delay spectators see it at. */
function MatchStatus({ m }: { m: MatchListItem }) {
  if (m.status === 'ended') return <span className="badge badge-ended">Finished</span>;
  if (m.status === 'setup') return <span className="badge">Setup</span>;
  return (
    <>
      <span className="badge badge-live">
        <span className="dot" aria-hidden="true" /> LIVE
      </span>
      {m.spectatorDelaySeconds ? (
        <span className="muted delay-note" title="Spectators see this match delayed">
          {' '}
          {m.spectatorDelaySeconds}s delay
        </span>
      ) : null}
    </>
  );
}
