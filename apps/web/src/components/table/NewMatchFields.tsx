// The new-match form's fields: who plays each seat (a person, or which bot) and the clock.
import { clockOfKind, withRow, type ClockForm, type SeatRow } from './new-match';

export function SeatRows({
  rows,
  onRows,
}: {
  rows: SeatRow[];
  onRows(f: (rows: SeatRow[]) => SeatRow[]): void;
}) {
  const setRow = (i: number, patch: Partial<SeatRow>) => onRows((r) => withRow(r, i, patch));
  return (
    <>
      {rows.map((r, i) => (
        <div className="row seat-row" key={i} data-seat={`p${i + 1}`}>
          <span className="muted">Seat p{i + 1}</span>
          <input
            aria-label={`Seat p${i + 1} name`}
            value={r.name}
            maxLength={60}
            onChange={(e) => setRow(i, { name: e.target.value })}
          />
          <select
            aria-label={`Seat p${i + 1} is played by`}
            value={r.kind}
            onChange={(e) => setRow(i, { kind: e.target.value as SeatRow['kind'] })}
          >
            <option value="person">a person</option>
            <option value="bot">a bot</option>
          </select>
          {r.kind === 'bot' && (
            <select
              aria-label={`Seat p${i + 1} bot`}
              value={r.bot}
              onChange={(e) => setRow(i, { bot: e.target.value as SeatRow['bot'] })}
            >
              <option value="greedy">greedy bot</option>
              <option value="random">random bot</option>
            </select>
          )}
        </div>
      ))}
    </>
  );
}

export function ClockFields({ clock, onClock }: { clock: ClockForm; onClock(c: ClockForm): void }) {
  const minutes = clock.kind === 'chess' ? clock.initialSeconds / 60 : 0;
  return (
    <div className="row">
      <label htmlFor="new-clock">Clock</label>
      <select id="new-clock" value={clock.kind} onChange={(e) => onClock(clockOfKind(e.target.value))}>
        <option value="none">none</option>
        <option value="chess">chess clock per player</option>
        <option value="turn">per turn</option>
      </select>
      {clock.kind === 'chess' && (
        <>
          <input
            aria-label="Minutes each"
            type="number"
            min={1}
            max={180}
            value={minutes}
            onChange={(e) => onClock({ ...clock, initialSeconds: Math.round(Number(e.target.value) * 60) })}
          />{' '}
          min +
          <input
            aria-label="Increment seconds"
            type="number"
            min={0}
            max={120}
            value={clock.incrementSeconds}
            onChange={(e) => onClock({ ...clock, incrementSeconds: Number(e.target.value) })}
          />{' '}
          s
        </>
      )}
      {clock.kind === 'turn' && (
        <>
          <input
            aria-label="Seconds per turn"
            type="number"
            min={10}
            max={3600}
            value={clock.secondsPerTurn}
            onChange={(e) => onClock({ ...clock, secondsPerTurn: Number(e.target.value) })}
          />{' '}
          s a turn
        </>
      )}
      {clock.kind !== 'none' && (
        <select
          aria-label="When time runs out"
          value={clock.onTimeout}
          onChange={(e) => onClock({ ...clock, onTimeout: e.target.value as 'loss' | 'draw' })}
        >
          <option value="loss">out of time loses</option>
          <option value="draw">out of time draws</option>
        </select>
      )}
    </div>
  );
}
