'use client';
// The embeddable replay player (/embed/ID?seq=N) for articles and VOD pages: the board, the timeline and the step
// keys, nothing else. Always the public view, so a live match is shown at its delayed position (the server's public
// feed) and the casters' drawings follow the same time lock as on the match page. Keys work once the frame has focus
// (a click on it): ←/→ event, Shift+←/→ turn, Space play/pause, Home/End.
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BoardModel } from '@matchtape/engine';
import { humanText, positionText, positionWords, seatNames } from '../../lib/present';
import { cardNames } from '../../lib/names';
import { machineStateKeys, orderedPhases, type KeyMomentMarker } from '../../lib/timeline';
import { useDrawings } from '../../lib/drawings';
import { useMatchTape } from '../../lib/useMatchTape';
import { Board } from '../Board';
import { DrawnBoard } from '../drawing/DrawingLayer';
import { Icon } from '../Icon';
import { Scrubber } from '../Timeline';

/** Events per second while playing. */
const RATE = 4;

export function EmbedPlayer({ matchId }: { matchId: string }) {
  const params = useSearchParams();
  const initial = /^\d{1,9}$/.test(params.get('seq') ?? '') ? Number(params.get('seq')) : null;
  const st = useMatchTape(matchId, 'public', null);
  const drawings = useDrawings(matchId, 'public', null, st.drawingFrames);
  const { meta, game, tape, version } = st;
  const length = tape?.length ?? 0;
  const isLive = st.phase === 'ready' && !st.ended;
  const [pos, setPos] = useState<number | null>(initial);
  const [playing, setPlaying] = useState(false);
  const seq = Math.max(0, Math.min(pos ?? length, length));
  const seqRef = useRef(seq);
  seqRef.current = seq;
  const seek = useCallback((s: number) => setPos(Math.max(0, Math.min(s, tape?.length ?? 0))), [tape]);

  useEffect(() => {
    if (!playing || !tape) return;
    const t = setInterval(() => {
      const next = seqRef.current + 1;
      if (next > tape.length) setPlaying(false);
      else seek(next);
    }, 1000 / RATE);
    return () => clearInterval(t);
  }, [playing, tape, seek]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || !tape) return;
      const t = e.target as HTMLElement | null;
      if (t && t.closest('[role="toolbar"]') && e.key.startsWith('Arrow')) return;
      const cur = seqRef.current;
      const nav = tape.timeline;
      const go: Record<string, () => void> = {
        ArrowLeft: () => seek(e.shiftKey ? nav.prevTurnStart(cur) : cur - 1),
        ArrowRight: () => seek(e.shiftKey ? nav.nextTurnStart(cur) : cur + 1),
        Home: () => seek(0),
        End: () => (isLive ? setPos(null) : seek(tape.length)),
        ' ': () => setPlaying((p) => !p),
      };
      const f = go[e.key];
      if (!f || (e.key === ' ' && t?.tagName === 'BUTTON')) return;
      e.preventDefault();
      f();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [tape, seek, isLive]);

  const phases = useMemo(
    () =>
      tape && game
        ? orderedPhases(
            machineStateKeys(game.machine),
            tape.timeline.phases.map((p) => p.phase),
          )
        : [],
    [tape, game, version],
  );
  const board = useMemo((): BoardModel | null => {
    if (!tape || length === 0) return null;
    try {
      return tape.boardAt(seq);
    } catch {
      return null;
    }
  }, [tape, seq, version, length]);
  const names = useMemo(() => seatNames(meta?.players ?? []), [meta]);
  const keyLabel = useCallback(
    (k: KeyMomentMarker) => {
      try {
        return humanText(k.label, tape ? cardNames([tape.boardAt(k.seq)]) : new Map(), names);
      } catch {
        return k.label;
      }
    },
    [tape, names],
  );

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
  const phase = tape.timeline.phaseAt(seq);
  const turn = tape.timeline.turnAt(seq);
  return (
    <div className="embed" data-seq={seq} data-length={length} data-status={meta.status}>
      <header className="embed-head">
        <strong className="embed-title" title={title}>
          {title}
        </strong>
        <span className="muted">{game.title}</span>
        {isLive && (
          <span className="badge badge-live">
            LIVE{st.delaySeconds ? ` · delay ${st.delaySeconds}s` : ''}
          </span>
        )}
        <a className="embed-open" href={full} target="_blank" rel="noopener">
          Open on Matchtape ↗
        </a>
      </header>
      <main className="embed-board" aria-label="Board">
        {board ? (
          <DrawnBoard drawings={drawings.drawings} seq={seq}>
            <Board
              board={board}
              perspective="public"
              phases={tape.timeline.stripPhases(
                phases,
                board.phase,
                board.turn,
                meta.players.length || board.players.length,
              )}
              seats={names}
            />
          </DrawnBoard>
        ) : (
          <div className="state-panel">
            {isLive ? 'Waiting for the first event…' : 'This match has no events.'}
          </div>
        )}
      </main>
      <footer className="embed-controls" aria-label="Playback">
        <Scrubber
          nav={tape.timeline}
          length={length}
          version={version}
          seq={seq}
          phases={phases}
          onSeek={(s) => {
            setPlaying(false);
            seek(s);
          }}
          onDragEnd={() => undefined}
          keyLabel={keyLabel}
          phaseLabel={(ph) => positionWords(game.id, ph, null).phase}
        />
        <div className="embed-row">
          <button
            className="icon"
            onClick={() => seek(seq - 1)}
            aria-label="Previous event (←)"
            title="Previous event (←)"
          >
            <Icon name="prev" />
          </button>
          <button
            className="icon play"
            onClick={() => setPlaying((p) => !p)}
            aria-label={playing ? 'Pause (Space)' : 'Play (Space)'}
          >
            <Icon name={playing ? 'pause' : 'play'} size={16} />
          </button>
          <button
            className="icon"
            onClick={() => seek(seq + 1)}
            aria-label="Next event (→)"
            title="Next event (→)"
          >
            <Icon name="next" />
          </button>
          <span className="embed-pos">
            <strong>{turn ? `Turn ${turn.turn}` : 'Setup'}</strong>
            {phase && <span> · {positionText(game.id, phase.phase, tape.envelope(seq)?.step)}</span>}
            <span className="muted">
              {' '}
              · event <span data-testid="seq">{seq}</span>/{length}
            </span>
          </span>
          <span className="keys muted">
            <kbd>←</kbd>
            <kbd>→</kbd> event · <kbd>Shift</kbd> turn · <kbd>Space</kbd> play
          </span>
        </div>
      </footer>
    </div>
  );
}
