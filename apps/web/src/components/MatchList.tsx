'use client';
// Live and recent matches, refreshed every few seconds: game, players, turn and phase, status, spectators and
// each player's health / life (read from the public board of the match).
import Link from 'next/link';
import { useEffect, useMemo, useRef, useState } from 'react';
import { getGame, games } from '@matchtape/games';
import { getState, listMatches, type MatchListItem } from '../lib/api';
import type { BoardModel } from '@matchtape/engine';
import { mainStat } from './Board';
import { positionWords, seatNames } from '../lib/present';

const POLL_MS = 3000;

function ago(iso: string | null, now: number): string {
  if (!iso) return '';
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return new Date(iso).toLocaleDateString();
}

/**
 * Each player's main figure (health / life) from the public state. One request per row at a time: a move while
 * one is in flight asks again when it answers (aborting it on every 3-second poll left a live match at "—" on a
 * slow server, and wasted the request); the last figures stay shown meanwhile.
 */
function Figures({ m }: { m: MatchListItem }) {
  const [figs, setFigs] = useState<{ id: string; label: string; value: string }[] | null>(null);
  const want = useRef(m.lastSeq);
  const busy = useRef(false);
  const fetched = useRef<number | null>(null);
  const alive = useRef(true);
  want.current = m.lastSeq;
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  useEffect(() => {
    const load = () => {
      if (busy.current || fetched.current === want.current) return;
      busy.current = true;
      const asked = want.current;
      getState(m.matchId, 'public', null, { token: null })
        .then((res) => {
          if (!alive.current) return;
          fetched.current = asked;
          const b = (res.board as BoardModel | undefined) ?? getGame(m.game).board(res.state);
          setFigs(
            b.players.map((p) => {
              const s = mainStat(p);
              return { id: p.id, label: s?.label ?? '', value: s ? String(s.value) : '—' };
            }),
          );
        })
        // A failed read keeps the figures shown; the next move asks again.
        .catch(() => {
          fetched.current = asked;
        })
        .finally(() => {
          busy.current = false;
          if (alive.current && fetched.current !== want.current) load();
        });
    };
    load();
  }, [m.matchId, m.game, m.lastSeq]);
  const names = seatNames(m.players);
  if (!figs) return <span className="muted">—</span>;
  return (
    <span className="figures">
      {figs.map((f) => (
        <span key={f.id} className="figure" title={`${names.get(f.id) ?? f.id}: ${f.label} ${f.value}`}>
          <span className="figure-name">{names.get(f.id) ?? f.id}</span> {f.value}
        </span>
      ))}
    </span>
  );
}

export function MatchList() {
  const [game, setGame] = useState('');
  const [status, setStatus] = useState('');
  const [matches, setMatches] = useState<MatchListItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let ctl = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const load = async () => {
      try {
        const list = await listMatches({ game: game || undefined, status: status || undefined }, ctl.signal);
        setMatches(list);
        setError(null);
        setNow(Date.now());
      } catch (e) {
        if ((e as Error).name === 'AbortError') return;
        setError((e as Error).message);
      }
      timer = setTimeout(() => {
        ctl = new AbortController();
        void load();
      }, POLL_MS);
    };
    void load();
    return () => {
      ctl.abort();
      clearTimeout(timer);
    };
  }, [game, status]);

  const sorted = useMemo(() => {
    const rank = (m: MatchListItem) => (m.status === 'ended' ? 1 : 0);
    return [...(matches ?? [])].sort(
      (a, b) =>
        rank(a) - rank(b) || (b.lastAt ?? b.createdAt ?? '').localeCompare(a.lastAt ?? a.createdAt ?? ''),
    );
  }, [matches]);

  return (
    <section className="list-page" aria-labelledby="matches-title">
      <div className="list-head">
        <div>
          <h1 id="matches-title">Matches</h1>
          {matches !== null && (
            <p className="muted list-counts">
              {matches.filter((m) => m.status !== 'ended').length} live ·{' '}
              {matches.filter((m) => m.status === 'ended').length} finished
            </p>
          )}
        </div>
        <div className="filters">
          <label>
            <span>Game</span>
            <select value={game} onChange={(e) => setGame(e.target.value)}>
              <option value="">All games</option>
              {Object.values(games).map((g) => (
                <option key={g.id} value={g.id}>
                  {g.title}
                </option>
              ))}
            </select>
          </label>
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
      {sorted.length > 0 && (
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
              {sorted.map((m) => {
                const title = m.gameTitle ?? games[m.game]?.title ?? m.game;
                return (
                  <tr key={m.matchId} data-match={m.matchId} data-status={m.status}>
                    <td data-label="Status">
                      {m.status === 'ended' ? (
                        <span className="badge badge-ended">Finished</span>
                      ) : m.status === 'setup' ? (
                        <span className="badge">Setup</span>
                      ) : (
                        <>
                          <span className="badge badge-live">
                            <span className="dot" aria-hidden="true" /> LIVE
                          </span>
                          {m.spectatorDelaySeconds ? (
                            <span className="muted delay-note" title="Spectators see this match delayed">
                              {' '}
                              {m.spectatorDelaySeconds}s delay
                            </span>
                          ) : null}
                        </>
                      )}
                    </td>
                    <td data-label="Game">
                      {title}
                      {m.practice && <span className="badge badge-practice">practice</span>}
                      {m.forkOf && (
                        <span
                          className="badge badge-fork"
                          title={`Forked by a judge at event ${m.forkOf.seq}`}
                          data-fork-of={m.forkOf.matchId}
                        >
                          fork
                        </span>
                      )}
                    </td>
                    <td data-label="Players" className="cell-players">
                      {/* No prefetch: match pages render per request, and the 3-second poll's re-render aborted each
                          row's prefetch (wasted requests, issue 26). */}
                      <Link
                        href={`/matches/${encodeURIComponent(m.matchId)}`}
                        className="match-link"
                        prefetch={false}
                      >
                        {m.players.length ? m.players.map((p) => p.name).join(' vs ') : m.matchId}
                      </Link>
                      {m.winner && (
                        <span className="muted"> · {seatNames(m.players).get(m.winner) ?? m.winner} won</span>
                      )}
                    </td>
                    <td data-label="Turn · phase">
                      {m.turn !== null ? `Turn ${m.turn}` : '—'}
                      {m.phase ? ` · ${positionWords(m.game, m.phase, null).phase}` : ''}
                    </td>
                    <td data-label="Health / life" className="cell-figures">
                      {games[m.game] ? <Figures m={m} /> : <span className="muted">—</span>}
                    </td>
                    <td data-label="Spectators">{m.spectators ?? <span className="muted">—</span>}</td>
                    <td data-label="Started" className="muted cell-started">
                      {ago(m.createdAt ?? m.lastAt, now)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
