'use client';
// The producer's desk: a small live board of every live match (names, main figure, hand and resources, turn and
// phase, clocks when the match has one), sortable and filterable (game, event, featured / feature-worthy, words),
// each following the viewer's delayed feed; a click opens the match. Data: useDesk; filters: lib/desk.ts.
import { useNow } from '../../lib/use-now';
import { useMemo } from 'react';
import { filterTables, NO_FILTER, sortTables, type DeskFilter } from '../../lib/desk';
import { useDesk } from '../../lib/useDesk';
import { perspectivesFor, readClaims } from '../../lib/viewer';
import { DeskFilters } from './DeskFilters';
import { MiniBoard } from './MiniBoard';
import { useDeskAddress } from './useDeskAddress';
import { useDeskFeature } from './useDeskFeature';
import './desk.css';

export function DeskView() {
  const { filter, setFilter, token, as, setAs, ready } = useDeskAddress();

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
        <DeskFilters filter={filter} set={set} views={views} as={as} setAs={setAs} />
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
