'use client';
// Live and recent matches, refreshed every few seconds: game, players, turn and phase, status, spectators and
// each player's health / life (read from the public board of the match).
import { GameFilter } from './GameFilter';
import { useMemo, useState } from 'react';
import type { MatchListItem } from '../lib/api';
import { MatchListRow } from './MatchListRow';
import { matchCounts, sortMatches } from './matchList';
import { useMatchList } from './useMatchList';

export function MatchList() {
  const [game, setGame] = useState('');
  const [status, setStatus] = useState('');
  const { matches, error, now } = useMatchList(game, status);
  const sorted = useMemo(() => sortMatches(matches ?? []), [matches]);

  return (
    <section className="list-page" aria-labelledby="matches-title">
      <div className="list-head">
        <div>
          <h1 id="matches-title">Matches</h1>
          {matches !== null && <MatchCounts matches={matches} />}
        </div>
        <MatchFilters game={game} setGame={setGame} status={status} setStatus={setStatus} />
      </div>
      {error && (
        <div className="notice notice-warn" role="alert">
          {error}
        </div>
      )}
      {matches === null && !error && (
        <div className="state-panel" aria-busy="true">
          <div className="spinner" aria-hidden="true" />
          Loading matches…
        </div>
      )}
      {matches !== null && sorted.length === 0 && (
        <div className="state-panel">
          <p>No matches{game || status ? ' match these filters' : ' yet'}.</p>
          <p className="muted">
            Start one with <code>npx matchtape simulate --game alpha-clash --seed 1</code> or POST
            /api/matches.
          </p>
        </div>
      )}
      {sorted.length > 0 && <MatchTable sorted={sorted} now={now} />}
    </section>
  );
}

function MatchCounts({ matches }: { matches: MatchListItem[] }) {
  const { live, finished } = matchCounts(matches);
  return (
    <p className="muted list-counts">
      {live} live · {finished} finished
    </p>
  );
}

function MatchFilters({
  game,
  setGame,
  status,
  setStatus,
}: {
  game: string;
  setGame(g: string): void;
  status: string;
  setStatus(s: string): void;
}) {
  return (
    <div className="filters">
      <GameFilter value={game} onChange={setGame} />
      <label>
        <span>Status</span>
        <select value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">Any status</option>
          <option value="playing">Live</option>
          <option value="ended">Finished</option>
          <option value="setup">Setting up</option>
        </select>
      </label>
    </div>
  );
}

function MatchTable({ sorted, now }: { sorted: MatchListItem[]; now: number }) {
  return (
    <div className="table-wrap">
      <table className="matches">
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Game</th>
            <th scope="col">Players</th>
            <th scope="col">Turn · phase</th>
            <th scope="col">Health / life</th>
            <th scope="col">Spectators</th>
            <th scope="col">Started</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((m) => (
            <MatchListRow key={m.matchId} m={m} now={now} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
