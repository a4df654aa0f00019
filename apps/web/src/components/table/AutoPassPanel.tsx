// The auto-pass settings under the prompt: on or off, hold priority, the stops (phases, and the step the board
// is at), and "pass until something happens".
import type { ReactNode } from 'react';
import { humanPhase } from '../../lib/present';
import { stepKey } from '../../lib/table';
import { withStop } from './table-model';
import type { AutoPassControl } from './useAutoPass';

function StopBox({
  stopKey,
  control,
  children,
}: {
  stopKey: string;
  control: AutoPassControl;
  children: ReactNode;
}) {
  const { auto, updateAuto } = control;
  return (
    <label>
      <input
        type="checkbox"
        checked={auto.stops.includes(stopKey)}
        onChange={(e) => updateAuto({ stops: withStop(auto.stops, stopKey, e.target.checked) })}
      />{' '}
      {children}
    </label>
  );
}

export function AutoPassPanel({
  control,
  phases,
  phase,
  step,
}: {
  control: AutoPassControl;
  /** The game's phases, each a stop to tick. */
  phases: readonly string[];
  /** Where the board is: its step is a stop too. */
  phase: string;
  step: string | null;
}) {
  const { auto, updateAuto } = control;
  return (
    <details className="autopass">
      <summary>
        Auto-pass {auto.enabled ? 'on' : 'off'}
        {auto.untilSomething ? ' · passing until something happens' : ''}
        {auto.hold ? ' · holding priority' : ''}
      </summary>
      <label>
        <input
          type="checkbox"
          checked={auto.enabled}
          onChange={(e) => updateAuto({ enabled: e.target.checked })}
        />{' '}
        Pass priority by itself, except at my stops
      </label>
      <label>
        <input type="checkbox" checked={auto.hold} onChange={(e) => updateAuto({ hold: e.target.checked })} />{' '}
        Hold priority after my own action
      </label>
      <fieldset className="stops">
        <legend>Stops (the table asks me here)</legend>
        {phases.map((ph) => (
          <StopBox key={ph} stopKey={ph} control={control}>
            {humanPhase(ph)}
          </StopBox>
        ))}
        {step && (
          <StopBox stopKey={stepKey(phase, step)} control={control}>
            this step ({humanPhase(step)})
          </StopBox>
        )}
      </fieldset>
      <button
        type="button"
        className="btn until-btn"
        onClick={() => updateAuto({ untilSomething: !auto.untilSomething })}
      >
        {auto.untilSomething ? 'Stop passing' : 'Pass until something happens'}
      </button>
    </details>
  );
}
