// The table's header: who plays whom, the game, turn and phase, the event round's clock, the seats' clocks, and
// the tools (the replay view, concede).
import Link from 'next/link';
import type { BoardModel } from '@matchtape/engine';
import type { MatchListItem } from '../../lib/api';
import { humanPhase } from '../../lib/present';
import { formatClock, remainingNow, type ClockInfo, type SeatInfo } from '../../lib/table';
import { EventRoundClock } from '../events/RoundClock';

function Clock({ clock, seat, name, now }: { clock: ClockInfo; seat: string; name: string; now: number }) {
  const ms = remainingNow(clock, seat, now);
  if (ms === null) return null;
  return (
    <span
      className={`clock${clock.running === seat ? ' clock-running' : ''}${ms < 30_000 ? ' clock-low' : ''}`}
      data-seat={seat}
      aria-label={`${name}'s clock: ${formatClock(ms)}`}
    >
      {name} {formatClock(ms)}
    </span>
  );
}

export function TableHead({
  matchId,
  info,
  board,
  meta,
  gameTitle,
  names,
  now,
  connected,
  canConcede,
  onConcede,
}: {
  matchId: string;
  info: SeatInfo;
  board: BoardModel;
  meta: MatchListItem | null;
  gameTitle: string | undefined;
  names: ReadonlyMap<string, string>;
  now: number;
  connected(o: { seat: string; connected?: boolean }): boolean;
  /** The Concede button is shown (the server offers it and the match runs). */
  canConcede: boolean;
  onConcede(): void;
}) {
  const me = names.get(info.seat) ?? info.seat;
  return (
    <header className="table-head">
      <div className="table-title">
        <strong>{me}</strong>
        <span className="muted"> vs </span>
        {info.opponents.map((o) => (
          <span
            key={o.seat}
            className="table-opp"
            data-seat={o.seat}
            data-connected={connected(o) ? 'true' : 'false'}
          >
            <strong>{o.name ?? o.seat}</strong>
            {!connected(o) && <span className="badge badge-dropped">disconnected</span>}
          </span>
        ))}
        <span className="muted table-game"> · {gameTitle ?? info.game}</span>
        {meta && (
          <span className="muted">
            {' '}
            · Turn {board.turn}, {humanPhase(board.phase)}
            {board.step ? ` — ${humanPhase(board.step)}` : ''}
          </span>
        )}
      </div>
      <EventRoundClock at={meta?.eventTable ?? null} />
      {info.clock && info.clock.kind !== 'none' && (
        <div className="clocks" aria-label="Clocks">
          {[info.seat, ...info.opponents.map((o) => o.seat)].map((s) => (
            <Clock key={s} clock={info.clock!} seat={s} name={names.get(s) ?? s} now={now} />
          ))}
        </div>
      )}
      <div className="table-tools">
        <Link
          className="btn ghost"
          href={`/matches/${encodeURIComponent(matchId)}?as=${info.seat}`}
          target="_blank"
        >
          Replay view
        </Link>
        {canConcede && (
          <button type="button" className="btn ghost concede-btn" onClick={onConcede}>
            Concede
          </button>
        )}
      </div>
    </header>
  );
}
