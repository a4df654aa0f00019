// Auto-pass: the seat's settings (kept per game in this browser), "pass until something happens" and the one
// automatic pass a set of offers may get.
import { useEffect, useRef, useState } from 'react';
import type { BoardModel } from '@matchtape/engine';
import {
  loadAutoPass,
  saveAutoPass,
  shouldAutoPass,
  type AutoPassSettings,
  type Offer,
  type TableActions,
} from '../../lib/table';
import type { MatchTape } from '../../lib/tape';
import { somethingHappened } from './table-model';

export type AutoPass = AutoPassSettings & { enabled: boolean };

export interface AutoPassControl {
  auto: AutoPass;
  updateAuto(patch: Partial<AutoPass>): void;
}

export function useAutoPass(o: {
  game: string | undefined;
  tape: MatchTape | null;
  board: BoardModel | null;
  length: number;
  seat: string;
  actions: TableActions | null;
  busy: boolean;
  ended: boolean;
  offersKey: string;
  ownAction: boolean;
  sendOffer(o: Offer, manual?: boolean): Promise<void>;
}): AutoPassControl {
  const { game, tape, board, length, seat, actions, busy, ended, offersKey, ownAction, sendOffer } = o;
  const [auto, setAuto] = useState<AutoPass>({
    stops: [],
    hold: false,
    untilSomething: false,
    enabled: false,
  });
  useEffect(() => {
    if (game) setAuto(loadAutoPass(localStorage, game));
  }, [game]);
  const updateAuto = (patch: Partial<AutoPass>) =>
    setAuto((a) => {
      const next = { ...a, ...patch };
      if (game) saveAutoPass(localStorage, game, next);
      return next;
    });

  // "Pass until something happens" ends with a new turn or with the opponent doing something that is not a pass.
  const turnAtStart = useRef<number | null>(null);
  const lengthAtStart = useRef(0);
  useEffect(() => {
    if (!auto.untilSomething || !tape || !board) return;
    if (turnAtStart.current === null) {
      turnAtStart.current = board.turn;
      lengthAtStart.current = length;
      return;
    }
    const turnChanged = board.turn !== turnAtStart.current;
    if (somethingHappened(turnChanged, (s) => tape.envelope(s), lengthAtStart.current, length, seat)) {
      turnAtStart.current = null;
      setAuto((a) => ({ ...a, untilSomething: false }));
    }
  }, [auto.untilSomething, length, board, tape, seat]);

  // At most one automatic pass per set of offers: a refused one is not sent again and again.
  const autoPassed = useRef('');
  useEffect(() => {
    if (!actions || !board || busy || ended) return;
    if (actions.seq < length) return; // the offers are for an older board; fresher ones are on their way
    const at = `${actions.seq}:${offersKey}`;
    if (autoPassed.current === at) return;
    if (
      shouldAutoPass(
        actions,
        { phase: board.phase, step: board.step },
        { ...auto, heldByOwnAction: ownAction },
      )
    ) {
      const p = actions.offers.find((x) => x.kind === 'pass');
      if (p) {
        autoPassed.current = at;
        void sendOffer(p, false);
      }
    }
  }, [actions, board, busy, auto, ownAction, ended, length, sendOffer, offersKey]);

  return { auto, updateAuto };
}
