'use client';
// The new event's format fields: Swiss rounds, top cut and best of N; round time and extra turns; the spectator
// delay and what is revealed after each game.
import type { EventOptions } from './newEvent';

function NumberField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange(v: number): void;
}) {
  return (
    <label>
      {label}{' '}
      <input
        type="number"
        min={min}
        max={max}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </label>
  );
}

interface FieldsProps {
  o: EventOptions;
  set(patch: Partial<EventOptions>): void;
}

/** The three rows of the format. */
export function EventOptionsFields({ o, set }: FieldsProps) {
  return (
    <>
      <RoundsRow o={o} set={set} />
      <div className="row">
        <NumberField
          label="Round time (minutes)"
          value={o.roundMinutes}
          min={1}
          max={240}
          onChange={(v) => set({ roundMinutes: v })}
        />
        <NumberField
          label="Extra turns at time, then a draw"
          value={o.extraTurns}
          min={0}
          max={10}
          onChange={(v) => set({ extraTurns: v })}
        />
      </div>
      <SpectatorsRow o={o} set={set} />
    </>
  );
}

function RoundsRow({ o, set }: FieldsProps) {
  return (
    <div className="row">
      <NumberField
        label="Swiss rounds"
        value={o.swissRounds}
        min={1}
        max={15}
        onChange={(v) => set({ swissRounds: v })}
      />
      <label>
        Top cut{' '}
        <select
          value={o.topCut}
          onChange={(e) => set({ topCut: Number(e.target.value) as EventOptions['topCut'] })}
        >
          <option value={0}>none</option>
          <option value={2}>top 2</option>
          <option value={4}>top 4</option>
          <option value={8}>top 8</option>
        </select>
      </label>
      <label>
        Best of{' '}
        <select
          value={o.bestOf}
          onChange={(e) => set({ bestOf: Number(e.target.value) as EventOptions['bestOf'] })}
        >
          <option value={1}>1</option>
          <option value={3}>3</option>
          <option value={5}>5</option>
        </select>
      </label>
    </div>
  );
}

function SpectatorsRow({ o, set }: FieldsProps) {
  return (
    <div className="row">
      <NumberField
        label="Spectator delay (seconds)"
        value={o.spectatorDelaySeconds}
        min={0}
        max={3600}
        onChange={(v) => set({ spectatorDelaySeconds: v })}
      />
      <label>
        After each game{' '}
        <select
          value={o.revealPolicy}
          onChange={(e) => set({ revealPolicy: e.target.value as EventOptions['revealPolicy'] })}
        >
          <option value="hidden">hands stay hidden</option>
          <option value="reveal-all">reveal everything</option>
        </select>
      </label>
    </div>
  );
}
