'use client';
// The producer's desk: a small live board of every live match (names, main figure, hand and resources, turn and
// phase, clocks when the match has one), sortable and filterable (game, event, featured / feature-worthy, words),
// each following the viewer's delayed feed; a click opens the match. Data: useDesk; filters: lib/desk.ts.
import { useNow } from '../../lib/use-now';
import Link from 'next/link';
import { useEffect, useMemo, useState } from 'react';
import { games } from '@matchtape/games';
import { figureLabelsOf, figuresOf, mainStatOf } from '@matchtape/projections';
import {
  DESK_SORTS,
  featureWorthy,
  filterFromQuery,
  filterTables,
  filterToQuery,
  NO_FILTER,
  sortTables,
  type DeskFilter,
  type DeskSort,
  type DeskTable,
} from '../../lib/desk';
import { positionText, seatNames } from '../../lib/present';
import { formatClock, remainingNow } from '../../lib/table';
import { useDesk } from '../../lib/useDesk';
import { loadToken, perspectivesFor, readClaims, saveToken, type Perspective } from '../../lib/viewer';
import { useDeskFeature, type DeskFeature } from './useDeskFeature';
import './desk.css';

/** Operator tokens (coverage, judge) are kept for every match; a desk has no match of its own. */
const NO_MATCH = '';

/** The Feature control of an event's table (coverage or organiser tokens): outside the board's link. */
function FeatureRow({ t, f }: { t: DeskTable; f: DeskFeature }) {
  const at = t.meta.eventTable;
  const ev = at ? f.events.get(at.eventId) : undefined;
  if (!f.allowed || !at || !ev) return null;
  const on = ev.featured?.round === at.round && ev.featured.table === at.table;
  const busy = f.busy !== null && f.busy.startsWith(`${at.eventId}/${at.round}/`);
  const where = `table ${at.table}, round ${at.round}`;
  return (
    <div className="desk-feature" data-featured={on ? 'yes' : 'no'}>
      <span className="muted desk-feature-event" title={ev.name}>
        {ev.name} · table {at.table}
      </span>
      {on ? (
        <button
          className="btn ghost"
          disabled={busy}
          onClick={() => f.feature(at.eventId, at.round, null)}
          aria-label={`Stop featuring ${where}`}
          title={`The event's overlays show this table (${ev.delaySeconds}s behind); click to feature none`}
        >
          On stream ✓
        </button>
      ) : (
        <button
          className="btn"
          disabled={busy}
          onClick={() => f.feature(at.eventId, at.round, at.table)}
          aria-label={`Feature ${where}`}
          title={`The event's overlays switch to this table after the event's ${ev.delaySeconds}s delay`}
        >
          Feature
        </button>
      )}
    </div>
  );
}

