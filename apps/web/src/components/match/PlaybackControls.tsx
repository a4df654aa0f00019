'use client';
// The playback row under the scrubber: start / turn / event / play / end buttons, the graphs toggle, the speed,
// where the playhead is, the keyboard hints and the jump-to-turn form.
import { useEffect, useState, type ReactNode } from 'react';
import { Icon, type IconName } from '../Icon';
import { SPEEDS, type Speed } from '../Timeline';
import type { Playback } from './usePlayback';

export interface PlaybackControlsProps {
  playback: Pick<
    Playback,
    'seek' | 'stepEvent' | 'stepTurn' | 'togglePlay' | 'playing' | 'speed' | 'setSpeed' | 'setProblem'
  >;
  length: number;
  /** "Turn 3 · main phase · event 12/40", as the page words it. */
  position: ReactNode;
  graphsOpen: boolean;
  onToggleGraphs: () => void;
  /** The first seq of turn n, or null when the match has no such turn (yet). */
  seqOfTurn: (n: number) => number | null;
  /** What to say when there is no turn n. */
  noTurn: (n: number) => string;
  /** The history before the opening window is still loading: a turn not found yet may still arrive. */
  loading: boolean;
}

function IconButton({ label, icon, onClick }: { label: string; icon: IconName; onClick: () => void }) {
  return (
    <button className="icon" onClick={onClick} aria-label={label} title={label}>
      <Icon name={icon} />
    </button>
  );
}

export function PlaybackControls(props: PlaybackControlsProps) {
  const { playback: pb, length, position, graphsOpen, onToggleGraphs } = props;
  return (
    <div className="control-row">
      <div className="buttons">
        <IconButton label="Start (Home)" icon="first" onClick={() => pb.seek(0)} />
        <IconButton label="Previous turn (Shift+←)" icon="prevTurn" onClick={() => pb.stepTurn(-1)} />
        <IconButton label="Previous event (←)" icon="prev" onClick={() => pb.stepEvent(-1)} />
        <button
          className="icon play"
          onClick={pb.togglePlay}
          aria-label={pb.playing ? 'Pause (Space)' : 'Play (Space)'}
          title={pb.playing ? 'Pause (Space)' : 'Play (Space)'}
        >
          <Icon name={pb.playing ? 'pause' : 'play'} size={16} />
        </button>
        <IconButton label="Next event (→)" icon="next" onClick={() => pb.stepEvent(1)} />
        <IconButton label="Next turn (Shift+→)" icon="nextTurn" onClick={() => pb.stepTurn(1)} />
        <IconButton label="End (End)" icon="last" onClick={() => pb.seek(length)} />
        <button
          className="btn ghost graphs-toggle"
          onClick={onToggleGraphs}
          aria-expanded={graphsOpen}
          aria-controls="graphs"
          title="Life, hand and resources per turn"
        >
          Graphs
        </button>
        <label className="speed">
          <span className="sr-only">Speed</span>
          <select
            value={String(pb.speed)}
            onChange={(e) =>
              pb.setSpeed(e.target.value === 'real' ? 'real' : (Number(e.target.value) as Speed))
            }
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
            <option value="real">real time</option>
          </select>
        </label>
      </div>
      <div className="position" aria-live="off">
        {position}
      </div>
      <p className="keys muted" aria-label="Keyboard shortcuts">
        <kbd>←</kbd>
        <kbd>→</kbd> event · <kbd>Shift</kbd> turn · <kbd>Space</kbd> play · <kbd>L</kbd> live
      </p>
      <JumpToTurn
        seek={pb.seek}
        setProblem={pb.setProblem}
        seqOfTurn={props.seqOfTurn}
        noTurn={props.noTurn}
        loading={props.loading}
      />
    </div>
  );
}

/**
 * "Go to turn N": seeks to its first event, or says there is no such turn. A page opened in the middle of a long
 * replay holds the turns before its window only once they have loaded; a turn asked for meanwhile is jumped to as
 * soon as it arrives, and only a complete history can say that there is no such turn.
 */
export function JumpToTurn(props: {
  seek: (seq: number) => void;
  setProblem: (p: string) => void;
  seqOfTurn: (n: number) => number | null;
  noTurn: (n: number) => string;
  loading: boolean;
}) {
  const { seek, setProblem, seqOfTurn, noTurn, loading } = props;
  const [turnInput, setTurnInput] = useState('');
  const [pending, setPending] = useState<number | null>(null);
  // After every render: the history grows between renders while it loads.
  useEffect(() => {
    if (pending === null) return;
    const s = seqOfTurn(pending);
    if (s !== null) seek(s);
    else if (!loading) setProblem(noTurn(pending));
    else return;
    setPending(null);
  });
  return (
    <form
      className="jump"
      onSubmit={(e) => {
        e.preventDefault();
        const n = Number(turnInput);
        const valid = turnInput.trim() !== '' && Number.isInteger(n);
        const s = valid ? seqOfTurn(n) : null;
        setPending(null);
        if (s !== null) seek(s);
        else if (!valid) setProblem('Type a turn number to jump to.');
        else if (loading) {
          setPending(n);
          setProblem(`Turn ${n} is still loading: the replay goes there when it arrives.`);
        } else setProblem(noTurn(n));
      }}
    >
      <label>
        <span className="sr-only">Jump to turn</span>
        <input
          type="number"
          min={0}
          inputMode="numeric"
          placeholder="turn"
          value={turnInput}
          onChange={(e) => setTurnInput(e.target.value)}
        />
      </label>
      <button className="btn" type="submit" aria-label="Go to that turn">
        Go
      </button>
    </form>
  );
}
