'use client';
// What the embed draws at the event shown: the board (null before the first event, or when it cannot be built),
// the game's phases in order, the seats' names, and key moments in words.
import { useCallback, useMemo } from 'react';
import type { BoardModel } from '@matchtape/engine';
import { humanText, seatNames } from '../../lib/present';
import { cardNames } from '../../lib/names';
import { machineStateKeys, orderedPhases, type KeyMomentMarker } from '../../lib/timeline';
import type { TapeState } from '../../lib/useMatchTape';

export interface EmbedBoard {
  board: BoardModel | null;
  phases: string[];
  names: ReturnType<typeof seatNames>;
  keyLabel: (k: KeyMomentMarker) => string;
}

export function useEmbedBoard(
  st: Pick<TapeState, 'meta' | 'game' | 'tape' | 'version'>,
  seq: number,
): EmbedBoard {
  const { meta, game, tape, version } = st;
  const length = tape?.length ?? 0;
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
  return { board, phases, names, keyLabel };
}
