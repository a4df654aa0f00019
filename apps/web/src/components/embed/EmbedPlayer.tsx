'use client';
// The embeddable replay player (/embed/ID?seq=N) for articles and VOD pages: the board, the timeline and the step
// keys, nothing else. Always the public view, so a live match is shown at its delayed position (the server's public
// feed) and the casters' drawings follow the same time lock as on the match page. Keys work once the frame has focus
// (a click on it): ←/→ event, Shift+←/→ turn, Space play/pause, Home/End.
import { useSearchParams } from 'next/navigation';
import type { BoardModel } from '@matchtape/engine';
import type { MatchTape } from '../../lib/tape';
import { useDrawings } from '../../lib/drawings';
import { useMatchTape } from '../../lib/useMatchTape';
import { Board } from '../Board';
import { DrawnBoard } from '../drawing/DrawingLayer';
import { EmbedControls } from './EmbedControls';
import { useEmbedBoard, type EmbedBoard } from './useEmbedBoard';
import { usePlayback } from './usePlayback';

export function EmbedPlayer({ matchId }: { matchId: string }) {
  const params = useSearchParams();
  const initial = /^\d{1,9}$/.test(params.get('seq') ?? '') ? Number(params.get('seq')) : null;
  const st = useMatchTape(matchId, 'public', null);
  const drawings = useDrawings(matchId, 'public', null, st.drawingFrames);
  const { meta, game, tape, version } = st;
  const length = tape?.length ?? 0;
  const isLive = st.phase === 'ready' && !st.ended;
  const playback = usePlayback(tape, initial, isLive);
  const { seq, pos } = playback;
  const { board, phases, names, keyLabel } = useEmbedBoard(st, seq);

  if (st.phase === 'error')
    return (
      <div className="state-panel" role="alert">
        This replay cannot be shown: {st.error?.message}
      </div>
    );
  if (!meta || !game || !tape || st.phase === 'loading')
    return (
      <div className="state-panel" aria-busy="true">
        Loading replay…
      </div>
    );
  const title = meta.players.map((p) => p.name).join(' vs ') || matchId;
  const full = `/matches/${encodeURIComponent(matchId)}${pos !== null ? `?seq=${seq}` : ''}`;
  return (
    <div className="embed" data-seq={seq} data-length={length} data-status={meta.status}>
      <EmbedHeader
        title={title}
        gameTitle={game.title}
        live={isLive}
        delaySeconds={st.delaySeconds}
        href={full}
      />
      <main className="embed-board" aria-label="Board">
        {board ? (
          <DrawnBoard drawings={drawings.drawings} seq={seq}>
            <EmbedBoardView
              tape={tape}
              board={board}
              phases={phases}
              seats={meta.players.length}
              names={names}
            />
          </DrawnBoard>
        ) : (
          <div className="state-panel">
            {isLive ? 'Waiting for the first event…' : 'This match has no events.'}
          </div>
        )}
      </main>
      <EmbedControls
        tape={tape}
        game={game}
        version={version}
        phases={phases}
        keyLabel={keyLabel}
        playback={playback}
      />
    </div>
  );
}

/** The match's players, its game, LIVE (with the spectator delay) and the link to the full match page. */
function EmbedHeader({
  title,
  gameTitle,
  live,
  delaySeconds,
  href,
}: {
  title: string;
  gameTitle: string;
  live: boolean;
  delaySeconds: number | null;
  href: string;
}) {
  return (
    <header className="embed-head">
      <strong className="embed-title" title={title}>
        {title}
      </strong>
      <span className="muted">{gameTitle}</span>
      {live && (
        <span className="badge badge-live">LIVE{delaySeconds ? ` · delay ${delaySeconds}s` : ''}</span>
      )}
      <a className="embed-open" href={href} target="_blank" rel="noopener">
        Open on Matchtape ↗
      </a>
    </header>
  );
}

/** The public board with the phase strip of its turn (seats: the match's players, else the board's). */
function EmbedBoardView({
  tape,
  board,
  phases,
  seats,
  names,
}: {
  tape: MatchTape;
  board: BoardModel;
  phases: string[];
  seats: number;
  names: EmbedBoard['names'];
}) {
  return (
    <Board
      board={board}
      perspective="public"
      phases={tape.timeline.stripPhases(phases, board.phase, board.turn, seats || board.players.length)}
      seats={names}
    />
  );
}
