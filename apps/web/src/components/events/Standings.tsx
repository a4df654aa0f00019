'use client';
// The standings as last published, with tiebreakers, and the exports of standings and pairings.
import type { EventView } from '@matchtape/server/events-contract';
import { pct } from './eventText';

export function Standings({ id, view }: { id: string; view: EventView }) {
  const api = `/api/events/${encodeURIComponent(id)}`;
  return (
    <section aria-label="Standings">
      <h2>Standings{view.standingsRound ? ` after round ${view.standingsRound}` : ''}</h2>
      {view.standings.length === 0 ? <p>Published after round 1.</p> : <StandingsTable view={view} />}
      <p>
        Export: <a href={`${api}/standings.csv`}>standings CSV</a> ·{' '}
        <a href={`${api}/standings.json`}>standings JSON</a> ·{' '}
        <a href={`${api}/pairings.csv`}>pairings CSV</a> · <a href={`${api}/pairings.json`}>pairings JSON</a>
      </p>
    </section>
  );
}

function StandingsTable({ view }: { view: EventView }) {
  return (
    <table className="event-table">
      <thead>
        <tr>
          <th>#</th>
          <th>Player</th>
          <th>Points</th>
          <th>W-L-D</th>
          <th>OMW%</th>
          <th>GW%</th>
          <th>OGW%</th>
        </tr>
      </thead>
      <tbody>
        {view.standings.map((s) => (
          <tr key={s.player}>
            <td>{s.rank}</td>
            <td>
              {s.name}
              {s.dropped ? ' (dropped)' : ''}
            </td>
            <td>{s.points}</td>
            <td>{s.record}</td>
            <td>{pct(s.omwp)}</td>
            <td>{pct(s.gwp)}</td>
            <td>{pct(s.ogwp)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
