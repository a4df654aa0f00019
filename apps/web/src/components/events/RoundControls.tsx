'use client';
// The organiser's round buttons: start the next round, and call time on the open one (its extra turns, then a draw).
import type { EventView } from '@matchtape/server/events-contract';
import { requestJson } from '../../lib/api';
import { roundState } from './roundState';

export interface RoundControlsProps {
  view: EventView;
  api: string;
  token: string;
  busy: boolean;
  act(f: () => Promise<void>): void;
}

export function RoundControls({ view, api, token, busy, act }: RoundControlsProps) {
  if (view.status === 'finished') return null;
  const round = roundState(view);
  return (
    <div className="row">
      <button
        type="button"
        className="btn primary start-round"
        disabled={busy || !round.canStart}
        onClick={() =>
          act(async () => void (await requestJson(`${api}/rounds`, { token }, { method: 'POST' })))
        }
      >
        Start round {round.next}
      </button>
      {round.open && (
        <button
          type="button"
          className="btn call-time"
          disabled={busy || round.timeCalled}
          onClick={() =>
            act(async () => void (await requestJson(`${api}/time`, { token }, { method: 'POST' })))
          }
        >
          Call time
        </button>
      )}
    </div>
  );
}
