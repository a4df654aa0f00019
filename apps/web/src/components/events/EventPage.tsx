'use client';
// The event page (/events/ID): round clock, pairings with results and links to each game's table, standings with
// tiebreakers, exports. A player's invite (/events/ID#player=TOKEN) leaves the address bar at once and is kept in
// this browser; the page then shows the player's own pairing and the link to their seat.
import type { EventView, MyEvent } from '@matchtape/server/events-contract';
import { useEffect, useState } from 'react';
import { useGames } from '../table/PlayPanel';
import { OrganiserPanel } from './Organiser';
import { useNow } from '../../lib/use-now';
import { RoundClockLine } from './RoundClock';

const pct = (x: number): string => `${(x * 100).toFixed(2)}%`;
const keyOf = (id: string): string => `matchtape.event.${id}.player`;

function useEvent(id: string): { view: EventView | null; error: string | null; skewMs: number } {
  const [view, setView] = useState<EventView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [skewMs, setSkew] = useState(0);
  useEffect(() => {
    let stop = false;
    const load = async () => {
      try {
        const r = await fetch(`/api/events/${encodeURIComponent(id)}`);
        const body = (await r.json()) as EventView & { message?: string };
        if (!r.ok) throw new Error(body.message ?? `the server answered ${r.status}`);
        if (!stop) {
          setView(body);
          setSkew(new Date(body.now).getTime() - Date.now());
          setError(null);
        }
      } catch (e) {
        if (!stop) setError(e instanceof Error ? e.message : String(e));
      }
    };
    void load();
    const t = setInterval(load, 3000);
    return () => {
      stop = true;
      clearInterval(t);
    };
  }, [id]);
  return { view, error, skewMs };
}

function usePlayer(id: string, lastSeq: number): MyEvent | null {
  const [me, setMe] = useState<MyEvent | null>(null);
  useEffect(() => {
    const m = /(?:^|[#&])player=([^&]+)/.exec(window.location.hash);
    if (m) {
      localStorage.setItem(keyOf(id), decodeURIComponent(m[1]!));
      window.history.replaceState(null, '', window.location.pathname);
    }
    const token = localStorage.getItem(keyOf(id));
    if (!token) return;
    void fetch(`/api/events/${encodeURIComponent(id)}/me`, { headers: { authorization: `Bearer ${token}` } })
      .then(async (r) => (r.ok ? setMe((await r.json()) as MyEvent) : null))
      .catch(() => null);
  }, [id, lastSeq]);
  return me;
}

function RoundClock({ view, skewMs }: { view: EventView; skewMs: number }) {
  const round = view.rounds.at(-1);
  const now = useNow(!!round?.clock && view.status !== 'finished');
  if (!round?.clock) return null;
  return <RoundClockLine round={round} now={now + skewMs} className="event-clock" label={`Round ${round.round} clock`} />;
}

export function EventPage({ id }: { id: string }) {
  const { view, error, skewMs } = useEvent(id);
  const me = usePlayer(id, view?.lastSeq ?? 0);
  const games = useGames();
  if (error && !view)
    return (
      <div className="state-panel" role="alert">
        <h1>Event not available</h1>
        <p className="error-text">{error}</p>
      </div>
    );
  if (!view)
    return (
      <div className="state-panel" role="status">
        <div className="spinner" aria-hidden="true" />
        Loading the event…
      </div>
    );
  const name = (p: string | null): string => (p === null ? 'BYE' : (view.players.find((x) => x.id === p)?.name ?? p));
  const api = `/api/events/${encodeURIComponent(id)}`;
  return (
    <main className="event-page">
      <h1>{view.name}</h1>
      <p>
        {view.game} · {String(view.options.swissRounds)} Swiss rounds{view.options.topCut ? `, top ${String(view.options.topCut)}` : ''} · best of {String(view.options.bestOf)} · {view.players.length} players · <strong>{view.status}</strong>
        {view.winner ? ` · winner ${name(view.winner)}` : ''}
      </p>
      <RoundClock view={view} skewMs={skewMs} />
      <OrganiserPanel view={view} presets={games.find((g) => g.id === view.game)?.presetDecks ?? []} />
      {me && (
        <section aria-label="Your pairing" className="event-me">
          <h2>You: {me.name}</h2>
          {me.table ? (
            <p>
              Round {me.round} against {me.opponent ?? 'a bye'}: <a href={me.table.join}>take your seat</a>
            </p>
          ) : (
            <p>{me.pairing?.result ? 'Your pairing has its result.' : me.pairing ? 'Waiting for your next game.' : 'Not paired yet.'}</p>
          )}
        </section>
      )}
      {[...view.rounds].reverse().map((r) => (
        <section key={r.round} aria-label={`Round ${r.round} pairings`}>
          <h2>
            {r.stage === 'top' ? 'Top cut' : 'Round'} {r.round}
          </h2>
          <table className="event-table">
            <thead>
              <tr>
                <th>Table</th>
                <th>Player</th>
                <th>Player</th>
                <th>Games</th>
                <th>Result</th>
              </tr>
            </thead>
            <tbody>
              {r.pairings.map((p) => (
                <tr key={p.table}>
                  <td>{p.table}</td>
                  <td>{name(p.p1)}</td>
                  <td>{name(p.p2)}</td>
                  <td>
                    {p.games.map((g) =>
                      g.matchId ? (
                        <a key={g.game} href={`/matches/${encodeURIComponent(g.matchId)}`} aria-label={`Table ${p.table} game ${g.game}`}>
                          G{g.game}
                          {g.outcome ? ` (${g.outcome === 'draw' ? 'draw' : name(g.outcome)})` : ' (live)'}{' '}
                        </a>
                      ) : (
                        <span key={g.game}>G{g.game} ruling </span>
                      ),
                    )}
                  </td>
                  <td>{p.result ? `${p.result.p1Wins}-${p.result.p2Wins}-${p.result.draws} ${p.result.winner ? name(p.result.winner) : 'draw'}${p.result.by === 'games' ? '' : ` (${p.result.by})`}` : 'playing'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <section aria-label="Standings">
        <h2>Standings{view.standingsRound ? ` after round ${view.standingsRound}` : ''}</h2>
        {view.standings.length === 0 ? (
          <p>Published after round 1.</p>
        ) : (
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
        )}
        <p>
          Export: <a href={`${api}/standings.csv`}>standings CSV</a> · <a href={`${api}/standings.json`}>standings JSON</a> · <a href={`${api}/pairings.csv`}>pairings CSV</a> ·{' '}
          <a href={`${api}/pairings.json`}>pairings JSON</a>
        </p>
      </section>
    </main>
  );
}
