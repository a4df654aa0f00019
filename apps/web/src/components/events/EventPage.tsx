'use client';
// The event page (/events/ID): round clock, pairings with results and links to each game's table, standings with
// tiebreakers, exports. A player's invite (/events/ID#player=TOKEN) leaves the address bar at once and is kept in
// this browser; the page then shows the player's own pairing and the link to their seat.
import type { EventView, MyEvent } from '@matchtape/server/events-contract';
import { useEffect, useState } from 'react';
import { featureTable } from '../../lib/api';
import { useViewerToken } from '../../lib/useViewerToken';
import { readClaims } from '../../lib/viewer';
import './events.css';
import { useGames } from '../table/PlayPanel';
import { OrganiserPanel } from './Organiser';
import { JudgePanel } from './Staff';
import { useNow } from '../../lib/use-now';
import { RoundClockLine } from './RoundClock';

const pct = (x: number): string => `${(x * 100).toFixed(2)}%`;
const keyOf = (id: string): string => `matchtape.event.${id}.player`;

function useEvent(id: string): {
  view: EventView | null;
  error: string | null;
  skewMs: number;
  setView: (v: EventView) => void;
} {
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
  return { view, error, skewMs, setView };
}

/**
 * The producer's control (a coverage token, from ?token= once): feature a table; the event overlays
 * (/overlay/event/ID/…) follow it after the event's delay. Answers the event after the switch, or why not.
 */
function useFeature(
  id: string,
  token: string | null,
  reload: () => Promise<void>,
): { feature: (round: number, table: number | null) => void; busy: boolean; problem: string | null } {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const feature = (round: number, table: number | null) => {
    if (!token) return;
    setBusy(true);
    void featureTable(id, token, round, table)
      .then(async () => {
        setProblem(null);
        await reload();
      })
      .catch((e: unknown) => setProblem(e instanceof Error ? e.message : String(e)))
      .finally(() => setBusy(false));
  };
  return { feature, busy, problem };
}

function FeaturedPanel({ id, view, problem }: { id: string; view: EventView; problem: string | null }) {
  const f = view.featured;
  const base = `/overlay/event/${encodeURIComponent(id)}`;
  const delay = Number(view.options.spectatorDelaySeconds ?? 0);
  return (
    <section aria-label="Featured table" className="event-featured">
      <h2>On stream</h2>
      <p role="status">
        {f ? `Table ${f.table} of round ${f.round} is featured.` : 'No table is featured.'} The overlays
        follow it {delay > 0 ? `${delay} s later (the event's delay)` : 'at once'}.
      </p>
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      <p>
        OBS sources: <a href={`${base}/board`}>board</a> · <a href={`${base}/scorebar`}>scorebar</a> ·{' '}
        <a href={`${base}/card`}>card</a> · hand <a href={`${base}/hand/p1`}>p1</a> /{' '}
        <a href={`${base}/hand/p2`}>p2</a> (hands and the coverage card need <code>?token=</code> with a
        coverage token)
      </p>
    </section>
  );
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
  return (
    <RoundClockLine
      round={round}
      now={now + skewMs}
      className="event-clock"
      label={`Round ${round.round} clock`}
    />
  );
}

export function EventPage({ id }: { id: string }) {
  const { view, error, skewMs, setView } = useEvent(id);
  const me = usePlayer(id, view?.lastSeq ?? 0);
  const { token } = useViewerToken(id);
  const role = token ? readClaims(token)?.role : null;
  // The producer's controls: a coverage token (organisers may switch through the API).
  const producer = role === 'coverage';
  const reload = async () => {
    const r = await fetch(`/api/events/${encodeURIComponent(id)}`);
    if (r.ok) setView((await r.json()) as EventView);
  };
  const { feature, busy, problem } = useFeature(id, producer ? token : null, reload);
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
  const name = (p: string | null): string =>
    p === null ? 'BYE' : (view.players.find((x) => x.id === p)?.name ?? p);
  const api = `/api/events/${encodeURIComponent(id)}`;
  return (
    <main className="event-page">
      <h1>{view.name}</h1>
      <p>
        {view.game} · {String(view.options.swissRounds)} Swiss rounds
        {view.options.topCut ? `, top ${String(view.options.topCut)}` : ''} · best of{' '}
        {String(view.options.bestOf)} · {view.players.length} players · <strong>{view.status}</strong>
        {view.winner ? ` · winner ${name(view.winner)}` : ''}
      </p>
      <RoundClock view={view} skewMs={skewMs} />
      {producer && <FeaturedPanel id={id} view={view} problem={problem} />}
      <OrganiserPanel
        view={view}
        presets={games.find((g) => g.id === view.game)?.presetDecks ?? []}
        onView={setView}
      />
      {role === 'judge' && token && <JudgePanel view={view} token={token} onView={setView} />}
      {me && (
        <section aria-label="Your pairing" className="event-me">
          <h2>You: {me.name}</h2>
          {me.table ? (
            <p>
              Round {me.round} against {me.opponent ?? 'a bye'}: <a href={me.table.join}>take your seat</a>
            </p>
          ) : (
            <p>
              {me.pairing?.result
                ? 'Your pairing has its result.'
                : me.pairing
                  ? 'Waiting for your next game.'
                  : 'Not paired yet.'}
            </p>
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
                {producer && <th>Stream</th>}
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
                        <a
                          key={g.game}
                          href={`/matches/${encodeURIComponent(g.matchId)}`}
                          aria-label={`Table ${p.table} game ${g.game}`}
                        >
                          G{g.game}
                          {g.outcome
                            ? ` (${g.outcome === 'draw' ? 'draw' : name(g.outcome)})`
                            : ' (live)'}{' '}
                        </a>
                      ) : (
                        <span key={g.game}>G{g.game} ruling </span>
                      ),
                    )}
                  </td>
                  <td>
                    {p.result
                      ? `${p.result.p1Wins}-${p.result.p2Wins}-${p.result.draws} ${p.result.winner ? name(p.result.winner) : 'draw'}${p.result.by === 'games' ? '' : ` (${p.result.by})`}`
                      : 'playing'}
                  </td>
                  {producer && (
                    <td>
                      {p.p2 === null ? null : view.featured?.round === r.round &&
                        view.featured.table === p.table ? (
                        <button
                          type="button"
                          aria-pressed="true"
                          disabled={busy}
                          onClick={() => feature(r.round, null)}
                          aria-label={`Stop featuring table ${p.table}`}
                        >
                          Featured ✓
                        </button>
                      ) : (
                        <button
                          type="button"
                          aria-pressed="false"
                          disabled={busy}
                          onClick={() => feature(r.round, p.table)}
                          aria-label={`Feature table ${p.table}`}
                        >
                          Feature
                        </button>
                      )}
                    </td>
                  )}
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
          Export: <a href={`${api}/standings.csv`}>standings CSV</a> ·{' '}
          <a href={`${api}/standings.json`}>standings JSON</a> ·{' '}
          <a href={`${api}/pairings.csv`}>pairings CSV</a> ·{' '}
          <a href={`${api}/pairings.json`}>pairings JSON</a>
        </p>
      </section>
    </main>
  );
}
