'use client';
// The "Game" filter of the match list and the producer's desk: every game, or one.
import { games } from '@matchtape/games';

export function GameFilter({ value, onChange }: { value: string; onChange: (game: string) => void }) {
  return (
    <label>
      <span>Game</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All games</option>
        {Object.values(games).map((g) => (
          <option key={g.id} value={g.id}>
            {g.title}
          </option>
        ))}
      </select>
    </label>
  );
}