function MiniBoard({ t, now, as, f }: { t: DeskTable; now: number; as: Perspective; f: DeskFeature }) {
  const names = seatNames(t.meta.players);
  const b = t.board;
  const title = t.meta.gameTitle ?? games[t.meta.game]?.title ?? t.meta.game;
  const who = t.meta.players.map((p) => p.name).join(' vs ') || t.meta.matchId;
  const finished = t.ended || t.meta.status === 'ended';
  const offline =
    !finished && t.live !== null && (t.live.kind === 'reconnecting' || t.live.kind === 'failed');
  const at = t.meta.eventTable;
  const chosen = at ? f.events.get(at.eventId)?.featured : undefined;
  // What the producer picked (undelayed) where the desk knows it, else what the match list says.
  const featured =
    chosen !== undefined ? chosen?.round === at?.round && chosen?.table === at?.table : t.meta.featured;
  const worthy = featureWorthy(t);
  const labels = b?.players[0] ? figureLabelsOf(b.players[0]) : null;
  const href = `/matches/${encodeURIComponent(t.meta.matchId)}${as !== 'public' ? `?as=${as}` : ''}`;
  return (
    <li
      className={`desk-table${finished ? ' desk-ended' : ''}`}
      data-match={t.meta.matchId}
      data-seq={t.seq}
      data-turn={b?.turn ?? ''}
      data-status={finished ? 'ended' : 'playing'}
      data-worthy={worthy ? 'yes' : 'no'}
      data-featured={featured ? 'yes' : 'no'}
    >
      <Link
        href={href}
        className="desk-link"
        aria-label={`${who}, ${title}${b ? `, turn ${b.turn}` : ''}: open the match`}
      >
        <div className="desk-head">
          <span className="desk-game">{title}</span>
          {featured ? (
            <span className="badge badge-win">featured</span>
          ) : worthy ? (
            <span className="badge badge-behind">worth a look</span>
          ) : null}
          {finished ? (
            <span className="badge badge-ended">Finished</span>
          ) : offline ? (
            <span className="badge badge-off">Offline</span>
          ) : (
            <span className="badge badge-live">
              <span className="dot" aria-hidden="true" /> LIVE
            </span>
          )}
          {t.meta.spectatorDelaySeconds ? (
            <span className="muted desk-delay">{t.meta.spectatorDelaySeconds}s delay</span>
          ) : null}
        </div>
        {t.error ? (
          <p className="desk-error">{t.error}</p>
        ) : !b ? (
          <p className="muted desk-wait">Loading…</p>
        ) : (
          <>
            <table className="desk-players">
              <thead>
                <tr>
                  <th scope="col">
                    <span className="sr-only">Player</span>
                  </th>
                  <th scope="col">{labels?.main ?? ''}</th>
                  <th scope="col">{labels?.hand ?? ''}</th>
                  <th scope="col">{labels?.resources ?? ''}</th>
                  {t.clock && <th scope="col">Clock</th>}
                </tr>
              </thead>
              <tbody>
                {b.players.map((p) => {
                  const main = mainStatOf(p);
                  const f = figuresOf(p);
                  const ms = t.clock ? remainingNow(t.clock, p.id, now) : null;
                  return (
                    <tr
                      key={p.id}
                      data-player={p.id}
                      className={b.activePlayer === p.id ? 'desk-active' : ''}
                    >
                      <th scope="row" className="desk-name">
                        {b.activePlayer === p.id && (
                          <span className="desk-turn-dot" aria-label="active player" />
                        )}
                        {names.get(p.id) ?? p.name}
                        {b.winner === p.id && <span className="badge badge-win">won</span>}
                      </th>
                      <td className="desk-main" data-value={f.main ?? ''} title={main?.label}>
                        {main ? (
                          <>
                            {String(main.value)}
                            {main.max !== undefined && <span className="muted">/{main.max}</span>}
                          </>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td className="desk-small" title="Cards in hand">
                        {f.hand ?? ''}
                      </td>
                      <td className="desk-small" title="Resources">
                        {f.resources ?? ''}
                      </td>
                      {t.clock && (
                        <td
                          className={`desk-clock${t.clock.running === p.id ? ' clock-running' : ''}${ms !== null && ms < 30_000 ? ' clock-low' : ''}`}
                          data-seat={p.id}
                        >
                          {ms !== null ? formatClock(ms) : ''}
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <div className="desk-pos">
              <strong>Turn {b.turn}</strong> · {positionText(t.meta.game, b.phase, b.step)}
              <span className="muted"> · event {t.seq}</span>
            </div>
          </>
        )}
      </Link>
      <FeatureRow t={t} f={f} />
    </li>
  );
}

export function DeskView() {
  const [filter, setFilter] = useState<DeskFilter>(NO_FILTER);
  const [token, setToken] = useState<string | null>(null);
  const [as, setAs] = useState<Perspective>('public');
  const [ready, setReady] = useState(false);

  // The filter and an operator token from the address (?token= once: kept in this tab, taken out of the bar).
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    setFilter(filterFromQuery(q));
    const fromUrl = q.get('token');
    if (fromUrl) saveToken(sessionStorage, NO_MATCH, fromUrl);
    const t = loadToken(sessionStorage, NO_MATCH);
    setToken(t);
    const role = t ? readClaims(t)?.role : null;
    if (role === 'coverage' || role === 'judge') setAs(role);
    setReady(true);
  }, []);
  useEffect(() => {
    if (ready) window.history.replaceState(null, '', `${window.location.pathname}${filterToQuery(filter)}`);
  }, [filter, ready]);

  const desk = useDesk(as, ready ? token : null);
  const feature = useDeskFeature(
    ready ? token : null,
    desk.tables.flatMap((t) => (t.meta.eventId && !t.ended ? [t.meta.eventId] : [])),
  );
  const anyClock = desk.tables.some((t) => t.clock?.running && !t.ended);
  const now = useNow(anyClock, 500);
  const shown = useMemo(
    () => sortTables(filterTables(desk.tables, filter), filter.sort),
    [desk.tables, filter],
  );
  const live = desk.tables.filter((t) => !t.ended).length;
  const views = perspectivesFor(token ? readClaims(token) : null, []);
  const set = (patch: Partial<DeskFilter>) => setFilter((f) => ({ ...f, ...patch }));

  return (
    <section
      className="desk-page"
      aria-labelledby="desk-title"
      data-tables={desk.tables.length}
      data-shown={shown.length}
    >
      <div className="list-head">
        <div>
          <h1 id="desk-title">Desk</h1>
          <p className="muted list-counts">
            {live} live
            {desk.tables.length > live
              ? ` · ${desk.tables.length - live} finished since you opened the desk`
              : ''}{' '}
            · {as === 'public' ? 'public view' : `${as} view`}, each table on its own delay
          </p>
        </div>
        <div className="filters desk-filters">
          <label>
            <span>Game</span>
            <select value={filter.game} onChange={(e) => set({ game: e.target.value })}>
              <option value="">All games</option>
              {Object.values(games).map((g) => (
                <option key={g.id} value={g.id}>
                  {g.title}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>Event</span>
            <input
              type="text"
              value={filter.event}
              placeholder="event id"
              onChange={(e) => set({ event: e.target.value.trim() })}
              size={10}
            />
          </label>
          <label>
            <span>Find</span>
            <input
              type="search"
              value={filter.text}
              placeholder="player, game…"
              onChange={(e) => set({ text: e.target.value })}
              size={14}
            />
          </label>
          <label>
            <span>Order</span>
            <select value={filter.sort} onChange={(e) => set({ sort: e.target.value as DeskSort })}>
              {DESK_SORTS.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
          <label className="desk-check">
            <input
              type="checkbox"
              checked={filter.featured}
              onChange={(e) => set({ featured: e.target.checked })}
            />
            <span title="Featured by its event, a player near defeat, or a close game">
              Worth a look only
            </span>
          </label>
          {views.length > 1 && (
            <label>
              <span>View</span>
              <select value={as} onChange={(e) => setAs(e.target.value as Perspective)}>
                {views.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      </div>
      {desk.error && (
        <div className="notice notice-warn" role="alert">
          {desk.error}
        </div>
      )}
      {feature.problem && (
        <div className="notice notice-warn" role="alert">
          Featuring the table failed: {feature.problem}
        </div>
      )}
      {!desk.loaded ? (
        <div className="state-panel" aria-busy="true">
          <div className="spinner" aria-hidden="true" />
          Loading live matches…
        </div>
      ) : shown.length === 0 ? (
        <div className="state-panel">
          <p>{desk.tables.length ? 'No table matches these filters.' : 'No match is live right now.'}</p>
          {desk.tables.length > 0 && (
            <button className="btn" onClick={() => setFilter({ ...NO_FILTER, sort: filter.sort })}>
              Show every table
            </button>
          )}
        </div>
      ) : (
        <ul className="desk-grid" aria-label={`${shown.length} tables`}>
          {shown.map((t) => (
            <MiniBoard key={t.meta.matchId} t={t} now={now} as={as} f={feature} />
          ))}
        </ul>
      )}
    </section>
  );
}
