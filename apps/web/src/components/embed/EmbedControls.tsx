'use client';
// The embed's footer: the scrubber, previous / play / next, where the tape stands (turn, phase, event) and the keys.
import { positionText, positionWords } from '../../lib/present';
import type { KeyMomentMarker } from '../../lib/timeline';
import type { MatchTape } from '../../lib/tape';
import type { AnyGameModule } from '@matchtape/engine';
import { Icon } from '../Icon';
import { Scrubber } from '../Timeline';
import type { Playback } from './usePlayback';

export interface EmbedControlsProps {
  tape: MatchTape;
  game: AnyGameModule;
  version: number;
  phases: string[];
  keyLabel: (k: KeyMomentMarker) => string;
  playback: Playback;
}

export function EmbedControls({ tape, game, version, phases, keyLabel, playback }: EmbedControlsProps) {
  const { seq, seek, setPlaying } = playback;
  return (
    <footer className="embed-controls" aria-label="Playback">
      <Scrubber
        nav={tape.timeline}
        length={tape.length}
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
          aria-label={playback.playing ? 'Pause (Space)' : 'Play (Space)'}
        >
          <Icon name={playback.playing ? 'pause' : 'play'} size={16} />
        </button>
        <button
          className="icon"
          onClick={() => seek(seq + 1)}
          aria-label="Next event (→)"
          title="Next event (→)"
        >
          <Icon name="next" />
        </button>
        <EmbedPosition tape={tape} game={game} seq={seq} />
        <span className="keys muted">
          <kbd>←</kbd>
          <kbd>→</kbd> event · <kbd>Shift</kbd> turn · <kbd>Space</kbd> play
        </span>
      </div>
    </footer>
  );
}

/** "Turn 3 · Main phase · event 41/120" (Setup before the first turn). */
function EmbedPosition({ tape, game, seq }: { tape: MatchTape; game: AnyGameModule; seq: number }) {
  const phase = tape.timeline.phaseAt(seq);
  const turn = tape.timeline.turnAt(seq);
  return (
    <span className="embed-pos">
      <strong>{turn ? `Turn ${turn.turn}` : 'Setup'}</strong>
      {phase && <span> · {positionText(game.id, phase.phase, tape.envelope(seq)?.step)}</span>}
      <span className="muted">
        {' '}
        · event <span data-testid="seq">{seq}</span>/{tape.length}
      </span>
    </span>
  );
}
