// The words of the player's table: seat names, card names, and which tiles the board draws (an action starting
// elsewhere is listed in the pane instead).
import { useCallback, useMemo } from 'react';
import type { BoardModel } from '@matchtape/engine';
import type { MatchListItem } from '../../lib/api';
import { cardNames } from '../../lib/names';
import type { SeatInfo } from '../../lib/table';
import { drawnIds, tableNames } from './table-model';

export interface TableNames {
  names: Map<string, string>;
  cards: Map<string, string>;
  onBoard(id: string): boolean;
  nameOf(id: string): string;
  /** A card or seat the board names: it can be picked on the board. */
  known(id: string): boolean;
}

export function useTableNames(
  meta: MatchListItem | null,
  info: SeatInfo | null,
  board: BoardModel | null,
): TableNames {
  const names = useMemo(() => tableNames(meta?.players ?? [], info), [meta, info]);
  const cards = useMemo(() => (board ? cardNames([board]) : new Map<string, string>()), [board]);
  const drawn = useMemo(() => drawnIds(board), [board]);
  const onBoard = useCallback((id: string) => drawn.has(id), [drawn]);
  const nameOf = useCallback(
    (id: string) => names.get(id) ?? cards.get(id) ?? 'a hidden card',
    [names, cards],
  );
  const known = useCallback((id: string) => cards.has(id) || names.has(id), [cards, names]);
  return { names, cards, onBoard, nameOf, known };
}
